#!/usr/bin/env bash
# The distributed clustering API on a node with a small heap: starts bin/neardup-es with 512 MB of heap
# (NEARDUP_ES_JAVA_OPTS to change it) on a free port, loads generated corpora of the given sizes (once; the
# node's data stays in benchmarks/target/clusters-node), and prints ClustersBenchmark's table: per size the
# median time of POST /{index}/_neardup/clusters, the node's heap used idle and at its peak during the runs
# (sampled every 100 ms through _nodes/stats), the clusters found, and the time against the first size's.
#
# Usage: benchmarks/clusters-bench.sh [--docs 100000,1000000] [--port 9450] [--rounds 3] [--shards 2]
# Environment: NEARDUP_ES_JAVA_OPTS for the node [-Xms512m -Xmx512m].
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
. "$root/benchmarks/await-node.sh"
docs="100000,1000000"
port=9450
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) docs="$2"; shift ;;
    --port) port="$2"; shift ;;
    --rounds | --shards) options+=("$1" "$2"); shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "clusters-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" "$root/test-kit/src/main" "$root/lucene-module/src/main" \
  -newer "$jar" -print -quit)" ]; then
  echo "clusters-bench.sh: building" >&2
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true)
fi
export NEARDUP_ES_JAVA_OPTS="${NEARDUP_ES_JAVA_OPTS:--Xms512m -Xmx512m}"
data="$here/target/clusters-node"
log="$here/target/clusters-node.log"
mkdir -p "$data"
: >"$log"
"$root/bin/neardup-es" --port "$port" --data "$data" >"$log" 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; wait $node 2>/dev/null || true' EXIT
await_node "$node" "$log" 300
echo "# clustering API benchmark, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
  "$(free -g | awk '/Mem:/ {print $2}') GB, load average $(cut -d' ' -f1-3 /proc/loadavg) at start;" \
  "JDK $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); node heap $NEARDUP_ES_JAVA_OPTS;" \
  "neardup.clusters.memory_budget at its default (64mb)"
echo "command: benchmarks/clusters-bench.sh --docs $docs ${options[*]:-}"
"$JAVA_HOME/bin/java" -Xmx1g -cp "$jar" io.neardup.benchmarks.ClustersBenchmark --url "http://127.0.0.1:$port" \
  --docs "$docs" "${options[@]}"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
