#include "CJPEGSupport.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* An error manager that jumps back to the calling function instead of exiting. */
typedef struct recovering_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
} recovering_error_manager;

static void escape_on_error(j_common_ptr cinfo) {
    recovering_error_manager *errors = (recovering_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, errors->message);
    longjmp(errors->escape, 1);
}

/* Level < 0 is a warning about corrupt or truncated data: fail instead of guessing pixels. */
static void escape_on_warning(j_common_ptr cinfo, int msg_level) {
    if (msg_level < 0) {
        escape_on_error(cinfo);
    }
}

/* Nothing is ever printed to stderr. */
static void stay_quiet(j_common_ptr cinfo) { (void)cinfo; }

static void install_recovering_errors(recovering_error_manager *errors) {
    jpeg_std_error(&errors->pub);
    errors->pub.error_exit = escape_on_error;
    errors->pub.emit_message = escape_on_warning;
    errors->pub.output_message = stay_quiet;
    errors->message[0] = '\0';
}

static void set_message(hearth_jpeg_result *result, const char *message) {
    snprintf(result->message, sizeof(result->message), "%s", message[0] ? message : "unknown libjpeg error");
}

static void reset_result(hearth_jpeg_result *result) {
    result->bytes = NULL;
    result->count = 0;
    result->width = 0;
    result->height = 0;
    result->message[0] = '\0';
}

int hearth_jpeg_decode_rgb(const unsigned char *data, size_t size, size_t max_pixels, hearth_jpeg_result *result) {
    struct jpeg_decompress_struct cinfo;
    recovering_error_manager errors;
    unsigned char *volatile pixels = NULL;

    reset_result(result);
    if (data == NULL || size == 0) {
        set_message(result, "no JPEG data");
        return 1;
    }
    if (size > ULONG_MAX) {
        set_message(result, "JPEG data too large");
        return 1;
    }

    memset(&cinfo, 0, sizeof(cinfo));
    install_recovering_errors(&errors);
    cinfo.err = &errors.pub;
    if (setjmp(errors.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        set_message(result, errors.message);
        return 1;
    }

    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if (max_pixels > 0 && (size_t)cinfo.image_width * (size_t)cinfo.image_height > max_pixels) {
        snprintf(result->message, sizeof(result->message), "JPEG of %ux%u pixels exceeds the limit of %zu pixels",
                 cinfo.image_width, cinfo.image_height, max_pixels);
        result->width = cinfo.image_width;
        result->height = cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        return 2;
    }
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);

    size_t row_bytes = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    size_t count = row_bytes * (size_t)cinfo.output_height;
    if (cinfo.output_components != 3 || count == 0) {
        set_message(result, "unexpected JPEG output layout");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    pixels = malloc(count);
    if (pixels == NULL) {
        set_message(result, "out of memory for JPEG pixels");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * row_bytes;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);

    result->bytes = pixels;
    result->count = count;
    result->width = cinfo.output_width;
    result->height = cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/*
 * A growing in-memory destination. Unlike `jpeg_mem_dest`, whose live buffer is private after
 * it grows, this one keeps the buffer where the error path can free it.
 */
typedef struct growing_destination {
    struct jpeg_destination_mgr pub;
    unsigned char *buffer;
    size_t capacity;
} growing_destination;

static void start_destination(j_compress_ptr cinfo) {
    growing_destination *destination = (growing_destination *)cinfo->dest;
    destination->pub.next_output_byte = destination->buffer;
    destination->pub.free_in_buffer = destination->capacity;
}

/* Called with the whole buffer full. */
static boolean grow_destination(j_compress_ptr cinfo) {
    growing_destination *destination = (growing_destination *)cinfo->dest;
    size_t used = destination->capacity;
    size_t capacity = used * 2;
    unsigned char *buffer = capacity > used ? realloc(destination->buffer, capacity) : NULL;
    if (buffer == NULL) {
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    }
    destination->buffer = buffer;
    destination->capacity = capacity;
    destination->pub.next_output_byte = buffer + used;
    destination->pub.free_in_buffer = capacity - used;
    return TRUE;
}

static void finish_destination(j_compress_ptr cinfo) { (void)cinfo; }

int hearth_jpeg_encode(const unsigned char *pixels, unsigned int width, unsigned int height, int channels,
                       int quality, hearth_jpeg_result *result) {
    struct jpeg_compress_struct cinfo;
    recovering_error_manager errors;
    growing_destination destination;

    reset_result(result);
    if (pixels == NULL || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        set_message(result, "bitmap dimensions out of range for JPEG");
        return 1;
    }
    if (channels != 3 && channels != 4) {
        set_message(result, "bitmap must have 3 or 4 channels");
        return 1;
    }

    memset(&destination, 0, sizeof(destination));
    destination.capacity = 64 * 1024;
    destination.buffer = malloc(destination.capacity);
    if (destination.buffer == NULL) {
        set_message(result, "out of memory for JPEG output");
        return 1;
    }
    destination.pub.init_destination = start_destination;
    destination.pub.empty_output_buffer = grow_destination;
    destination.pub.term_destination = finish_destination;

    memset(&cinfo, 0, sizeof(cinfo));
    install_recovering_errors(&errors);
    cinfo.err = &errors.pub;
    if (setjmp(errors.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(destination.buffer);
        set_message(result, errors.message);
        return 1;
    }

    jpeg_create_compress(&cinfo);
    cinfo.dest = &destination.pub;
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = channels;
    cinfo.in_color_space = channels == 4 ? JCS_EXT_RGBX : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);

    size_t row_bytes = (size_t)width * (size_t)channels;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * row_bytes);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);

    result->bytes = destination.buffer;
    result->count = destination.capacity - destination.pub.free_in_buffer;
    jpeg_destroy_compress(&cinfo);
    return 0;
}

void hearth_jpeg_free(void *bytes) { free(bytes); }
