#!/usr/bin/env bash
# Runs the search benchmarks (JMH, sample time) on one generated index and prints their tables:
#   QueryBenchmark     NearDuplicateQuery vs the min_hash minimum-should-match disjunction: median,
#                      p99, ratio, and recall of the exact-Jaccard ground truth
#   CollapseBenchmark  BM25 top 100 with and without NearDupCollapser: median, p99, overhead vs ≤ 25 %
#
# Usage: benchmarks/search-bench.sh [--docs N] [--quick] [--rebuild] [--report FILE] [JMH options...]
#   --docs N       index size [100000]; the index is built once in benchmarks/target/search-index-N
#   --quick        one 1 s warmup and one 2 s measurement iteration per benchmark
#   --report FILE  only print the tables of an earlier JSON result
#   JMH options    passed on, e.g. 'QueryBenchmark' to run one class only
# Environment: JMH_RESULTS [benchmarks/target/search-results.json]; the tables also go to the same
#   name with the extension .md.
set -euo pipefail
. "$(dirname "$0")/../bin/jdk.sh"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$here/target/benchmarks.jar"
java=("$JAVA_HOME/bin/java")
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  java+=(--sun-misc-unsafe-memory-access=allow)
fi
docs=100000
results="${JMH_RESULTS:-$here/target/search-results.json}"
rebuild=false
report_only=""
budget=()
jmh_options=()
pattern='io\.neardup\.benchmarks\.(QueryBenchmark|CollapseBenchmark)\.'
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) docs="$2"; shift ;;
    --quick) budget=(-wi 1 -w 1s -i 1 -r 2s) ;;
    --rebuild) rebuild=true ;;
    --report) report_only="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    QueryBenchmark | CollapseBenchmark) pattern="io\\.neardup\\.benchmarks\\.$1\\." ;;
    *) jmh_options+=("$1") ;;
  esac
  shift
done
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" "$here/pom.xml" "$root/lucene-module/src/main" \
  -newer "$jar" -print -quit)" ]; then
  rebuild=true
fi
if [ "$rebuild" = true ]; then
  echo "search-bench.sh: building $jar" >&2
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true)
fi
if [ -n "$report_only" ]; then
  exec "${java[@]}" -cp "$jar" io.neardup.benchmarks.SearchReport "$report_only" "$here/target"
fi
mkdir -p "$(dirname "$results")"
# the benchmarks find the index under benchmarks/target whatever the working directory
"${java[@]}" -jar "$jar" "$pattern" -p docs="$docs" -jvmArgsAppend "-Dneardup.bench.dir=$here/target" \
  -foe true -rf json -rff "$results" ${budget[@]+"${budget[@]}"} ${jmh_options[@]+"${jmh_options[@]}"}
echo
"${java[@]}" -cp "$jar" io.neardup.benchmarks.SearchReport "$results" "$here/target" \
  | tee "${results%.json}.md"
