#!/usr/bin/env bash
# Throughput and accuracy of `activation imei` against the tesseract CLI peer
# (../shared/eval/peer_tesseract.py: the CLI on the whole image, a regex and Luhn), on the
# same images in one run, plus peak RSS over 1,000 images. Prints numbers; asserts nothing.
#
# usage: scripts/bench-imei.sh [CORPUS_DIR ...]   (default: ../shared/corpus/dev-clean dev-hard)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared
corpora=("$@")
((${#corpora[@]})) || corpora=("$shared/corpus/dev-clean" "$shared/corpus/dev-hard")
swift build -c release --product activation >/dev/null
bin=.build/release/activation
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMP_THREAD_LIMIT=1

images() { find "$1" -maxdepth 1 -type f ! -name '*.jsonl' ! -name '*.md' | sort; }
now() { date +%s.%N; }
rate() { python3 -c "print(f'{$1/($3-$2):.2f}')"; }

printf '%-28s %7s %12s %12s %8s %18s %18s\n' corpus images "ours img/s" "peer img/s" ratio "ours exact/FA" "peer exact/FA"
for c in "${corpora[@]}"; do
  mapfile -t files < <(images "$c")
  n=${#files[@]}
  t0=$(now); "$bin" imei --json "${files[@]}" > "$out/ours.jsonl" || true; t1=$(now)
  python3 "$shared/eval/peer_tesseract.py" "${files[@]}" > "$out/peer.jsonl"; t2=$(now)
  ours=$(rate "$n" "$t0" "$t1"); peer=$(rate "$n" "$t1" "$t2")
  score() { python3 "$shared/eval/score.py" "$c" "$1" --json | python3 -c 'import json,sys; s=json.load(sys.stdin); print("%.1f%%/%d" % (100 * s["exact_rate"], s["false_accepts"]))'; }
  printf '%-28s %7d %12s %12s %7.2fx %18s %18s\n' "$(basename "$c")" "$n" "$ours" "$peer" \
    "$(python3 -c "print($ours/$peer)")" "$(score "$out/ours.jsonl")" "$(score "$out/peer.jsonl")"
done

# Peak RSS over 1,000 images: the corpora's files, repeated.
mapfile -t all < <(for c in "${corpora[@]}"; do images "$c"; done)
list=()
while ((${#list[@]} < 1000)); do list+=("${all[@]}"); done
list=("${list[@]:0:1000}")
/usr/bin/time -f '%M' -o "$out/rss" "$bin" imei --json "${list[@]}" > /dev/null || true
half=("${list[@]:0:100}")
/usr/bin/time -f '%M' -o "$out/rss100" "$bin" imei --json "${half[@]}" > /dev/null || true
echo "peak RSS: $(tail -1 "$out/rss100") KB over 100 images, $(tail -1 "$out/rss") KB over 1000 images"
