/*
 * bcryptprimitives.dll for Debian's wine 8, which lacks it: Rust's standard library imports
 * ProcessPrng from it (its source of random bytes on Windows 10 and later). CI builds this
 * with mingw and puts it beside the Windows test binaries it runs under wine; it is never
 * shipped. ProcessPrng fills the buffer from RtlGenRandom (advapi32's SystemFunction036).
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
