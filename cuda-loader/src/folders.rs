//! The toolkit's library folders, as a build script tells them to the loader: one line of UTF-8
//! text (`cargo::rustc-env=CUDA_TOOLKIT_LIB_DIRS=...`, and Cargo's instructions hold nothing
//! else), for folders whose names are bytes on Unix (`CUDA_PATH=/opt/caf\xe9`). Each folder is
//! written as it is, but for a `%XX` in place of each byte that is no UTF-8 text and each `%`,
//! line break and list separator (`:`, Windows `;`), so that any folder comes back whole.

use std::path::{Path, PathBuf};

/// The separator of a list of folders, as `PATH` has it on the target.
const fn separator(windows: bool) -> char {
    if windows {
        ';'
    } else {
        ':'
    }
}

/// `folders` as one line of UTF-8 text that [`split_folders`] reads back, on the target
/// (`windows` or not), or the first folder that cannot be written: only where the build runs on
/// Windows, whose folder names are UTF-16 (one that is not Unicode).
pub fn join_folders<P: AsRef<Path>>(folders: &[P], windows: bool) -> Result<String, PathBuf> {
    let mut text = String::new();
    for (i, folder) in folders.iter().enumerate() {
        let folder = folder.as_ref();
        if i > 0 {
            text.push(separator(windows));
        }
        #[cfg(unix)]
        let bytes = {
            use std::os::unix::ffi::OsStrExt as _;
            folder.as_os_str().as_bytes()
        };
        #[cfg(not(unix))]
        let bytes = folder.to_str().ok_or_else(|| folder.to_path_buf())?.as_bytes();
        escape(bytes, separator(windows), &mut text);
    }
    Ok(text)
}

/// `bytes` appended to `text`, UTF-8 text as it is, but for `%XX` in place of each byte that is
/// not, and of `%`, line breaks and `separator`.
fn escape(mut bytes: &[u8], separator: char, text: &mut String) {
    let byte = |text: &mut String, b: u8| text.push_str(&format!("%{b:02X}"));
    while !bytes.is_empty() {
        let (valid, rest) = match std::str::from_utf8(bytes) {
            Ok(all) => (all, &bytes[bytes.len()..]),
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // The first `valid_up_to` bytes are UTF-8, as `from_utf8` says.
                (std::str::from_utf8(valid).unwrap_or_default(), rest)
            }
        };
        for c in valid.chars() {
            if c == '%' || c == '\n' || c == '\r' || c == separator {
                byte(text, c as u8);
            } else {
                text.push(c);
            }
        }
        // The first byte that is not UTF-8 (the rest is tried again).
        if let Some((&b, rest)) = rest.split_first() {
            byte(text, b);
            bytes = rest;
        } else {
            bytes = rest;
        }
    }
}

/// The folders [`join_folders`] wrote for this target; relative ones (which would be looked up
/// from whatever the working directory is) and empty ones are left out.
pub fn split_folders(text: &str) -> Vec<PathBuf> {
    text.split(separator(cfg!(windows)))
        .filter(|folder| !folder.is_empty())
        .filter_map(|folder| path_of(unescape(folder)))
        .filter(|folder| folder.is_absolute())
        .collect()
}

/// `%XX` as the byte it stands for; anything else as it is.
fn unescape(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.filter(|_| bytes[i] == b'%').and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(unix)]
fn path_of(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt as _;
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(not(unix))]
fn path_of(bytes: Vec<u8>) -> Option<PathBuf> {
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 41, item 17: every folder comes back byte for byte, whatever it holds, and one of
    /// UTF-8 text without `%`, line breaks or separators is written as it is.
    #[test]
    #[cfg(unix)]
    fn every_folder_comes_back_whole() {
        use std::os::unix::ffi::OsStrExt as _;
        let folders: Vec<PathBuf> = [
            &b"/usr/local/cuda/lib64"[..],
            b"/opt/caf\xe9/lib",
            b"/opt/\xff\xfe/lib",
            b"/opt/caf\xc3\xa9 \xe6\x97\xa5/lib",
            b"/opt/50%/lib",
            b"/opt/%41/lib",
            b"/opt/a:b/lib",
            b"/opt/a;b/lib",
            b"/opt/line\nbreak\r/lib",
            b"/opt/cut\xe6\x97/lib",
        ]
        .iter()
        .map(|b| PathBuf::from(std::ffi::OsStr::from_bytes(b)))
        .collect();
        let text = join_folders(&folders, false).unwrap();
        assert!(!text.contains(['\n', '\r']), "{text}");
        assert!(
            text.starts_with("/usr/local/cuda/lib64:/opt/caf%E9/lib:/opt/%FF%FE/lib:/opt/café 日/lib:"),
            "{text}"
        );
        assert_eq!(split_folders(&text), folders);
        assert_eq!(split_folders(&join_folders(&folders[..1], false).unwrap()), folders[..1]);
    }

    #[test]
    fn nothing_empty_or_relative_is_a_folder() {
        assert_eq!(split_folders(""), Vec::<PathBuf>::new());
        let root = if cfg!(windows) { "C:\\cuda\\bin" } else { "/usr/local/cuda/lib64" };
        let text = join_folders(&[Path::new(root), Path::new("lib"), Path::new("")], cfg!(windows)).unwrap();
        assert_eq!(split_folders(&text), [PathBuf::from(root)]);
    }
}
