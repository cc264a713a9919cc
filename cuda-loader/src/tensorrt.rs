//! TensorRT's libraries, described once: libnvinfer (or its lean runtime, libnvinfer_lean),
//! libnvonnxparser and libnvinfer_plugin (nvinfer-sys). TensorRT has no result codes: a call
//! returns null or false and reports through the program's `ILogger` and `IErrorRecorder`, so
//! the codes below are the loader's own, never returned to a program ([`ErrorText::None`]);
//! nvinfer-sys asks `library_path()` and `explain` why a call that could not reach its library
//! returned null.

use crate::library::{ErrorText, Files, Library, PerOs, Role, Search, VersionFunction};

/// The folders of a TensorRT root (its tar file unpacked, `$TENSORRT_ROOT`) or a CUDA toolkit
/// that hold its libraries.
const TENSORRT_LIB_DIRS: &[&str] = &["lib", "lib64", "targets/*/lib"];

/// libnvinfer: the builder and the runtime (`NvInfer.h`). `{major}` is TensorRT's major.
pub const NVINFER: Library = Library {
    what: "TensorRT",
    a_what: "a TensorRT library",
    short: "TensorRT library",
    a_short: "a TensorRT library",
    name: PerOs { unix: "libnvinfer", windows: "nvinfer" },
    header: "NvInfer.h",
    version_macro: "NV_TENSORRT_VERSION",
    code_type: "",
    unknown_code: "",
    codes_reference: "https://docs.nvidia.com/deeplearning/tensorrt/latest/_static/c-api/",
    files: Files { pattern: PerOs { unix: "libnvinfer.so.{major}", windows: "nvinfer_{major}.dll" }, exceptions: &[] },
    link: "nvinfer",
    variable: "NVINFER_SYS_LIBNVINFER_PATH",
    install: "Install TensorRT {major} (NVIDIA's tensorrt-cu13-libs wheel, its tar file with $TENSORRT_ROOT, or its \
              libnvinfer{major} package)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    // pip's `tensorrt-cu13-libs` leaves it in site-packages/tensorrt_libs.
    role: Role::Toolkit { toolkit_dirs: TENSORRT_LIB_DIRS, wheels: &["tensorrt_libs"] },
    not_loaded: 1,
    symbol_missing: 2,
    unreachable_text: c"TensorRT could not be reached; nvinfer_sys::loader::explain says why",
    error_text: ErrorText::None,
    version_function: VersionFunction::TensorRt("getInferLibVersion"),
};

/// libnvinfer_lean, TensorRT's lean runtime: it deserializes and runs engines built with
/// version compatibility, and has no builder (nvinfer-sys's `lean` feature).
pub const NVINFER_LEAN: Library = Library {
    name: PerOs { unix: "libnvinfer_lean", windows: "nvinfer_lean" },
    files: Files {
        pattern: PerOs { unix: "libnvinfer_lean.so.{major}", windows: "nvinfer_lean_{major}.dll" },
        exceptions: &[],
    },
    link: "nvinfer_lean",
    install: "Install TensorRT {major}'s lean runtime (NVIDIA's tensorrt-lean-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    role: Role::Toolkit { toolkit_dirs: TENSORRT_LIB_DIRS, wheels: &["tensorrt_lean_libs"] },
    ..NVINFER
};

/// libnvonnxparser: the ONNX parser (`NvOnnxParser.h`).
pub const NVONNXPARSER: Library = Library {
    what: "TensorRT's ONNX parser",
    a_what: "a TensorRT ONNX parser library",
    short: "ONNX parser library",
    a_short: "an ONNX parser library",
    name: PerOs { unix: "libnvonnxparser", windows: "nvonnxparser" },
    header: "NvOnnxParser.h",
    files: Files {
        pattern: PerOs { unix: "libnvonnxparser.so.{major}", windows: "nvonnxparser_{major}.dll" },
        exceptions: &[],
    },
    link: "nvonnxparser",
    variable: "NVINFER_SYS_LIBNVONNXPARSER_PATH",
    install:
        "Install TensorRT {major}'s ONNX parser (NVIDIA's tensorrt-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    unreachable_text: c"TensorRT's ONNX parser could not be reached; nvinfer_sys::loader::explain says why",
    // getNvOnnxParserVersion is the parser's own version (NV_ONNX_PARSER_VERSION), not
    // TensorRT's: its major is not TensorRT's, so nothing is compared.
    version_function: VersionFunction::Int("getNvOnnxParserVersion"),
    ..NVINFER
};

/// libnvinfer_plugin: NVIDIA's plugins (`NvInferPlugin.h`).
pub const NVINFER_PLUGIN: Library = Library {
    what: "TensorRT's plugin library",
    a_what: "a TensorRT plugin library",
    short: "plugin library",
    a_short: "a plugin library",
    name: PerOs { unix: "libnvinfer_plugin", windows: "nvinfer_plugin" },
    header: "NvInferPlugin.h",
    files: Files {
        pattern: PerOs { unix: "libnvinfer_plugin.so.{major}", windows: "nvinfer_plugin_{major}.dll" },
        exceptions: &[],
    },
    link: "nvinfer_plugin",
    variable: "NVINFER_SYS_LIBNVINFER_PLUGIN_PATH",
    install:
        "Install TensorRT {major}'s plugin library (NVIDIA's tensorrt-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    unreachable_text:
        c"TensorRT's plugin library could not be reached; nvinfer_sys::loader::explain says why",
    // It has no version function of its own (`getInferLibVersion` is libnvinfer's, which it
    // links): the version is asked but not compared.
    version_function: VersionFunction::Int("getInferLibVersion"),
    ..NVINFER
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_versions_read_as_tensorrt_writes_them() {
        assert_eq!(NVINFER.files.of(11, false), "libnvinfer.so.11");
        assert_eq!(NVINFER_LEAN.files.of(11, false), "libnvinfer_lean.so.11");
        assert_eq!(NVONNXPARSER.files.of(10, false), "libnvonnxparser.so.10");
        assert_eq!(NVINFER.version_function.text(110400), "TensorRT 11.4.0");
        assert_eq!(NVINFER.version_function.text(8601), "TensorRT 8.6.1");
        assert_eq!(NVINFER.version_function.major(110400), 11);
        assert_eq!(NVINFER.version_function.major(100300), 10);
        assert!(NVINFER.version_function.refuses_older() && NVINFER.version_function.refuses_other_major());
        assert!(!NVONNXPARSER.version_function.refuses_older());
    }
}
