#!/usr/bin/env bash
# Speed, CPU, memory and accuracy of `activation imei` against peers we script ourselves, at equal cores, on the
# same images in one run. Prints numbers; asserts nothing.
#
# usage: scripts/bench-imei.sh [--workers N] [--peers tesseract,v4,v6] [--limit K] [--head K]
#                              [--out DIR] [--no-memcheck] [CORPUS_DIR ...]
#   CORPUS_DIR   folders of images with a truth.jsonl, from here or from the repo's root (default:
#                ../shared/corpus/dev-clean, dev-hard and dev-photo, those present, and samples/tampered;
#                without ../shared, samples/)
#   --workers N  cores to use (default: all, `nproc`). Ours runs as one process with `--workers N`; each peer
#                runs as N single-threaded processes over the same images.
#   --peers      which peers (default: all three):
#                  tesseract  scripts/peers/peer_tesseract.py: the tesseract CLI on the whole image, digit runs,
#                             Luhn; `xargs -P N -n 10`, a new process every 10 images (fewer when the
#                             corpus has under 10 N);
#                  v4, v6     scripts/peers/peer_rapidocr.py with RapidOCR PP-OCRv4 (rapidocr-onnxruntime 1.4.4)
#                             or PP-OCRv6 (rapidocr 3.10.0), and our label rule; N long-lived processes that
#                             load the models once and take the next image from a shared list.
#                The RapidOCR peers run in git-ignored venvs, .venv-peers/v4 and .venv-peers/v6, which this
#                script creates when missing (pip, from scripts/peers/requirements-*.txt); a peer whose venv
#                cannot be made is skipped with a message.
#   --limit K    the RapidOCR peers (about 1 image/s on 2 cores) read only the first K images of each corpus;
#                ours is then also run on those same K images, and their ratio is taken on that run
#   --head K     every reader reads only the first K images of each corpus (a quick check, not a result)
#   --out DIR    keep every reader's results, timings and GNU time output in DIR (default: a temporary folder)
#   --no-memcheck  skip the peak-RSS runs of ours over 100 and 1,000 images (and one pass of the distinct ones)
# Environment: ACTIVATION_BIN=path uses that binary and skips `swift build`.
#
# For each corpus and reader: images/s (wall clock around the whole process tree), CPU seconds per image (user +
# sys of the whole tree, from GNU time: the time of the xargs that starts the peer processes includes each of
# them, and their tesseract children, once waited for; a line under each peer shows it against the sum of GNU
# time around each peer process), peak RSS (the largest single process; for peers also the sum of the N largest
# peer processes, as N run at once), exact rate and false accepts (scripts/score.py), and ratios against ours on
# the very same images. For ours also CPU ms per image, p50/p99/max, when `activation imei --timings` exists, and by
# kind (the truth's template; tampered pages also by their page's template, and against their untampered twins).
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
shared=../shared

workers=$(nproc)
peers=tesseract,v4,v6
limit=0
head=0
keep=""
memcheck=1
corpora=()
while (($#)); do
  case $1 in
    --workers) workers=$2; shift 2 ;;
    --peers) peers=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --head) head=$2; shift 2 ;;
    --out) keep=$2; [[ $keep == /* ]] || keep=$caller/$keep; shift 2 ;;
    --no-memcheck) memcheck=0; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench-imei: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) [[ $1 != /* && -d $caller/$1 ]] && corpora+=("$caller/$1") || corpora+=("$1"); shift ;;
  esac
done
if ((${#corpora[@]} == 0)); then
  for c in dev-clean dev-hard dev-photo; do
    [[ -d $shared/corpus/$c ]] && corpora+=("$shared/corpus/$c")
  done
  # The dev corpora have no tampered pages: ours, with their untampered twins (issue 30).
  ((${#corpora[@]} > 0)) && corpora+=("$PWD/samples/tampered")
  if ((${#corpora[@]} == 0)); then
    echo "bench-imei: $shared/corpus is missing: benchmarking samples/ only" >&2
    corpora=(samples)
  fi
fi

if [[ -n ${ACTIVATION_BIN:-} ]]; then
  bin=$ACTIVATION_BIN
  [[ $bin == */* && $bin != /* ]] && bin=$caller/$bin
  echo "bench-imei: using $bin (ACTIVATION_BIN), not building" >&2
else
  source scripts/build-flags.sh
  swift build "${SWIFT_BUILD_FLAGS[@]}" --product activation >/dev/null
  bin=.build/release/activation
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "bench-imei: installing GNU time (/usr/bin/time)" >&2
  apt-get install -y -qq time >/dev/null
fi
py=${PYTHON:-python3}

if [[ -n $keep ]]; then
  out=$keep
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
export OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=1 PYTHONDONTWRITEBYTECODE=1
timings_opt=0
help=$("$bin" imei --help 2>&1 || true)
[[ $help == *--timings* ]] && timings_opt=1

# --- the peers' venvs ---------------------------------------------------------------------------------------------

# A python whose venv module works: python3 on PATH, else Debian's, else Debian's after installing python3-venv.
venv_python=""
find_venv_python() {
  [[ -n $venv_python ]] && return 0
  local p probe="$out/venv-probe"
  for p in ${PEERS_PYTHON:-} python3 /usr/bin/python3; do
    command -v "$p" >/dev/null || continue
    if "$p" -m venv "$probe" >/dev/null 2>&1; then venv_python=$p; rm -rf "$probe"; return 0; fi
    rm -rf "$probe"
  done
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "peers: python3 -m venv does not work here: installing python3-venv" >&2
    apt-get install -y -qq python3-venv >/dev/null 2>&1 || true
    if /usr/bin/python3 -m venv "$probe" >/dev/null 2>&1; then venv_python=/usr/bin/python3; rm -rf "$probe"; return 0; fi
    rm -rf "$probe"
  fi
  return 1
}

# Makes .venv-peers/$1 from scripts/peers/requirements-$1.txt unless it is there and up to date; 1 if it cannot.
peer_venv() {
  local v=$1 dir=.venv-peers/$1 req=scripts/peers/requirements-$1.txt
  if [[ -x $dir/bin/python ]] && cmp -s "$req" "$dir/installed-requirements.txt"; then return 0; fi
  if ! find_venv_python; then
    echo "peers: skipping $v: no python here can make a venv (apt-get install -y python3-venv)" >&2
    return 1
  fi
  echo "peers: installing the RapidOCR $v peer into $dir ($venv_python -m venv; pip install --no-deps -r $req)" >&2
  rm -rf "$dir"
  if ! { "$venv_python" -m venv "$dir" &&
    "$dir/bin/pip" install -q --disable-pip-version-check --no-deps -r "$req"; } >"$out/pip-$v.log" 2>&1; then
    echo "peers: skipping $v: the install failed (no network?); last lines:" >&2
    tail -3 "$out/pip-$v.log" | sed 's/^/  /' >&2
    rm -rf "$dir"
    return 1
  fi
  cp "$req" "$dir/installed-requirements.txt"
}

runnable=()
for p in ${peers//,/ }; do
  case $p in
    tesseract)
      if command -v tesseract >/dev/null; then runnable+=(tesseract); else echo "peers: skipping tesseract: no tesseract CLI" >&2; fi ;;
    v4 | v6)
      if peer_venv "$p" && engine=$(PEER_ENGINE=$p ".venv-peers/$p/bin/python" scripts/peers/peer_rapidocr.py --version 2>"$out/probe-$p.log"); then
        echo "peers: $p is $engine, in .venv-peers/$p" >&2
        runnable+=("$p")
      elif [[ -d .venv-peers/$p ]]; then
        echo "peers: skipping $p: its venv does not load; $(tail -1 "$out/probe-$p.log")" >&2
      fi ;;
    *) echo "bench-imei: unknown peer $p (tesseract, v4, v6)" >&2; exit 2 ;;
  esac
done

# --- running the readers --------------------------------------------------------------------------------------------

images() { find "$1" -maxdepth 1 -type f ! -name '*.jsonl' ! -name '*.md' | sort; }
now() { date +%s.%N; }
seconds() { "$py" -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }

# run_ours DIR: reads DIR/files.txt with one process, --workers N.
run_ours() {
  local d=$1 t0 t1 extra=()
  mapfile -t list <"$d/files.txt"
  ((timings_opt)) && extra=(--timings "$d/timings")
  t0=$(now)
  /usr/bin/time -f '%e %U %S %M' -o "$d/time" "$bin" imei --json --workers "$workers" "${extra[@]}" "${list[@]}" \
    >"$d/results.jsonl" 2>"$d/stderr" || true # exits 4 when an image gave no IMEI, 1 when one could not be read
  t1=$(now)
  seconds "$t0" "$t1" >"$d/wall"
}

# run_peer DIR PEER: N processes of the peer over DIR/files.txt, the whole tree under one GNU time, and each peer
# process under its own (DIR/per), appending its lines to DIR/results.jsonl (O_APPEND: whole lines).
run_peer() {
  local d=$1 p=$2 t0 t1 rc=0
  : >"$d/results.jsonl"
  : >"$d/per"
  echo "$workers" >"$d/width"
  local each=(/usr/bin/time -a -o "$d/per" -f '%M %U %S %e')
  t0=$(now)
  if [[ $p == tesseract ]]; then
    # 10 images a process, as a user's `xargs -n 10` would; fewer when there are too few images for N processes
    local batch=$(( ($(wc -l <"$d/files.txt") + workers - 1) / workers ))
    ((batch > 10)) && batch=10
    /usr/bin/time -f '%e %U %S %M' -o "$d/time" xargs -d '\n' -a "$d/files.txt" -P "$workers" -n "$batch" \
      "${each[@]}" "$py" scripts/peers/peer_tesseract.py >>"$d/results.jsonl" 2>"$d/stderr" || rc=$?
  else
    rm -f "$d/files.txt.next"
    seq "$workers" | PEER_ENGINE=$p /usr/bin/time -f '%e %U %S %M' -o "$d/time" xargs -P "$workers" -I{} \
      "${each[@]}" ".venv-peers/$p/bin/python" scripts/peers/peer_rapidocr.py --queue "$d/files.txt" \
      >>"$d/results.jsonl" 2>"$d/stderr" || rc=$?
  fi
  t1=$(now)
  seconds "$t0" "$t1" >"$d/wall"
  ((rc == 0)) || echo "  ($p: xargs exited $rc; $(grep -v '^Command exited' "$d/stderr" | tail -1))" >&2
}

declare -A label=([ours]=ours [tesseract]="tesseract CLI" [v4]="RapidOCR PP-OCRv4" [v6]="RapidOCR PP-OCRv6")
rows=$out/rows.jsonl
: >"$rows"
report() { # DIR CORPUS READER [--vs OURS_DIR]
  local r
  r=$("$py" scripts/bench_report.py row "$@")
  echo "$r" >>"$rows"
  "$py" scripts/bench_report.py show "$r" | sed 's/^/  /'
}

echo "bench-imei: ours $bin, $workers workers in one process; peers ${runnable[*]:-none}, $workers processes each"
echo "bench-imei: ours' per-image CPU p50/p99/max: $( ((timings_opt)) && echo "from --timings" || echo "n/a (this activation has no imei --timings)")"
ci=0
for c in "${corpora[@]}"; do
  name=$(basename "$c")
  ci=$((ci + 1))
  mapfile -t files < <(images "$c")
  ((head > 0 && head < ${#files[@]})) && files=("${files[@]:0:head}")
  n=${#files[@]}
  k=$n
  ((limit > 0 && limit < n)) && k=$limit
  heic=$(printf '%s\n' "${files[@]}" | grep -ciE '\.(heic|heif)$' || true)
  echo
  echo "== $name: $n images$( ((head > 0)) && echo " (the first $n: --head)")$( ((k < n)) && echo "; the RapidOCR peers read the first $k (--limit)")"
  base=$out/$ci-$name
  mkdir -p "$base/ours"
  printf '%s\n' "${files[@]}" >"$base/ours/files.txt"
  run_ours "$base/ours"
  report "$base/ours" "$c" ours
  ours_k=$base/ours
  for p in "${runnable[@]}"; do
    d=$base/$p
    mkdir -p "$d"
    if [[ $p == tesseract ]]; then
      printf '%s\n' "${files[@]}" >"$d/files.txt"
    else
      printf '%s\n' "${files[@]:0:k}" >"$d/files.txt"
      if ((k < n)); then
        echo "first $k" >"$d/set"
        if [[ $ours_k == "$base/ours" ]]; then # ours again, on the same K images, for the ratio
          ours_k=$base/ours-first$k
          mkdir -p "$ours_k"
          printf '%s\n' "${files[@]:0:k}" >"$ours_k/files.txt"
          echo "first $k" >"$ours_k/set"
          run_ours "$ours_k"
          report "$ours_k" "$c" ours
        fi
      fi
    fi
    run_peer "$d" "$p"
    report "$d" "$c" "${label[$p]}" --vs "$([[ $p == tesseract ]] && echo "$base/ours" || echo "$ours_k")"
    if [[ $p == tesseract ]] && ((heic > 0)); then
      echo "  note: the tesseract CLI cannot open HEIC: its $heic HEIC files here count as its misses"
    fi
  done
done

if ((memcheck)); then
  # Peak RSS of ours over 100 and over 1,000 images: the corpora's files taken in turn (the first of each corpus,
  # then the second of each...), so that the first 100 hold every corpus's kind of image; repeated up to 1,000.
  lists=()
  for i in "${!corpora[@]}"; do
    images "${corpora[$i]}" >"$out/memcheck-$i.txt"
    lists+=("$out/memcheck-$i.txt")
  done
  mapfile -t all < <(paste -d '\n' "${lists[@]}" | grep -v '^$')
  list=()
  while ((${#list[@]} < 1000)); do list+=("${all[@]}"); done
  /usr/bin/time -f '%M' -o "$out/rss1000" "$bin" imei --json --workers "$workers" "${list[@]:0:1000}" >/dev/null 2>&1 || true
  /usr/bin/time -f '%M' -o "$out/rss100" "$bin" imei --json --workers "$workers" "${list[@]:0:100}" >/dev/null 2>&1 || true
  # The peak also depends on the largest pages seen: one pass over every distinct image is the baseline the
  # 1,000 (the same images again) should match when memory is flat.
  ((${#all[@]} < 1000)) &&
    { /usr/bin/time -f '%M' -o "$out/rssall" "$bin" imei --json --workers "$workers" "${all[@]}" >/dev/null 2>&1 || true; }
  echo
  echo "ours, peak RSS: $(($(tail -1 "$out/rss100") / 1024)) MB over 100 images, $(($(tail -1 "$out/rss1000") / 1024)) MB over 1000 images$(
    [[ -f $out/rssall ]] && echo "; $(($(tail -1 "$out/rssall") / 1024)) MB over one pass of the ${#all[@]} distinct images that the 1000 repeat")"
fi

echo
echo "The table ($workers cores; images/s on the wall clock; CPU = user + sys of the whole process tree;"
echo "ratios only between runs over the same images; peak RSS: the largest single process, and for the peers the"
echo "sum of the $workers largest, as $workers run at once):"
echo
"$py" scripts/bench_report.py table "$rows"
[[ -n $keep ]] && echo && echo "results, timings and GNU time output: $out"
true
