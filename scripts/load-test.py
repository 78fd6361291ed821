#!/usr/bin/env python3
"""Load client for `activation serve`: N concurrent keep-alive clients, a bounded number of
requests and a time cap, multipart POSTs of a real screenshot to /v1/imei (and a share of
KYC pre-validations). A client that gets 503 waits its Retry-After (at most 5 s) before its
next request, as a well-behaved client would (--no-backoff to hammer instead). Prints requests/s, p50/p90/p99 latency, statuses, and the server's RSS
before, after warm-up and at the end (from /proc/PID/status).

Exits 1 if any request got a 5xx other than the designed 503 (busy), or failed outright.
Standard library only.
"""
import argparse
import http.client
import json
import os
import sys
import threading
import time
import uuid


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def multipart(fields):
    """fields: list of (name, filename or None, content-type or None, bytes)."""
    boundary = "----load-" + uuid.uuid4().hex
    out = bytearray()
    for name, filename, ctype, data in fields:
        out += f"--{boundary}\r\n".encode()
        disp = f'form-data; name="{name}"'
        if filename:
            disp += f'; filename="{filename}"'
        out += f"Content-Disposition: {disp}\r\n".encode()
        if ctype:
            out += f"Content-Type: {ctype}\r\n".encode()
        out += b"\r\n" + data + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1)))))
    return sorted_values[k]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--pid", type=int, help="the server's PID, for RSS")
    ap.add_argument("--image", required=True, help="the screenshot to send")
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--max-seconds", type=float, default=600, help="stop issuing requests after this long")
    ap.add_argument("--kyc-every", type=int, default=10, help="every Nth request is a KYC pre-validation (0: none)")
    ap.add_argument("--warmup", type=int, default=100, help="requests before the 'warm' RSS sample")
    ap.add_argument("--api-key", default=os.environ.get("ACTIVATION_API_KEY"))
    ap.add_argument("--no-backoff", action="store_true", help="do not wait Retry-After after a 503")
    args = ap.parse_args()

    image = open(args.image, "rb").read()
    imei_body, imei_type = multipart([("screenshot", os.path.basename(args.image), "image/jpeg", image)])
    kyc_body, kyc_type = multipart([
        ("front", "front.jpg", "image/jpeg", image),
        ("back", "back.jpg", "image/jpeg", image),
        ("documentType", None, None, b"AADHAAR"),
        ("documentCountry", None, None, b"IN"),
        ("fix", None, None, b"false"),
    ])

    lock = threading.Lock()
    next_index = [0]
    results = []  # (kind, status, seconds)
    failures = []
    rss = {"before": rss_kib(args.pid) if args.pid else None, "warm": None}
    start = time.monotonic()
    deadline = start + args.max_seconds

    def take():
        with lock:
            if next_index[0] >= args.requests or time.monotonic() > deadline:
                return None
            i = next_index[0]
            next_index[0] += 1
            if i == args.warmup and args.pid:
                rss["warm"] = rss_kib(args.pid)
            return i

    def client():
        conn = http.client.HTTPConnection(args.host, args.port, timeout=120)
        while True:
            i = take()
            if i is None:
                break
            kyc = args.kyc_every and i % args.kyc_every == args.kyc_every - 1
            path, body, ctype = ("/v1/kyc/prevalidate", kyc_body, kyc_type) if kyc else ("/v1/imei", imei_body, imei_type)
            headers = {"Content-Type": ctype}
            if args.api_key:
                headers["Authorization"] = f"Bearer {args.api_key}"
            t0 = time.monotonic()
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                resp.read()
                status = resp.status
                retry_after = resp.getheader("Retry-After")
            except (OSError, http.client.HTTPException) as e:
                conn.close()
                conn = http.client.HTTPConnection(args.host, args.port, timeout=120)
                with lock:
                    failures.append(f"{path}: {e!r}")
                continue
            with lock:
                results.append(("kyc" if kyc else "imei", status, time.monotonic() - t0))
            if status == 503 and not args.no_backoff:
                time.sleep(min(float(retry_after or 1), 5))
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    rss["end"] = rss_kib(args.pid) if args.pid else None

    statuses = {}
    for kind, status, _ in results:
        statuses[f"{kind} {status}"] = statuses.get(f"{kind} {status}", 0) + 1
    served = sorted(s for _, status, s in results if status != 503)
    bad = [(k, st) for k, st, _ in results if st >= 500 and st != 503]
    report = {
        "requests": len(results),
        "concurrency": args.concurrency,
        "seconds": round(elapsed, 2),
        "requests_per_second": round(len(results) / elapsed, 2) if elapsed else None,
        "served_per_second": round(len(served) / elapsed, 2) if elapsed else None,
        "latency_ms_served": {
            "p50": round(percentile(served, 50) * 1000, 1),
            "p90": round(percentile(served, 90) * 1000, 1),
            "p99": round(percentile(served, 99) * 1000, 1),
            "max": round(served[-1] * 1000, 1) if served else None,
        },
        "statuses": dict(sorted(statuses.items())),
        "unexpected_5xx": len(bad),
        "transport_failures": len(failures),
        "rss_kib": rss,
    }
    print(json.dumps(report, indent=2))
    for f in failures[:5]:
        print("failure:", f, file=sys.stderr)
    return 1 if bad or failures else 0


if __name__ == "__main__":
    sys.exit(main())
