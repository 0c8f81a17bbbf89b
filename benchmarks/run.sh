#!/usr/bin/env bash
# Runs neardup's analysis benchmarks (JMH) and prints a Markdown table per document size: docs/s and
# ns per shingle of each chain, cost ratios, per-shingle overheads, and PASS/FAIL against the targets.
#
# Usage: benchmarks/run.sh [--quick] [--rebuild] [--report FILE] [JMH options...]
#        benchmarks/run.sh --paired [--words 500,5000] [--rounds 60] [BASELINE MEASURED]
#   --paired       instead of JMH, time (b) and (a) (or two other chains) back to back over the same
#                  documents, round after round, and print the median of the rounds' cost ratios:
#                  robust to a machine whose speed drifts, which JMH's consecutive forks are not
#   --quick        smoke run: one 1 s warmup and one 1 s measurement iteration (under a minute)
#   --rebuild      rebuild benchmarks/target/benchmarks.jar first (also done when it is missing or
#                  older than the sources)
#   --report FILE  only print the table of an earlier JSON result file
#   JMH options    passed on, e.g. -p words=500 -p chain=STANDARD,NEARDUP, or -prof gc
# Environment (defaults in brackets): JMH_FORKS [1], JMH_WARMUP_ITERATIONS [5], JMH_WARMUP_TIME [2s],
#   JMH_ITERATIONS [5], JMH_TIME [2s], JMH_RESULTS [benchmarks/target/jmh-results.json]; the table
#   is also written next to the JSON file, with the extension .md.
set -euo pipefail
. "$(dirname "$0")/../bin/jdk.sh"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$here/target/benchmarks.jar"
java=("$JAVA_HOME/bin/java")
# JMH uses sun.misc.Unsafe, which JDK 24+ warns about; the flag exists from JDK 23 (forks inherit it)
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  java+=(--sun-misc-unsafe-memory-access=allow)
fi

forks="${JMH_FORKS:-1}"
warmup_iterations="${JMH_WARMUP_ITERATIONS:-5}"
warmup_time="${JMH_WARMUP_TIME:-2s}"
iterations="${JMH_ITERATIONS:-5}"
time="${JMH_TIME:-2s}"
results="${JMH_RESULTS:-$here/target/jmh-results.json}"
rebuild=false
paired=false
report_only=""
jmh_options=()

while [ $# -gt 0 ]; do
  case "$1" in
    --quick)
      forks=1 warmup_iterations=1 warmup_time=1s iterations=1 time=1s
      ;;
    --rebuild) rebuild=true ;;
    --paired) paired=true ;;
    --report)
      [ $# -ge 2 ] || { echo "run.sh: --report needs a file" >&2; exit 2; }
      report_only="$2"
      shift
      ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *) jmh_options+=("$1") ;;
  esac
  shift
done

if [ ! -f "$jar" ]; then
  rebuild=true
elif [ "$rebuild" = false ]; then
  stale="$(find "$here/src/main" "$here/pom.xml" "$root/pom.xml" "$root/lucene-module/src/main" \
    "$root/lucene-module/pom.xml" -newer "$jar" -print -quit)"
  if [ -n "$stale" ]; then
    echo "run.sh: $stale is newer than benchmarks.jar" >&2
    rebuild=true
  fi
fi
if [ "$rebuild" = true ]; then
  echo "run.sh: building $jar" >&2
  # maven.test.skip: the jar needs no tests, so do not even compile them
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true)
fi

if [ "$paired" = true ]; then
  mkdir -p "$here/target"
  "${java[@]}" -cp "$jar" io.neardup.benchmarks.PairedRatio ${jmh_options[@]+"${jmh_options[@]}"} |
    tee "$here/target/paired.md"
  exit "${PIPESTATUS[0]}"
fi
if [ -n "$report_only" ]; then
  exec "${java[@]}" -cp "$jar" io.neardup.benchmarks.ReportTable "$report_only"
fi

if [ -r /proc/loadavg ]; then
  read -r load _ < /proc/loadavg
  if awk -v load="$load" 'BEGIN { exit !(load >= 1) }'; then
    echo "run.sh: load average is $load before starting: other work will disturb the numbers" >&2
  fi
fi
mkdir -p "$(dirname "$results")"
"${java[@]}" -jar "$jar" 'io\.neardup\.benchmarks\.AnalysisBenchmark\.' \
  -f "$forks" -wi "$warmup_iterations" -w "$warmup_time" -i "$iterations" -r "$time" \
  -foe true -rf json -rff "$results" ${jmh_options[@]+"${jmh_options[@]}"}
echo
"${java[@]}" -cp "$jar" io.neardup.benchmarks.ReportTable "$results" | tee "${results%.json}.md"
