/* ort_min.h: the few pieces of the ONNX Runtime C API that CDeepOCR uses.
 *
 * Written from the public API description (OrtApiBase -> GetApi(version) -> const OrtApi*, a table of
 * function pointers that ONNX Runtime only ever appends to). Slot numbers were read off the API
 * documentation/header of API version 29 and are stable for every later version; each used slot is
 * checked below with a static assertion against its index. Unused slots are opaque pointer padding.
 * Nothing from the upstream header is copied here beyond the names and signatures we call.
 *
 * All used slots exist since API version 11 (ORT 1.11); we ask for ORT_MIN_API_VERSION below, so any
 * libonnxruntime >= 1.11 (e.g. the 1.32.0 in the onnxruntime wheel) hands us this table.
 */
#ifndef ORT_MIN_H
#define ORT_MIN_H

#include <stddef.h>
#include <stdint.h>

#define ORT_MIN_API_VERSION 11u

typedef struct OrtStatus OrtStatus;
typedef struct OrtEnv OrtEnv;
typedef struct OrtSession OrtSession;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtValue OrtValue;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtAllocator OrtAllocator;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtModelMetadata OrtModelMetadata;

/* enum values as in the API (plain ints across the ABI) */
typedef int OrtErrorCode;               /* 0 = ORT_OK */
typedef int OrtLoggingLevel;            /* 0 verbose, 1 info, 2 warning, 3 error, 4 fatal */
#define ORT_LOGGING_LEVEL_ERROR 3
typedef int GraphOptimizationLevel;     /* 0 disable, 1 basic, 2 extended, 99 all */
#define ORT_ENABLE_ALL 99
typedef int OrtAllocatorType;           /* 0 device, 1 arena */
#define OrtArenaAllocator 1
typedef int OrtMemType;                 /* 0 default */
#define OrtMemTypeDefault 0
typedef int ONNXTensorElementDataType;  /* 1 = float */
#define ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT 1

typedef struct OrtApi OrtApi;

typedef struct OrtApiBase {
  const OrtApi *(*GetApi)(uint32_t version);
  const char *(*GetVersionString)(void);
} OrtApiBase;

typedef const OrtApiBase *(*OrtGetApiBaseFn)(void);   /* exported as "OrtGetApiBase" */

#define ORT_PAD(a, b) void *pad_##a##_##b[(b) - (a) + 1]

struct OrtApi {
  ORT_PAD(0, 0);                                                                   /* CreateStatus */
  OrtErrorCode (*GetErrorCode)(const OrtStatus *status);                           /* 1 */
  const char *(*GetErrorMessage)(const OrtStatus *status);                         /* 2 */
  OrtStatus *(*CreateEnv)(OrtLoggingLevel level, const char *logid, OrtEnv **out); /* 3 */
  ORT_PAD(4, 6);
  OrtStatus *(*CreateSession)(const OrtEnv *env, const char *model_path,
                              const OrtSessionOptions *options, OrtSession **out); /* 7 */
  ORT_PAD(8, 8);                                                                   /* CreateSessionFromArray */
  OrtStatus *(*Run)(OrtSession *session, const OrtRunOptions *run_options,
                    const char *const *input_names, const OrtValue *const *inputs, size_t input_len,
                    const char *const *output_names, size_t output_names_len,
                    OrtValue **outputs);                                           /* 9 */
  OrtStatus *(*CreateSessionOptions)(OrtSessionOptions **options);                 /* 10 */
  ORT_PAD(11, 18);
  OrtStatus *(*DisableCpuMemArena)(OrtSessionOptions *options);                    /* 19 */
  ORT_PAD(20, 22);
  OrtStatus *(*SetSessionGraphOptimizationLevel)(OrtSessionOptions *options,
                                                 GraphOptimizationLevel level);    /* 23 */
  OrtStatus *(*SetIntraOpNumThreads)(OrtSessionOptions *options, int n);           /* 24 */
  OrtStatus *(*SetInterOpNumThreads)(OrtSessionOptions *options, int n);           /* 25 */
  ORT_PAD(26, 29);
  OrtStatus *(*SessionGetInputCount)(const OrtSession *session, size_t *out);      /* 30 */
  OrtStatus *(*SessionGetOutputCount)(const OrtSession *session, size_t *out);     /* 31 */
  ORT_PAD(32, 35);
  OrtStatus *(*SessionGetInputName)(const OrtSession *session, size_t index,
                                    OrtAllocator *allocator, char **value);        /* 36 */
  OrtStatus *(*SessionGetOutputName)(const OrtSession *session, size_t index,
                                     OrtAllocator *allocator, char **value);       /* 37 */
  ORT_PAD(38, 38);
  OrtStatus *(*CreateRunOptions)(OrtRunOptions **out);                             /* 39 */
  ORT_PAD(40, 45);
  OrtStatus *(*RunOptionsSetTerminate)(OrtRunOptions *options);                    /* 46 */
  ORT_PAD(47, 48);
  OrtStatus *(*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *p_data,
                                               size_t p_data_len, const int64_t *shape,
                                               size_t shape_len, ONNXTensorElementDataType type,
                                               OrtValue **out);                    /* 49 */
  ORT_PAD(50, 50);
  OrtStatus *(*GetTensorMutableData)(OrtValue *value, void **out);                 /* 51 */
  ORT_PAD(52, 60);
  OrtStatus *(*GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out); /* 61 */
  OrtStatus *(*GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dim_values,
                              size_t dim_values_length);                           /* 62 */
  ORT_PAD(63, 63);
  OrtStatus *(*GetTensorShapeElementCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out); /* 64 */
  OrtStatus *(*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out); /* 65 */
  ORT_PAD(66, 68);
  OrtStatus *(*CreateCpuMemoryInfo)(OrtAllocatorType type, OrtMemType mem_type,
                                    OrtMemoryInfo **out);                          /* 69 */
  ORT_PAD(70, 75);
  OrtStatus *(*AllocatorFree)(OrtAllocator *allocator, void *p);                   /* 76 */
  ORT_PAD(77, 77);
  OrtStatus *(*GetAllocatorWithDefaultOptions)(OrtAllocator **out);                /* 78 */
  ORT_PAD(79, 91);
  void (*ReleaseEnv)(OrtEnv *input);                                               /* 92 */
  void (*ReleaseStatus)(OrtStatus *input);                                         /* 93 */
  void (*ReleaseMemoryInfo)(OrtMemoryInfo *input);                                 /* 94 */
  void (*ReleaseSession)(OrtSession *input);                                       /* 95 */
  void (*ReleaseValue)(OrtValue *input);                                           /* 96 */
  void (*ReleaseRunOptions)(OrtRunOptions *input);                                 /* 97 */
  ORT_PAD(98, 98);
  void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);         /* 99 */
  void (*ReleaseSessionOptions)(OrtSessionOptions *input);                         /* 100 */
  ORT_PAD(101, 110);
  OrtStatus *(*SessionGetModelMetadata)(const OrtSession *session, OrtModelMetadata **out); /* 111 */
  ORT_PAD(112, 115);
  OrtStatus *(*ModelMetadataLookupCustomMetadataMap)(const OrtModelMetadata *md,
                                                     OrtAllocator *allocator, const char *key,
                                                     char **value);                /* 116 */
  ORT_PAD(117, 117);
  void (*ReleaseModelMetadata)(OrtModelMetadata *input);                           /* 118 */
  ORT_PAD(119, 129);
  OrtStatus *(*AddSessionConfigEntry)(OrtSessionOptions *options, const char *key,
                                      const char *value);                          /* 130 */
  /* later slots are never touched */
};

#define ORT_SLOT(f) (offsetof(struct OrtApi, f) / sizeof(void *))
_Static_assert(ORT_SLOT(GetErrorCode) == 1, "slot");
_Static_assert(ORT_SLOT(GetErrorMessage) == 2, "slot");
_Static_assert(ORT_SLOT(CreateEnv) == 3, "slot");
_Static_assert(ORT_SLOT(CreateSession) == 7, "slot");
_Static_assert(ORT_SLOT(Run) == 9, "slot");
_Static_assert(ORT_SLOT(CreateSessionOptions) == 10, "slot");
_Static_assert(ORT_SLOT(DisableCpuMemArena) == 19, "slot");
_Static_assert(ORT_SLOT(SetSessionGraphOptimizationLevel) == 23, "slot");
_Static_assert(ORT_SLOT(SetIntraOpNumThreads) == 24, "slot");
_Static_assert(ORT_SLOT(SetInterOpNumThreads) == 25, "slot");
_Static_assert(ORT_SLOT(SessionGetInputCount) == 30, "slot");
_Static_assert(ORT_SLOT(SessionGetOutputCount) == 31, "slot");
_Static_assert(ORT_SLOT(SessionGetInputName) == 36, "slot");
_Static_assert(ORT_SLOT(SessionGetOutputName) == 37, "slot");
_Static_assert(ORT_SLOT(CreateRunOptions) == 39, "slot");
_Static_assert(ORT_SLOT(RunOptionsSetTerminate) == 46, "slot");
_Static_assert(ORT_SLOT(CreateTensorWithDataAsOrtValue) == 49, "slot");
_Static_assert(ORT_SLOT(GetTensorMutableData) == 51, "slot");
_Static_assert(ORT_SLOT(GetDimensionsCount) == 61, "slot");
_Static_assert(ORT_SLOT(GetDimensions) == 62, "slot");
_Static_assert(ORT_SLOT(GetTensorShapeElementCount) == 64, "slot");
_Static_assert(ORT_SLOT(GetTensorTypeAndShape) == 65, "slot");
_Static_assert(ORT_SLOT(CreateCpuMemoryInfo) == 69, "slot");
_Static_assert(ORT_SLOT(AllocatorFree) == 76, "slot");
_Static_assert(ORT_SLOT(GetAllocatorWithDefaultOptions) == 78, "slot");
_Static_assert(ORT_SLOT(ReleaseEnv) == 92, "slot");
_Static_assert(ORT_SLOT(ReleaseStatus) == 93, "slot");
_Static_assert(ORT_SLOT(ReleaseMemoryInfo) == 94, "slot");
_Static_assert(ORT_SLOT(ReleaseSession) == 95, "slot");
_Static_assert(ORT_SLOT(ReleaseValue) == 96, "slot");
_Static_assert(ORT_SLOT(ReleaseRunOptions) == 97, "slot");
_Static_assert(ORT_SLOT(ReleaseTensorTypeAndShapeInfo) == 99, "slot");
_Static_assert(ORT_SLOT(ReleaseSessionOptions) == 100, "slot");
_Static_assert(ORT_SLOT(SessionGetModelMetadata) == 111, "slot");
_Static_assert(ORT_SLOT(ModelMetadataLookupCustomMetadataMap) == 116, "slot");
_Static_assert(ORT_SLOT(ReleaseModelMetadata) == 118, "slot");
_Static_assert(ORT_SLOT(AddSessionConfigEntry) == 130, "slot");

#endif
