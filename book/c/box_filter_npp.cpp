// Lesson box_filter_npp, in C++: our own version of what NVIDIA's boxFilterNPP does (the lesson
// ports the sample itself; run.sh builds the original beside it). A grey image uploaded to a
// pitched device image, each pixel the mean of the 5 x 5 box around it (border replicated),
// saved. It prints the sample's lines; its images are pgm.h's PGM, not FreeImage's.
//   box_filter_npp [input.pgm [output.pgm]]
#include "npp_image.h"

int main(int argc, char **argv) {
    printf("%s Starting...\n\n", argv[0]);
    checkCuda(cudaSetDevice(0));
    NppStreamContext ctx = stream_context();
    print_versions();

    GreyImage host;
    std::string output;
    if (!open_image(argc, argv, "boxFilterNPP", "_boxFilter.pgm", host, output)) return 1;

    // ANCHOR: filter
    // Device images: each row `pitch` bytes after the one before, as nppiMalloc_8u_C1 chose.
    int src_pitch = 0, dst_pitch = 0;
    Npp8u *src = device_image(host, &src_pitch, true);
    Npp8u *dst = device_image(host, &dst_pitch, false);

    NppiSize size = {host.width, host.height};
    NppiSize mask = {5, 5};
    NppiPoint anchor = {mask.width / 2, mask.height / 2}; // the mask's centre
    NppiPoint offset = {0, 0};                            // the ROI starts at the image's origin
    checkNpp(nppiFilterBoxBorder_8u_C1R_Ctx(src, src_pitch, size, offset, dst, dst_pitch, size, mask,
                                            anchor, NPP_BORDER_REPLICATE, ctx));

    GreyImage result = download(dst, dst_pitch, host);
    // ANCHOR_END: filter

    if (!write_pgm(output, result)) return 1;
    printf("Saved image: %s\n", output.c_str());
    nppiFree(src);
    nppiFree(dst);
    return 0;
}
