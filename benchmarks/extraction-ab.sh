#!/usr/bin/env bash
# Main-text extraction of two builds side by side (`--boilerplate local`, MainTextExtractor): an earlier
# build (the baseline) and this one, over the same pages of extraction-eval.sh's datasets, parsed once by
# each build and extracted by each in turn, round after round, in one JVM (each build loaded from its own
# jar by a class loader of its own). Prints each build's median time a round, the median of the rounds'
# ratios (this build / baseline) with its quartiles, and on how many pages the two builds' texts differ.
# Parsing is not timed: a change of a few percent in the extraction shows. See benchmarks/README.md,
# 'Main-text extraction'.
#
# Usage: benchmarks/extraction-ab.sh (--baseline COMMIT | --baseline-jar JAR) [--pages 400] [--rounds 40]
#   --baseline      the commit whose build is the baseline, built once in a temporary work tree
#   --baseline-jar  the baseline's neardup-cli.jar, already built
#   --pages         pages drawn from the datasets (the same for both builds) [400]
#   --rounds        measured rounds, after 5 of warm-up [40]
#   --dir           the exported datasets of extraction-eval.sh (its --dir) [benchmarks/target/extraction-eval]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
baseline=""
baseline_jar=""
pages=400
rounds=40
dir="$here/target/extraction-eval"
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift ;;
    --baseline-jar) baseline_jar="$2"; shift ;;
    --pages) pages="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "extraction-ab.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$baseline" ] && [ -z "$baseline_jar" ]; then
  echo "extraction-ab.sh: --baseline COMMIT or --baseline-jar JAR is required" >&2
  exit 2
fi
if [ ! -d "$dir/data" ]; then
  echo "extraction-ab.sh: no datasets at $dir/data: run benchmarks/extraction-eval.sh --dir $dir once" >&2
  exit 1
fi
work="$here/target/extraction-ab"
mkdir -p "$work"
if [ -n "$baseline" ]; then
  baseline_jar="$work/neardup-cli-$baseline.jar"
  "$here/baseline-jar.sh" "$baseline" "$baseline_jar"
fi
jar="$here/target/benchmarks.jar"
(cd "$root" && ./mvnw -B -ntp -q -pl cli,benchmarks -am package -DskipTests ${MAVEN_ARGS:-})
# a copy, so that a build during the runs changes nothing
current="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo +changes)"
cp "$root/cli/target/neardup-cli.jar" "$work/neardup-cli-$current.jar"
echo "# $(date -u +%FT%TZ) on $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$JAVA_HOME/bin/java" -Xmx4g -cp "$jar" io.neardup.benchmarks.ExtractionAb --data "$dir/data" \
  --baseline-jar "$baseline_jar" --current-jar "$work/neardup-cli-$current.jar" --pages "$pages" --rounds "$rounds"
echo "# load at end $(cut -d' ' -f1-3 /proc/loadavg)"
