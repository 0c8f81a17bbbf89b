#!/usr/bin/env bash
# Near-duplicate pairs on real documentation sites of many page generators (issue 24, item 2): pair precision, recall
# and F1 of `neardup dedup --boilerplate none|local|site` at 0.8, per generator and overall, against the exact truth
# (`neardup truth`) of each page's main content, the text of its generator's content container as web-sites.tsv
# declares it (never shown to the extractor). The sites are Debian *-doc packages (bin/fetch-web-docs: apt-get
# download, dpkg-deb -x into DIR/fetched; nothing fetched is committed); to them the run adds pages re-hosted under
# another site's template with 1 % of their words edited (WebSiteQuality, testkit.WebRehosting). Prints markdown
# tables, also to DIR/report.md. See benchmarks/README.md, 'Near-duplicates of real sites'.
#
# Usage: benchmarks/web-sites.sh [--dir DIR] [--manifest TSV] [--rehosted N] [--seed S] [--keep-text]
#   --dir        where the fetched packages, the work copy and the report go [benchmarks/target/web-sites]
#   --manifest   the sites: package, generator, path in the package, content container [benchmarks/web-sites.tsv]
#   --rehosted   how many re-hosted copies to add [800]
#   --seed       the seed of the copies and their edits [20261127]
#   --keep-text  also write each page's main text per mode (dedup --keep-text DIR/work/text-MODE)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
dir="$here/target/web-sites"
manifest="$here/web-sites.tsv"
rehosted=800
seed=20261127
keep=false
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    --manifest) manifest="$2"; shift ;;
    --rehosted) rehosted="$2"; shift ;;
    --seed) seed="$2"; shift ;;
    --keep-text) keep=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "web-sites.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
manifest="$(cd "$(dirname "$manifest")" && pwd)/$(basename "$manifest")"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

specs=()
while IFS=$'\t' read -r package _ path _; do
  specs+=("$package:$path")
done < <(grep -v '^#' "$manifest" | grep -v '^[[:space:]]*$')
"$root/bin/fetch-web-docs" "$dir/fetched" "${specs[@]}" >/dev/null

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/web/src/main" "$root/test-kit/src/main" "$here/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -B -ntp -q -pl benchmarks -am package -DskipTests ${MAVEN_ARGS:-})
fi
java=("$JAVA_HOME/bin/java" -Xmx2g -cp "$jar" io.neardup.benchmarks.WebSiteQuality)
work="$dir/work"
rm -rf "$work"
threshold=0.8
{
  echo "# $(date -u +%FT%TZ) $(git -C "$root" rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
  echo "# benchmarks/web-sites.sh --rehosted $rehosted --seed $seed (manifest $(basename "$manifest"))"
  echo
  "${java[@]}" prepare --sites "$dir/fetched" --manifest "$manifest" --work "$work" --rehosted "$rehosted" --seed "$seed"
  echo
  # the truth holds every pair from 0.75, so that the tolerant scores (pairs within 0.05 of 0.8 neutral) can be given
  "$root/bin/neardup" truth --input "$work/main.jsonl" --threshold 0.75 --output "$work/truth.tsv" --no-progress >/dev/null
  modes=()
  for mode in none local site; do
    keep_text=()
    [ "$keep" = false ] || keep_text=(--keep-text "$work/text-$mode")
    "$root/bin/neardup" dedup --input "$work/pages" --base-url https://docs.example.org/ --boilerplate "$mode" \
      --threshold "$threshold" --pairs "$work/pairs-$mode.tsv" --no-progress "${keep_text[@]}" >/dev/null
    modes+=("$mode=$work/pairs-$mode.tsv")
  done
  echo "# per mode: bin/neardup dedup --input $work/pages --base-url https://docs.example.org/ --boilerplate MODE --threshold $threshold"
  echo
  "${java[@]}" score --work "$work" --truth "$work/truth.tsv" --threshold "$threshold" "${modes[@]}"
} | tee "$dir/report.md"
