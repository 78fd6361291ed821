#!/usr/bin/env python3
"""Latency of whole KYC applications in the service: POST /v1/kyc/prevalidate with a front, a back
and a selfie, N times, C at once; prints p50/p95/max in milliseconds and the verdicts.

Usage: python3 scripts/bench-kyc.py --port PORT [--requests N] [--concurrency C] [--dir samples/kyc]
       [--strictness LEVEL]
Started by scripts/bench-kyc.sh, which starts the server. Python 3 standard library only.
"""
import argparse
import collections
import http.client
import os
import threading
import time
import uuid


def form(files, fields):
    """A multipart/form-data body and its content type."""
    boundary = uuid.uuid4().hex
    out = []
    for name, (filename, data) in files.items():
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                   f'Content-Type: image/jpeg\r\n\r\n'.encode() + data + b"\r\n")
    for name, value in fields.items():
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--requests", type=int, default=60)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "kyc"))
    ap.add_argument("--strictness", default="normal")
    a = ap.parse_args()
    files = {role: (f"{role}.jpg", open(os.path.join(a.dir, f"{role}.jpg"), "rb").read()) for role in ("front", "back", "selfie")}
    body, ctype = form(files, {"documentType": "DOCUMENT_TYPE_CANADIAN_PASSPORT", "documentCountry": "CA",
                               "strictness": a.strictness})
    times, statuses, lock = [], collections.Counter(), threading.Lock()
    remaining = [a.requests]

    def client():
        conn = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
        while True:
            with lock:
                if remaining[0] == 0:
                    return
                remaining[0] -= 1
            start = time.perf_counter()
            conn.request("POST", "/v1/kyc/prevalidate", body=body, headers={"Content-Type": ctype})
            response = conn.getresponse()
            response.read()
            elapsed = (time.perf_counter() - start) * 1000
            with lock:
                times.append(elapsed)
                statuses[response.status] += 1

    # One warm-up application, not counted.
    conn = http.client.HTTPConnection("127.0.0.1", a.port, timeout=60)
    conn.request("POST", "/v1/kyc/prevalidate", body=body, headers={"Content-Type": ctype})
    conn.getresponse().read()
    threads = [threading.Thread(target=client) for _ in range(a.concurrency)]
    wall = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - wall
    times.sort()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
    print(f"{len(times)} applications (front, back, selfie), {a.concurrency} at once, strictness {a.strictness}: "
          f"p50 {pick(0.5):.0f} ms, p95 {pick(0.95):.0f} ms, max {times[-1]:.0f} ms; "
          f"{len(times) / wall:.1f} applications/s; statuses {dict(statuses)}")


if __name__ == "__main__":
    main()
