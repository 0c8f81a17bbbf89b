#!/usr/bin/env bash
# Side by side with datasketch: runs `neardup dedup` at its defaults and the datasketch peer
# (../shared/peers/datasketch, see its README) on the same real corpus, alternately, N times each,
# timing each whole process (JVM or Python start included). Prints the machine, the median wall
# times, the speed-up (peer / neardup) and the quality of both against the exact truth: precision,
# recall and F1 at the threshold, and tolerant F1 (pairs within ±0.05 of it neutral). The report also
# goes to DIR/report.md. See benchmarks/README.md, 'Side by side with datasketch'.
#
# Usage: benchmarks/peer-bench.sh [--corpus FILE] [--runs 3] [--threshold 0.8] [--dir DIR]
#   --corpus     JSONL corpus with id and text [built by real-corpus.sh]
#   --runs       timed runs of each tool [3]
#   --threshold  Jaccard threshold of both tools and of the scores [0.8]
#   --dir        pairs, logs, truth and report [benchmarks/target/peer-bench]
# Environment: NEARDUP_JAVA_OPTS (JVM options of neardup; none by default: dedup at its defaults).
# Installs python3-numpy, python3-scipy and python3-xxhash with apt-get when missing. The exact truth
# is computed once per corpus and benchmarks.jar (by their SHA-1) and reused.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
corpus=""
runs=3
t=0.8
dir="$here/target/peer-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --threshold) t="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "peer-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
tolerance=0.05
floor=$(awk -v t="$t" -v d="$tolerance" 'BEGIN { f = t - d; print (f < 0.5 ? f : 0.5) }')

peer="$root/../shared/peers/datasketch"
if [ ! -f "$peer/run_peer.py" ] || [ ! -d "$peer/src/datasketch" ]; then
  echo "peer-bench.sh: the datasketch peer is missing: expected $peer/run_peer.py and" \
    "$peer/src/datasketch (the shared folder beside the repository)" >&2
  exit 1
fi
peer="$(cd "$peer" && pwd)"
python=/usr/bin/python3
if ! "$python" -c 'import numpy, scipy, xxhash' 2>/dev/null; then
  echo "peer-bench.sh: installing python3-numpy python3-scipy python3-xxhash" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-numpy python3-scipy python3-xxhash >&2
fi

if [ -z "$corpus" ]; then
  corpus="$("$here/real-corpus.sh")"
fi
[ -s "$corpus" ] || { echo "peer-bench.sh: no corpus at $corpus" >&2; exit 1; }
corpus="$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")"
mkdir -p "$dir"

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" "$root/lucene-module/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true) >&2
fi
# builds the command-line tool now if needed, so that no timed run includes a build
"$root/bin/neardup" --version >/dev/null

sum="$(sha1sum "$corpus" | cut -c1-16)"
# the truth of neardup's shingles follows the library's analysis: key it by the jar too
jar_sum="$(sha1sum "$jar" | cut -c1-8)"
for shingles in neardup datasketch; do
  truth="$dir/truth-$sum-$jar_sum-$shingles-$floor.tsv"
  if [ ! -s "$truth" ]; then
    "$JAVA_HOME/bin/java" -cp "$jar" io.neardup.testkit.ExactTruth "$corpus" "$truth.tmp" \
      --floor "$floor" --shingles "$shingles" >&2
    mv "$truth.tmp" "$truth"
  fi
done
truth_nd="$dir/truth-$sum-$jar_sum-neardup-$floor.tsv"
truth_ds="$dir/truth-$sum-$jar_sum-datasketch-$floor.tsv"

nd_cmd=("$root/bin/neardup" dedup --input "$corpus" --threshold "$t" --pairs "$dir/neardup-pairs.tsv"
  --clusters "$dir/neardup-clusters.jsonl")
ds_cmd=("$python" "$peer/run_peer.py" "$corpus" --out "$dir/ds-pairs.tsv" --hash xxh64 --threshold "$t")

# runs a command, appends its wall seconds to the named array and its peak RSS (MB) to NAME_rss
timed() {
  local name=$1 log=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f 'peak_rss_kb %M' -o "$log.rss" "$@" >"$log" 2>&1
  else
    "$@" >"$log" 2>&1
  fi
  end=$(date +%s.%N)
  eval "$name+=($(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'))"
  eval "${name}_rss+=($(awk '/^peak_rss_kb/ { printf "%.0f", $2 / 1024 }' "$log.rss" 2>/dev/null || echo '?'))"
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

nd=()
nd_rss=()
ds=()
ds_rss=()
echo "peer-bench.sh: $runs runs of each, alternating; logs in $dir" >&2
echo "  neardup: NEARDUP_JAVA_OPTS='${NEARDUP_JAVA_OPTS:-}' ${nd_cmd[*]}" >&2
echo "  peer:    PYTHONPATH=$peer/src ${ds_cmd[*]}" >&2
load_start="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
for i in $(seq 1 "$runs"); do
  # the order alternates, so that a drift of the machine's speed falls on both
  if [ $((i % 2)) -eq 1 ]; then order="nd ds"; else order="ds nd"; fi
  for which in $order; do
    if [ "$which" = nd ]; then
      timed nd "$dir/neardup-$i.log" "${nd_cmd[@]}"
      echo "  run $i neardup ${nd[-1]} s" >&2
    else
      timed ds "$dir/peer-$i.log" env PYTHONPATH="$peer/src" "${ds_cmd[@]}"
      echo "  run $i datasketch ${ds[-1]} s" >&2
    fi
  done
done
load_end="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
nd_med=$(median "${nd[@]}")
ds_med=$(median "${ds[@]}")
speedup=$(awk -v a="$ds_med" -v b="$nd_med" 'BEGIN { printf "%.2f", a / b }')

score() {
  "$JAVA_HOME/bin/java" -cp "$jar" io.neardup.benchmarks.PairScore "$1" "$2" --threshold "$t" \
    --tolerance "$tolerance" --truth-floor "$floor" "${@:3}"
}
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }
s_nd="$(score "$truth_nd" "$dir/neardup-pairs.tsv")"
s_ds="$(score "$truth_nd" "$dir/ds-pairs.tsv" --min-score "$t")"
s_ds_own="$(score "$truth_ds" "$dir/ds-pairs.tsv" --min-score "$t")"
s_nd_ds="$(score "$truth_ds" "$dir/neardup-pairs.tsv")"

docs=$(grep -c . "$corpus")
mb=$(awk -v b="$(stat -c %s "$corpus")" 'BEGIN { printf "%.1f", b / 1e6 }')
true_nd=$(field "$s_nd" true)
true_ds=$(field "$s_ds_own" true)
cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
row() { # name, truth, score line
  echo "| $1 | $2 | $(field "$3" reported) | $(field "$3" precision) | $(field "$3" recall) |" \
    "$(field "$3" f1) | $(field "$3" tolerant_precision) | $(field "$3" tolerant_recall) |" \
    "**$(field "$3" tolerant_f1)** |"
}
f_nd=$(field "$s_nd" tolerant_f1)
f_ds=$(field "$s_ds" tolerant_f1)
f_ds_own=$(field "$s_ds_own" tolerant_f1)
f_ds_best=$(awk -v a="$f_ds" -v b="$f_ds_own" 'BEGIN { print (a > b ? a : b) }')
speed_ok=$(awk -v s="$speedup" 'BEGIN { print (s >= 8 ? "PASS" : "FAIL") }')
quality_ok=$(awk -v a="$f_nd" -v b="$f_ds_best" 'BEGIN { print (a >= b ? "PASS" : "FAIL") }')

{
  echo "# neardup dedup side by side with datasketch"
  echo
  echo "- machine: $cpu, $(nproc) cores, $(free -g 2>/dev/null | awk '/Mem:/ {print $2 " GB RAM"}')," \
    "load average $load_start at start, $load_end at end"
  echo "- JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); NEARDUP_JAVA_OPTS='${NEARDUP_JAVA_OPTS:-}'"
  echo "- peer: datasketch $(sed -n 's/.*(version \([0-9.]*\),.*/\1/p' "$peer/README.md" | head -1)" \
    "on $("$python" --version 2>&1), numpy $("$python" -c 'import numpy; print(numpy.__version__)')"
  echo "- corpus: $corpus (SHA-1 $sum…): $docs texts, $mb MB; exact truth: $true_nd pairs with" \
    "Jaccard ≥ $t (neardup's shingles), $true_ds (the peer's); $(field "$s_nd" required) above" \
    "$(awk -v t="$t" -v d="$tolerance" 'BEGIN { print t + d }') (neardup's)"
  echo "- neardup: \`bin/neardup dedup --input CORPUS --threshold $t --pairs P --clusters K\`"
  echo "- peer: \`PYTHONPATH=$peer/src $python $peer/run_peer.py CORPUS --out P --hash xxh64" \
    "--threshold $t\`, pairs with estimate ≥ $t"
  echo
  echo "Wall seconds of each whole process, $runs runs each, alternating:"
  echo
  echo "| tool | runs (s) | median s | peak RSS MB |"
  echo "| --- | --- | ---: | ---: |"
  echo "| neardup dedup | ${nd[*]} | $nd_med | $(median "${nd_rss[@]}") |"
  echo "| datasketch | ${ds[*]} | $ds_med | $(median "${ds_rss[@]}") |"
  echo
  echo "Quality at threshold $t (tolerant: pairs with exact Jaccard within ±$tolerance of it are neutral):"
  echo
  echo "| tool | truth (shingles of) | pairs | precision | recall | F1 | tolerant precision | tolerant recall | tolerant F1 |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  row "neardup dedup" neardup "$s_nd"
  row datasketch neardup "$s_ds"
  row datasketch "datasketch (its own)" "$s_ds_own"
  row "neardup dedup" "datasketch" "$s_nd_ds"
  echo
  echo "speed-up (datasketch / neardup, medians): **${speedup}×** (target ≥ 8×): $speed_ok"
  echo
  echo "tolerant F1: neardup $f_nd against the peer's best $f_ds_best (target ≥): $quality_ok"
} | tee "$dir/report.md"
