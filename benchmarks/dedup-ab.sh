#!/usr/bin/env bash
# Two builds of `neardup dedup` side by side on one corpus: an earlier build (the baseline) and this
# one, each run at bin/neardup's defaults (NEARDUP_JAR), alternately, N times each, timing each whole
# process (JVM start included). Prints the machine and its load average, each build's wall times and
# "read and analyse" times and CPU times (user + system, all threads) with their medians, the
# speed-ups (baseline / this build, medians of wall and of CPU time: on a shared machine the CPU
# time varies less), and whether both wrote byte-identical pairs and clusters (exit status 1 if
# not). See
# benchmarks/README.md, 'Two builds of dedup'.
#
# Usage: benchmarks/dedup-ab.sh (--baseline COMMIT | --baseline-jar JAR) [--corpus FILE] [--runs 7]
#   --baseline      the commit whose build is the baseline, built once in a temporary work tree
#   --baseline-jar  the baseline's neardup-cli.jar, already built
#   --corpus        JSONL corpus with id and text [built by real-corpus.sh]
#   --runs          timed runs of each build [7]
#   --dir           jars, logs and outputs [benchmarks/target/dedup-ab]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
baseline=""
baseline_jar=""
corpus=""
runs=7
dir="$here/target/dedup-ab"
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift ;;
    --baseline-jar) baseline_jar="$2"; shift ;;
    --corpus) corpus="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "dedup-ab.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$baseline" ] && [ -z "$baseline_jar" ]; then
  echo "dedup-ab.sh: --baseline COMMIT or --baseline-jar JAR is required" >&2
  exit 2
fi
[ -n "$corpus" ] || corpus="$("$here/real-corpus.sh")"
mkdir -p "$dir"
if [ -n "$baseline" ]; then
  baseline_jar="$dir/neardup-cli-$baseline.jar"
  "$here/baseline-jar.sh" "$baseline" "$baseline_jar"
else
  cp "$baseline_jar" "$dir/baseline.jar"
  baseline_jar="$dir/baseline.jar"
  baseline="$(sha1sum "$baseline_jar" | cut -c1-8)"
fi
"$root/bin/neardup" --version >/dev/null # builds this build's tool if needed
# copies, so that a build during the runs changes nothing; their class data archives (or ahead-of-time
# caches) beside them
cp "$root/cli/target/neardup-cli.jar" "$dir/current.jar"
current="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo +changes)"

# CPU seconds (user + system) used so far by the finished child processes of this shell; `times`
# runs in this shell (a subshell has no children of its own), into a file
children_cpu() {
  sed -n 2p "$dir/times" | awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } } END { printf "%.3f", s }'
}

# runs one build once (NAME: baseline or current); appends its wall, CPU and read-and-analyse seconds
run() {
  local name=$1 jar=$2 start end cpu
  mkdir -p "$dir/$name"
  times >"$dir/times"
  cpu=$(children_cpu)
  start=$(date +%s.%N)
  NEARDUP_JAR="$jar" "$root/bin/neardup" dedup --input "$corpus" --threshold 0.8 \
    --pairs "$dir/$name/pairs.tsv" --clusters "$dir/$name/clusters.jsonl" >"$dir/$name.log" 2>&1 ||
    { cat "$dir/$name.log" >&2; exit 1; }
  end=$(date +%s.%N)
  eval "${name}_wall+=($(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'))"
  times >"$dir/times"
  eval "${name}_cpu+=($(awk -v a="$cpu" -v b="$(children_cpu)" 'BEGIN { printf "%.2f", b - a }'))"
  eval "${name}_read+=($(sed -n 's/.*read and analyse \([0-9.]*\) s.*/\1/p' "$dir/$name.log"))"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# a first run of each writes its class data archive or ahead-of-time cache: not timed
baseline_wall=() current_wall=()
run baseline "$baseline_jar"
run current "$dir/current.jar"
baseline_wall=() baseline_read=() baseline_cpu=() current_wall=() current_read=() current_cpu=()
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "$runs"); do
  # the order alternates, so that a drift of the machine's speed falls on both
  if [ $((i % 2)) -eq 1 ]; then order="baseline current"; else order="current baseline"; fi
  for name in $order; do
    if [ "$name" = baseline ]; then run baseline "$baseline_jar"; else run current "$dir/current.jar"; fi
  done
  echo "  run $i: baseline ${baseline_wall[-1]} s, this build ${current_wall[-1]} s" >&2
done
load_end="$(cut -d' ' -f1-3 /proc/loadavg)"

bw=$(median "${baseline_wall[@]}")
cw=$(median "${current_wall[@]}")
bc=$(median "${baseline_cpu[@]}")
cc=$(median "${current_cpu[@]}")
echo "# neardup dedup: build $baseline beside $current"
echo
echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores," \
  "load average $load_start at start, $load_end at end"
echo "- corpus: $corpus ($(wc -l <"$corpus") lines, $(($(stat -c %s "$corpus") / 1000000)) MB);" \
  "\`bin/neardup dedup --input CORPUS --threshold 0.8 --pairs P --clusters K\`, $runs runs each, alternating"
echo
echo "| build | wall s (runs) | median | CPU s (runs) | median | read and analyse s (runs) | median |"
echo "| --- | --- | ---: | --- | ---: | --- | ---: |"
echo "| $baseline | ${baseline_wall[*]} | $bw | ${baseline_cpu[*]} | $bc | ${baseline_read[*]} |" \
  "$(median "${baseline_read[@]}") |"
echo "| $current | ${current_wall[*]} | $cw | ${current_cpu[*]} | $cc | ${current_read[*]} |" \
  "$(median "${current_read[@]}") |"
echo
awk -v a="$bw" -v b="$cw" -v c="$bc" -v d="$cc" 'BEGIN {
  printf "speed-up (baseline / this build, medians): wall **%.2f×**, CPU time **%.2f×**\n", a / b, c / d }'
if cmp -s "$dir/baseline/pairs.tsv" "$dir/current/pairs.tsv" &&
  cmp -s "$dir/baseline/clusters.jsonl" "$dir/current/clusters.jsonl"; then
  echo "pairs and clusters: byte-identical ($(wc -l <"$dir/current/pairs.tsv") pair lines)"
else
  echo "pairs and clusters: DIFFERENT (see $dir/baseline and $dir/current)"
  exit 1
fi
