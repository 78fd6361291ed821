#!/usr/bin/env bash
# A probe, not a test: four fresh `batch work` processes on a PostgreSQL queue of N tiny inputs (default
# 8,000), the server stopped (fast) for 3 s four times while they work; prints how each worker ended and
# the queue's counts. Run it on a throwaway server:  scripts/with-postgres.sh env N=20000 scripts/probe-batch-outage.sh
# (BIN= picks the binary). Measured 2026-11-25: 20,000 inputs, 4 outages, 4 of 4 workers exit 0, every input recorded.
set -uo pipefail
BIN=${BIN:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/activation}
URL=$ACTIVATION_TEST_POSTGRES_URL
port=$(echo "$URL" | sed -E 's#.*:([0-9]+)/.*#\1#')
data=$(grep -l -- "\"$port\"" /tmp/activation-pg.*/data/postmaster.opts | head -1 | xargs dirname)
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pgctl() { runuser -u postgres -- "$pgbin/pg_ctl" "$@"; }
dir=$(mktemp -d); mkdir -p $dir/in
python3 - "$dir/in" <<'PY'
import sys, os, zlib, struct
d = sys.argv[1]
def png(i):
    # a tiny distinct PNG: 8x8 gray with its index in the pixels
    raw = b"".join(b"\x00" + bytes([(i >> (x % 3 * 4)) & 255 for x in range(8)]) for _ in range(8))
    def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 0, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
for i in range(int(os.environ.get("N", "8000"))):
    with open(os.path.join(d, f"{i:05d}.png"), "wb") as f: f.write(png(i) + i.to_bytes(4, "big"))
PY
$BIN batch enqueue --queue "$URL" $dir/in > $dir/enqueue.log 2>&1 || { echo "enqueue failed"; cat $dir/enqueue.log; exit 1; }
pids=()
for w in 1 2 3 4; do
  ( $BIN batch work --queue "$URL" --workers 1 --verbose > $dir/w$w.log 2>&1; echo $? > $dir/w$w.rc ) &
  pids+=($!)
done
for k in 1 2 3 4; do
  sleep 2
  done_now=$($BIN batch status --queue "$URL" 2>/dev/null | awk '$1=="failed"||$1=="done"{s+=$2} END{print s+0}')
  pgctl -D "$data" -m fast -w -t 30 stop > /dev/null; echo "outage $k at $(date +%T), $done_now inputs finished"
  sleep 3
  pgctl -D "$data" -l "$data/../server.log" -w -t 30 restart > /dev/null
done
start=$(date +%s)
for p in "${pids[@]}"; do wait $p; done
echo "workers done $(($(date +%s) - start)) s after the last outage"
for w in 1 2 3 4; do echo "worker $w exit $(cat $dir/w$w.rc): $(tail -1 $dir/w$w.log | cut -c1-160)"; done
$BIN batch status --queue "$URL" 2>&1 | head -12
for w in 1 2 3 4; do grep -c "" $dir/w$w.log; done | paste -sd+ | sed 's/^/log lines: /'
grep -h -i -E "retry|again|lost|error" $dir/w*.log | grep -v "4001" | cut -c1-200 | sort | uniq -c | sort -rn | head -8
rm -rf $dir
