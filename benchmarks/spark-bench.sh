#!/usr/bin/env bash
# neardup on Spark side by side with what Spark users have, and with the CLI (issue 27):
#  (a) on one local Spark session (local[2]), NearDupSpark.dedup against MLlib's MinHashLSH +
#      approxSimilarityJoin (HashingTF over the same word 5-shingles) on a real corpus: wall time of
#      each, the ratio (target: neardup at least 20x faster) and pair precision/recall/F1 of each
#      against the exact truth (`neardup truth` and `neardup evaluate`; target: neardup's F1 higher);
#  (b) `neardup dedup` against the Spark job (bin/neardup-spark on local[2], fixed heap) on generated
#      corpora (CorpusWriter), paired runs: Spark/CLI time (target: at most 3x) and the growth of the
#      Spark job's time from the smallest to the largest size (target: at most 1.1x the size ratio);
#      with --baseline-jar, an earlier build of the Spark job runs in each round too (CLI, baseline,
#      this build), for the speed-up of this build, and each run of this build writes Spark's event
#      log, summarised by phase (spark-stages.py) for the last run of each size.
# Every figure comes with the load average before it (the machine may be shared).
#
# Usage: benchmarks/spark-bench.sh [--corpus FILE] [--sizes "100000 1000000"] [--runs N] [--only a|b]
#          [--baseline-jar JAR]
#   --corpus    the real corpus of (a) [benchmarks/target/real-corpus/corpus.jsonl, built by real-corpus.sh]
#   --sizes     generated corpus sizes of (b) [100000 1000000]
#   --runs      paired runs (CLI then Spark) per size in (b); the medians are compared [2]
#   --rounds    rounds of (a) (MLlib then neardup, after one warm-up run of each) [2]
#   --mllib-limit  seconds: an MLlib run of (a) that takes longer is cancelled and reported as not
#               finished, and the later rounds skip MLlib [0: no limit]
#   --only      run only part a or b
#   --tables    MLlib's number of hash tables [3: see docs/spark.md]
#   --features  HashingTF's number of features [16777216]
#   --neardup-options  neardup's options in (a), NAME=VALUE separated by spaces (e.g. "bands=21 rows=6":
#               a banding for 0.8 that misses fewer pairs at the threshold than MLlib's 3 tables) [none]
#   --dir       corpora, truth, pairs, logs and report [benchmarks/target/spark-bench]
#   --baseline-jar  an earlier build's spark/target/neardup-spark.jar, timed beside this one in (b)
# Environment: SPARK_BENCH_HEAP [4g] (-Xmx of every Spark JVM: driver and executors in local mode),
# SPARK_BENCH_SPLIT [8m] (spark.sql.files.maxPartitionBytes of (a); "default" leaves Spark's 128m, with which
# Spark still cuts the input in at least spark.default.parallelism splits of at least 4 MB),
# SPARK_BENCH_MASTER [local[2]], NEARDUP_JAVA_OPTS [bin/neardup's defaults], NEARDUP_MAVEN_ARGS
# (added to the build, e.g. -o -Dmaven.repo.local=DIR).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
corpus="$here/target/real-corpus/corpus.jsonl"
sizes="100000 1000000"
runs=2
rounds=2
only=""
tables=3
features=16777216
dir="$here/target/spark-bench"
baseline_jar=""
neardup_options=""
mllib_limit=0
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift ;;
    --sizes) sizes="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --only) only="$2"; shift ;;
    --tables) tables="$2"; shift ;;
    --features) features="$2"; shift ;;
    --dir) dir="$2"; shift ;;
    --baseline-jar) baseline_jar="$2"; shift ;;
    --neardup-options) neardup_options="$2"; shift ;;
    --mllib-limit) mllib_limit="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "spark-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
heap="${SPARK_BENCH_HEAP:-4g}"
master="${SPARK_BENCH_MASTER:-local[2]}"
threshold=0.8
export NEARDUP_JAVA_OPTS="${NEARDUP_JAVA_OPTS:-}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)" # absolute: the event logs are file:// URLs

# one build of everything used: the CLI, the generator, the Spark job and its test classes (MLlib)
stamp="$root/spark/target/spark-test-classpath.txt"
if [ ! -f "$stamp" ] || [ ! -d "$root/spark/target/test-classes" ] || [ ! -f "$root/cli/target/neardup-cli.jar" ] ||
  [ ! -f "$here/target/benchmarks.jar" ] ||
  [ -n "$(find "$root/pom.xml" "$root"/{lucene-module,web,test-kit,cli,spark,benchmarks}/{pom.xml,src} \
    -newer "$stamp" -print -quit)" ]; then
  echo "spark-bench.sh: building" >&2
  # shellcheck disable=SC2086
  (cd "$root" && ./mvnw -q -B -ntp ${NEARDUP_MAVEN_ARGS:-} -pl cli,benchmarks,spark -am package -DskipTests \
    -Dspotless.check.skip=true >&2)
  touch "$root/cli/target/neardup-cli.jar" "$root/spark/target/neardup-spark.jar" "$stamp"
fi
jar="$here/target/benchmarks.jar"
export NEARDUP_MAVEN_ARGS="${NEARDUP_MAVEN_ARGS:-}"

load() { cut -d' ' -f1-3 /proc/loadavg; }
# wall seconds of a command, its output to a log; sets $secs, $cpu (user + system seconds of the
# process and its children, from /usr/bin/time when there is one, else -) and $load_before
timed() {
  local log="$1"
  shift
  load_before="$(load)"
  local start end timer=()
  [ ! -x /usr/bin/time ] || timer=(/usr/bin/time -f '%U %S' -o "$log.cpu")
  start=$(date +%s.%N)
  "${timer[@]}" "$@" >"$log" 2>&1 || { echo "spark-bench.sh: failed, see $log" >&2; tail -20 "$log" >&2; exit 1; }
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  cpu=-
  [ ! -s "$log.cpu" ] || cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$log.cpu")
}
# reported, true and correct pairs, precision, recall and F1 at the threshold, from `neardup evaluate`
score() {
  "$root/bin/neardup" evaluate --truth "$1" --pairs "$2" --thresholds "$threshold" |
    awk -v t="$threshold" '$1 + 0 == t + 0 { printf "%s | %s | %s | %s | %s | %s", $3, $2, $4, $5, $6, $7 }'
}
# clusters (of two or more), B-cubed precision, recall and F1 at the threshold, from `neardup evaluate`
bcubed() {
  printf "%s | " "$(grep -c . "$2")"
  "$root/bin/neardup" evaluate --truth "$1" --clusters "$2" --input "$corpus" --thresholds "$threshold" |
    awk -v t="$threshold" 'NF == 4 && $1 + 0 == t + 0 { printf "%s | %s | %s", $2, $3, $4 }'
}
median() { tr ' ' '\n' | { grep . || true; } | sort -g | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2);
  if (NR == 0) exit; if (NR % 2) printf "%.1f", v[m]; else printf "%.1f", (v[m] + v[m + 1]) / 2 }'; }

cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)"
report="$dir/report${only:+-$only}.md"
exec > >(tee "$report")
echo "# neardup on Spark: side by side"
echo
echo "- machine: $cpu, $(nproc) cores, $(free -g | awk '/Mem:/ {print $2 " GB RAM"}'), load average $(load) at start"
echo "- JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); Spark master $master, -Xmx$heap (driver and executors)"
echo

# the JVM options Spark needs on Java 17+ (as the build's tests and bin/neardup-spark give them)
read -r -a spark_jvm <<<"$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' "$root/spark/pom.xml")"
spark_jvm+=(--add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  spark_jvm+=(--sun-misc-unsafe-memory-access=allow)
fi
spark_jvm+=("-Xmx$heap" "-Dlog4j2.configurationFile=$root/spark/src/main/launcher/log4j2.properties"
  "-Dspark.master=$master" -Dspark.ui.enabled=false -Dspark.driver.host=127.0.0.1
  -Dspark.driver.bindAddress=127.0.0.1 -Dspark.default.parallelism=8)
split="${SPARK_BENCH_SPLIT:-8m}"
split_opt=""
split_default="(Spark's default split size)"
[ "$split" = default ] || split_opt="-Dspark.sql.files.maxPartitionBytes=$split"
[ -z "$split_opt" ] || spark_jvm+=("$split_opt")
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"

if [ "$only" != b ]; then
  if [ ! -s "$corpus" ]; then
    corpus="$("$here/real-corpus.sh")"
  fi
  docs=$(wc -l <"$corpus")
  mb=$(awk -v b="$(stat -c %s "$corpus")" 'BEGIN { printf "%.1f", b / 1e6 }')
  truth="$dir/real-truth-$threshold.tsv"
  if [ ! -s "$truth" ] || [ "$corpus" -nt "$truth" ]; then
    "$root/bin/neardup" truth --input "$corpus" --threshold "$threshold" --output "$truth" >&2
  fi
  echo "## (a) MLlib MinHashLSH against NearDupSpark.dedup, one local Spark session"
  echo
  echo "- corpus: $corpus ($docs texts, $mb MB, SHA-1 $(sha1sum "$corpus" | cut -c1-12)); truth: \`bin/neardup truth" \
    "--input CORPUS --threshold $threshold\` ($(($(wc -l <"$truth") - 1)) pairs)"
  echo "- MLlib: the library's normalised word tokens, 5-shingles, HashingTF(numFeatures=$features, binary)," \
    "MinHashLSH(numHashTables=$tables), approxSimilarityJoin(distance < $(awk -v t="$threshold" 'BEGIN { print 1 - t }'))"
  echo "- serializer: Kryo (spark.serializer, the job's records registered by io.neardup.spark.NearDupKryo), as bin/neardup-spark and DedupJob run; one session for both"
  echo "- neardup: NearDupSpark.dedup(threshold $threshold${neardup_options:+, $neardup_options}) with allPairs (\`--all-pairs\`: every pair listed) and at its defaults, pairs and clusters written"
  echo "- one warm-up run of neardup (defaults) and one of MLlib on a sample of the corpus (every k-th text, at most 3,000), not counted, then MLlib, neardup all-pairs and neardup alternate, $rounds rounds; medians compared"
  [ "$mllib_limit" = 0 ] || echo "- MLlib's time limit: $mllib_limit s (a run past it is cancelled and reported as not finished; later rounds skip MLlib)"
  echo "- memory: the most heap the session's JVM held after a collection during each run (its live data), sampled every 100 ms"
  side_cmd=("$JAVA_HOME/bin/java" "${spark_jvm[@]}"
    -cp "$root/spark/target/test-classes:$root/spark/target/neardup-spark.jar:$(cat "$stamp")"
    -Dspark.serializer=org.apache.spark.serializer.KryoSerializer -Dspark.kryo.registrator=io.neardup.spark.NearDupKryo
    io.neardup.spark.MllibSideBySide "$corpus" "$dir/side" "$threshold" "$tables" "$features" "$rounds"
    "--mllib-limit=$mllib_limit" $neardup_options)
  echo "- command: java [Spark's --add-opens] -Xmx$heap -Dspark.master=$master -Dspark.default.parallelism=8" \
    "${split_opt:-$split_default} -Dspark.serializer=...KryoSerializer -Dspark.kryo.registrator=io.neardup.spark.NearDupKryo" \
    "-cp spark/target/test-classes:... io.neardup.spark.MllibSideBySide CORPUS OUT $threshold $tables $features $rounds --mllib-limit=$mllib_limit${neardup_options:+ $neardup_options}"
  timed "$dir/side.log" "${side_cmd[@]}"
  echo "- load average before the run: $load_before; after: $(load)"
  echo "- warm-up runs (not counted): NearDupSpark.dedup $(sed -n 's/^warm-up neardup //p' "$dir/side.log") s, MLlib $(sed -n 's/^warm-up mllib //p' "$dir/side.log") s"
  echo
  # an MLlib run cancelled at the limit shows as "> LIMIT" and its ratios as lower bounds
  ratio() {
    case "$1" in
      dnf-*) awk -v m="${1#dnf-}" -v d="$2" 'BEGIN { printf "> %.1f", m / d }' ;;
      skipped) echo - ;;
      *) awk -v m="$1" -v d="$2" 'BEGIN { printf "%.1f", m / d }' ;;
    esac
  }
  shown() { case "$1" in dnf-*) echo "did not finish in ${1#dnf-}" ;; *) echo "$1" ;; esac; }
  echo "| round | MLlib s | all-pairs s | defaults s | MLlib / all-pairs | MLlib / defaults | heap after GC MB: MLlib / all-pairs / defaults |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  sed -n 's/^round \([0-9]*\) mllib \([a-z0-9.-]*\) all-pairs \([0-9.]*\) neardup \([0-9.]*\)$/\1 \2 \3 \4/p' "$dir/side.log" |
    while read -r r m a d; do
      echo "| $r | $(shown "$m") | $a | $d | $(ratio "$m" "$a") | $(ratio "$m" "$d") | $(sed -n "s/^heap $r mllib \([0-9-]*\) all-pairs \([0-9]*\) neardup \([0-9]*\)$/\1 \/ \2 \/ \3/p" "$dir/side.log") |"
    done
  ml=$(sed -n 's/^round [0-9]* mllib \([0-9.]*\) .*/\1/p' "$dir/side.log" | tr '\n' ' ' | median)
  ap=$(sed -n 's/^round .* all-pairs \([0-9.]*\) .*/\1/p' "$dir/side.log" | tr '\n' ' ' | median)
  nd=$(sed -n 's/^round .* neardup \([0-9.]*\)$/\1/p' "$dir/side.log" | tr '\n' ' ' | median)
  echo
  echo "| tool | wall s (median) | pairs | true pairs | correct | precision | recall | F1 |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  if [ -s "$dir/side/mllib.pairs.tsv" ]; then
    echo "| MLlib MinHashLSH, $tables tables | $ml | $(score "$truth" "$dir/side/mllib.pairs.tsv") |"
  else
    echo "| MLlib MinHashLSH, $tables tables | did not finish in $mllib_limit s | | | | | | |"
  fi
  echo "| NearDupSpark.dedup, all pairs | $ap | $(score "$truth" "$dir/side/neardup-all-pairs.pairs.tsv") |"
  echo "| NearDupSpark.dedup, defaults | $nd | $(score "$truth" "$dir/side/neardup.pairs.tsv") |"
  echo
  # clusters: neardup's own, MLlib's the connected components of its pairs (what its user would make);
  # on a corpus with large families the pairs score differs from the clusters score, since neardup
  # compares an oversized bucket's members with a few representatives, not every pair
  echo "| tool | clusters | B-cubed precision | B-cubed recall | B-cubed F1 |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  if [ -s "$dir/side/mllib.pairs.tsv" ]; then
    "$here/pairs-clusters.py" "$dir/side/mllib.pairs.tsv" "$dir/side/mllib.clusters.jsonl"
    echo "| MLlib MinHashLSH, $tables tables (components of its pairs) | $(bcubed "$truth" "$dir/side/mllib.clusters.jsonl") |"
  fi
  echo "| NearDupSpark.dedup, all pairs | $(bcubed "$truth" "$dir/side/neardup-all-pairs.clusters.jsonl") |"
  echo "| NearDupSpark.dedup, defaults | $(bcubed "$truth" "$dir/side/neardup.clusters.jsonl") |"
  echo
  if [ -n "$ml" ]; then
    speedup=$(awk -v m="$ml" -v d="$ap" 'BEGIN { printf "%.1f", m / d }')
    echo "MLlib / neardup all pairs (medians) = ${speedup}× (target ≥ 20×): $(awk -v s="$speedup" 'BEGIN { print (s >= 20 ? "PASS" : "FAIL") }')"
    speedup=$(awk -v m="$ml" -v d="$nd" 'BEGIN { printf "%.1f", m / d }')
    echo "MLlib / neardup defaults (medians) = ${speedup}×"
  else
    speedup=$(awk -v m="$mllib_limit" -v d="$ap" 'BEGIN { printf "%.1f", m / d }')
    echo "MLlib did not finish in $mllib_limit s: MLlib / neardup all pairs (medians) > ${speedup}× (target ≥ 20×): $(awk -v s="$speedup" 'BEGIN { print (s >= 20 ? "PASS (a lower bound)" : "unknown: a lower bound under 20") }')"
  fi
  echo
fi

if [ "$only" != a ]; then
  echo "## (b) \`neardup dedup\` against the Spark job on $master, generated corpora"
  echo
  echo "- CLI: \`NEARDUP_JAVA_OPTS='$NEARDUP_JAVA_OPTS' bin/neardup dedup --input CORPUS --threshold $threshold --pairs P --clusters C\`"
  spark_opts="-Xmx$heap -Dspark.default.parallelism=8 -Dspark.sql.files.maxPartitionBytes=32m"
  echo "- Spark: \`NEARDUP_SPARK_MASTER='$master' NEARDUP_SPARK_JAVA_OPTS='$spark_opts' bin/neardup-spark --input CORPUS --threshold $threshold --pairs P --clusters C\`"
  if [ -n "$baseline_jar" ]; then
    cp "$baseline_jar" "$dir/baseline-spark.jar"
    echo "- baseline: the same with \`NEARDUP_SPARK_JAR=$baseline_jar\` (SHA-1 $(sha1sum "$baseline_jar" | cut -c1-12)); this build: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- spark 2>/dev/null || echo +changes)"
    echo "- rounds of CLI, baseline, this build, $runs per size; same pairs and clusters files checked with cmp"
  else
    echo "- paired runs (CLI, then Spark), $runs per size; same pairs and clusters files checked with cmp"
  fi
  echo
  if [ -n "$baseline_jar" ]; then
    echo "| docs | run | CLI s | CLI CPU s | load before CLI | baseline s | baseline CPU s | load before baseline | Spark s | Spark CPU s | load before Spark | Spark / CLI | baseline / Spark | same output |"
    echo "| ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |"
  else
    echo "| docs | run | CLI s | CLI CPU s | load before CLI | Spark s | Spark CPU s | load before Spark | Spark / CLI | same output |"
    echo "| ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | --- |"
  fi
  declare -A cli_med spark_med base_med
  # one Spark run: the job's pairs and clusters under NAME, its event log in DIR/events-NAME
  spark_run() {
    local name=$1 n=$2 jar=$3
    rm -rf "$dir/$name-$n.pairs.tsv" "$dir/$name-$n.clusters.jsonl" "$dir/events-$name-$n"
    mkdir -p "$dir/events-$name-$n"
    timed "$dir/$name-$n-$r.log" env NEARDUP_SPARK_MASTER="$master" NEARDUP_SPARK_JAR="$jar" \
      NEARDUP_SPARK_JAVA_OPTS="$spark_opts -Dspark.eventLog.enabled=true -Dspark.eventLog.compress=false -Dspark.eventLog.dir=file://$dir/events-$name-$n" \
      "$root/bin/neardup-spark" --input "$gen" --threshold "$threshold" \
      --pairs "$dir/$name-$n.pairs.tsv" --clusters "$dir/$name-$n.clusters.jsonl"
  }
  same_as_cli() {
    cmp -s "$dir/cli-$2.pairs.tsv" "$dir/$1-$2.pairs.tsv" &&
      cmp -s "$dir/cli-$2.clusters.jsonl" "$dir/$1-$2.clusters.jsonl"
  }
  for n in $sizes; do
    gen="$dir/corpus-$n.jsonl"
    if [ ! -s "$gen" ]; then
      "$JAVA_HOME/bin/java" -cp "$jar" io.neardup.testkit.CorpusWriter "$n" "$gen.tmp" >&2
      mv "$gen.tmp" "$gen"
    fi
    cli_times="" spark_times="" base_times=""
    for r in $(seq 1 "$runs"); do
      timed "$dir/cli-$n-$r.log" "$root/bin/neardup" dedup --input "$gen" --threshold "$threshold" \
        --pairs "$dir/cli-$n.pairs.tsv" --clusters "$dir/cli-$n.clusters.jsonl"
      c=$secs cc=$cpu cl=$load_before
      if [ -n "$baseline_jar" ]; then
        spark_run baseline "$n" "$dir/baseline-spark.jar"
        b=$secs bc=$cpu bl=$load_before
        base_times+=" $b"
      fi
      spark_run spark "$n" ""
      same=no
      same_as_cli spark "$n" && { [ -z "$baseline_jar" ] || same_as_cli baseline "$n"; } && same=yes
      if [ -n "$baseline_jar" ]; then
        echo "| $(printf "%'d" "$n") | $r | $c | $cc | $cl | $b | $bc | $bl | $secs | $cpu | $load_before |" \
          "$(awk -v s="$secs" -v c="$c" 'BEGIN { printf "%.2f", s / c }') |" \
          "$(awk -v s="$secs" -v b="$b" 'BEGIN { printf "%.2f", b / s }') | $same |"
      else
        echo "| $(printf "%'d" "$n") | $r | $c | $cc | $cl | $secs | $cpu | $load_before |" \
          "$(awk -v s="$secs" -v c="$c" 'BEGIN { printf "%.2f", s / c }') | $same |"
      fi
      cli_times+=" $c" spark_times+=" $secs"
    done
    cli_med[$n]=$(median <<<"$cli_times")
    spark_med[$n]=$(median <<<"$spark_times")
    [ -z "$baseline_jar" ] || base_med[$n]=$(median <<<"$base_times")
  done
  echo
  echo "| docs | CLI s (median) | Spark s (median) | Spark / CLI (target ≤ 3) |${baseline_jar:+ baseline s (median) | baseline / Spark |}"
  echo "| ---: | ---: | ---: | ---: |${baseline_jar:+ ---: | ---: |}"
  for n in $sizes; do
    awk -v n="$n" -v c="${cli_med[$n]}" -v s="${spark_med[$n]}" -v b="${base_med[$n]:-}" 'BEGIN {
      r = s / c; printf "| %\047d | %.1f | %.1f | %.2f %s |", n, c, s, r, (r <= 3 ? "PASS" : "FAIL")
      if (b != "") printf " %.1f | %.2f |", b, b / s
      printf "\n" }'
  done
  set -- $sizes
  small=$1
  large=${!#}
  if [ "$small" != "$large" ]; then
    echo
    for tool in CLI Spark; do
      if [ $tool = CLI ]; then a=${cli_med[$large]} b=${cli_med[$small]}; else a=${spark_med[$large]} b=${spark_med[$small]}; fi
      awk -v a="$a" -v b="$b" -v l="$large" -v s="$small" -v t="$tool" 'BEGIN { g = a / b; lim = 1.1 * l / s
        printf "%s time(%d)/time(%d) = %.2f× (linear: %g×; target ≤ %g×): %s\n", t, l, s, g, l / s, lim,
          (g <= lim ? "PASS" : "FAIL") }'
    done
  fi
  for n in $sizes; do
    echo
    echo "Where the Spark job's time goes, by phase (Spark's event log of its last run at $(printf "%'d" "$n") documents):"
    echo
    python3 "$here/spark-stages.py" "$dir/events-spark-$n"
  done
  echo
fi
echo "load average at the end: $(load)"
