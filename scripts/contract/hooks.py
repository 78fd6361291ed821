"""schemathesis hooks for scripts/test-contract.sh: real pictures on the wire of every positive upload.

A positive case is one schemathesis means to be valid, and the service should serve it. The
schema can say that `screenshot` is binary, but not that it must show an IMEI, nor that a KYC
application's images must pass: random bytes are never a readable screenshot or a passing
document, so a generated positive upload is always refused (422 with 4005, or a failing KYC
verdict), the reading routes' 200 paths go untested, and schemathesis warns that the operation
"mostly rejected generated data".

So each positive case that uploads files is sent with real ones from samples/: a screenshot in
place of `screenshot` (and as the raw body of POST /v1/imei), and on the two KYC operations the
drawn KYC samples as `front`, `back` and `selfie` (a KYC step without its images is refused,
FILE_MISSING) with the document fields they pass with. Every other generated field is sent as
generated. Negative cases are sent exactly as generated, so the refusals (400, 415, 422 with
4005) are reached too.

Why `before_call` and the request's own body rather than `map_case`: schemathesis 4 re-judges a
case whose body a hook edits against the schema, and it judges any body holding bytes invalid
(`contains_binary`), so a real picture put into the case turns it into a *negative* case; the
positive cases then stay all refused. Passing the multipart parts as the transport's `files`
leaves the case, and its mode, as generated; the request recorded in the reports is the one
sent, pictures included.
"""
import json
import os
import pathlib

import schemathesis

SAMPLES = pathlib.Path(os.environ.get("ACTIVATION_SAMPLES", "samples"))
SCREENSHOT = ("screenshot.jpg", (SAMPLES / "0001_ios_dial_dark_jpeg85.jpg").read_bytes(), "image/jpeg")
KYC = {role: (f"{role}.jpg", (SAMPLES / "kyc" / f"{role}.jpg").read_bytes(), "image/jpeg") for role in ("front", "back", "selfie")}
DOCUMENT = {"documentType": "DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", "documentCountry": "CA", "documentState": "ON"}
# The operations whose multipart bodies carry the KYC images.
KYC_PATHS = {"/v1/kyc/prevalidate", "/v1/enrollments/{id}/steps"}
# The operations whose multipart bodies carry a screenshot.
SCREENSHOT_PATHS = {"/v1/imei", "/v1/activations/{id}/steps"}


def _is_positive(case) -> bool:
    meta = case.meta
    mode = getattr(getattr(meta, "generation", None), "mode", None)
    return str(getattr(mode, "value", mode)).lower() == "positive"


def _text(value) -> str:
    """A generated plain field as it goes on the wire (JSON spelling for non-strings)."""
    return value if isinstance(value, str) else json.dumps(value)


def _parts(path: str, body: dict) -> list:
    """The multipart parts of a positive upload: the generated fields, real files in place of the generated ones."""
    files = {}
    if path in SCREENSHOT_PATHS:
        files["screenshot"] = SCREENSHOT
    if path in KYC_PATHS:
        files.update(KYC)
    fields = {name: value for name, value in body.items() if name not in files}
    if path in KYC_PATHS:
        fields.update(DOCUMENT)
    parts = [(name, (None, _text(value))) for name, value in fields.items()]
    parts += [(name, file) for name, file in files.items()]
    return parts


@schemathesis.hook
def before_call(context, case, kwargs):
    if not _is_positive(case):
        return
    media = (case.media_type or "").split(";")[0].strip().lower()
    path = case.operation.path
    if media == "multipart/form-data":
        if not isinstance(case.body, dict) or path not in SCREENSHOT_PATHS | KYC_PATHS:
            return
        if path == "/v1/activations/{id}/steps" and "screenshot" not in case.body:
            return
        kwargs["files"] = _parts(path, case.body)
    elif path == "/v1/imei" and media:
        kwargs["data"] = SCREENSHOT[1]
