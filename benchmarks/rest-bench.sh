#!/usr/bin/env bash
# The REST benchmark: starts bin/neardup-es, then bin/neardup-os (each with the min_hash baseline filter of this
# module), one at a time on 127.0.0.1, loads the generated corpus into each once, runs RestBenchmark against each and
# prints RestReport's side-by-side tables:
#   collapse over a 100-hit window (ext.neardup_collapse; on OpenSearch also the neardup_collapse search pipeline)
#     vs the plain search: median overhead (target <= 15 %)
#   neardup query vs a bool of min_hash tokens with minimum_should_match, at equal recall: median, p99
#   bulk indexing with vs without the neardup ingest processor (and through a pipeline without processors, what any
#     pipeline costs): docs/s (target >= 0.8 of plain), and the engine's
#     collapse on the cluster id the processor wrote vs neardup_collapse
#
#   clustering API and reconcile (dry run) over the whole corpus index: median time (--parts clusters)
#
# Usage: benchmarks/rest-bench.sh [--docs N] [--engines es,os] [--es-port P] [--os-port P] [--rebuild]
#                                 [--baseline COMMIT] [RestBenchmark options...]
#   --docs N      corpus size [100000]; the nodes' data stays in benchmarks/target/rest-node-{es,os} and is reused
#   --engines     which nodes, in this order [es,os]
#   --es-port P, --os-port P   HTTP ports of the nodes [9400, 9401]
#   --baseline C  also run the nodes of an earlier commit C (built once by baseline-nodes.sh into
#                 benchmarks/target/rest-bench/baseline-C), each just before this build's on the same data, and
#                 report them side by side: before/after figures of one run
#   RestBenchmark options: --parts query,collapse,clusters,ingest (which figures; all but clusters by default) --verify exact|sketch (the neardup field's
#     verify, exact by default; each has its own corpus index) --compare-verify (the collapse part also on the other
#     verify's corpus index, interleaved: exact against sketch collapse in one run) --rounds R (ingest rounds, 3)
#     --warmup-rounds W (ingest rounds of both variants run first and not counted, 2)
#     --bulk-docs B (documents per bulk, 1000) --clients C (concurrent bulk senders, 2) --queries Q (1000)
#     --ingest-docs D (documents the ingest part writes, the corpus size by default)
# Environment: NEARDUP_ES_JAVA_OPTS, NEARDUP_OS_JAVA_OPTS for the nodes [-Xms2g -Xmx2g].
# Output: the report on stdout and in benchmarks/target/rest-bench/report.md; each engine's figures in ENGINE.json.
set -euo pipefail
. "$(dirname "$0")/../bin/jdk.sh"
. "$(dirname "$0")/await-node.sh"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
docs=100000
engines=es,os
es_port=9400
os_port=9401
rebuild=false
baseline=""
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) docs="$2"; shift ;;
    --engines) engines="$2"; shift ;;
    --es-port) es_port="$2"; shift ;;
    --os-port) os_port="$2"; shift ;;
    --rebuild) rebuild=true ;;
    --baseline) baseline="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) options+=("$1") ;;
  esac
  shift
done
jar="$here/target/benchmarks.jar"
version=0.1.0-SNAPSHOT
if [ "$rebuild" = true ] || [ ! -f "$jar" ] || [ ! -f "$root/es-node/target/neardup-es-node.jar" ] ||
  [ ! -f "$root/os-node/target/neardup-os-node.jar" ] ||
  [ -n "$(find "$here/src/main" "$root/lucene-module/src/main" "$root/engine-common/src/main" "$root/plugin/src/main" "$root/es-node/src/main" \
    "$root/plugin-opensearch/src/main" "$root/os-node/src/main" -newer "$jar" -print -quit)" ]; then
  echo "rest-bench.sh: building" >&2
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks,es-node,os-node -am package -Dmaven.test.skip=true)
fi
java=("$JAVA_HOME/bin/java" --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  java+=(--sun-misc-unsafe-memory-access=allow)
fi
out="$here/target/rest-bench"
mkdir -p "$out"
node=
trap '[ -z "$node" ] || { kill $node 2>/dev/null; wait $node 2>/dev/null || true; }' EXIT

if [ -n "$baseline" ]; then
  baseline="$(git -C "$root" rev-parse --short "$baseline")"
  baseline_dir="$out/baseline-$baseline"
  echo "rest-bench.sh: building the nodes of $baseline (once)" >&2
  "$here/baseline-nodes.sh" "$baseline" "$baseline_dir"
fi

# run_engine es|os [NODE_DIR LABEL]: starts that node (this build's, or the one in NODE_DIR), runs RestBenchmark
# against it into $out/ENGINE.json (ENGINE-baseline.json for NODE_DIR), stops the node
run_engine() {
  local engine="$1" node_dir="${2:-$root/$engine-node/target}" label="${3:-}" port main opts
  case "$engine" in
    es) port=$es_port main=io.neardup.esnode.NearDupEsNode opts="${NEARDUP_ES_JAVA_OPTS:--Xms2g -Xmx2g}" ;;
    os) port=$os_port main=io.neardup.osnode.NearDupOsNode opts="${NEARDUP_OS_JAVA_OPTS:--Xms2g -Xmx2g}" ;;
    *) echo "rest-bench.sh: --engines takes es and os, got [$engine]" >&2; exit 2 ;;
  esac
  local name="$engine${label:+-baseline}"
  local log="$out/node-$name.log"
  # shellcheck disable=SC2086
  "${java[@]}" $opts -cp "$node_dir/neardup-$engine-node.jar:$here/target/neardup-benchmarks-$version-$engine-baseline.jar" \
    "$main" --port "$port" --data "$here/target/rest-node-$engine" \
    --plugin "io.neardup.benchmarks.$engine.MinHashBaselinePlugin" >"$log" 2>&1 &
  node=$!
  await_node "$node" "$log" 120
  echo "rest-bench.sh: $name node up on port $port; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  "${java[@]}" -Xmx4g -cp "$jar" io.neardup.benchmarks.RestBenchmark --engine "$engine" \
    --url "http://127.0.0.1:$port" --docs "$docs" --out "$out/$name.json" ${label:+--label "$label"} "${options[@]}"
  kill "$node"
  wait "$node" 2>/dev/null || true
  node=
  loads+=("$name: $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end;")
}

loads=()
files=()
started="$(date -u +%Y-%m-%dT%H:%MZ)"
for engine in ${engines//,/ }; do
  if [ -n "$baseline" ]; then
    load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
    run_engine "$engine" "$baseline_dir/$engine-node" "(baseline $baseline)"
    files+=("$out/$engine-baseline.json")
  fi
  load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
  run_engine "$engine"
  files+=("$out/$engine.json")
done
{
  echo "# REST benchmark, $started"
  echo
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GB;" \
    "JDK $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); node heaps ${NEARDUP_ES_JAVA_OPTS:--Xms2g -Xmx2g} (es)," \
    "${NEARDUP_OS_JAVA_OPTS:--Xms2g -Xmx2g} (os); one node at a time"
  echo
  echo "load average (1, 5, 15 min): ${loads[*]}"
  echo
  echo "command: benchmarks/rest-bench.sh --docs $docs --engines $engines --es-port $es_port --os-port $os_port" \
    "${baseline:+--baseline $baseline }${options[*]:-}"
  "${java[@]}" -cp "$jar" io.neardup.benchmarks.RestReport "${files[@]}"
} | tee "$out/report.md"
