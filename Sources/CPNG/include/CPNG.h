/* CPNG: the common PNG screenshot (8-bit gray, gray + alpha, RGB or RGBA, not interlaced) decoded
 * with libdeflate, whose inflate is about ten times zlib's on screenshots, straight into rows of
 * 32-bit words laid out as leptonica's (R in the top byte, then G, B, alpha) or of 8-bit gray
 * packed four to a word, first pixel in the top byte. Every other PNG (palette, 16-bit, sub-byte
 * depths, interlaced, tRNS) is left to the caller's general decoder. The chunks' CRCs are not
 * checked here: the caller checks them first. Plain C, reentrant; blocks while it decodes. */
#ifndef CPNG_H
#define CPNG_H

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

#endif
