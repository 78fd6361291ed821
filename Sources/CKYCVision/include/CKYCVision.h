#pragma once
/// The KYC checks' pixel measurements over OpenCV's imgproc: glare as specular reflection,
/// the sharpness of the content, and the document's outline in the frame.
///
/// Every symbol is prefixed `CKYCVision_`. No C++ type or exception crosses this header: a
/// failure is a negative return value. The functions keep no state and block their caller
/// while they run, so any thread may call them.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A document's outline in a picture, as `CKYCVision_document` finds it.
typedef struct CKYCVision_Outline {
    /// 1 when a four-sided outline with a plain surround was found, else 0 (and the rest is 0).
    int32_t found;
    /// The outline's area as a share of the picture's.
    double share;
    /// The largest difference, in degrees, between one of its corners and a right angle.
    double cornerDeviation;
    /// The smallest distance from a corner to the picture's edge, as a share of the short side.
    double margin;
} CKYCVision_Outline;

/// The share of the 8-bit `gray` picture covered by the largest convex four-sided outline
/// (found as `CKYCVision_document` finds one) that covers 10–90 % of the picture and holds the
/// whole box (`x`, `y`, `w`, `h`, in the picture's pixels), at least 55 % of whose length
/// lies on the picture's edges (a straight edge seen along its sides, not the hull of a ragged
/// contour): the edge of a screen or a print around a face. 0 when there is none, -1 on failure.
double CKYCVision_enclosingOutline(
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes,
    int32_t x, int32_t y, int32_t w, int32_t h);

/// How much of the picture's content runs across each of its four edges, as
/// `CKYCVision_document` measures it.
typedef struct CKYCVision_Crossings {
    /// The share (0…1) of each edge's length crossed by content: left, right, top, bottom.
    double left;
    double right;
    double top;
    double bottom;
} CKYCVision_Crossings;

/// Every measure of a document picture, each taken as its field says; a measure that failed is
/// -1 (`outlineStatus`, `crossingsStatus`: -1, and the struct all 0).
typedef struct CKYCVision_Document {
    /// The share (0…1) covered by specular reflections, measured on a copy 1000 pixels wide:
    /// blobs of pixels at or above 245 (after an opening of 5 px, so thin highlights and specks
    /// do not count), each at least 0.03 % of the picture, clipped (at least half its pixels at
    /// 252 or more: a high-key scan's near-white print is not), not touching the picture's edge, not
    /// filling 85 % of its upright bounding box (a white panel, strip or line printed on a
    /// document lying square: a reflection is round or ragged), and ringed by a halo: in the
    /// band 2–8 px outside the blob at least 60 % of the pixels are bright but not saturated
    /// (170–244) and under 5 % are dark (under 120). White paper and margins end at print or
    /// at the picture's edge, not in a halo, and do not count.
    double specularShare;
    /// The share (0…1) covered by the largest solid patch of paint, black or white, measured on
    /// the same copy: a 4-connected region of flat pixels (the 3×3 range of each one at most 6
    /// grey levels) of mean luminance at most 40, or at least 235 (white: then also at most 10 %
    /// of the picture and at most three times as long as wide), filling at least 95 % of its
    /// bounding box, covering at least 0.5 % of the picture and not touching the picture's
    /// edge. A box pasted or drawn over part of a document (a redaction) is one: the real black
    /// box over a licence's fingerprint fills 96 %, the real white box over a licence's portrait
    /// is 1.3 % of the picture. The dark parts of photos (hair, shadows, a dark coat) are flat
    /// too but ragged: on the real images and the samples they fill at most 90 %; a dark
    /// surround touches the edge. A light card's empty ground and a white panel printed across
    /// it are larger or longer than the white limits. 0 when there is none.
    double solidPatchShare;
    /// How many pixel blocks of a mosaic (a picture pixelated over part of its content, as an
    /// uploader hides a number or a face) the same copy shows: flat regions (as for the solid
    /// patch) that are squares 4–100 px a side, filling 80 % of their box and not touching the
    /// picture's edge, each with at least two neighbours of about its size (within a fifth)
    /// beside or below it, at most 5 px away and level with it; 0 unless the median step
    /// between neighbours' levels is 8–96 grey levels (a mosaic's blocks average what they
    /// hide: a row of empty boxes steps by nothing, a QR code's black and white squares by 190
    /// and more). Print, photos and camera noise make no flat squares side by side. Real
    /// documents measure 0, the real pixelated card 9. -1 when the measure failed.
    int32_t mosaicCells;
    /// The largest convex four-sided outline (on edge maps of a copy 640 px on its long side,
    /// smoothed 5×5, as `CScreenQuad_find` does: the faint edges and the strong ones alone) whose
    /// area is 3–95 % of the picture's and at least 55 % of whose length lies on the picture's
    /// edges (or, when that is a document's edges joined to grain at a corner or two, the
    /// document's own outline within it: a smaller one found alone on the other edge map, seen
    /// along 90 % of its length, covering 80 % of it and keeping two or three of its corners),
    /// kept only when it is a document lying on something plain: a quarter of its length
    /// or more lies on the strong edges alone (a clear step all round, not a hull joined to wood
    /// grain or soil), and the picture outside it (at least 10 % of the picture) has under a
    /// fifth of the edge density inside it. A full-frame scan has no such outline (`found` 0):
    /// nothing is judged then.
    CKYCVision_Outline outline;
    int32_t outlineStatus;
    /// How much content crosses each edge, on the same 640 px copy: in the band 2–8 px inside
    /// each edge, the share of the edge's length where a strong gradient (Sobel over 60) runs
    /// along the edge and outweighs the gradient across it. Print, a photo or a pattern cut by
    /// the picture's edge crosses it; a plain surround, a card's own margin and a card's outline
    /// (parallel to the edge, even tilted a little) do not. An edge's band counts only when it
    /// looks like the document's ground, a third of its pixels or more within 30 grey levels of
    /// the 75th luminance percentile of the picture's middle (else its share is 0): print cut by
    /// the edge runs across the document's own ground, while soil, wood grain or a cloth's weave
    /// around a whole card is darker or lighter than it. In a colour picture the band's pixels
    /// must also be within 20 of the middle's paper colour on YCrCb's Cr and Cb (8-bit):
    /// light wood or a beige cloth can match a card's grey level, not its colour. A picture
    /// cropped to a whole card has no crossings (all 0), its print may run to its edges: each of
    /// its four corners holds a rounded corner, the colour changing by over 25 (YCrCb, or gray)
    /// along both edges within 8 % of the short side and along the diagonal in under 0.7 of
    /// that. Real specimens scanned whole measure 0–0.05 on every edge, documents cut by the
    /// frame 0.15–0.55 on one.
    CKYCVision_Crossings crossings;
    int32_t crossingsStatus;
} CKYCVision_Document;

/// How sharp the edges of the 8-bit `gray` picture are in its own pixels, whatever their
/// contrast: in tiles of 1/25 of the width, the standard deviation of the 4-neighbour
/// Laplacian over the mean gradient magnitude (Sobel divided by 8), and of the tenth of the
/// tiles with the strongest gradient (at least four) the median, scaled down in proportion when
/// their median gradient is under 4 grey levels a pixel (nothing crisp: an empty or faint
/// frame, where noise alone would look sharp). An edge blurred over σ pixels measures about
/// 1/σ: real phone photos and scans of documents whose print is crisp measure 1.6–6.6, blurred
/// and smeared ones 0.5–1.4. The caller passes the picture at its own size (a copy enlarged by
/// interpolation would measure blurred), shrunk to 1000 px wide when wider. Returns -1 when it
/// is under 16 px a side.
double CKYCVision_sharpness(const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes);

/// Takes every measure of the 8-bit `gray` document picture (`width`×`height`, rows `rowBytes`
/// apart) into `document`, each shared copy and edge map made once. `rgb`, when not null, is
/// the same picture in colour at any size of at least 16 px a side (packed R G B,
/// `rgbWidth`×`rgbHeight`, rows `3 × rgbWidth` apart): the crossings then also ask the band for
/// the document's colour. Returns 0, or -1 when the picture is too small (under 16 px a side)
/// or no copy could be made.
int32_t CKYCVision_document(
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes,
    const uint8_t *_Nullable rgb, int32_t rgbWidth, int32_t rgbHeight, CKYCVision_Document *_Nonnull document);

#ifdef __cplusplus
}
#endif
