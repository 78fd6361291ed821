#pragma once
/// C face detectors over OpenCV, for Swift: the cascade classifier (Haar or LBP), and a face
/// network (CenterFace, an ONNX model, run by OpenCV's dnn module).
///
/// Every symbol is prefixed `CFaceDetect_`. No C++ type or exception crosses this header:
/// failures come back as a null handle or a negative count, with a message in `error`.
/// A detector or a network is not thread-safe: use each one from one thread at a time.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque detector: a loaded cascade.
typedef struct CFaceDetect_Detector CFaceDetect_Detector;

/// A detected face, in pixels of the image given to `CFaceDetect_detect`.
typedef struct CFaceDetect_Rect {
    int32_t x;
    int32_t y;
    int32_t width;
    int32_t height;
} CFaceDetect_Rect;

/// Loads the cascade at `cascadePath` (expensive: tens of milliseconds). Returns NULL on
/// failure and writes a NUL-terminated reason into `error` (at most `errorCapacity` bytes).
CFaceDetect_Detector *_Nullable CFaceDetect_create(
    const char *_Nonnull cascadePath, char *_Nullable error, size_t errorCapacity);

/// Frees a detector made by `CFaceDetect_create`. Accepts NULL.
void CFaceDetect_destroy(CFaceDetect_Detector *_Nullable detector);

/// Finds faces in an 8-bit gray image of `width`×`height` pixels, rows `rowBytes` apart.
/// The image is histogram-equalised first. Faces smaller than `minSize` pixels on a side are
/// ignored, and so are faces larger than `maxSize` when it is over 0 (which also spares the
/// cascade the coarse scales); `minNeighbors` is the cascade's confirmation count (higher: fewer false faces).
/// Writes up to `capacity` faces into `faces` and returns how many were found in all (which
/// may exceed `capacity`), or -1 on failure with a reason in `error`. Blocks while it runs.
int32_t CFaceDetect_detect(
    CFaceDetect_Detector *_Nonnull detector,
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes,
    double scaleFactor, int32_t minNeighbors, int32_t minSize, int32_t maxSize,
    CFaceDetect_Rect *_Nullable faces, int32_t capacity,
    char *_Nullable error, size_t errorCapacity);

/// An opaque face network: CenterFace loaded from its ONNX file.
typedef struct CFaceDetect_Network CFaceDetect_Network;

/// A face the network found: its box, in pixels of the image given, and its score (0–1).
typedef struct CFaceDetect_Face {
    CFaceDetect_Rect box;
    float score;
} CFaceDetect_Face;

/// Loads the CenterFace model at `modelPath` (about 0.1 s). Returns NULL on failure and writes a
/// NUL-terminated reason into `error` (at most `errorCapacity` bytes).
CFaceDetect_Network *_Nullable CFaceDetect_openNetwork(
    const char *_Nonnull modelPath, char *_Nullable error, size_t errorCapacity);

/// Frees a network made by `CFaceDetect_openNetwork`. Accepts NULL.
void CFaceDetect_closeNetwork(CFaceDetect_Network *_Nullable network);

/// The faces the network finds in an 8-bit gray image of `width`×`height` pixels, rows
/// `rowBytes` apart, scoring at least `minScore`, after overlapping ones are merged (the best
/// kept). The image is stretched to the next multiples of 32 (the network's stride); give it
/// small (about 320 px on the long side for a selfie: some 30 ms on one core). Writes up to
/// `capacity` faces into `faces` and returns how many were found in all, or -1 on failure with a
/// reason in `error`. Blocks while it runs.
int32_t CFaceDetect_networkFaces(
    CFaceDetect_Network *_Nonnull network,
    const uint8_t *_Nonnull gray, int32_t width, int32_t height, int32_t rowBytes, float minScore,
    CFaceDetect_Face *_Nullable faces, int32_t capacity,
    char *_Nullable error, size_t errorCapacity);

#ifdef __cplusplus
}
#endif
