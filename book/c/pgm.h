// An 8-bit grey image read from and written to a binary PGM file (P5), in a few lines of our
// own: for the NPP lessons' C++ twins (npp_image.h), and for run.sh's FreeImage stand-in
// (lessons/cpp-samples/freeimage/, which bundle.sh gives a copy). The file written has the
// header FreeImage's PNM writer gives it ("P5\n<width> <height>\n255\n", then the rows top
// first): the bytes NVIDIA's NPP samples save. No CUDA here.
#ifndef LESSONS_PGM_H
#define LESSONS_PGM_H
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

struct GreyImage {
    int width = 0, height = 0;
    std::vector<unsigned char> pixels; // row after row, `width` bytes apart
};

// The next number of a PGM header, after white space and # comments, and the one byte after
// it, which must be white space; -1 when there is none.
inline int pgm_number(FILE *f) {
    int c = fgetc(f);
    for (;;) {
        if (c == '#')
            while (c != '\n' && c != EOF) c = fgetc(f);
        else if (c != EOF && isspace(c))
            c = fgetc(f);
        else
            break;
    }
    int value = -1;
    while (c >= '0' && c <= '9' && value < 1000000) {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        c = fgetc(f);
    }
    return c != EOF && isspace(c) ? value : -1;
}

// False, saying why on stderr, unless `path` is a binary PGM of 8-bit pixels.
inline bool read_pgm(const std::string &path, GreyImage &image) {
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) {
        perror(path.c_str());
        return false;
    }
    int width = -1, height = -1, largest = -1;
    if (fgetc(f) == 'P' && fgetc(f) == '5') {
        width = pgm_number(f);
        height = pgm_number(f);
        largest = pgm_number(f);
    }
    bool ok = width > 0 && height > 0 && largest > 0 && largest <= 255;
    if (ok) {
        image.width = width;
        image.height = height;
        image.pixels.resize((size_t)width * height);
        ok = fread(image.pixels.data(), 1, image.pixels.size(), f) == image.pixels.size();
    }
    fclose(f);
    if (!ok) fprintf(stderr, "%s: not a binary PGM of 8-bit grey pixels\n", path.c_str());
    return ok;
}

inline bool write_pgm(const std::string &path, const GreyImage &image) {
    FILE *f = fopen(path.c_str(), "wb");
    if (!f) {
        perror(path.c_str());
        return false;
    }
    fprintf(f, "P5\n%d %d\n255\n", image.width, image.height);
    bool ok = fwrite(image.pixels.data(), 1, image.pixels.size(), f) == image.pixels.size();
    return fclose(f) == 0 && ok;
}
#endif
