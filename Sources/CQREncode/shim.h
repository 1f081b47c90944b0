#ifndef HEARTH_CQRENCODE_SHIM_H
#define HEARTH_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
