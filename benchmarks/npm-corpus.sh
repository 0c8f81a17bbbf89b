#!/usr/bin/env bash
# Builds a corpus of real texts, {"id": ..., "text": ...} per line, from the documentation inside the
# tarballs of popular npm packages (npm-packages.txt): READMEs, licences, changelogs, history files and
# Markdown documentation. Each package is fetched from the npm registry at the version it names latest
# when the corpus is first built; the versions are recorded in packages.txt beside the corpus, and the
# tarballs are kept, so later builds reuse them.
#
# Usage: benchmarks/npm-corpus.sh [--out FILE]
#   --out   the corpus [benchmarks/target/npm-corpus/corpus.jsonl]
# Environment: NPM_REGISTRY [https://registry.npmjs.org]. Prints the corpus path on standard output.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$here/target/npm-corpus"
out="$dir/corpus.jsonl"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "npm-corpus.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$dir/tgz" "$(dirname "$out")"
key="$( (cat "$dir/packages.txt" 2>/dev/null; cat "$0" "$here/npm-corpus.py" "$here/npm-packages.txt") |
  sha1sum | cut -c1-16)"
if [ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
  echo "npm-corpus.sh: reusing $out" >&2
  echo "$out"
  exit 0
fi
/usr/bin/python3 "$here/npm-corpus.py" "$here/npm-packages.txt" "$dir" --out "$out.tmp" \
  --registry "${NPM_REGISTRY:-https://registry.npmjs.org}"
mv "$out.tmp" "$out"
key="$( (cat "$dir/packages.txt"; cat "$0" "$here/npm-corpus.py" "$here/npm-packages.txt") |
  sha1sum | cut -c1-16)"
echo "$key" >"$out.key"
echo "$out"
