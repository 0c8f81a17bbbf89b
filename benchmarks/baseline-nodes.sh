#!/usr/bin/env bash
# Builds the Elasticsearch and OpenSearch nodes (es-node, os-node and the plugins they embed) of an
# earlier commit, once, in a temporary work tree, for rest-bench.sh --baseline.
#
# Usage: benchmarks/baseline-nodes.sh COMMIT DIR   (writes DIR/es-node and DIR/os-node unless they exist;
#        each holds the node's jar and its lib/ as the build leaves them)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/bin/jdk.sh"
commit="$1"
dir="$2"
[ -f "$dir/es-node/neardup-es-node.jar" ] && [ -f "$dir/os-node/neardup-os-node.jar" ] && exit 0
tree="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null
(cd "$tree" && ./mvnw -q -B -ntp -pl es-node,os-node -am package -Dmaven.test.skip=true >&2)
for engine in es os; do
  rm -rf "$dir/$engine-node"
  mkdir -p "$dir/$engine-node"
  cp -r "$tree/$engine-node/target/neardup-$engine-node.jar" "$tree/$engine-node/target/lib" "$dir/$engine-node/"
done
