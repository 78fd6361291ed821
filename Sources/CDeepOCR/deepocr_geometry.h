/* CDeepOCR's pixel geometry (geometry.cpp, over OpenCV's imgproc), shared with deepocr.c. Not part of the
 * module's public header: CDeepOCR_crop and CDeepOCR_turn_half, also implemented there, are declared in
 * include/CDeepOCR.h. */
#ifndef CDEEPOCR_GEOMETRY_H
#define CDEEPOCR_GEOMETRY_H

#include "CDeepOCR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest side of any line cut out or recognised; an image may be four times that. */
enum { CDEEPOCR_MAX_SIDE = 4096 };

/* Whether `im` is an 8-bit image of 1 or 3 channels with pixels, at most 4 * CDEEPOCR_MAX_SIDE a side. */
static inline int CDeepOCR_valid(const CDeepOCRImage *im) {
  return im && im->px && (im->c == 1 || im->c == 3) && im->w > 0 && im->h > 0 && im->w <= CDEEPOCR_MAX_SIDE * 4 &&
         im->h <= CDEEPOCR_MAX_SIDE * 4;
}

/* src resized to dw x dh, bilinear (OpenCV's INTER_LINEAR), into dst (pixels malloc'd). Returns 0, or -1. */
int CDeepOCR_resize(const CDeepOCRImage *src, CDeepOCRImage *dst, int dw, int dh);

/* DB post-processing of the detector's W x H probability map into boxes in dest_w x dest_h pixels, in
 * reading order; *boxes is malloc'd (NULL when there are none). Returns the count, or -1. */
int CDeepOCR_db_boxes(const float *pred, int W, int H, int dest_w, int dest_h, CDeepOCRBox **boxes);

#ifdef __cplusplus
}
#endif

#endif
