// Lesson hist_equalization_npp, in C++: our own version of what NVIDIA's histEqualizationNPP
// does (the lesson ports the sample itself; run.sh builds the original beside it). A grey
// image's histogram made on the GPU, its running sum made a look-up table on the host that
// spreads the grey levels over 0 to 255, the table applied on the GPU, the image saved. It
// prints the lines the sample prints about NPP and the image; its images are pgm.h's PGM, not
// FreeImage's.
//   hist_equalization_npp [input.pgm [output.pgm]]
#include "npp_image.h"

int main(int argc, char **argv) {
    printf("%s Starting...\n\n", argv[0]);
    cudaDeviceProp prop;
    checkCuda(cudaSetDevice(0));
    checkCuda(cudaGetDeviceProperties(&prop, 0));
    fprintf(stderr, "cudaSetDevice GPU0 = %s\n", prop.name);
    NppStreamContext ctx = stream_context();
    print_versions();

    GreyImage host;
    std::string output;
    if (!open_image(argc, argv, "histEqualizationNPP", "_histEqualization.pgm", host, output)) return 1;

    int src_pitch = 0, dst_pitch = 0;
    Npp8u *src = device_image(host, &src_pitch, true);
    Npp8u *dst = device_image(host, &dst_pitch, false);
    NppiSize size = {host.width, host.height};

    // ANCHOR: histogram
    // 255 bins between 256 even levels 0, 1, ..., 255: bin k counts the pixels of value k (the
    // top level is exclusive, so 255 itself is in no bin).
    const int bins = 255, levels = bins + 1;
    Npp32s levels_host[levels];
    checkNpp(nppiEvenLevelsHost_32s(levels_host, levels, 0, bins));
    Npp32s *hist_device;
    checkCuda(cudaMalloc(&hist_device, bins * sizeof(Npp32s)));
    // The scratch size is a size_t from CUDA 12.4's NPP, an int before; the context came with 12.2.
#if CUDART_VERSION >= 12040
    size_t scratch_size = 0;
    checkNpp(nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size, levels, &scratch_size, ctx));
#elif CUDART_VERSION >= 12020
    int scratch_size = 0;
    checkNpp(nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size, levels, &scratch_size, ctx));
#else
    int scratch_size = 0;
    checkNpp(nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size, levels, &scratch_size));
#endif
    Npp8u *scratch;
    checkCuda(cudaMalloc(&scratch, scratch_size));
    checkNpp(nppiHistogramEven_8u_C1R_Ctx(src, src_pitch, size, hist_device, levels, 0, bins, scratch,
                                          ctx));
    Npp32s hist[bins];
    checkCuda(cudaMemcpy(hist, hist_device, sizeof hist, cudaMemcpyDeviceToHost));
    // ANCHOR_END: histogram

    // ANCHOR: lut
    // Level k maps to 255 times the share of pixels darker than k, rounded; 255 stays 255.
    Npp32s lut[levels];
    float multiplier = 1.0f / float(size.width * size.height) * 0xFF;
    Npp32s running = 0;
    for (int k = 0; k < bins; k++) {
        lut[k] = (Npp32s)(running * multiplier + 0.5f);
        running += hist[k];
    }
    lut[bins] = 0xFF;
    // ANCHOR_END: lut

    // ANCHOR: apply
    // nppiLUT_Linear reads the table and its levels from device memory.
    Npp32s *lut_device, *levels_device;
    checkCuda(cudaMalloc(&lut_device, sizeof lut));
    checkCuda(cudaMalloc(&levels_device, sizeof levels_host));
    checkCuda(cudaMemcpy(lut_device, lut, sizeof lut, cudaMemcpyHostToDevice));
    checkCuda(cudaMemcpy(levels_device, levels_host, sizeof levels_host, cudaMemcpyHostToDevice));
    checkNpp(nppiLUT_Linear_8u_C1R_Ctx(src, src_pitch, dst, dst_pitch, size, lut_device, levels_device,
                                       levels, ctx));
    // ANCHOR_END: apply

    GreyImage result = download(dst, dst_pitch, host);
    checkCuda(cudaFree(lut_device));
    checkCuda(cudaFree(levels_device));
    checkCuda(cudaFree(hist_device));
    checkCuda(cudaFree(scratch));
    nppiFree(src);
    nppiFree(dst);
    if (!write_pgm(output, result)) return 1;
    printf("Saved image file %s\n", output.c_str());
    return 0;
}
