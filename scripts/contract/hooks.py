"""schemathesis hooks for scripts/test-contract.sh: real pictures in half of the generated uploads.

Random bytes are never a screenshot with an IMEI or a passing KYC application, so without these
the reading routes would answer 422 to every generated case and their 200 paths would go
untested. Every other multipart body (and raw /v1/imei body) that schemathesis generates gets a
real screenshot from samples/ in place of its `screenshot`, and the drawn KYC samples with the
document fields they pass with in place of `front`, `back` and `selfie`; the other half stays
as generated.
"""
import itertools
import os
import pathlib

import schemathesis

SAMPLES = pathlib.Path(os.environ.get("ACTIVATION_SAMPLES", "samples"))
SCREENSHOT = (SAMPLES / "0001_ios_dial_dark_jpeg85.jpg").read_bytes()
KYC = {role: (SAMPLES / "kyc" / f"{role}.jpg").read_bytes() for role in ("front", "back", "selfie")}
DOCUMENT = {"documentType": "DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", "documentCountry": "CA", "documentState": "ON"}
_turn = itertools.count()


@schemathesis.hook
def map_case(context, case):
    media = (case.media_type or "").split(";")[0].strip().lower()
    if next(_turn) % 2 or not media:
        return case
    if media != "multipart/form-data":
        if case.operation.path == "/v1/imei" and isinstance(case.body, (bytes, bytearray, str)):
            case.body = SCREENSHOT
        return case
    if not isinstance(case.body, dict):
        return case
    body = dict(case.body)
    if "screenshot" in body or case.operation.path == "/v1/imei":
        body["screenshot"] = SCREENSHOT
    if any(role in body for role in KYC) or case.operation.path == "/v1/kyc/prevalidate":
        for role, data in KYC.items():
            body[role] = data
        body.update(DOCUMENT)
    case.body = body
    return case
