// Lesson box_filter_npp, in C++: our own version of what NVIDIA's boxFilterNPP does (the lesson
// ports the sample itself; run.sh builds the original beside it). A grey image uploaded to a
// pitched device image, each pixel the mean of the 5 x 5 box around it (border replicated),
// saved. It prints the sample's lines; its images are npp_image.h's PGM, not FreeImage's.
//   box_filter_npp [input.pgm [output.pgm]]
#include "npp_image.h"

int main(int argc, char **argv) {
    printf("%s Starting...\n\n", argv[0]);
    checkCuda(cudaSetDevice(0));
    NppStreamContext ctx = stream_context();
    print_versions();

    std::string input = argc > 1 ? argv[1] : "teapot512.pgm";
    std::string output = argc > 2 ? argv[2] : result_name(input, "_boxFilter.pgm");
    GreyImage host;
    if (!read_pgm(input, host)) {
        printf("boxFilterNPP unable to open: <%s>\n", input.c_str());
        return 1;
    }
    printf("boxFilterNPP opened: <%s> successfully!\n", input.c_str());

    // ANCHOR: filter
    // Device images, each row `pitch` bytes after the one before, as nppiMalloc chose.
    int src_pitch = 0, dst_pitch = 0;
    Npp8u *src = nppiMalloc_8u_C1(host.width, host.height, &src_pitch);
    Npp8u *dst = nppiMalloc_8u_C1(host.width, host.height, &dst_pitch);
    if (!src || !dst) {
        fprintf(stderr, "nppiMalloc_8u_C1 failed\n");
        return 1;
    }
    checkCuda(cudaMemcpy2D(src, src_pitch, host.pixels.data(), host.width, host.width, host.height,
                           cudaMemcpyHostToDevice));

    NppiSize size = {host.width, host.height};
    NppiSize mask = {5, 5};
    NppiPoint anchor = {mask.width / 2, mask.height / 2}; // the mask's centre
    NppiPoint offset = {0, 0};                            // the ROI starts at the image's origin
    checkNpp(nppiFilterBoxBorder_8u_C1R_Ctx(src, src_pitch, size, offset, dst, dst_pitch, size, mask,
                                            anchor, NPP_BORDER_REPLICATE, ctx));

    GreyImage result = host;
    checkCuda(cudaMemcpy2D(result.pixels.data(), result.width, dst, dst_pitch, result.width,
                           result.height, cudaMemcpyDeviceToHost));
    // ANCHOR_END: filter

    if (!write_pgm(output, result)) return 1;
    printf("Saved image: %s\n", output.c_str());
    nppiFree(src);
    nppiFree(dst);
    return 0;
}
