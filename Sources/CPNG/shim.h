#ifndef HEARTH_CPNG_SHIM_H
#define HEARTH_CPNG_SHIM_H
#include <png.h>
#endif
