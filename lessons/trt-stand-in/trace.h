// The stand-in library's trace: one line per call into TensorRT (or the CUDA runtime), with the
// arguments that mean the same in every run (numbers, enums, strings, shapes; pointers only as
// `ptr` or `null`), appended to the file $NVINFER_STAND_IN_TRACE. The C++ samples and the Rust
// ports, each run against the stand-in, must leave the same trace.
#pragma once
#include <NvInfer.h>
#include <NvOnnxParser.h>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>

namespace stand_in
{
inline void trace(char const* call, std::initializer_list<std::string> args)
{
    char const* path = std::getenv("NVINFER_STAND_IN_TRACE");
    FILE* out = path ? std::fopen(path, "a") : stderr;
    if (!out)
    {
        return;
    }
    std::string line = call;
    line += "(";
    bool first = true;
    for (auto const& a : args)
    {
        line += (first ? "" : ", ") + a;
        first = false;
    }
    std::fprintf(out, "%s)\n", line.c_str());
    if (path)
    {
        std::fclose(out);
    }
}

template <typename T>
std::string show(T value)
{
    return std::to_string(value);
}
inline std::string show_char(char c)
{
    return std::string(1, c);
}
inline std::string show_string(char const* s)
{
    return s ? "\"" + std::string(s) + "\"" : "null";
}
template <typename T>
std::string show_pointer(T const* p)
{
    return p ? "ptr" : "null";
}
template <typename T>
std::string show_pointer(T* p)
{
    return p ? "ptr" : "null";
}
inline std::string show_dims(nvinfer1::Dims const& d)
{
    std::string s = "[";
    for (int32_t i = 0; i < d.nbDims; ++i)
    {
        s += (i ? "," : "") + std::to_string(d.d[i]);
    }
    return s + "]";
}
} // namespace stand_in
