#!/usr/bin/env bash
# Runs `neardup compare` (every method against the exact truth) on real corpora at several thresholds,
# beside `neardup dedup --method minhash` on the same input (the named baseline, same run), and prints
# each comparison table, the time of the truth and compare/dedup (target: at most 10x).
#
# Usage: benchmarks/compare-bench.sh [--input FILE]... [--thresholds "0.5 0.8 0.9"] [--dir DIR]
#   --input       a corpus (JSONL with id and text) [the corpora of real-corpus.sh and npm-corpus.sh]
#   --thresholds  [0.5 0.8 0.9]
#   --dir         where outputs go [benchmarks/target/compare-bench]
# Environment: NEARDUP_JAVA_OPTS [bin/neardup's defaults] (JVM options of every neardup run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
thresholds="0.5 0.8 0.9"
dir="$here/target/compare-bench"
inputs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --input) inputs+=("$2"); shift ;;
    --thresholds) thresholds="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ ${#inputs[@]} -eq 0 ]; then
  inputs=("$("$here/real-corpus.sh")" "$("$here/npm-corpus.sh")")
fi
export NEARDUP_JAVA_OPTS="${NEARDUP_JAVA_OPTS:-}"
mkdir -p "$dir"
cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
echo "# method comparison"
echo
echo "- machine: $cpu, $(nproc) cores, $(free -g 2>/dev/null | awk '/Mem:/ {print $2 " GB RAM"}')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at start"
echo "- JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); NEARDUP_JAVA_OPTS=$NEARDUP_JAVA_OPTS"
echo
# builds the command line tool if its sources changed, so that no timed run includes a build
"$root/bin/neardup" --version >/dev/null
seconds() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }
for input in "${inputs[@]}"; do
  name="$(basename "$(dirname "$input")")"
  for t in $thresholds; do
    out="$dir/$name-$t"
    mkdir -p "$out"
    t0=$(date +%s.%N)
    "$root/bin/neardup" dedup --input "$input" --threshold "$t" --pairs "$out/dedup-pairs.tsv" \
      2>"$out/dedup.log"
    t1=$(date +%s.%N)
    "$root/bin/neardup" compare --input "$input" --threshold "$t" --out "$out" >"$out/table.md" \
      2>"$out/compare.log"
    t2=$(date +%s.%N)
    dedup=$(seconds "$t0" "$t1")
    compare=$(seconds "$t1" "$t2")
    truth=$(sed -n 's/^truth: .* in \(.*\)$/\1/p' "$out/compare.log" | tail -1)
    cat "$out/table.md"
    echo
    echo "compare of all methods $compare s (truth $truth) against dedup --method minhash $dedup s:" \
      "$(awk -v a="$compare" -v b="$dedup" 'BEGIN {printf "%.1f", a / b}')x"
    echo
  done
done
