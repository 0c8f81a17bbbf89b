#!/usr/bin/env bash
# Builds the command-line tool of an earlier commit, once, in a temporary work tree, for the
# scripts that time it beside this build (index-bench.sh, dedup-ab.sh).
#
# Usage: benchmarks/baseline-jar.sh COMMIT JAR   (writes JAR unless it exists)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
commit="$1"
jar="$2"
[ -f "$jar" ] && exit 0
tree="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null
(cd "$tree" && ./mvnw -q -B -ntp -pl cli -am package -Dmaven.test.skip=true >&2)
mkdir -p "$(dirname "$jar")"
cp "$tree/cli/target/neardup-cli.jar" "$jar"
