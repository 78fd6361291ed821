/* CDecode: the two formats screenshots come in, decoded straight into leptonica's pixel rows:
 * 32-bit words with R in the top byte, then G, B and alpha (or an unused byte), or 8-bit gray
 * packed four to a word, first pixel in the top byte. The caller allocates the rows; anything
 * these decoders do not take, or find damaged, is left to the caller's general decoder (-1).
 * Plain C, reentrant; each call blocks while it decodes and prints nothing.
 *
 * PNG: the common PNG screenshot (8-bit gray, gray + alpha, RGB or RGBA, not interlaced) decoded
 * with libdeflate, whose inflate is about ten times zlib's on screenshots, straight into rows of
 * 32-bit words laid out as leptonica's (R in the top byte, then G, B, alpha) or of 8-bit gray
 * packed four to a word, first pixel in the top byte. Every other PNG (palette, 16-bit, sub-byte
 * depths, interlaced, tRNS) is left to the caller's general decoder. The chunks' CRCs are not
 * checked here: the caller checks them first. Plain C, reentrant; blocks while it decodes. */
#ifndef CDECODE_H
#define CDECODE_H

#include <stddef.h>
#include <stdint.h>

/* The image's size and the depth of the rows CPNG_decode writes: 8 (gray), 32 (colour, or gray
 * with alpha spread to colour). alpha is 1 when the words' low byte is alpha. Returns 0 when
 * this decoder takes the file, -1 when it is for the general decoder. */
int CPNG_info(const uint8_t *bytes, size_t count, int *width, int *height, int *depth, int *alpha);

/* Decodes into `out`: `height` rows `wordsPerLine` 32-bit words apart. Returns 0, or -1 when the
 * compressed data or a filter byte is damaged (nothing is read outside `bytes` or written outside
 * `out`). */
int CPNG_decode(const uint8_t *bytes, size_t count, uint32_t *out, int wordsPerLine);

/* JPEG: a baseline or progressive JPEG in YCbCr, RGB or gray, decoded by libjpeg-turbo with its
 * default (accurate) IDCT and upsampling, as leptonica does, but written straight into the rows
 * (JCS_EXT_XBGR) instead of being packed pixel by pixel. CMYK is left to the caller. Warnings
 * (damaged data that still decodes) are counted in `*warnings`; an error returns -1. */
int CJPEG_info(const uint8_t *bytes, size_t count, int *width, int *height, int *depth);
int CJPEG_decode(const uint8_t *bytes, size_t count, uint32_t *out, int wordsPerLine, int *warnings);

#endif
