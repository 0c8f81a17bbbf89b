#!/usr/bin/env bash
# Times `neardup truth` (exact all-pairs Jaccard) against `neardup dedup` (MinHash, the named baseline)
# on the same input, three runs each, medians: a generated corpus of 10 000 documents of 500 to 5 000
# words (CorpusWriter, 20 % edited copies) and, when given, a real one. Target: truth at most 30 s on
# the generated corpus.
#
# Usage: benchmarks/truth-bench.sh [--input FILE]... [--thresholds "0.5 0.8"] [--runs N] [--dir DIR]
#   --input       also time this corpus (JSONL with id and text), e.g. real-corpus.sh's output
#   --thresholds  thresholds of the truth runs [0.5 0.8]
#   --runs        runs per command; the median is printed [3]
#   --dir         where corpora and outputs go [benchmarks/target/truth-bench]
# Environment: NEARDUP_JAVA_OPTS [bin/neardup's defaults] (JVM options of every neardup run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
thresholds="0.5 0.8"
runs=3
dir="$here/target/truth-bench"
inputs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --input) inputs+=("$2"); shift ;;
    --thresholds) thresholds="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "truth-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
export NEARDUP_JAVA_OPTS="${NEARDUP_JAVA_OPTS:-}"
jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" "$root/test-kit/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true)
fi
mkdir -p "$dir"
generated="$dir/corpus-10000-500-5000.jsonl"
if [ ! -s "$generated" ]; then
  "$JAVA_HOME/bin/java" -cp "$jar" io.neardup.testkit.CorpusWriter 10000 "$generated.tmp" \
    42 0.2 500 5000 >&2
  mv "$generated.tmp" "$generated"
fi
inputs=("$generated" ${inputs[@]+"${inputs[@]}"})

cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
echo "# truth benchmark"
echo
echo "- machine: $cpu, $(nproc) cores, $(free -g 2>/dev/null | awk '/Mem:/ {print $2 " GB RAM"}')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at start"
echo "- JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); NEARDUP_JAVA_OPTS=$NEARDUP_JAVA_OPTS"
echo "- runs: $runs per command, medians; baseline: neardup dedup --threshold 0.8 (MinHash, defaults)"
echo

# median wall seconds of "$@" over $runs runs; the last run's standard error is kept in $log
median() {
  local times=() t0 t1
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    "$@" 2>"$log" >/dev/null
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]}'
}

header="| input | documents | shingles | dedup (s) |"
rule="|---|---:|---:|---:|"
for t in $thresholds; do
  header="$header truth $t (s) | pairs ≥ $t | truth/dedup |"
  rule="$rule---:|---:|---:|"
done
echo "$header"
echo "$rule"
for input in "${inputs[@]}"; do
  name="$(basename "$input")"
  log="$dir/dedup-$name.log"
  dedup=$(median "$root/bin/neardup" dedup --input "$input" --threshold 0.8 \
    --pairs "$dir/dedup-pairs-$name.tsv")
  row=""
  docs="?"
  shingles="?"
  for t in $thresholds; do
    log="$dir/truth-$name-$t.log"
    out="$dir/truth-$name-$t.tsv"
    secs=$(median "$root/bin/neardup" truth --input "$input" --threshold "$t" --output "$out")
    docs=$(sed -n 's/.* among \([0-9,]*\) documents.*/\1/p' "$log" | tail -1)
    shingles=$(sed -n 's/.*documents (\([0-9,]*\) shingles).*/\1/p' "$log" | tail -1)
    pairs=$(($(wc -l <"$out") - 1))
    row="$row $secs | $pairs | $(echo "scale=1; $secs / $dedup" | bc)× |"
  done
  echo "| $name | $docs | $shingles | $dedup |$row"
done
