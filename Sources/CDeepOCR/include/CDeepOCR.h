/* CDeepOCR: a PP-OCR text detector (DB) and recogniser (CTC) run on ONNX Runtime, which is loaded
 * with dlopen at run time (no ONNX Runtime header or library is needed to build); its pixel geometry is
 * OpenCV's. A C interface, reentrant: once opened, a context holds no mutable state, so several threads may call
 * CDeepOCR_detect and CDeepOCR_recognise on one context at once (ONNX Runtime's Run is thread-safe).
 * Every call blocks the calling thread while the network runs. */
#ifndef CDEEPOCR_H
#define CDEEPOCR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CDeepOCR CDeepOCR;

/* An 8-bit image, interleaved: c = 3 (R, G, B) or 1 (gray), rows of w * c bytes. */
typedef struct {
  int w, h, c;
  unsigned char *px;
} CDeepOCRImage;

/* A text box: corners top-left, top-right, bottom-right, bottom-left, in the detected image's pixels. */
typedef struct {
  float x[4], y[4];
  float score; /* mean text probability inside the box */
} CDeepOCRBox;

/* A recognised line: UTF-8 text and, for each character kept after CTC collapse, its confidence and the
 * CTC step it came from (each step spans 8 pixels of the line resized to height 48). */
typedef struct {
  char *text;
  int n;
  float *conf;
  int *step;
  int steps;
} CDeepOCRText;

/* One reading's run options (ONNX Runtime's OrtRunOptions): every network run of that reading passes
 * them, so that CDeepOCR_run_stop, called from any thread, ends the run under way (ONNX Runtime polls the
 * flag between operators) and every later one at once. */
typedef struct CDeepOCRRun CDeepOCRRun;

/* Opens the library at `lib` (libonnxruntime.so.1.x) and the detector and recogniser models. Returns
 * NULL on any failure (missing file, ABI mismatch, out of memory) with the reason in err. */
CDeepOCR *CDeepOCR_open(const char *lib, const char *det, const char *rec, char *err, size_t errlen);
void CDeepOCR_close(CDeepOCR *ctx);

/* New run options, or NULL when they cannot be made (out of memory). Free them with CDeepOCR_run_free. */
CDeepOCRRun *CDeepOCR_run_new(const CDeepOCR *ctx);
/* Sets the run's terminate flag: the run under way fails soon, later ones fail at once. Thread-safe. */
void CDeepOCR_run_stop(const CDeepOCR *ctx, CDeepOCRRun *run);
void CDeepOCR_run_free(const CDeepOCR *ctx, CDeepOCRRun *run);
const char *CDeepOCR_version(const CDeepOCR *ctx);

/* Detects text boxes on img under `run` (NULL: no way to stop it), scaled so that its longer side is at most max_side (rounded to 32).
 * Boxes are in img's pixels, top to bottom then left to right; *boxes is malloc'd (free it).
 * Returns the count, or -1 on error (bad size, out of memory, the network failed). */
int CDeepOCR_detect(const CDeepOCR *ctx, CDeepOCRRun *run, const CDeepOCRImage *img, int max_side, CDeepOCRBox **boxes);

/* The box's quadrilateral cut out of img and warped upright; when `turn` is non-zero (a vertical
 * line), turned counter-clockwise as well. out->px is malloc'd. Returns 0, or -1 on error. */
int CDeepOCR_crop(const CDeepOCRImage *img, const CDeepOCRBox *box, int turn, CDeepOCRImage *out);

/* The image turned by half a turn, in place: a vertical line's crop read the other way. */
void CDeepOCR_turn_half(CDeepOCRImage *img);

/* Recognises one text line (any size up to 4096 x 4096, aspect ratio up to 64). Returns 0, or -1 (also when
 * `run` was stopped). `run` may be NULL, as in CDeepOCR_detect. */
int CDeepOCR_recognise(const CDeepOCR *ctx, CDeepOCRRun *run, const CDeepOCRImage *line, CDeepOCRText *out);
void CDeepOCR_text_free(CDeepOCRText *text);
void CDeepOCR_image_free(CDeepOCRImage *image);

#ifdef __cplusplus
}
#endif

#endif
