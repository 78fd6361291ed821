/* CDeepOCR: see include/CDeepOCR.h. The pre- and post-processing follow RapidOCR 3.10 for the PP-OCRv6
 * models: B,G,R planes normalised as (v/255 - 0.5)/0.5; DB post-processing (threshold 0.3, 2x2 dilation,
 * box score 0.5, boxes grown by area * 1.6 / perimeter); recognition at height 48, greedy CTC decoding
 * with the alphabet stored in the recogniser's metadata (index 0 blank, then the characters, then space).
 * One difference: RapidOCR pads every line to at least 320 px wide; here a line keeps its own width
 * (rounded up to 8 px, at least 64), as the recogniser's cost grows with the width. Short lines (labels)
 * cost less than half; readings on every corpus stayed the same, for 20% less CPU on photos.
 * The pixel geometry (resizing, the boxes, the crops) is OpenCV's, in geometry.cpp. */
#define _GNU_SOURCE
#include "CDeepOCR.h"
#include "deepocr_geometry.h"
#include "ort_min.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REC_HEIGHT = 48, REC_MIN_WIDTH = 64, REC_WIDTH_STEP = 8, MAX_SIDE = CDEEPOCR_MAX_SIDE, MAX_ASPECT = 64 };

struct CDeepOCR {
  void *lib;
  const OrtApi *api;
  const char *version;
  OrtEnv *env;
  OrtMemoryInfo *meminfo;
  OrtAllocator *alloc;
  OrtSession *det, *rec;
  char det_in[64], det_out[64], rec_in[64], rec_out[64];
  const char **chars; /* 0 = CTC blank, 1..n = the model's characters, last = " " */
  int nchars;
  char *charbuf;
};

/* ------------------------------------------------------------------ ONNX Runtime plumbing */

/* Releases `s`; writes its message to err. Returns -1 when there was an error, else 0. */
static int failed(const CDeepOCR *c, OrtStatus *s, char *err, size_t errlen, const char *what) {
  if (!s) return 0;
  if (err && errlen) snprintf(err, errlen, "%s: %s", what, c->api->GetErrorMessage(s));
  c->api->ReleaseStatus(s);
  return -1;
}
#define TRY(call, what)                                  \
  do {                                                   \
    if (failed(c, (call), err, errlen, what)) goto fail; \
  } while (0)

static OrtSession *open_session(CDeepOCR *c, const char *path, char *in, char *out, char *err, size_t errlen) {
  OrtSessionOptions *so = NULL;
  OrtSession *s = NULL;
  char *name = NULL;
  TRY(c->api->CreateSessionOptions(&so), "CreateSessionOptions");
  TRY(c->api->SetIntraOpNumThreads(so, 1), "SetIntraOpNumThreads");
  TRY(c->api->SetInterOpNumThreads(so, 1), "SetInterOpNumThreads");
  TRY(c->api->SetSessionGraphOptimizationLevel(so, ORT_ENABLE_ALL), "SetSessionGraphOptimizationLevel");
  /* ONNX Runtime's memory arena stays on: it keeps the largest tensors ever run, which the
   * detector's bound on the page side (and the recogniser's on the line) caps. Measured over
   * 420 photos and box labels: 7% less CPU (the kernel's page faults, 11.8 s → 1.4 s), 33 MB more
   * peak. */
  TRY(c->api->AddSessionConfigEntry(so, "session.intra_op.allow_spinning", "0"), "AddSessionConfigEntry");
  TRY(c->api->CreateSession(c->env, path, so, &s), "CreateSession");
  TRY(c->api->SessionGetInputName(s, 0, c->alloc, &name), "SessionGetInputName");
  snprintf(in, 64, "%s", name);
  c->api->AllocatorFree(c->alloc, name);
  name = NULL;
  TRY(c->api->SessionGetOutputName(s, 0, c->alloc, &name), "SessionGetOutputName");
  snprintf(out, 64, "%s", name);
  c->api->AllocatorFree(c->alloc, name);
  c->api->ReleaseSessionOptions(so);
  return s;
fail:
  if (s) c->api->ReleaseSession(s);
  if (so) c->api->ReleaseSessionOptions(so);
  return NULL;
}

/* The alphabet from the recogniser's metadata key "character", one entry per line. */
static int load_alphabet(CDeepOCR *c, char *err, size_t errlen) {
  OrtModelMetadata *md = NULL;
  char *val = NULL;
  TRY(c->api->SessionGetModelMetadata(c->rec, &md), "SessionGetModelMetadata");
  TRY(c->api->ModelMetadataLookupCustomMetadataMap(md, c->alloc, "character", &val), "LookupCustomMetadataMap");
  c->api->ReleaseModelMetadata(md);
  md = NULL;
  if (!val) {
    snprintf(err, errlen, "the recogniser has no 'character' metadata");
    return -1;
  }
  c->charbuf = strdup(val);
  c->api->AllocatorFree(c->alloc, val);
  if (!c->charbuf) goto oom;
  int lines = 1;
  for (char *p = c->charbuf; *p; p++) lines += (*p == '\n');
  c->chars = calloc((size_t)lines + 2, sizeof(char *));
  if (!c->chars) goto oom;
  int n = 0;
  c->chars[n++] = "";
  char *p = c->charbuf;
  for (;;) {
    char *nl = strchr(p, '\n');
    if (nl) *nl = 0;
    size_t len = strlen(p);
    if (len && p[len - 1] == '\r') p[len - 1] = 0;
    if (nl || *p) c->chars[n++] = p;
    if (!nl) break;
    p = nl + 1;
  }
  c->chars[n++] = " ";
  c->nchars = n;
  return 0;
oom:
  snprintf(err, errlen, "out of memory");
  return -1;
fail:
  if (md) c->api->ReleaseModelMetadata(md);
  return -1;
}

CDeepOCR *CDeepOCR_open(const char *lib, const char *det, const char *rec, char *err, size_t errlen) {
  CDeepOCR *c = calloc(1, sizeof *c);
  if (!c) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  c->lib = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!c->lib) {
    const char *why = dlerror();
    snprintf(err, errlen, "%s", why ? why : "dlopen failed");
    free(c);
    return NULL;
  }
  OrtGetApiBaseFn base_fn = (OrtGetApiBaseFn)dlsym(c->lib, "OrtGetApiBase");
  const OrtApiBase *base = base_fn ? base_fn() : NULL;
  if (!base) {
    snprintf(err, errlen, "%s has no OrtGetApiBase", lib);
    goto fail;
  }
  c->version = base->GetVersionString();
  c->api = base->GetApi(ORT_MIN_API_VERSION);
  if (!c->api) {
    snprintf(err, errlen, "onnxruntime %s refuses C API version %u", c->version, ORT_MIN_API_VERSION);
    goto fail;
  }
  TRY(c->api->CreateEnv(ORT_LOGGING_LEVEL_ERROR, "CDeepOCR", &c->env), "CreateEnv");
  TRY(c->api->CreateCpuMemoryInfo(OrtArenaAllocator, OrtMemTypeDefault, &c->meminfo), "CreateCpuMemoryInfo");
  TRY(c->api->GetAllocatorWithDefaultOptions(&c->alloc), "GetAllocatorWithDefaultOptions");
  if (!(c->det = open_session(c, det, c->det_in, c->det_out, err, errlen))) goto fail;
  if (!(c->rec = open_session(c, rec, c->rec_in, c->rec_out, err, errlen))) goto fail;
  if (load_alphabet(c, err, errlen)) goto fail;
  return c;
fail:
  CDeepOCR_close(c);
  return NULL;
}

void CDeepOCR_close(CDeepOCR *c) {
  if (!c) return;
  if (c->api) {
    if (c->det) c->api->ReleaseSession(c->det);
    if (c->rec) c->api->ReleaseSession(c->rec);
    if (c->meminfo) c->api->ReleaseMemoryInfo(c->meminfo);
    if (c->env) c->api->ReleaseEnv(c->env);
  }
  free(c->chars);
  free(c->charbuf);
  /* The library stays loaded: its static destructors and thread-locals make dlclose unsafe. */
  free(c);
}

const char *CDeepOCR_version(const CDeepOCR *c) { return c->version; }

CDeepOCRRun *CDeepOCR_run_new(const CDeepOCR *c) {
  OrtRunOptions *o = NULL;
  OrtStatus *s = c->api->CreateRunOptions(&o);
  if (s) {
    c->api->ReleaseStatus(s);
    return NULL;
  }
  return (CDeepOCRRun *)o;
}

void CDeepOCR_run_stop(const CDeepOCR *c, CDeepOCRRun *r) {
  if (!r) return;
  OrtStatus *s = c->api->RunOptionsSetTerminate((OrtRunOptions *)r);
  if (s) c->api->ReleaseStatus(s);
}

void CDeepOCR_run_free(const CDeepOCR *c, CDeepOCRRun *r) {
  if (r) c->api->ReleaseRunOptions((OrtRunOptions *)r);
}

/* Runs a session on one float input [1, 3, h, w]; returns the output (caller releases) and its shape. */
static OrtValue *run(const CDeepOCR *c, CDeepOCRRun *r, OrtSession *s, const char *in, const char *out, float *data,
                     int64_t h, int64_t w, int64_t shape[4], size_t *ndim) {
  char err[256];
  size_t errlen = sizeof err;
  int64_t ishape[4] = {1, 3, h, w};
  OrtValue *iv = NULL, *ov = NULL;
  OrtTensorTypeAndShapeInfo *info = NULL;
  TRY(c->api->CreateTensorWithDataAsOrtValue(c->meminfo, data, (size_t)(3 * h * w) * sizeof(float), ishape, 4,
                                             ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &iv),
      "CreateTensor");
  const char *ins[1] = {in}, *outs[1] = {out};
  TRY(c->api->Run(s, (const OrtRunOptions *)r, ins, (const OrtValue *const *)&iv, 1, outs, 1, &ov), "Run");
  c->api->ReleaseValue(iv);
  iv = NULL;
  TRY(c->api->GetTensorTypeAndShape(ov, &info), "GetTensorTypeAndShape");
  TRY(c->api->GetDimensionsCount(info, ndim), "GetDimensionsCount");
  if (*ndim < 2 || *ndim > 4) goto fail;
  TRY(c->api->GetDimensions(info, shape, *ndim), "GetDimensions");
  c->api->ReleaseTensorTypeAndShapeInfo(info);
  return ov;
fail:
  if (info) c->api->ReleaseTensorTypeAndShapeInfo(info);
  if (iv) c->api->ReleaseValue(iv);
  if (ov) c->api->ReleaseValue(ov);
  return NULL;
}

/* ------------------------------------------------------------------ images */

void CDeepOCR_image_free(CDeepOCRImage *im) {
  if (!im) return;
  free(im->px);
  im->px = NULL;
}

/* The image as planar float B, G, R, (v/255 - 0.5)/0.5, into a zeroed [3, H, Wt] buffer. */
static void to_planar_bgr(const CDeepOCRImage *im, float *dst, int Wt, int H) {
  size_t plane = (size_t)Wt * H;
  for (int y = 0; y < im->h; y++) {
    const unsigned char *r = im->px + (size_t)y * im->w * im->c;
    for (int x = 0; x < im->w; x++) {
      float R, G, B;
      if (im->c == 1) {
        R = G = B = r[x];
      } else {
        R = r[3 * x];
        G = r[3 * x + 1];
        B = r[3 * x + 2];
      }
      size_t o = (size_t)y * Wt + x;
      dst[o] = B / 127.5f - 1.f;
      dst[plane + o] = G / 127.5f - 1.f;
      dst[2 * plane + o] = R / 127.5f - 1.f;
    }
  }
}

/* img resized to w x h, laid out as a planar BGR tensor `width` wide (zero-padded on the right),
 * and run through session s. NULL on any failure. */
static OrtValue *run_resized(const CDeepOCR *c, CDeepOCRRun *r, OrtSession *s, const char *in, const char *out,
                             const CDeepOCRImage *img, int w, int h, int width, int64_t shape[4], size_t *ndim) {
  CDeepOCRImage resized;
  if (CDeepOCR_resize(img, &resized, w, h)) return NULL;
  float *buf = calloc((size_t)3 * width * h, sizeof(float));
  if (!buf) {
    CDeepOCR_image_free(&resized);
    return NULL;
  }
  to_planar_bgr(&resized, buf, width, h);
  CDeepOCR_image_free(&resized);
  OrtValue *ov = run(c, r, s, in, out, buf, h, width, shape, ndim);
  free(buf);
  return ov;
}

static int round32(double v) { return (int)(rint(v / 32.0) * 32); }

/* ------------------------------------------------------------------ detection */

int CDeepOCR_detect(const CDeepOCR *c, CDeepOCRRun *r, const CDeepOCRImage *img, int max_side, CDeepOCRBox **boxes) {
  *boxes = NULL;
  if (!CDeepOCR_valid(img) || max_side < 32 || max_side > MAX_SIDE) return -1;
  double longer = img->w > img->h ? img->w : img->h;
  double ratio = longer > max_side ? max_side / longer : 1.0;
  int dw = round32(img->w * ratio), dh = round32(img->h * ratio);
  if (dw < 32) dw = 32;
  if (dh < 32) dh = 32;
  int64_t shape[4];
  size_t nd = 0;
  OrtValue *ov = run_resized(c, r, c->det, c->det_in, c->det_out, img, dw, dh, dw, shape, &nd);
  if (!ov) return -1;
  float *pred = NULL;
  int n = -1;
  if (!c->api->GetTensorMutableData(ov, (void **)&pred) && pred && shape[nd - 2] > 0 && shape[nd - 1] > 0)
    n = CDeepOCR_db_boxes(pred, (int)shape[nd - 1], (int)shape[nd - 2], img->w, img->h, boxes);
  c->api->ReleaseValue(ov);
  return n;
}

/* ------------------------------------------------------------------ recognition */

int CDeepOCR_recognise(const CDeepOCR *c, CDeepOCRRun *r, const CDeepOCRImage *line, CDeepOCRText *t) {
  memset(t, 0, sizeof *t);
  if (!CDeepOCR_valid(line) || line->w > MAX_SIDE || line->h > MAX_SIDE || line->w > (long)line->h * MAX_ASPECT) return -1;
  double ratio = (double)line->w / line->h;
  int rw = (int)ceil(REC_HEIGHT * ratio);
  if (rw < 1) rw = 1;
  int Wt = (rw + REC_WIDTH_STEP - 1) / REC_WIDTH_STEP * REC_WIDTH_STEP;
  if (Wt < REC_MIN_WIDTH) Wt = REC_MIN_WIDTH;
  int64_t shape[4];
  size_t nd = 0;
  OrtValue *ov = run_resized(c, r, c->rec, c->rec_in, c->rec_out, line, rw, REC_HEIGHT, Wt, shape, &nd);
  if (!ov) return -1;
  float *pr = NULL;
  int T = nd == 3 ? (int)shape[1] : 0, K = nd == 3 ? (int)shape[2] : 0;
  if (c->api->GetTensorMutableData(ov, (void **)&pr) || !pr || T <= 0 || K <= 0) goto fail;
  t->steps = T;
  t->conf = malloc(sizeof(float) * (T + 1));
  t->step = malloc(sizeof(int) * (T + 1));
  size_t cap = 64, len = 0;
  t->text = malloc(cap);
  if (!t->conf || !t->step || !t->text) goto fail;
  int prev = -1;
  for (int s = 0; s < T; s++) {
    const float *row = pr + (size_t)s * K;
    int best = 0;
    float bv = row[0];
    for (int k = 1; k < K; k++)
      if (row[k] > bv) bv = row[k], best = k;
    if (best != prev && best != 0 && best < c->nchars) {
      const char *ch = c->chars[best];
      size_t L = strlen(ch);
      if (len + L + 1 > cap) {
        char *grown = realloc(t->text, cap = (cap + L) * 2);
        if (!grown) goto fail;
        t->text = grown;
      }
      memcpy(t->text + len, ch, L);
      len += L;
      t->conf[t->n] = bv;
      t->step[t->n] = s;
      t->n++;
    }
    prev = best;
  }
  t->text[len] = 0;
  c->api->ReleaseValue(ov);
  return 0;
fail:
  c->api->ReleaseValue(ov);
  CDeepOCR_text_free(t);
  return -1;
}

void CDeepOCR_text_free(CDeepOCRText *t) {
  free(t->text);
  free(t->conf);
  free(t->step);
  memset(t, 0, sizeof *t);
}
