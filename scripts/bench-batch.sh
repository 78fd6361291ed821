#!/usr/bin/env bash
# Benchmarks `activation batch` against the plain `activation imei` on the same images, and
# measures peak memory for a 10,000-input run. Prints its numbers; fails nothing for being slow.
#
#   scripts/bench-batch.sh [CORPUS_DIR]        (default: ../shared/corpus/dev-clean)
#
# Environment:
#   BIN=path/to/activation  use this binary instead of building one (`swift build -c release`)
#   READER=imei|digest      the batch reader (default imei; digest measures the queue alone)
#   LIMIT=N                 use only the first N images of the corpus (linked into a temp dir)
#   LARGE=10000             inputs in the memory run (0 skips it)
#   DISTINCT=1              make the memory run's inputs distinct files (a unique trailer
#                           appended to each copy), so every one is really read: hours of OCR.
#                           By default they are symlinks to the corpus: distinct paths, same
#                           contents, so the run reads each content once and copies the rest;
#                           it measures the queue, hashing and memory, not OCR.
set -euo pipefail

cd "$(dirname "$0")/.."
CORPUS="$(cd "${1:-../shared/corpus/dev-clean}" && pwd)"
READER="${READER:-imei}"
LARGE="${LARGE:-10000}"
CORES="$(nproc 2>/dev/null || echo 2)"

if [ -z "${BIN:-}" ]; then
    source scripts/build-flags.sh
    swift build "${SWIFT_BUILD_FLAGS[@]}" --product activation >&2
    BIN="$PWD/.build/release/activation"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/bench-batch.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

mapfile -t IMAGES < <(find "$CORPUS" -type f \( -iname '*.png' -o -iname '*.jpg' -o -iname '*.jpeg' \
    -o -iname '*.webp' -o -iname '*.heic' -o -iname '*.heif' -o -iname '*.gif' -o -iname '*.bmp' \
    -o -iname '*.tif' -o -iname '*.tiff' \) ! -name '.*' | sort)
if [ -n "${LIMIT:-}" ] && [ "$LIMIT" -lt "${#IMAGES[@]}" ]; then
    mkdir -p "$WORK/corpus"
    for source in "${IMAGES[@]:0:$LIMIT}"; do ln -s "$source" "$WORK/corpus/$(basename "$source")"; done
    CORPUS="$WORK/corpus"
    IMAGES=("${IMAGES[@]:0:$LIMIT}")
fi
COUNT="${#IMAGES[@]}"
[ "$COUNT" -gt 0 ] || { echo "no images in $CORPUS" >&2; exit 66; }

now() { date +%s.%N; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.2f", (s > 0 ? n / s : 0) }'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# Runs CMD with GNU time; prints "seconds peak_rss_kib exit_status".
measure() {
    local log="$WORK/time.$RANDOM"
    local start end status
    start="$(now)"
    set +e
    /usr/bin/time -v -o "$log" "$@" >"$WORK/last.out" 2>"$WORK/last.err"
    status=$?
    set -e
    end="$(now)"
    local rss
    rss="$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")"
    echo "$(elapsed "$start" "$end") ${rss:-0} $status"
}

printf 'corpus   %s (%d images)\nbinary   %s\nreader   %s\ncores    %s\n\n' "$CORPUS" "$COUNT" "$BIN" "$READER" "$CORES"
printf '%-34s %8s %10s %12s %s\n' "run" "seconds" "images/s" "peak RSS MiB" "exit"

report() {
    local name="$1" count="$2" seconds="$3" rss="$4" status="$5"
    printf '%-34s %8s %10s %12s %s\n' "$name" "$seconds" "$(rate "$count" "$seconds")" \
        "$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')" "$status"
}

for workers in 1 2; do
    read -r seconds rss status < <(measure "$BIN" batch run "$CORPUS" --db "$WORK/w$workers.sqlite" \
        --workers "$workers" --reader "$READER" --quiet)
    report "batch run --workers $workers" "$COUNT" "$seconds" "$rss" "$status"
    grep -E 'latency|images/s' "$WORK/last.out" | sed 's/^/    /' || true
done

read -r seconds rss status < <(measure "$BIN" batch run "$CORPUS" --db "$WORK/w2.sqlite" --reader "$READER" --quiet)
report "batch run (rerun: all skipped)" "$COUNT" "$seconds" "$rss" "$status"

for workers in 1 2; do
    read -r seconds rss status < <(measure "$BIN" imei --json --workers "$workers" "${IMAGES[@]}")
    report "imei --json --workers $workers" "$COUNT" "$seconds" "$rss" "$status"
done

if [ "$LARGE" -gt 0 ]; then
    mkdir -p "$WORK/large"
    for ((i = 0; i < LARGE; i++)); do
        source="${IMAGES[i % COUNT]}"
        target="$WORK/large/$(printf '%05d' "$i")-$(basename "$source")"
        if [ "${DISTINCT:-0}" = 1 ]; then
            cp "$source" "$target"
            printf 'bench-%d' "$i" >>"$target"
        else
            ln -s "$source" "$target"
        fi
    done
    find "$WORK/large" -mindepth 1 >"$WORK/large.txt"
    read -r seconds rss status < <(measure "$BIN" batch run "@$WORK/large.txt" --db "$WORK/large.sqlite" \
        --reader "$READER" --quiet --out "$WORK/large.jsonl")
    report "batch run $LARGE inputs (--workers $CORES)" "$LARGE" "$seconds" "$rss" "$status"
    grep -E 'duplicates|recorded' "$WORK/last.out" | sed 's/^/    /' || true
    printf '    export: %s lines, database %s KiB\n' "$(wc -l <"$WORK/large.jsonl")" "$(( $(stat -c %s "$WORK/large.sqlite") / 1024 ))"
fi
