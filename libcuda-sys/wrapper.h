/* What bindgen reads: the Driver API, exactly as a C program includes it. */
#include <cuda.h>
