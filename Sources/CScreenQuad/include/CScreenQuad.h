#pragma once
/// A phone screen's outline in a photo, and the screen warped upright, over OpenCV's imgproc.
///
/// Every symbol is prefixed `CScreenQuad_`. No C++ type or exception crosses this header: a
/// failure is a return value of 0. Both functions block their caller while they run and keep
/// no state between calls, so any thread may call them.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the largest convex four-sided outline in the 8-bit `gray` picture (`width`×`height`,
/// `rowBytes` apart) whose area is between `minShare` and `maxShare` of the picture's and
/// whose shortest side is at least `minSide` of the picture's short side: the edge of a screen
/// or of the phone around it. Writes its corners, in the picture's pixels, into `corners` as
/// x0 y0 … x3 y3, clockwise from the one nearest the picture's top-left. Returns 1 when found,
/// 0 when not (or on any failure).
int CScreenQuad_find(
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes,
    double minShare, double maxShare, double minSide, float *_Nonnull corners);

/// Warps the part of `gray` inside `corners` (as `CScreenQuad_find` gives them) onto the
/// `outWidth`×`outHeight` rectangle `out` (rows packed): corner 0 to its top-left, 1 top-right,
/// 2 bottom-right, 3 bottom-left, bilinear. Returns 1 on success, 0 on any failure.
int CScreenQuad_warp(
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes,
    const float *_Nonnull corners, uint8_t *_Nonnull out, int32_t outWidth, int32_t outHeight);

#ifdef __cplusplus
}
#endif
