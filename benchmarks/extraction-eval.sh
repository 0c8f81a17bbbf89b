#!/usr/bin/env bash
# Main-text extraction (`--boilerplate local`, MainTextExtractor) scored against public labelled main-content
# datasets (CleanEval, CleanPortalEval, Dragnet, L3S-GN1, Readability's test pages), beside the scores trafilatura,
# Readability, Resiliparse, boilerpipe, jusText and goose3 published on the same pages (Bevendorff et al., SIGIR
# 2023). Prints markdown tables (also to DIR/report.md); nothing fetched is committed. See benchmarks/README.md,
# 'Main-text extraction'.
#
# The data are read from bare clones of two public repositories under NEARDUP_MIRROR, as OWNER+NAME/repo:
#   git clone --bare https://github.com/j-szulc/html-cleaning-dataset-merged \
#     "$NEARDUP_MIRROR/j-szulc+html-cleaning-dataset-merged/repo"                      (pages and labels)
#   git clone --bare https://github.com/Saelaress/web-content-extraction-benchmark-extended \
#     "$NEARDUP_MIRROR/Saelaress+web-content-extraction-benchmark-extended/repo"     (published per-page scores)
# This script exports them into DIR (git archive), once.
#
# Usage: benchmarks/extraction-eval.sh [--dir DIR] [--datasets a,b] [--dump] [--speed ROUNDS] [--check-scorer] [--rules]
#   --dir           where the exported data, the dump and the report go [benchmarks/target/extraction-eval]
#   --datasets      a subset: cleaneval,cleanportaleval,dragnet,l3s-gn1,readability [all]
#   --dump          also write each page's extracted and labelled text and DIR/dump/pages.tsv (per-page scores)
#   --speed ROUNDS  instead of scores: decode+parse against decode+parse+extract by the rules alone and with the
#                   learned block model, over the same pages, one thread, in turn, ROUNDS measured rounds after 2
#                   of warm-up; medians and the ratios
#   --rules         score the rules alone, without the learned block model (for comparison)
#   --check-scorer  instead: this scorer against the published one, on the published outputs of the others
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
dir="$here/target/extraction-eval"
mirror="${NEARDUP_MIRROR:-$dir/mirror}"
extra=()
mode=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    --datasets) extra+=(--datasets "$2"); shift ;;
    --dump) mode+=(--dump "$dir/dump") ;;
    --speed) mode+=(--speed "$2"); shift ;;
    --check-scorer) mode+=(--check-scorer "$dir/published/model-outputs") ;;
    --rules) extra+=(--rules) ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "extraction-eval.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

pages_git="$mirror/j-szulc+html-cleaning-dataset-merged/repo"
scores_git="$mirror/Saelaress+web-content-extraction-benchmark-extended/repo"
if [ ! -d "$dir/data" ]; then
  [ -d "$pages_git" ] || { echo "no clone at $pages_git: git clone --bare https://github.com/j-szulc/html-cleaning-dataset-merged $pages_git (or set NEARDUP_MIRROR)" >&2; exit 1; }
  mkdir -p "$dir/data.tmp"
  git --git-dir="$pages_git" archive HEAD | tar -x -C "$dir/data.tmp"
  mv "$dir/data.tmp" "$dir/data"
fi
if [ ! -d "$dir/published" ] && [ -d "$scores_git" ]; then
  mkdir -p "$dir/published.tmp"
  git --git-dir="$scores_git" archive HEAD outputs/metrics-computed/rouge | tar -x -C "$dir/published.tmp"
  mv "$dir/published.tmp/outputs/metrics-computed/rouge" "$dir/published.tmp/rouge"
  # the other extractors' outputs, where the snapshot holds them (for --check-scorer)
  mkdir -p "$dir/published.tmp/model-outputs"
  git --git-dir="$scores_git" ls-tree -r HEAD outputs/model-outputs | while read -r _ _ blob path; do
    out="$dir/published.tmp/model-outputs/$(basename "$(dirname "$path")")"
    mkdir -p "$out"
    git --git-dir="$scores_git" cat-file blob "$blob" > "$out/$(basename "$path")" 2>/dev/null \
      || rm -f "$out/$(basename "$path")" # a blob the snapshot does not hold
  done
  rm -rf "$dir/published.tmp/outputs"
  mv "$dir/published.tmp" "$dir/published"
fi
published=()
[ -d "$dir/published/rouge" ] && published=(--published "$dir/published/rouge")

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/web/src/main" "$here/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -B -ntp -q -pl benchmarks -am package -DskipTests ${MAVEN_ARGS:-})
fi
cmd=("$JAVA_HOME/bin/java" -Xmx2g -cp "$jar" io.neardup.benchmarks.ExtractionEvaluation --data "$dir/data"
  "${published[@]}" "${extra[@]}" "${mode[@]}")
{
  echo "# $(date -u +%FT%TZ) $(git -C "$root" rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
  echo "# ${cmd[*]}"
  echo
  "${cmd[@]}"
} | tee "$dir/report.md"
