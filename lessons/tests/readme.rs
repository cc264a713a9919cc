//! The README's lessons table lists exactly the lessons there are (the files of `examples/`).

mod common;

#[test]
fn the_readme_lists_every_lesson_and_no_other() {
    let readme = include_str!("../../README.md");
    let section = readme.split("\n## Lessons").nth(1).expect("a Lessons section in the README");
    let section = section.split("\n## ").next().unwrap();
    let mut listed: Vec<&str> =
        section.lines().filter_map(|line| line.strip_prefix("| `")?.split('`').next()).collect();
    listed.sort_unstable();
    let mut lessons = common::lessons();
    lessons.sort_unstable();
    assert_eq!(listed, lessons, "the README's lessons table and examples/ differ");
}
