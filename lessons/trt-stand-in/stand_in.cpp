// A stand-in for TensorRT's libraries in nvinfer-sys's trace tests: what TensorRT's inline
// methods call (the `apiv::V*` classes, `nvonnxparser::IParser`) records each call
// (trace_base.h, generated) and, for the calls the lessons' programs make, behaves as a tiny
// TensorRT would: a "network" with the input and output the ONNX file names, a serialized
// "engine" naming them, an execution context whose enqueueV3 writes each output element as
// the sum of the input elements of its index modulo the output's size. It calls the program's
// logger and error recorder (so a Rust implementation's vtable is exercised) and answers
// getInferLibVersion with its headers' version. Built as libnvinfer.so.<major>,
// libnvonnxparser.so.<major> and libcudart.so.<cuda major> (the few runtime functions the
// programs call, on host memory) from this one file. Our own code, not NVIDIA's.
#include "trace_base.h"

#include <cstring>
#include <typeinfo>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

using namespace nvinfer1;

namespace stand_in
{
//! A tensor of the stand-in: a name and a shape, float.
struct Tensor
{
    std::string name;
    Dims dims;
    bool input;
};

//! "nvinfer-sys stand-in engine" then one line per tensor: `input NAME d0 d1 ...`.
constexpr char kMagic[] = "nvinfer-sys stand-in engine\n";

std::string serialize(std::vector<Tensor> const& tensors)
{
    std::ostringstream out;
    out << kMagic;
    for (auto const& t : tensors)
    {
        out << (t.input ? "input " : "output ") << t.name;
        for (int32_t i = 0; i < t.dims.nbDims; ++i)
        {
            out << " " << t.dims.d[i];
        }
        out << "\n";
    }
    return out.str();
}

bool deserialize(char const* blob, size_t size, std::vector<Tensor>& tensors)
{
    std::string text(blob, size);
    if (text.compare(0, std::strlen(kMagic), kMagic) != 0)
    {
        return false;
    }
    std::istringstream in(text.substr(std::strlen(kMagic)));
    std::string line;
    while (std::getline(in, line))
    {
        std::istringstream words(line);
        Tensor t{};
        std::string kind;
        words >> kind >> t.name;
        t.input = kind == "input";
        int64_t d;
        while (words >> d)
        {
            t.dims.d[t.dims.nbDims++] = d;
        }
        tensors.push_back(t);
    }
    return !tensors.empty();
}

int64_t volume(Dims const& d)
{
    int64_t v = 1;
    for (int32_t i = 0; i < d.nbDims; ++i)
    {
        v *= d.d[i];
    }
    return v;
}

//! What TensorRT reports an error through: the object's recorder if set, else the logger.
struct Reporter
{
    ILogger* logger{};
    IErrorRecorder* recorder{};
    void error(ErrorCode code, char const* text)
    {
        std::string line = "Error Code " + std::to_string(static_cast<int>(code)) + ": " + text;
        if (recorder)
        {
            recorder->reportError(code, line.c_str());
        }
        else if (logger)
        {
            logger->log(ILogger::Severity::kERROR, line.c_str());
        }
    }
};

// The objects a program holds: TensorRT's classes, whose mImpl is the stand-in's.
template <typename Interface, typename Impl>
struct Object : Interface
{
    explicit Object(Impl* impl)
    {
        this->mImpl = impl;
    }
    ~Object() noexcept override
    {
        trace("delete", {typeid(Interface).name()});
        delete impl();
    }
    Impl* impl() const
    {
        return static_cast<Impl*>(this->mImpl);
    }
};

class Engine;

class Context : public TraceVExecutionContext
{
public:
    Engine* engine;
    std::map<std::string, void*> addresses;
    std::map<std::string, Dims> shapes;
    explicit Context(Engine* e)
        : engine(e)
    {
    }
    bool setTensorAddress(char const* name, void* data) noexcept override
    {
        TraceVExecutionContext::setTensorAddress(name, data);
        addresses[name] = data;
        return true;
    }
    bool setInputShape(char const* name, Dims const& dims) noexcept override
    {
        TraceVExecutionContext::setInputShape(name, dims);
        shapes[name] = dims;
        return true;
    }
    Dims getTensorShape(char const* name) const noexcept override;
    bool enqueueV3(cudaStream_t stream) noexcept override
    {
        TraceVExecutionContext::enqueueV3(stream);
        return run();
    }
    bool executeV2(void* const* bindings) noexcept override;
    bool run();
    //! getTensorShape without a line in the trace (the stand-in's own use).
    Dims getTensorShapeQuiet(Tensor const& t)
    {
        bool const was = quiet;
        quiet = true;
        Dims d = getTensorShape(t.name.c_str());
        quiet = was;
        return d;
    }
    bool quiet{false};
};

class Engine : public TraceVCudaEngine
{
public:
    std::vector<Tensor> tensors;
    Reporter* reporter;
    Engine(std::vector<Tensor> t, Reporter* r)
        : tensors(std::move(t))
        , reporter(r)
    {
    }
    Tensor const* find(char const* name) const
    {
        for (auto const& t : tensors)
        {
            if (name && t.name == name)
            {
                return &t;
            }
        }
        return nullptr;
    }
    int32_t getNbIOTensors() const noexcept override
    {
        TraceVCudaEngine::getNbIOTensors();
        return static_cast<int32_t>(tensors.size());
    }
    char const* getIOTensorName(int32_t index) const noexcept override
    {
        TraceVCudaEngine::getIOTensorName(index);
        return index >= 0 && index < static_cast<int32_t>(tensors.size()) ? tensors[index].name.c_str() : nullptr;
    }
    Dims getTensorShape(char const* name) const noexcept override
    {
        TraceVCudaEngine::getTensorShape(name);
        auto t = find(name);
        return t ? t->dims : Dims{-1, {}};
    }
    DataType getTensorDataType(char const* name) const noexcept override
    {
        TraceVCudaEngine::getTensorDataType(name);
        return DataType::kFLOAT;
    }
    TensorIOMode getTensorIOMode(char const* name) const noexcept override
    {
        TraceVCudaEngine::getTensorIOMode(name);
        auto t = find(name);
        return !t ? TensorIOMode::kNONE : t->input ? TensorIOMode::kINPUT : TensorIOMode::kOUTPUT;
    }
    IExecutionContext* createExecutionContext(ExecutionContextAllocationStrategy strategy) noexcept override
    {
        TraceVCudaEngine::createExecutionContext(strategy);
        return new Object<IExecutionContext, Context>(new Context(this));
    }
};

//! A tensor's shape in this context: an input's as set (its -1s the profile's), an output's
//! -1 row count what makes it as large as the inputs together.
Dims Context::getTensorShape(char const* name) const noexcept
{
    if (!quiet)
    {
        TraceVExecutionContext::getTensorShape(name);
    }
    auto t = engine->find(name);
    if (!t)
    {
        return Dims{-1, {}};
    }
    auto set = shapes.find(t->name);
    if (t->input)
    {
        return set != shapes.end() ? set->second : t->dims;
    }
    Dims dims = t->dims;
    int64_t inputs = 0;
    int64_t known = 1;
    for (auto const& other : engine->tensors)
    {
        if (other.input)
        {
            auto s = shapes.find(other.name);
            inputs += volume(s != shapes.end() ? s->second : other.dims);
        }
    }
    for (int32_t i = 0; i < dims.nbDims; ++i)
    {
        known *= dims.d[i] < 0 ? 1 : dims.d[i];
    }
    for (int32_t i = 0; i < dims.nbDims; ++i)
    {
        if (dims.d[i] < 0)
        {
            dims.d[i] = inputs / known;
        }
    }
    return dims;
}

bool Context::executeV2(void* const* bindings) noexcept
{
    TraceVExecutionContext::executeV2(bindings);
    for (size_t i = 0; i < engine->tensors.size(); ++i)
    {
        addresses[engine->tensors[i].name] = bindings[i];
    }
    return run();
}

//! Each output: the inputs one after the other where it is as large as they are together
//! (a concatenation on axis 0), else each element the sum of the inputs of its index modulo
//! the output's size.
bool Context::run()
{
    std::vector<float> inputs;
    for (auto const& t : engine->tensors)
    {
        auto address = addresses.find(t.name);
        if (address == addresses.end() || !address->second)
        {
            engine->reporter->error(ErrorCode::kINVALID_STATE, ("no address for tensor " + t.name).c_str());
            return false;
        }
        if (t.input)
        {
            auto s = shapes.find(t.name);
            auto p = static_cast<float const*>(address->second);
            inputs.insert(inputs.end(), p, p + volume(s != shapes.end() ? s->second : t.dims));
        }
    }
    for (auto const& t : engine->tensors)
    {
        if (!t.input)
        {
            auto out = static_cast<float*>(addresses[t.name]);
            Dims const dims = shapes.count(t.name) ? shapes[t.name] : getTensorShapeQuiet(t);
            int64_t n = volume(dims);
            for (int64_t j = 0; j < n; ++j)
            {
                out[j] = n == static_cast<int64_t>(inputs.size()) ? inputs[j] : 0;
            }
            if (n != static_cast<int64_t>(inputs.size()))
            {
                for (size_t i = 0; i < inputs.size(); ++i)
                {
                    out[i % n] += inputs[i];
                }
            }
        }
    }
    return true;
}

class Runtime : public TraceVRuntime
{
public:
    Reporter reporter;
    explicit Runtime(ILogger* logger)
    {
        reporter.logger = logger;
    }
    ICudaEngine* deserializeCudaEngine(void const* blob, std::size_t size) noexcept override
    {
        TraceVRuntime::deserializeCudaEngine(blob, size);
        std::vector<Tensor> tensors;
        if (!blob || !deserialize(static_cast<char const*>(blob), size, tensors))
        {
            reporter.error(ErrorCode::kUNSPECIFIED_ERROR, "Serialization (the stand-in's: not a stand-in engine)");
            return nullptr;
        }
        return new Object<ICudaEngine, Engine>(new Engine(tensors, &reporter));
    }
    void setErrorRecorder(IErrorRecorder* recorder) noexcept override
    {
        TraceVRuntime::setErrorRecorder(recorder);
        if (recorder)
        {
            recorder->incRefCount();
        }
        if (reporter.recorder)
        {
            reporter.recorder->decRefCount();
        }
        reporter.recorder = recorder;
    }
    IErrorRecorder* getErrorRecorder() const noexcept override
    {
        TraceVRuntime::getErrorRecorder();
        return reporter.recorder;
    }
    ILogger* getLogger() const noexcept override
    {
        TraceVRuntime::getLogger();
        return reporter.logger;
    }
};

class TensorImpl : public TraceVTensor
{
public:
    Tensor tensor;
    explicit TensorImpl(Tensor t)
        : tensor(std::move(t))
    {
    }
    char const* getName() const noexcept override
    {
        TraceVTensor::getName();
        return tensor.name.c_str();
    }
    Dims getDimensions() const noexcept override
    {
        TraceVTensor::getDimensions();
        return tensor.dims;
    }
};

class Network : public TraceVNetworkDefinition
{
public:
    // ITensor's destructor is protected: the network owns its tensors as their own class.
    std::vector<std::unique_ptr<Object<ITensor, TensorImpl>>> tensors;
    std::vector<Tensor> described;
    void add(Tensor t)
    {
        described.push_back(t);
        tensors.emplace_back(new Object<ITensor, TensorImpl>(new TensorImpl(t)));
    }
    ITensor* get(bool input, int32_t index)
    {
        int32_t seen = 0;
        for (size_t i = 0; i < described.size(); ++i)
        {
            if (described[i].input == input && seen++ == index)
            {
                return tensors[i].get();
            }
        }
        return nullptr;
    }
    int32_t getNbInputs() const noexcept override
    {
        TraceVNetworkDefinition::getNbInputs();
        int32_t n = 0;
        for (auto const& t : described)
        {
            n += t.input;
        }
        return n;
    }
    int32_t getNbOutputs() const noexcept override
    {
        TraceVNetworkDefinition::getNbOutputs();
        return static_cast<int32_t>(described.size()) - getNbInputsQuiet();
    }
    int32_t getNbInputsQuiet() const
    {
        int32_t n = 0;
        for (auto const& t : described)
        {
            n += t.input;
        }
        return n;
    }
    ITensor* getInput(int32_t index) const noexcept override
    {
        TraceVNetworkDefinition::getInput(index);
        return const_cast<Network*>(this)->get(true, index);
    }
    ITensor* getOutput(int32_t index) const noexcept override
    {
        TraceVNetworkDefinition::getOutput(index);
        return const_cast<Network*>(this)->get(false, index);
    }
};

//! Its accessors are not traced: `deserializeCudaEngine(plan->data(), plan->size())` evaluates
//! its arguments in an order C++ leaves unspecified (g++: right to left), Rust left to right.
class HostMemory : public TraceVHostMemory
{
public:
    std::string bytes;
    void* data() const noexcept override
    {
        return const_cast<char*>(bytes.data());
    }
    std::size_t size() const noexcept override
    {
        return bytes.size();
    }
};

class Profile : public TraceVOptimizationProfile
{
public:
    bool setDimensions(char const* name, OptProfileSelector select, Dims const& dims) noexcept override
    {
        TraceVOptimizationProfile::setDimensions(name, select, dims);
        return true;
    }
};

class Builder : public TraceVBuilder
{
public:
    Reporter reporter;
    //! The builder owns the profiles it makes, as TensorRT's does.
    std::vector<std::unique_ptr<Object<IOptimizationProfile, Profile>>> profiles;
    IOptimizationProfile* createOptimizationProfile() noexcept override
    {
        TraceVBuilder::createOptimizationProfile();
        profiles.emplace_back(new Object<IOptimizationProfile, Profile>(new Profile));
        return profiles.back().get();
    }
    explicit Builder(ILogger* logger)
    {
        reporter.logger = logger;
    }
    INetworkDefinition* createNetworkV2(NetworkDefinitionCreationFlags flags) noexcept override
    {
        TraceVBuilder::createNetworkV2(flags);
        return new Object<INetworkDefinition, Network>(new Network);
    }
    IBuilderConfig* createBuilderConfig() noexcept override
    {
        TraceVBuilder::createBuilderConfig();
        return new Object<IBuilderConfig, TraceVBuilderConfig>(new TraceVBuilderConfig);
    }
    IHostMemory* buildSerializedNetwork(INetworkDefinition& network, IBuilderConfig& config) noexcept override
    {
        TraceVBuilder::buildSerializedNetwork(network, config);
        auto impl = static_cast<Object<INetworkDefinition, Network>&>(network).impl();
        if (impl->described.empty())
        {
            reporter.error(ErrorCode::kINVALID_ARGUMENT, "Network must have at least one output");
            return nullptr;
        }
        auto memory = new HostMemory;
        memory->bytes = serialize(impl->described);
        return new Object<IHostMemory, HostMemory>(memory);
    }
};

//! The ONNX "parser": reads `input NAME d...` / `output NAME d...` lines after a first line
//! `stand-in onnx` (the trace tests' model file) into the network.
class Parser : public TraceIParser
{
public:
    Network* network;
    Reporter reporter;
    int errors{0};
    Parser(Network* n, ILogger* logger)
        : network(n)
    {
        reporter.logger = logger;
    }
    ~Parser() noexcept override
    {
        trace("delete", {typeid(nvonnxparser::IParser).name()});
    }
    bool parseFromFile(char const* file, int verbosity) noexcept override
    {
        TraceIParser::parseFromFile(file, verbosity);
        std::ifstream in(file ? file : "");
        std::string first;
        if (!std::getline(in, first) || first != "stand-in onnx")
        {
            ++errors;
            reporter.error(ErrorCode::kINVALID_ARGUMENT, (std::string("Failed to parse ONNX file ") + (file ? file : "")).c_str());
            return false;
        }
        std::stringstream rest;
        rest << kMagic << in.rdbuf();
        std::string text = rest.str();
        std::vector<Tensor> tensors;
        if (!deserialize(text.data(), text.size(), tensors))
        {
            ++errors;
            return false;
        }
        for (auto& t : tensors)
        {
            network->add(t);
        }
        reporter.logger->log(ILogger::Severity::kINFO, "stand-in: parsed the model");
        return true;
    }
    int getNbErrors() const noexcept override
    {
        TraceIParser::getNbErrors();
        return errors;
    }
};
} // namespace stand_in

extern "C"
{
    // Not traced: nvinfer-sys's loader asks it (to refuse another major) before the program's
    // first call, which a C++ program linked with -lnvinfer does not.
    int32_t getInferLibVersion() noexcept
    {
        return NV_TENSORRT_VERSION;
    }

    void* createInferRuntime_INTERNAL(void* logger, int32_t version) noexcept
    {
        stand_in::trace("createInferRuntime_INTERNAL", {stand_in::show_pointer(logger), stand_in::show(version)});
        auto l = static_cast<ILogger*>(logger);
        l->log(ILogger::Severity::kINFO, "stand-in: runtime created");
        return static_cast<IRuntime*>(new stand_in::Object<IRuntime, stand_in::Runtime>(new stand_in::Runtime(l)));
    }

    void* createInferBuilder_INTERNAL(void* logger, int32_t version) noexcept
    {
        stand_in::trace("createInferBuilder_INTERNAL", {stand_in::show_pointer(logger), stand_in::show(version)});
        auto l = static_cast<ILogger*>(logger);
        l->log(ILogger::Severity::kINFO, "stand-in: builder created");
        return static_cast<IBuilder*>(new stand_in::Object<IBuilder, stand_in::Builder>(new stand_in::Builder(l)));
    }

    void* createNvOnnxParser_INTERNAL(void* network, void* logger, int version) noexcept
    {
        stand_in::trace("createNvOnnxParser_INTERNAL", {stand_in::show_pointer(network), stand_in::show_pointer(logger), stand_in::show(version)});
        auto& object = *static_cast<stand_in::Object<INetworkDefinition, stand_in::Network>*>(static_cast<INetworkDefinition*>(network));
        return static_cast<nvonnxparser::IParser*>(new stand_in::Parser(object.impl(), static_cast<ILogger*>(logger)));
    }

    int getNvOnnxParserVersion() noexcept
    {
        return NV_ONNX_PARSER_VERSION;
    }
}
