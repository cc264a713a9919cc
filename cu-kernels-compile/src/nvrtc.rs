//! A prepared `.cu` compiled by NVRTC: one compile per target (a CUBIN for an `sm_XY`, PTX for a
//! `compute_XY`), with a name expression per kernel (`sum_kernel`, `scale<float>`), whose lowered
//! names NVRTC gives back. NVRTC is nvrtc-sys's: loaded on first call from wherever the machine
//! has it; where it has none, that is an [`Error::Unavailable`] saying why, not a failure.

use std::ffi::{c_char, c_int, CStr, CString};
use std::fmt;

use nvrtc_sys::*;

use crate::prepare::{HOST_ONLY, STAND_IN, STAND_INS};

/// A GPU architecture as NVRTC names them: `sm_90` (a CUBIN for it), `compute_80` (PTX, which
/// the driver compiles for any newer GPU), `sm_90a` (a CUBIN for exactly 9.0's features).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Arch {
    /// `90` for 9.0.
    pub number: u32,
    /// `sm_`: a CUBIN; `compute_`: PTX.
    pub cubin: bool,
    /// The `a` (or `f`) suffix: features of that architecture alone.
    pub suffix: Option<char>,
}

impl Arch {
    /// Reads `sm_90`, `sm_90a`, `compute_80`.
    ///
    /// # Errors
    /// A sentence saying what an architecture looks like.
    pub fn parse(text: &str) -> Result<Arch, String> {
        let (cubin, rest) = match (text.strip_prefix("sm_"), text.strip_prefix("compute_")) {
            (Some(rest), _) => (true, rest),
            (_, Some(rest)) => (false, rest),
            _ => {
                return Err(format!(
                    "{text:?} is no GPU architecture: write sm_90 (a CUBIN) or compute_80 (PTX)"
                ))
            }
        };
        let digits = rest.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = rest[digits.len()..].chars().next();
        match (digits.parse(), &rest[digits.len()..]) {
            (Ok(number), "" | "a" | "f") if number >= 10 => Ok(Arch { number, cubin, suffix }),
            _ => Err(format!("{text:?} is no GPU architecture: write sm_90 (a CUBIN) or compute_80 (PTX)")),
        }
    }

    /// The same architecture, as PTX (`compute_80` for `sm_80`).
    #[must_use]
    pub fn ptx(self) -> Arch {
        Arch { cubin: false, ..self }
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.cubin { "sm" } else { "compute" };
        write!(f, "{kind}_{}", self.number)?;
        match self.suffix {
            Some(s) => write!(f, "{s}"),
            None => Ok(()),
        }
    }
}

/// One compile's output.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The CUBIN, or the PTX with its terminating NUL (what `cudaLibraryLoadData` reads).
    pub image: Vec<u8>,
    /// The lowered name of each name expression, in order.
    pub lowered: Vec<String>,
    /// NVRTC's log (warnings), if not empty.
    pub log: Option<String>,
}

/// Why a compile gave nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// NVRTC could not be loaded here (or lacks a function): the loader's sentence.
    Unavailable(String),
    /// The program does not compile: NVRTC's log, which names the `.cu`'s file and lines.
    Compile(String),
    /// A call failed otherwise: which, and NVRTC's text for its code.
    Call(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unavailable(why) => write!(f, "NVRTC is not available: {why}"),
            Error::Compile(log) => write!(f, "NVRTC could not compile it:\n{log}"),
            Error::Call(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for Error {}

/// The text NVRTC has for `code`.
fn text(code: nvrtcResult) -> String {
    let text = unsafe { nvrtcGetErrorString(code) };
    if text.is_null() {
        format!("{code:?}")
    } else {
        unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
    }
}

/// `Ok` for success; otherwise why, naming `call`.
fn check(code: nvrtcResult, call: &str) -> Result<(), Error> {
    if code == NVRTC_SUCCESS {
        return Ok(());
    }
    match nvrtc_sys::loader::explain(code) {
        Some(why) => Err(Error::Unavailable(why)),
        None => Err(Error::Call(format!("{call} failed: {:?} ({})", code, text(code)))),
    }
}

/// NVRTC's version, which also says whether it can be loaded at all.
///
/// # Errors
/// [`Error::Unavailable`] with the loader's reason when there is no NVRTC here.
pub fn version() -> Result<(i32, i32), Error> {
    let (mut major, mut minor) = (0, 0);
    check(unsafe { nvrtcVersion(&mut major, &mut minor) }, "nvrtcVersion")?;
    Ok((major, minor))
}

/// The architectures this NVRTC compiles for (`[75, 80, ..., 120]`).
///
/// # Errors
/// As [`version`].
pub fn supported_archs() -> Result<Vec<u32>, Error> {
    let mut count: c_int = 0;
    check(unsafe { nvrtcGetNumSupportedArchs(&mut count) }, "nvrtcGetNumSupportedArchs")?;
    let mut archs = vec![0 as c_int; usize::try_from(count).unwrap_or(0)];
    check(unsafe { nvrtcGetSupportedArchs(archs.as_mut_ptr()) }, "nvrtcGetSupportedArchs")?;
    Ok(archs.into_iter().filter_map(|a| u32::try_from(a).ok()).collect())
}

/// The most a log may be: NVRTC's logs are kilobytes; a size beyond this is not believed.
const MAX_LOG: usize = 64 << 20;

/// What to compile: the program's text and name (the `.cu`'s path as it should appear in the
/// log), the kernels' name expressions, the target, and options beyond the architecture
/// (`-lineinfo`, `-I` folders).
#[derive(Debug, Clone, Copy)]
pub struct Program<'a> {
    pub name: &'a str,
    /// Bytes, as NVRTC reads them (a `.cu` need not be UTF-8).
    pub text: &'a [u8],
    pub names: &'a [&'a str],
    pub options: &'a [String],
}

impl Program<'_> {
    /// Compiles for `arch` (`None`: NVRTC's default architecture, as PTX).
    ///
    /// # Errors
    /// [`Error::Unavailable`] where there is no NVRTC, [`Error::Compile`] with the log where the
    /// source does not compile, [`Error::Call`] otherwise.
    pub fn compile(&self, arch: Option<Arch>) -> Result<Compiled, Error> {
        let c = |text: &str, what: &str| {
            CString::new(text).map_err(|_| Error::Call(format!("{what} {text:?} has a NUL byte")))
        };
        // (A NUL would end the source where NVRTC reads it: say where, not what it holds.)
        let source = CString::new(self.text).map_err(|e| {
            let line = self.text[..e.nul_position()].iter().filter(|&&b| b == b'\n').count() + 1;
            Error::Call(format!(
                "{}:{line}: a NUL byte (0x00), which NVRTC would read as the end of the file",
                self.name
            ))
        })?;
        let name = c(self.name, "the file name")?;
        let mut header_names: Vec<CString> = Vec::new();
        let mut header_texts: Vec<CString> = Vec::new();
        for stand_in in STAND_INS.iter().chain(HOST_ONLY) {
            header_names.push(c(stand_in, "")?);
            header_texts.push(c(STAND_IN, "")?);
        }
        let names: Vec<CString> =
            self.names.iter().map(|n| c(n, "the kernel name")).collect::<Result<_, _>>()?;
        let mut options: Vec<CString> = Vec::new();
        if let Some(arch) = arch {
            options.push(c(&format!("--gpu-architecture={arch}"), "the architecture")?);
        }
        for option in self.options {
            options.push(c(option, "the option")?);
        }
        let pointers = |v: &[CString]| v.iter().map(|s| s.as_ptr()).collect::<Vec<*const c_char>>();
        let (header_texts, header_names, option_pointers) =
            (pointers(&header_texts), pointers(&header_names), pointers(&options));

        let mut program: nvrtcProgram = std::ptr::null_mut();
        check(
            unsafe {
                nvrtcCreateProgram(
                    &mut program,
                    source.as_ptr(),
                    name.as_ptr(),
                    header_names.len() as c_int,
                    header_texts.as_ptr(),
                    header_names.as_ptr(),
                )
            },
            "nvrtcCreateProgram",
        )?;
        let result = (|| {
            for n in &names {
                check(unsafe { nvrtcAddNameExpression(program, n.as_ptr()) }, "nvrtcAddNameExpression")?;
            }
            let compiled = unsafe {
                nvrtcCompileProgram(program, option_pointers.len() as c_int, option_pointers.as_ptr())
            };
            let log = read_log(program);
            if compiled == NVRTC_ERROR_COMPILATION {
                return Err(Error::Compile(log.unwrap_or_else(|| "(NVRTC gave no log)".into())));
            }
            if compiled == NVRTC_ERROR_INVALID_OPTION {
                let log = log.map(|l| format!(": {l}")).unwrap_or_default();
                return Err(Error::Call(format!("NVRTC refused the options {options:?}{log}")));
            }
            check(compiled, "nvrtcCompileProgram")?;
            let mut lowered = Vec::with_capacity(names.len());
            for n in &names {
                let mut low: *const c_char = std::ptr::null();
                check(unsafe { nvrtcGetLoweredName(program, n.as_ptr(), &mut low) }, "nvrtcGetLoweredName")?;
                if low.is_null() {
                    return Err(Error::Call(format!("NVRTC gave no lowered name for {n:?}")));
                }
                lowered.push(unsafe { CStr::from_ptr(low) }.to_string_lossy().into_owned());
            }
            let image = if arch.is_some_and(|a| a.cubin) { cubin(program)? } else { ptx(program)? };
            Ok(Compiled { image, lowered, log })
        })();
        let _ = unsafe { nvrtcDestroyProgram(&mut program) };
        result
    }
}

/// The program's log, if it has one that can be read.
fn read_log(program: nvrtcProgram) -> Option<String> {
    let mut size = 0usize;
    if unsafe { nvrtcGetProgramLogSize(program, &mut size) } != NVRTC_SUCCESS || size <= 1 || size > MAX_LOG {
        return None;
    }
    let mut log = vec![0u8; size];
    if unsafe { nvrtcGetProgramLog(program, log.as_mut_ptr().cast()) } != NVRTC_SUCCESS {
        return None;
    }
    let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
    let text = String::from_utf8_lossy(&log[..end]).trim_end().to_string();
    (!text.is_empty()).then_some(text)
}

fn cubin(program: nvrtcProgram) -> Result<Vec<u8>, Error> {
    let mut size = 0usize;
    check(unsafe { nvrtcGetCUBINSize(program, &mut size) }, "nvrtcGetCUBINSize")?;
    let mut image = vec![0u8; size];
    check(unsafe { nvrtcGetCUBIN(program, image.as_mut_ptr().cast()) }, "nvrtcGetCUBIN")?;
    Ok(image)
}

fn ptx(program: nvrtcProgram) -> Result<Vec<u8>, Error> {
    let mut size = 0usize;
    check(unsafe { nvrtcGetPTXSize(program, &mut size) }, "nvrtcGetPTXSize")?;
    let mut image = vec![0u8; size];
    check(unsafe { nvrtcGetPTX(program, image.as_mut_ptr().cast()) }, "nvrtcGetPTX")?;
    // NVRTC's size counts the NUL: keep exactly one at the end.
    while image.last() == Some(&0) {
        image.pop();
    }
    image.push(0);
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn architectures_read_as_nvrtc_names_them() {
        assert_eq!(Arch::parse("sm_90").unwrap(), Arch { number: 90, cubin: true, suffix: None });
        assert_eq!(Arch::parse("compute_80").unwrap().to_string(), "compute_80");
        assert_eq!(Arch::parse("sm_90a").unwrap().to_string(), "sm_90a");
        assert_eq!(Arch::parse("sm_100").unwrap().ptx().to_string(), "compute_100");
        for bad in ["90", "sm_", "sm_9x0", "gfx90a", "sm_9", "sm_90b"] {
            assert!(Arch::parse(bad).unwrap_err().contains("is no GPU architecture"), "{bad}");
        }
    }
}
