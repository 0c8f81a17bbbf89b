#!/usr/bin/env bash
# Main-text extraction (`--boilerplate local`, MainTextExtractor) on WCXB, the multi-type web content extraction
# benchmark (2,008 pages of 1,613 sites in 7 page types: article, forum, product, collection, listing,
# documentation, service; a development and a held-out test split; Foley 2026, CC-BY-4.0), scored by the
# benchmark's own script (evaluate.py: word-level precision, recall and F1 per page, averaged, overall and per
# page type), beside the scores the benchmark publishes for rs-trafilatura, Trafilatura, Readability and others.
# Prints markdown (also to DIR/report.md); nothing fetched is committed. See benchmarks/README.md,
# 'Main text on WCXB'.
#
# The data are read from a bare clone under NEARDUP_MIRROR, as OWNER+NAME/repo:
#   git clone --bare https://github.com/Murrough-Foley/web-content-extraction-benchmark \
#     "$NEARDUP_MIRROR/Murrough-Foley+web-content-extraction-benchmark/repo"
# This script exports it into DIR (git archive), once. Needs python3 (the benchmark's script uses only its
# standard library).
#
# Usage: benchmarks/wcxb-eval.sh [--dir DIR] [--split dev|test|all] [--rules]
#   --dir    where the exported data, the predictions and the report go [benchmarks/target/wcxb-eval]
#   --split  which split to score [all]
#   --rules  the rules alone, without the learned block model (for comparison)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
dir="$here/target/wcxb-eval"
mirror="${NEARDUP_MIRROR:-$dir/mirror}"
splits=(dev test)
rules=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    --split)
      case "$2" in
        dev | test) splits=("$2") ;;
        all) splits=(dev test) ;;
        *) echo "wcxb-eval.sh: --split takes dev, test or all, got [$2]" >&2; exit 2 ;;
      esac
      shift ;;
    --rules) rules=(--rules) ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "wcxb-eval.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
command -v python3 >/dev/null || { echo "wcxb-eval.sh: python3 is needed to run the benchmark's evaluate.py" >&2; exit 1; }

git_dir="$mirror/Murrough-Foley+web-content-extraction-benchmark/repo"
if [ ! -d "$dir/data" ]; then
  [ -d "$git_dir" ] || { echo "no clone at $git_dir: git clone --bare https://github.com/Murrough-Foley/web-content-extraction-benchmark $git_dir (or set NEARDUP_MIRROR)" >&2; exit 1; }
  mkdir -p "$dir/data.tmp"
  git --git-dir="$git_dir" archive HEAD | tar -x -C "$dir/data.tmp"
  mv "$dir/data.tmp" "$dir/data"
fi

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/web/src/main" "$here/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -B -ntp -q -pl benchmarks -am package -DskipTests ${MAVEN_ARGS:-})
fi

{
  echo "# WCXB, $(date -u +%FT%TZ), $(git -C "$root" rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
  echo
  echo "command: benchmarks/wcxb-eval.sh --split ${splits[*]} ${rules[*]}; scored by the benchmark's evaluate.py"
  for split in "${splits[@]}"; do
    out="$dir/neardup-local-$split.json"
    "$JAVA_HOME/bin/java" -Xmx2g -cp "$jar" io.neardup.benchmarks.WcxbExtraction --data "$dir/data" \
      --split "$split" --out "$out" "${rules[@]}"
    echo
    echo "## $split split: \`--boilerplate local\`"
    echo
    echo '```'
    (cd "$dir/data" && python3 evaluate.py --split "$split" --results "$out" --per-type)
    echo '```'
  done
  echo
  echo "Published on the same pages (the benchmark's README, word-level F1): development split rs-trafilatura 0.859,"
  echo "MinerU-HTML 0.827, Trafilatura 0.791, dom-smoothie 0.762, Newspaper4k 0.720, jusText 0.707, BoilerPy3 0.687,"
  echo "Readability 0.675, Goose3 0.652; test split rs-trafilatura 0.893, Trafilatura 0.833, dom-smoothie 0.808,"
  echo "Readability 0.726. Per type on the development split (rs-trafilatura / Trafilatura / Readability): article"
  echo "0.932 / 0.926 / 0.825, documentation 0.932 / 0.888 / 0.736, service 0.844 / 0.763 / 0.604, forum 0.808 /"
  echo "0.585 / 0.466, collection 0.716 / 0.553 / 0.445, listing 0.707 / 0.589 / 0.496, product 0.641 / 0.567 / 0.407."
} | tee "$dir/report.md"
