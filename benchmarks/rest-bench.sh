#!/usr/bin/env bash
# The REST benchmark: starts bin/neardup-es (with the min_hash baseline filter of this module) on a free
# port, loads the generated corpus once, and prints RestBenchmark's tables:
#   neardup query vs a bool of min_hash tokens with minimum_should_match, at equal recall: median, p99
#   neardup_collapse over a 100-hit window vs the plain search: median overhead (target <= 25 %)
#
# Usage: benchmarks/rest-bench.sh [--docs N] [--port P] [--rebuild] [RestBenchmark options...]
#   --docs N    corpus size [100000]; the node's data stays in benchmarks/target/rest-node and is reused
#   --port P    HTTP port of the node [9400]
# Environment: NEARDUP_ES_JAVA_OPTS for the node [-Xms2g -Xmx2g].
set -euo pipefail
. "$(dirname "$0")/../bin/jdk.sh"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
docs=100000
port=9400
rebuild=false
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) docs="$2"; shift ;;
    --port) port="$2"; shift ;;
    --rebuild) rebuild=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) options+=("$1") ;;
  esac
  shift
done
jar="$here/target/benchmarks.jar"
baseline="$here/target/neardup-benchmarks-0.1.0-SNAPSHOT-es-baseline.jar"
node_jar="$root/es-node/target/neardup-es-node.jar"
if [ "$rebuild" = true ] || [ ! -f "$jar" ] || [ ! -f "$baseline" ] || [ ! -f "$node_jar" ] ||
  [ -n "$(find "$here/src/main" "$root/lucene-module/src/main" "$root/plugin/src/main" "$root/es-node/src/main" \
    -newer "$jar" -print -quit)" ]; then
  echo "rest-bench.sh: building" >&2
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks,es-node -am package -Dmaven.test.skip=true)
fi
java=("$JAVA_HOME/bin/java" --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  java+=(--sun-misc-unsafe-memory-access=allow)
fi
data="$here/target/rest-node"
log="$here/target/rest-node.log"
mkdir -p "$data"
# shellcheck disable=SC2086
"${java[@]}" ${NEARDUP_ES_JAVA_OPTS:--Xms2g -Xmx2g} -cp "$node_jar:$baseline" io.neardup.esnode.NearDupEsNode \
  --port "$port" --data "$data" --plugin io.neardup.benchmarks.es.MinHashBaselinePlugin >"$log" 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; wait $node 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if grep -q "listening on" "$log"; then break; fi
  if ! kill -0 $node 2>/dev/null; then cat "$log" >&2; exit 1; fi
  sleep 1
done
echo "# REST benchmark, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GB;" \
  "JDK $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); node heap ${NEARDUP_ES_JAVA_OPTS:--Xms2g -Xmx2g}"
echo "command: benchmarks/rest-bench.sh --docs $docs ${options[*]:-}"
"${java[@]}" -Xmx2g -cp "$jar" io.neardup.benchmarks.RestBenchmark --url "http://127.0.0.1:$port" --docs "$docs" \
  "${options[@]}"
