// The stand-in's definitions: see FreeImage.h.
#include "FreeImage.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

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

// A PGM header's next number, after white space and # comments, and the one white-space byte
// after it; -1 when there is none.
static long header_number(FILE *f) {
    int c = fgetc(f);
    for (;;) {
        if (c == '#')
            while (c != '\n' && c != EOF) c = fgetc(f);
        else if (c != EOF && isspace(c))
            c = fgetc(f);
        else
            break;
    }
    long value = -1;
    while (c >= '0' && c <= '9' && value < 1000000) {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        c = fgetc(f);
    }
    return c != EOF && isspace(c) ? value : -1;
}

FIBITMAP *FreeImage_Load(FREE_IMAGE_FORMAT fif, const char *filename, int) {
    if (fif != FIF_PGMRAW) {
        fail(fif, std::string(filename) + ": the stand-in reads binary PGM (P5) only");
        return nullptr;
    }
    FILE *f = fopen(filename, "rb");
    if (!f) {
        fail(fif, std::string(filename) + ": cannot be opened");
        return nullptr;
    }
    long width = -1, height = -1, largest = -1;
    if (fgetc(f) == 'P' && fgetc(f) == '5') {
        width = header_number(f);
        height = header_number(f);
        largest = header_number(f);
    }
    FIBITMAP *dib = nullptr;
    if (width > 0 && height > 0 && largest > 0 && largest <= 255) {
        dib = FreeImage_Allocate((int)width, (int)height, 8);
        // The file's rows top first, the bitmap's bottom first.
        for (unsigned row = dib->height; dib && row-- > 0;) {
            if (fread(&dib->bits[(size_t)row * dib->pitch], 1, dib->width, f) != dib->width) {
                FreeImage_Unload(dib);
                dib = nullptr;
            }
        }
    }
    fclose(f);
    if (!dib) fail(fif, std::string(filename) + ": not a binary PGM of 8-bit grey pixels");
    return dib;
}

BOOL FreeImage_Save(FREE_IMAGE_FORMAT fif, FIBITMAP *dib, const char *filename, int flags) {
    if (fif != FIF_PGM || flags != 0 || !dib) {
        fail(fif, "the stand-in saves 8-bit images as binary PGM only");
        return FALSE;
    }
    FILE *f = fopen(filename, "wb");
    if (!f) {
        fail(fif, std::string(filename) + ": cannot be written");
        return FALSE;
    }
    bool ok = fprintf(f, "P5\n%u %u\n255\n", dib->width, dib->height) > 0;
    for (unsigned row = dib->height; ok && row-- > 0;)
        ok = fwrite(&dib->bits[(size_t)row * dib->pitch], 1, dib->width, f) == dib->width;
    return fclose(f) == 0 && ok ? TRUE : FALSE;
}

FREE_IMAGE_COLOR_TYPE FreeImage_GetColorType(FIBITMAP *) { return FIC_MINISBLACK; }
unsigned FreeImage_GetBPP(FIBITMAP *) { return 8; }
unsigned FreeImage_GetWidth(FIBITMAP *dib) { return dib->width; }
unsigned FreeImage_GetHeight(FIBITMAP *dib) { return dib->height; }
unsigned FreeImage_GetPitch(FIBITMAP *dib) { return dib->pitch; }
BYTE *FreeImage_GetBits(FIBITMAP *dib) { return dib->bits.data(); }
