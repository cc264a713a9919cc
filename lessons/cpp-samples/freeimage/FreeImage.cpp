// The stand-in's definitions: see FreeImage.h.
#include "FreeImage.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "pgm.h" // book/c/pgm.h, beside this file in the bundle (bundle.sh copies it)

struct FIBITMAP {
    unsigned width, height, pitch;
    std::vector<BYTE> bits; // rows bottom first, `pitch` bytes apart
};

static FreeImage_OutputMessageFunction output_message = nullptr;

// A failure said through the program's handler, as FreeImage reports one (ImageIO.h's throws).
static void fail(FREE_IMAGE_FORMAT fif, const std::string &message) {
    if (output_message) output_message(fif, message.c_str());
    else fprintf(stderr, "FreeImage stand-in: %s\n", message.c_str());
}

void FreeImage_SetOutputMessage(FreeImage_OutputMessageFunction omf) { output_message = omf; }

FREE_IMAGE_FORMAT FreeImage_GetFileType(const char *filename, int) {
    char magic[2] = {0, 0};
    FILE *f = fopen(filename, "rb");
    if (!f) return FIF_UNKNOWN;
    size_t got = fread(magic, 1, 2, f);
    fclose(f);
    if (got == 2 && magic[0] == 'P' && magic[1] == '5') return FIF_PGMRAW;
    if (got == 2 && magic[0] == 'P' && magic[1] == '2') return FIF_PGM;
    return FIF_UNKNOWN;
}

FREE_IMAGE_FORMAT FreeImage_GetFIFFromFilename(const char *filename) {
    const char *dot = strrchr(filename, '.');
    if (!dot) return FIF_UNKNOWN;
    std::string extension(dot + 1);
    for (char &c : extension) c = (char)tolower((unsigned char)c);
    return extension == "pgm" ? FIF_PGM : FIF_UNKNOWN;
}

// Only binary PGM is read here (the samples' images); an ASCII one is refused when loaded.
BOOL FreeImage_FIFSupportsReading(FREE_IMAGE_FORMAT fif) { return fif == FIF_PGMRAW || fif == FIF_PGM; }

FIBITMAP *FreeImage_Allocate(int width, int height, int bpp, unsigned, unsigned, unsigned) {
    if (bpp != 8 || width <= 0 || height <= 0) {
        fail(FIF_UNKNOWN, "the stand-in allocates 8-bit images only");
        return nullptr;
    }
    FIBITMAP *dib = new FIBITMAP;
    dib->width = (unsigned)width;
    dib->height = (unsigned)height;
    dib->pitch = (dib->width + 3) & ~3u;
    dib->bits.assign((size_t)dib->pitch * dib->height, 0);
    return dib;
}

void FreeImage_Unload(FIBITMAP *dib) { delete dib; }

// The file's rows top first, the bitmap's bottom first.
FIBITMAP *FreeImage_Load(FREE_IMAGE_FORMAT fif, const char *filename, int) {
    GreyImage image;
    if (fif != FIF_PGMRAW || !read_pgm(filename, image)) {
        fail(fif, std::string(filename) + ": the stand-in reads binary PGM of 8-bit grey pixels only");
        return nullptr;
    }
    FIBITMAP *dib = FreeImage_Allocate(image.width, image.height, 8);
    for (unsigned row = 0; dib && row < dib->height; row++)
        memcpy(&dib->bits[(size_t)(dib->height - 1 - row) * dib->pitch], &image.pixels[(size_t)row * dib->width],
               dib->width);
    return dib;
}

BOOL FreeImage_Save(FREE_IMAGE_FORMAT fif, FIBITMAP *dib, const char *filename, int flags) {
    if (fif != FIF_PGM || flags != 0 || !dib) {
        fail(fif, "the stand-in saves 8-bit images as binary PGM only");
        return FALSE;
    }
    GreyImage image;
    image.width = (int)dib->width;
    image.height = (int)dib->height;
    image.pixels.resize((size_t)dib->width * dib->height);
    for (unsigned row = 0; row < dib->height; row++)
        memcpy(&image.pixels[(size_t)row * dib->width], &dib->bits[(size_t)(dib->height - 1 - row) * dib->pitch],
               dib->width);
    if (write_pgm(filename, image)) return TRUE;
    fail(fif, std::string(filename) + ": cannot be written");
    return FALSE;
}

FREE_IMAGE_COLOR_TYPE FreeImage_GetColorType(FIBITMAP *) { return FIC_MINISBLACK; }
unsigned FreeImage_GetBPP(FIBITMAP *) { return 8; }
unsigned FreeImage_GetWidth(FIBITMAP *dib) { return dib->width; }
unsigned FreeImage_GetHeight(FIBITMAP *dib) { return dib->height; }
unsigned FreeImage_GetPitch(FIBITMAP *dib) { return dib->pitch; }
BYTE *FreeImage_GetBits(FIBITMAP *dib) { return dib->bits.data(); }
