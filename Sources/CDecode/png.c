#include "CDecode.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

typedef struct {
  uint32_t w, h;
  int channels; /* 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA */
} Header;

/* The header when the file is one this decoder takes; the chunk walk stops at the end of the bytes. */
static int header(const uint8_t *b, size_t n, Header *out) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (n < 33 || memcmp(b, sig, 8) != 0 || memcmp(b + 12, "IHDR", 4) != 0) return -1;
  uint32_t w = be32(b + 16), h = be32(b + 20);
  int bitDepth = b[24], colour = b[25], interlace = b[28];
  if (w == 0 || h == 0 || w > (1u << 24) || h > (1u << 24) || bitDepth != 8 || interlace != 0) return -1;
  switch (colour) {
  case 0: out->channels = 1; break;
  case 4: out->channels = 2; break;
  case 2: out->channels = 3; break;
  case 6: out->channels = 4; break;
  default: return -1; /* palette */
  }
  for (size_t i = 8; i + 12 <= n;) {
    uint32_t len = be32(b + i);
    if (len > n - i - 12) return -1;
    if (memcmp(b + i + 4, "tRNS", 4) == 0) return -1;
    if (memcmp(b + i + 4, "IEND", 4) == 0) break;
    i += 12 + (size_t)len;
  }
  out->w = w;
  out->h = h;
  return 0;
}

int CPNG_info(const uint8_t *bytes, size_t count, int *width, int *height, int *depth, int *alpha) {
  Header hd;
  if (header(bytes, count, &hd) != 0) return -1;
  *width = (int)hd.w;
  *height = (int)hd.h;
  *depth = hd.channels == 1 ? 8 : 32;
  *alpha = hd.channels == 2 || hd.channels == 4;
  return 0;
}

static uint8_t paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Undoes the row's filter in place; `prev` is the row above, already unfiltered (zeros for the first). */
static int unfilter(uint8_t type, uint8_t *row, const uint8_t *prev, size_t len, int bpp) {
  size_t i;
  switch (type) {
  case 0: return 0;
  case 1: for (i = (size_t)bpp; i < len; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]); return 0;
  case 2: for (i = 0; i < len; i++) row[i] = (uint8_t)(row[i] + prev[i]); return 0;
  case 3:
    for (i = 0; i < (size_t)bpp; i++) row[i] = (uint8_t)(row[i] + (prev[i] >> 1));
    for (; i < len; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
    return 0;
  case 4:
    for (i = 0; i < (size_t)bpp; i++) row[i] = (uint8_t)(row[i] + prev[i]);
    for (; i < len; i++) row[i] = (uint8_t)(row[i] + paeth(row[i - bpp], prev[i], prev[i - bpp]));
    return 0;
  default: return -1;
  }
}

int CPNG_decode(const uint8_t *b, size_t n, uint32_t *out, int wordsPerLine) {
  Header hd;
  if (header(b, n, &hd) != 0) return -1;
  /* The IDAT chunks' data, end to end: one zlib stream. */
  size_t zlen = 0;
  for (size_t i = 8; i + 12 <= n;) {
    uint32_t len = be32(b + i);
    if (memcmp(b + i + 4, "IDAT", 4) == 0) zlen += len;
    if (memcmp(b + i + 4, "IEND", 4) == 0) break;
    i += 12 + (size_t)len;
  }
  const int bpp = hd.channels;
  const size_t stride = (size_t)hd.w * (size_t)bpp, raw = (stride + 1) * hd.h;
  uint8_t *z = malloc(zlen ? zlen : 1), *data = malloc(raw), *zero = calloc(stride, 1);
  int status = -1;
  if (!z || !data || !zero) goto done;
  size_t at = 0;
  for (size_t i = 8; i + 12 <= n;) {
    uint32_t len = be32(b + i);
    if (memcmp(b + i + 4, "IDAT", 4) == 0) { memcpy(z + at, b + i + 8, len); at += len; }
    if (memcmp(b + i + 4, "IEND", 4) == 0) break;
    i += 12 + (size_t)len;
  }
  struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
  if (!d) goto done;
  size_t got = 0;
  enum libdeflate_result r = libdeflate_zlib_decompress(d, z, zlen, data, raw, &got);
  libdeflate_free_decompressor(d);
  if ((r != LIBDEFLATE_SUCCESS && r != LIBDEFLATE_INSUFFICIENT_SPACE) || (r == LIBDEFLATE_SUCCESS && got != raw)) goto done;
  const uint8_t *prev = zero;
  for (uint32_t y = 0; y < hd.h; y++) {
    uint8_t *row = data + (size_t)y * (stride + 1) + 1;
    if (unfilter(row[-1], row, prev, stride, bpp) != 0) goto done;
    prev = row;
    uint32_t *line = out + (size_t)y * (size_t)wordsPerLine;
    switch (bpp) {
    case 1:
      for (uint32_t x = 0; x < hd.w; x++) {
        uint32_t shift = 24 - 8 * (x & 3);
        if ((x & 3) == 0) line[x >> 2] = 0;
        line[x >> 2] |= (uint32_t)row[x] << shift;
      }
      break;
    case 2:
      for (uint32_t x = 0; x < hd.w; x++) {
        uint32_t g = row[2 * x];
        line[x] = g << 24 | g << 16 | g << 8 | row[2 * x + 1];
      }
      break;
    case 3:
      for (uint32_t x = 0; x < hd.w; x++) {
        const uint8_t *p = row + 3 * x;
        line[x] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8;
      }
      break;
    default:
      for (uint32_t x = 0; x < hd.w; x++) {
        const uint8_t *p = row + 4 * x;
        line[x] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
      }
    }
  }
  status = 0;
done:
  free(z);
  free(data);
  free(zero);
  return status;
}
