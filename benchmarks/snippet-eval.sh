#!/usr/bin/env bash
# Main-text extraction (`--boilerplate local`, MainTextExtractor) on a multilingual collection of 990 web pages
# (news, magazines, blogs, forums, government and company pages; mostly German, with English, French, other
# European languages, Chinese and Arabic) annotated with the segments a good extraction keeps and those it drops:
# the evaluation set of the trafilatura project (tests/evaldata.json and its pages, Apache-2.0). Scored as that
# project scores it (a kept segment found is a true positive, a dropped one found a false positive; counts summed
# over pages), beside the comparison it publishes for trafilatura, magic-html, jusText, readability-lxml,
# goose3, boilerpy3, newspaper4k and others on the same pages. Prints markdown (also to DIR/report.md); nothing
# fetched is committed. See benchmarks/README.md, 'Main text in many languages'.
#
# The data are read from a bare clone under NEARDUP_MIRROR, as OWNER+NAME/repo:
#   git clone --bare https://github.com/adbar/trafilatura "$NEARDUP_MIRROR/adbar+trafilatura/repo"
# This script exports its tests/ folder into DIR (git archive), once.
#
# Usage: benchmarks/snippet-eval.sh [--dir DIR] [--rules]
#   --rules  the rules alone, without the learned block model (for comparison)
#   --dir  where the exported pages and the report go [benchmarks/target/snippet-eval]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
dir="$here/target/snippet-eval"
mirror="${NEARDUP_MIRROR:-$dir/mirror}"
rules=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    --rules) rules=(--rules) ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "snippet-eval.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

git_dir="$mirror/adbar+trafilatura/repo"
if [ ! -d "$dir/data" ]; then
  [ -d "$git_dir" ] || { echo "no clone at $git_dir: git clone --bare https://github.com/adbar/trafilatura $git_dir (or set NEARDUP_MIRROR)" >&2; exit 1; }
  mkdir -p "$dir/data.tmp"
  git --git-dir="$git_dir" archive HEAD tests/evaldata.json tests/cache tests/eval | tar -x -C "$dir/data.tmp"
  mv "$dir/data.tmp/tests" "$dir/data"
  rmdir "$dir/data.tmp"
fi

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/web/src/main" "$here/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -B -ntp -q -pl benchmarks -am package -DskipTests ${MAVEN_ARGS:-})
fi
{
  echo "# Segments kept and dropped, $(date -u +%FT%TZ), $(git -C "$root" rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
  echo
  echo "command: benchmarks/snippet-eval.sh ${rules[*]} (\`--boilerplate local\`)"
  echo
  "$JAVA_HOME/bin/java" -Xmx2g -cp "$jar" io.neardup.benchmarks.SnippetEvaluation --data "$dir/data" "${rules[@]}"
  echo
  echo "Published on the same 990 pages (trafilatura's evaluation page, 2026-08-04; precision / recall / F1):"
  echo "trafilatura 2.2.0 0.906 / 0.943 / 0.924, magic-html 0.887 / 0.891 / 0.889, jusText (custom) 0.864 / 0.859 /"
  echo "0.862, news-please 0.932 / 0.758 / 0.836, readability-lxml 0.898 / 0.764 / 0.826, resiliparse 0.705 / 0.955 /"
  echo "0.811, goose3 0.936 / 0.714 / 0.810, boilerpy3 0.818 / 0.796 / 0.807, newspaper4k 0.878 / 0.736 / 0.801."
} | tee "$dir/report.md"
