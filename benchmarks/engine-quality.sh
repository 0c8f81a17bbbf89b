#!/usr/bin/env bash
# The quality of the engines' near-duplicate clusters on a real corpus, against the exact truth, and what the
# neardup field stores:
#   B-cubed precision, recall and F1 (neardup evaluate --clusters) against the connected components of the exact
#   truth at 0.8 (neardup truth) of: neardup dedup (verify exact, the default) and dedup --verify sketch; per engine
#   (bin/neardup-es, then bin/neardup-os, one at a time on 127.0.0.1) and per neardup field verify (sketch, exact):
#   the cluster ids the neardup ingest processor wrote (every document in input order, bulks of 300, one client),
#   then the same after POST /{index}/_neardup/reconcile (EngineQuality)
#   storage (Elasticsearch, _disk_usage): bytes per document of each Lucene field of the neardup field, verify sketch
#   vs exact, and the shingle sets' bytes per distinct shingle
#
# Usage: benchmarks/engine-quality.sh [--corpus FILE] [--docs N] [--engines es,os] [--es-port P] [--os-port P]
#                                     [--bulk-docs B] [--rebuild] [--report]
#   --corpus FILE  a JSONL corpus {"id", "text"} [built by real-corpus.sh --docs N]
#   --docs N       real-corpus.sh's --docs when no --corpus is given [9000, about 6 300 documents]
#   --engines      which nodes, in this order [es,os]
#   --es-port P, --os-port P   HTTP ports of the nodes [9410, 9411]; each node's data starts empty in
#                  benchmarks/target/engine-quality/node-{es,os}
#   --bulk-docs B  documents per bulk request [300]
#   --report       only print the report of the last run again (its files in benchmarks/target/engine-quality)
# Environment: NEARDUP_ES_JAVA_OPTS, NEARDUP_OS_JAVA_OPTS for the nodes [-Xms1g -Xmx1g].
# The nodes are bin/neardup-es and bin/neardup-os.
# Output: the report on stdout and in benchmarks/target/engine-quality/report.md; the truth, every clusters file
# and each engine's figures (ENGINE.json) beside it.
set -euo pipefail
. "$(dirname "$0")/../bin/jdk.sh"
. "$(dirname "$0")/await-node.sh"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus=
docs=9000
engines=es,os
es_port=9410
os_port=9411
bulk_docs=300
rebuild=false
report_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift ;;
    --docs) docs="$2"; shift ;;
    --engines) engines="$2"; shift ;;
    --es-port) es_port="$2"; shift ;;
    --os-port) os_port="$2"; shift ;;
    --bulk-docs) bulk_docs="$2"; shift ;;
    --rebuild) rebuild=true ;;
    --report) report_only=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "engine-quality.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
jar="$here/target/benchmarks.jar"
out="$here/target/engine-quality"
if [ "$report_only" = true ]; then
  # shellcheck disable=SC1091
  . "$out/run.env"
fi
if [ "$report_only" = false ] && { [ "$rebuild" = true ] || [ ! -f "$jar" ] || [ ! -f "$root/es-node/target/neardup-es-node.jar" ] ||
  [ ! -f "$root/os-node/target/neardup-os-node.jar" ] ||
  [ -n "$(find "$here/src/main" "$root/lucene-module/src/main" "$root/engine-common/src/main" "$root/plugin/src/main" "$root/es-node/src/main" \
    "$root/plugin-opensearch/src/main" "$root/os-node/src/main" -newer "$jar" -print -quit)" ]; }; then
  echo "engine-quality.sh: building" >&2
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks,es-node,os-node -am package -Dmaven.test.skip=true)
fi
if [ -z "$corpus" ]; then
  corpus="$("$here/real-corpus.sh" --docs "$docs")"
fi
java=("$JAVA_HOME/bin/java" --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  java+=(--sun-misc-unsafe-memory-access=allow)
fi
export NEARDUP_ES_JAVA_OPTS="${NEARDUP_ES_JAVA_OPTS:--Xms1g -Xmx1g}"
export NEARDUP_OS_JAVA_OPTS="${NEARDUP_OS_JAVA_OPTS:--Xms1g -Xmx1g}"
mkdir -p "$out"
node=
trap '[ -z "$node" ] || { kill $node 2>/dev/null; wait $node 2>/dev/null || true; }' EXIT
if [ "$report_only" = false ]; then
  started="$(date -u +%Y-%m-%dT%H:%MZ)"
  loads=("start: $(cut -d' ' -f1-3 /proc/loadavg);")

  # the exact truth and the CLI's clusters
  echo "engine-quality.sh: exact truth at 0.8 of $corpus" >&2
  "$root/bin/neardup" truth --input "$corpus" --threshold 0.8 --output "$out/truth.tsv" 2>"$out/truth.log"
  for verify in exact sketch; do
    echo "engine-quality.sh: neardup dedup --verify $verify" >&2
    "$root/bin/neardup" dedup --input "$corpus" --threshold 0.8 --verify "$verify" --pairs "$out/cli-$verify-pairs.tsv" \
      --clusters "$out/cli-$verify.jsonl" 2>"$out/cli-$verify.log"
  done

  # run_engine es|os: starts that node with an empty data directory, runs EngineQuality against it, stops the node
  run_engine() {
    local engine="$1" port storage=()
    case "$engine" in
      es) port=$es_port storage=(--storage) ;;
      os) port=$os_port ;;
      *) echo "engine-quality.sh: --engines takes es and os, got [$engine]" >&2; exit 2 ;;
    esac
    local log="$out/node-$engine.log" data="$out/node-$engine"
    rm -rf "$data"
    "$root/bin/neardup-$engine" --port "$port" --data "$data" >"$log" 2>&1 &
    node=$!
    await_node "$node" "$log" 180
    echo "engine-quality.sh: $engine node up on port $port; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    "${java[@]}" -Xmx1g -cp "$jar" io.neardup.benchmarks.EngineQuality --engine "$engine" \
      --url "http://127.0.0.1:$port" --corpus "$corpus" --out "$out" --bulk-docs "$bulk_docs" "${storage[@]}"
    kill "$node"
    wait "$node" 2>/dev/null || true
    node=
    loads+=("after $engine: $(cut -d' ' -f1-3 /proc/loadavg);")
  }
  for engine in ${engines//,/ }; do
    run_engine "$engine"
  done
  declare -p started loads corpus engines bulk_docs >"$out/run.env"
fi

# b3 FILE: "precision | recall | F1" of a clusters file at 0.8
b3() {
  "$root/bin/neardup" evaluate --truth "$out/truth.tsv" --clusters "$1" --input "$corpus" --thresholds 0.8 |
    awk '$1 == "0.8" { printf "%s | %s | **%s**", $2, $3, $4 }'
}
name() { case "$1" in es) echo Elasticsearch ;; os) echo OpenSearch ;; esac; }
{
  echo "# Engine quality, $started"
  echo
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GB;" \
    "JDK $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); node heaps $NEARDUP_ES_JAVA_OPTS (es)," \
    "$NEARDUP_OS_JAVA_OPTS (os); one node at a time, 1 shard"
  echo
  echo "load average (1, 5, 15 min): ${loads[*]}"
  echo
  echo "corpus: $corpus, $(grep -c . "$corpus") documents; truth: $(($(wc -l <"$out/truth.tsv") - 1)) pairs at 0.8 or more"
  echo
  echo "command: benchmarks/engine-quality.sh --corpus $corpus --engines $engines --bulk-docs $bulk_docs"
  echo
  echo "## B-cubed against the connected components of the exact truth at 0.8"
  echo
  echo "| clusters | precision | recall | F1 | clusters of 2+ | notes |"
  echo "|---|---|---|---|---|---|"
  for verify in exact sketch; do
    label="CLI \`neardup dedup --verify $verify\`"
    if [ "$verify" = exact ]; then label="$label (the default)"; fi
    echo "| $label | $(b3 "$out/cli-$verify.jsonl") | $(grep -c . "$out/cli-$verify.jsonl" || true) | |"
  done
  for engine in ${engines//,/ }; do
    while IFS=$'\t' read -r verify phase file clusters _ canonicals _ changed; do
      if [ "$phase" = ingest ]; then
        label="$(name "$engine"), \`verify: $verify\`, ingest processor"
        note="clusters without exactly one canonical: $canonicals"
      else
        label="$(name "$engine"), \`verify: $verify\`, then reconcile"
        note="reconcile changed $changed documents; clusters without exactly one canonical: $canonicals"
      fi
      echo "| $label | $(b3 "$file") | $clusters | $note |"
    done <"$out/$engine-rows.tsv"
  done
  if [ -f "$out/es-storage.md" ] && [[ ",$engines," == *,es,* ]]; then
    echo
    echo "## Storage of the neardup field (Elasticsearch)"
    echo
    cat "$out/es-storage.md"
  fi
} | tee "$out/report.md"
