#!/usr/bin/env bash
# Runs `neardup dedup` on generated corpora of 100 000 and 1 000 000 documents (CorpusWriter: 100 to
# 300 words, 20 % edited copies) and prints docs/s end to end and per phase (read and analyse, the rest), peak
# RSS, time(1M)/time(100k) against the target of at most 11x (about linear growth), and the throughput of the
# whole run against the analysis chain alone on the same texts and threads (target: at least half). Also the
# text throughput: MB of input per second of wall time per core, and MB per CPU second (user + system, all
# threads: what one fully used core gets through, the figure that a loaded machine disturbs least).
#
# Usage: benchmarks/dedup-bench.sh [--verify exact|sketch] [--sizes "100000 1000000"] [--dir DIR]
#   --verify   verification of candidate pairs, passed to neardup dedup [exact]
#   --sizes    corpus sizes; the ratio is printed for the smallest and the largest [100000 1000000]
#   --dir      where corpora, pairs, clusters and logs go [benchmarks/target/dedup-bench]
# Environment: NEARDUP_JAVA_OPTS [bin/neardup's defaults] (JVM options of the neardup run), DEDUP_SEED [Corpus
# default]. The analysis-only floor holds every text in memory and runs with -Xmx8g and the same collector.
# Corpora are written once and reused (they depend only on size and seed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
verify=exact
sizes="100000 1000000"
dir="$here/target/dedup-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --verify) verify="$2"; shift ;;
    --sizes) sizes="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "dedup-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
export NEARDUP_JAVA_OPTS="${NEARDUP_JAVA_OPTS:-}"
jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true)
fi
mkdir -p "$dir"
seed_args=()
[ -n "${DEDUP_SEED:-}" ] && seed_args=("$DEDUP_SEED")

cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
echo "# dedup benchmark"
echo
echo "- machine: $cpu, $(nproc) cores, $(free -g 2>/dev/null | awk '/Mem:/ {print $2 " GB RAM"}')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at start"
echo "- JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); NEARDUP_JAVA_OPTS=$NEARDUP_JAVA_OPTS"
echo "- verification: --verify $verify"
echo

declare -A wall
declare -A floor
rows=()
text_rows=()
for n in $sizes; do
  corpus="$dir/corpus-$n.jsonl"
  if [ ! -s "$corpus" ]; then
    "$JAVA_HOME/bin/java" -cp "$jar" io.neardup.testkit.CorpusWriter "$n" "$corpus.tmp" \
      ${seed_args[@]+"${seed_args[@]}"} >&2
    mv "$corpus.tmp" "$corpus"
  fi
  log="$dir/dedup-$n-$verify.log"
  cmd=("$root/bin/neardup" dedup --input "$corpus" --threshold 0.8 --pairs "$dir/pairs-$n.tsv"
    --clusters "$dir/clusters-$n.jsonl" --verify "$verify")
  echo "command ($n docs): NEARDUP_JAVA_OPTS='$NEARDUP_JAVA_OPTS' ${cmd[*]}" >&2
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "${cmd[@]}" >"$log" 2>&1
    peak_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    cpu_s=$(awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { printf "%.1f", s }' "$log")
  else
    # no GNU time: sample VmHWM of the JVM while it runs; no CPU time
    cpu_s=""
    "${cmd[@]}" >"$log" 2>&1 &
    pid=$!
    peak_kb=0
    while kill -0 "$pid" 2>/dev/null; do
      for p in $pid $(pgrep -P "$pid" || true); do
        hwm=$(awk '/VmHWM/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
        [ "${hwm:-0}" -gt "$peak_kb" ] && peak_kb=$hwm
      done
      sleep 0.5
    done
    wait "$pid"
  fi
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  wall[$n]=$secs
  index_s=$(sed -n 's/^indexed .* in \([0-9.]*\) s (.*/\1/p' "$log")
  cluster_s=$(sed -n 's/^found .*, in \([0-9.]*\) s$/\1/p' "$log")
  pairs=$(sed -n 's/^found \([0-9,]*\) near-duplicate pair.*/\1/p' "$log")
  rate() { awk -v n="$n" -v s="$1" 'BEGIN { if (s > 0) printf "%\047.0f", n / s; else print "—" }'; }
  rest_s=$(awk -v a="${cluster_s:-0}" -v b="${index_s:-0}" 'BEGIN { printf "%.1f", a - b }')
  rows+=("| $(printf "%'d" "$n") | $secs | $(rate "$secs") | ${index_s:-?} | $(rate "${index_s:-0}") |\
 $rest_s | $(awk -v k="$peak_kb" 'BEGIN { printf "%.0f", k / 1024 }') | ${pairs:-?} |")
  mb=$(awk -v b="$(stat -c %s "$corpus")" 'BEGIN { printf "%.0f", b / 1e6 }')
  text_rows+=("| $(printf "%'d" "$n") | $mb | $secs | $(awk -v m="$mb" -v s="$secs" -v c="$(nproc)" \
    'BEGIN { printf "%.1f", m / s / c }') | ${cpu_s:-—} | $(awk -v m="$mb" -v c="${cpu_s:-0}" \
    'BEGIN { if (c > 0) printf "%.1f", m / c; else print "—" }') | $(cut -d' ' -f1-3 /proc/loadavg) |")
  grep -E '^(indexed|found|time:|not listed)' "$log" | sed 's/^/  /' >&2
  # the physical floor: the analysis chain alone on the same texts, same number of threads
  floor[$n]=$("$JAVA_HOME/bin/java" -Xmx8g -XX:+UseParallelGC --add-modules=jdk.incubator.vector \
    -cp "$jar" io.neardup.benchmarks.AnalysisThroughput "$corpus" "$(nproc)" 3 2>/dev/null |
    sed -n 's/^analysis-only docs\/s: \([0-9]*\) .*/\1/p')
  echo "  analysis chain alone ($n docs, $(nproc) threads, median of 3): ${floor[$n]} docs/s" >&2
done

echo "| docs | wall s | docs/s | read and analyse s | read and analyse docs/s | buckets to output s | peak RSS MB | pairs |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
echo
echo "wall s: the whole neardup run (JVM start, reading, analysis, clustering, writing the results); read and"
echo "analyse s: the first phase as the neardup summary prints it; buckets to output s: the rest of the run"
echo "(identical groups, buckets, verification, clusters, writing); peak RSS: /usr/bin/time -v (or VmHWM)."
echo
echo "| docs | input MB | wall s | MB/s per core (wall, $(nproc) cores) | CPU s | MB per CPU second | load average after |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | --- |"
printf '%s\n' "${text_rows[@]}"
echo
echo "| docs | dedup docs/s (whole run) | analysis chain alone docs/s | ratio (target ≥ 0.50) |"
echo "| ---: | ---: | ---: | ---: |"
for n in $sizes; do
  awk -v n="$n" -v w="${wall[$n]}" -v f="${floor[$n]:-0}" 'BEGIN {
    d = n / w; r = (f > 0) ? d / f : 0
    printf "| %\047d | %\047.0f | %\047.0f | %.2f %s |\n", n, d, f, r, (r >= 0.5 ? "PASS" : "FAIL") }'
done
set -- $sizes
small=$1
large=${!#}
if [ "$small" != "$large" ]; then
  ratio=$(awk -v a="${wall[$large]}" -v b="${wall[$small]}" 'BEGIN { printf "%.2f", a / b }')
  linear=$(awk -v a="$large" -v b="$small" 'BEGIN { printf "%.0f", a / b }')
  verdict=$(awk -v r="$ratio" -v l="$linear" 'BEGIN { print (r <= l * 1.1 ? "PASS" : "FAIL") }')
  echo
  echo "time($large)/time($small) = ${ratio}× (linear: ${linear}×; target ≤ $(awk -v l="$linear" \
    'BEGIN { printf "%g", l * 1.1 }')×): $verdict"
fi
