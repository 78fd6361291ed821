#include "CDecode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr mgr;
  jmp_buf jump;
} Errors;

static void fail(j_common_ptr cinfo) { longjmp(((Errors *)cinfo->err)->jump, 1); }
static void quiet(j_common_ptr cinfo) { (void)cinfo; }

/* Reads the header of `bytes` into `c`; 0, or -1 for a file this decoder does not take. */
static int begin(struct jpeg_decompress_struct *c, const uint8_t *bytes, size_t count) {
  if (count < 4 || count > 0x7fffffffUL) return -1;
  jpeg_mem_src(c, bytes, (unsigned long)count);
  if (jpeg_read_header(c, TRUE) != JPEG_HEADER_OK) return -1;
  if (c->jpeg_color_space == JCS_CMYK || c->jpeg_color_space == JCS_YCCK || c->image_width == 0 || c->image_height == 0)
    return -1;
  c->out_color_space = c->num_components == 1 ? JCS_GRAYSCALE : JCS_EXT_XBGR;
  return 0;
}

int CJPEG_info(const uint8_t *bytes, size_t count, int *width, int *height, int *depth) {
  struct jpeg_decompress_struct c;
  Errors e;
  c.err = jpeg_std_error(&e.mgr);
  e.mgr.error_exit = fail;
  e.mgr.output_message = quiet;
  if (setjmp(e.jump)) {
    jpeg_destroy_decompress(&c);
    return -1;
  }
  jpeg_create_decompress(&c);
  int status = begin(&c, bytes, count);
  if (status == 0) {
    *width = (int)c.image_width;
    *height = (int)c.image_height;
    *depth = c.num_components == 1 ? 8 : 32;
  }
  jpeg_destroy_decompress(&c);
  return status;
}

int CJPEG_decode(const uint8_t *bytes, size_t count, uint32_t *out, int wordsPerLine, int *warnings) {
  struct jpeg_decompress_struct c;
  Errors e;
  JSAMPLE *volatile gray = NULL;
  c.err = jpeg_std_error(&e.mgr);
  e.mgr.error_exit = fail;
  e.mgr.output_message = quiet;
  if (setjmp(e.jump)) {
    free(gray);
    jpeg_destroy_decompress(&c);
    return -1;
  }
  jpeg_create_decompress(&c);
  if (begin(&c, bytes, count) != 0) {
    jpeg_destroy_decompress(&c);
    return -1;
  }
  jpeg_start_decompress(&c);
  const JDIMENSION w = c.output_width;
  if (c.output_components == 1 && !(gray = malloc(w))) {
    jpeg_destroy_decompress(&c);
    return -1;
  }
  while (c.output_scanline < c.output_height) {
    uint32_t *line = out + (size_t)c.output_scanline * (size_t)wordsPerLine;
    if (gray) {
      JSAMPROW row = gray;
      jpeg_read_scanlines(&c, &row, 1);
      for (JDIMENSION x = 0; x < w; x++) {
        if ((x & 3) == 0) line[x >> 2] = 0;
        line[x >> 2] |= (uint32_t)gray[x] << (24 - 8 * (x & 3));
      }
    } else {
      JSAMPROW row = (JSAMPROW)line;
      jpeg_read_scanlines(&c, &row, 1);
    }
  }
  *warnings = (int)e.mgr.num_warnings;
  jpeg_finish_decompress(&c);
  jpeg_destroy_decompress(&c);
  free(gray);
  return 0;
}
