// A stand-in for FreeImage, our own, for building NVIDIA's NPP samples with nvcc where FreeImage
// is not installed (run.sh uses the machine's FreeImage when it has one). It declares and
// FreeImage.cpp defines just what the samples' Common/UtilNPP/ImageIO.h calls, under FreeImage's
// names, for 8-bit grey images in binary PGM: a file the samples read, and the file they save,
// with the header FreeImage's PNM writer gives it ("P5\n<width> <height>\n255\n", then the rows
// top first), so that the saved bytes are the ones FreeImage would save. Like FreeImage, a
// bitmap keeps its rows bottom first, each padded to 4 bytes. The files are read and written by
// book/c/pgm.h, the NPP lessons' C++ twins' own (bundle.sh puts it beside FreeImage.cpp).
#ifndef FREEIMAGE_H
#define FREEIMAGE_H
#include <cstdint>

typedef int32_t BOOL;
typedef uint8_t BYTE;
#ifndef TRUE
#define TRUE 1
#define FALSE 0
#endif

// FreeImage's numbers for the formats named here.
enum FREE_IMAGE_FORMAT { FIF_UNKNOWN = -1, FIF_PGM = 11, FIF_PGMRAW = 12 };
enum FREE_IMAGE_COLOR_TYPE { FIC_MINISWHITE = 0, FIC_MINISBLACK = 1 };

struct FIBITMAP;
typedef void (*FreeImage_OutputMessageFunction)(FREE_IMAGE_FORMAT fif, const char *msg);

void FreeImage_SetOutputMessage(FreeImage_OutputMessageFunction omf);
FREE_IMAGE_FORMAT FreeImage_GetFileType(const char *filename, int size = 0);
FREE_IMAGE_FORMAT FreeImage_GetFIFFromFilename(const char *filename);
BOOL FreeImage_FIFSupportsReading(FREE_IMAGE_FORMAT fif);
FIBITMAP *FreeImage_Load(FREE_IMAGE_FORMAT fif, const char *filename, int flags = 0);
FIBITMAP *FreeImage_Allocate(int width, int height, int bpp, unsigned red_mask = 0, unsigned green_mask = 0,
                             unsigned blue_mask = 0);
BOOL FreeImage_Save(FREE_IMAGE_FORMAT fif, FIBITMAP *dib, const char *filename, int flags = 0);
void FreeImage_Unload(FIBITMAP *dib);
FREE_IMAGE_COLOR_TYPE FreeImage_GetColorType(FIBITMAP *dib);
unsigned FreeImage_GetBPP(FIBITMAP *dib);
unsigned FreeImage_GetWidth(FIBITMAP *dib);
unsigned FreeImage_GetHeight(FIBITMAP *dib);
unsigned FreeImage_GetPitch(FIBITMAP *dib);
BYTE *FreeImage_GetBits(FIBITMAP *dib);
#endif
