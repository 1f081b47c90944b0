#ifndef HEARTH_CJPEG_SUPPORT_H
#define HEARTH_CJPEG_SUPPORT_H

#include <stddef.h>

/*
 * JPEG coding on libjpeg(-turbo) that never exits the process and never unwinds Swift frames.
 *
 * libjpeg reports errors through `error_exit`, whose default calls `exit()`, and a replacement
 * must not return. These functions install a handler that `longjmp`s back to a `setjmp` taken
 * inside the same C function, so the jump never crosses a Swift frame. Warnings (corrupt or
 * truncated data) are treated as errors. Each call owns all of its libjpeg state, so calls
 * may run concurrently.
 */

#ifdef __cplusplus
extern "C" {
#endif

/* Room for libjpeg's longest formatted message (JMSG_LENGTH_MAX) plus a terminator. */
#define HEARTH_JPEG_MESSAGE_CAPACITY 256

typedef struct hearth_jpeg_result {
    /* `malloc`ed output owned by the caller (release with `hearth_jpeg_free`); NULL on failure. */
    unsigned char *bytes;
    size_t count;
    /* Decoding only: the bitmap's size; `bytes` holds width * height * 3 RGB bytes, row-major. */
    unsigned int width;
    unsigned int height;
    /* NUL-terminated reason when the call returns non-zero. */
    char message[HEARTH_JPEG_MESSAGE_CAPACITY];
} hearth_jpeg_result;

/*
 * Decodes a JPEG held in memory to 8-bit RGB. Images with more than `max_pixels` pixels
 * (0 = no limit) are refused before any pixel memory is allocated: the call then returns 2
 * with `width` and `height` set to the announced size. Returns 0 on success, 1 on any other
 * failure.
 */
int hearth_jpeg_decode_rgb(const unsigned char *data, size_t size, size_t max_pixels, hearth_jpeg_result *result);

/*
 * Encodes `width` x `height` pixels with `channels` bytes each (3 = RGB, 4 = RGBA whose alpha
 * is ignored), rows tightly packed, at libjpeg quality 1...100 (baseline, 4:2:0, optimized
 * Huffman tables). Returns 0 on success.
 */
int hearth_jpeg_encode(const unsigned char *pixels, unsigned int width, unsigned int height, int channels,
                       int quality, hearth_jpeg_result *result);

void hearth_jpeg_free(void *bytes);

#ifdef __cplusplus
}
#endif

#endif
