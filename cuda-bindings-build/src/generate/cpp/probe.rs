use super::model::Release;
pub fn write(_r: &Release) -> String {
    String::new()
}
