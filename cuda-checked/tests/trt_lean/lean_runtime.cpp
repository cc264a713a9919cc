// The C++ side of nvinfer-sys's comparison with TensorRT's real library (examples/lean_runtime.rs
// is the Rust side, line for line): every IRuntime call that needs no engine, and engines that
// are not engines. Compiled with g++ against the same headers the bindings come from, linked
// with the same libnvinfer_lean. Each line it prints, the Rust side prints too.
#include <NvInferRuntime.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static bool errorReported = false;

class Logger : public nvinfer1::ILogger
{
    void log(Severity severity, char const* msg) noexcept override
    {
        if (severity <= Severity::kERROR)
        {
            errorReported = true;
        }
        if (severity <= Severity::kWARNING)
        {
            std::printf("log %d: %s\n", static_cast<int>(severity), msg);
        }
    }
} gLogger;

class Recorder : public nvinfer1::IErrorRecorder
{
    std::vector<std::pair<nvinfer1::ErrorCode, std::string>> errors;
    int32_t refs{0};

public:
    int32_t getNbErrors() const noexcept override { return static_cast<int32_t>(errors.size()); }
    nvinfer1::ErrorCode getErrorCode(int32_t i) const noexcept override { return errors[i].first; }
    ErrorDesc getErrorDesc(int32_t i) const noexcept override { return errors[i].second.c_str(); }
    bool hasOverflowed() const noexcept override { return false; }
    void clear() noexcept override { errors.clear(); }
    bool reportError(nvinfer1::ErrorCode val, ErrorDesc desc) noexcept override
    {
        errorReported = true;
        std::printf("recorded %d: %s\n", static_cast<int>(val), desc);
        errors.emplace_back(val, desc);
        return false;
    }
    RefCount incRefCount() noexcept override { return ++refs; }
    RefCount decRefCount() noexcept override { return --refs; }
} gRecorder;

int main()
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    std::printf("getInferLibVersion %d\n", getInferLibVersion());
    errorReported = false;
    nvinfer1::IRuntime* runtime = nvinfer1::createInferRuntime(gLogger);
    if (runtime == nullptr || errorReported)
    {
        std::printf("createInferRuntime failed\n");
        return 1;
    }
    std::printf("getNbDLACores %d\n", runtime->getNbDLACores());
    std::printf("getDLACore %d\n", runtime->getDLACore());
    std::printf("getMaxThreads %d\n", runtime->getMaxThreads());
    std::printf("setMaxThreads(2) %d\n", runtime->setMaxThreads(2));
    std::printf("getMaxThreads %d\n", runtime->getMaxThreads());
    std::printf("getTemporaryDirectory %s\n", runtime->getTemporaryDirectory() ? runtime->getTemporaryDirectory() : "(null)");
    std::printf("getTempfileControlFlags %u\n", runtime->getTempfileControlFlags());
    std::printf("getEngineHostCodeAllowed %d\n", runtime->getEngineHostCodeAllowed());
    std::printf("getLogger is ours %d\n", runtime->getLogger() == &gLogger);
    std::printf("getErrorRecorder is null %d\n", runtime->getErrorRecorder() == nullptr);

    std::vector<char> junk(4096, 'x');
    errorReported = false;
    nvinfer1::ICudaEngine* engine = runtime->deserializeCudaEngine(junk.data(), junk.size());
    std::printf("junk: engine %s, error reported %d\n", engine ? "made" : "null", errorReported);

    runtime->setErrorRecorder(&gRecorder);
    std::printf("getErrorRecorder is ours %d\n", runtime->getErrorRecorder() == &gRecorder);
    char const truncated[] = "ftrt";
    errorReported = false;
    engine = runtime->deserializeCudaEngine(truncated, sizeof truncated - 1);
    std::printf("truncated: engine %s, error reported %d, recorded %d\n", engine ? "made" : "null", errorReported,
        gRecorder.getNbErrors());
    runtime->setErrorRecorder(nullptr);
    delete runtime;
    std::printf("deleted\n");
    return 0;
}
