#!/usr/bin/env bash
# Main-text extraction on the held-out news-article benchmark of issue 24 (scrapinghub/article-extraction-benchmark:
# 181 article pages of 181 sites, the labelled article body of each), run as a new user would: the pages as JSONL
# (HTML read as the benchmark's own runners read it, UTF-8), then
#   bin/neardup dedup --input pages.jsonl --html-field html --url-field url --boilerplate local --keep-text DIR
# and the kept texts scored by the benchmark's own evaluate.py (token-shingle precision, recall and F1 per page,
# averaged, with bootstrap deviations), in one table with the outputs the benchmark publishes for the other
# extractors (trafilatura, Readability.js, goose3, jusText, boilerpipe, ...).
#
# Held out: these pages are never used to choose a rule or a threshold. The script prints the benchmark's aggregate
# table only; it writes no per-page scores.
#
# Usage: benchmarks/article-eval.sh [--dir DIR] [--only-neardup]
#   --dir           where the exported data, the pages and the texts go [benchmarks/target/article-eval]
#   --only-neardup  score neardup's output alone (the published outputs are left out of the table)
#
# The data are read from a bare clone under NEARDUP_MIRROR, as OWNER+NAME/repo:
#   git clone --bare https://github.com/scrapinghub/article-extraction-benchmark \
#     "$NEARDUP_MIRROR/scrapinghub+article-extraction-benchmark/repo"
# exported into DIR once (git archive). Needs python3 (the benchmark's script uses only its standard library).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
dir="$here/target/article-eval"
only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    --only-neardup) only=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "article-eval.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
mirror="${NEARDUP_MIRROR:-$dir/mirror}"
command -v python3 >/dev/null || { echo "article-eval.sh: python3 is needed to run the benchmark's evaluate.py" >&2; exit 1; }

git_dir="$mirror/scrapinghub+article-extraction-benchmark/repo"
data="$dir/data"
if [ ! -d "$data" ]; then
  [ -d "$git_dir" ] || { echo "article-eval.sh: no clone at $git_dir: git clone --bare https://github.com/scrapinghub/article-extraction-benchmark $git_dir (or set NEARDUP_MIRROR)" >&2; exit 1; }
  rm -rf "$dir/data.tmp"
  mkdir -p "$dir/data.tmp/html" "$dir/data.tmp/output"
  # file by file: a mirror may lack a large published output, which is then left out of the table
  git --git-dir="$git_dir" ls-tree -r --name-only HEAD -- ground-truth.json evaluate.py html output |
    while read -r path; do
      if git --git-dir="$git_dir" cat-file -e "HEAD:$path" 2>/dev/null; then
        git --git-dir="$git_dir" show "HEAD:$path" >"$dir/data.tmp/$path"
      else
        echo "article-eval.sh: $path is not in the mirror, left out" >&2
      fi
    done
  mv "$dir/data.tmp" "$data"
fi

# the pages as the CLI reads JSONL pages: id, url, html
python3 - "$data" "$dir/pages.jsonl" <<'EOF'
import gzip, json, sys
from pathlib import Path
data, out = Path(sys.argv[1]), sys.argv[2]
truth = json.loads((data / 'ground-truth.json').read_text(encoding='utf8'))
with open(out, 'w', encoding='utf8') as f:
    for key in sorted(truth):
        with gzip.open(data / 'html' / f'{key}.html.gz', 'rt', encoding='utf8') as page:
            html = page.read()
        f.write(json.dumps({'id': key, 'url': truth[key].get('url', ''), 'html': html}) + '\n')
EOF

rm -rf "$dir/text"
"$root/bin/neardup" dedup --input "$dir/pages.jsonl" --html-field html --url-field url --boilerplate local \
  --keep-text "$dir/text" --pairs "$dir/pairs.tsv" >"$dir/dedup.log" 2>&1 \
  || { cat "$dir/dedup.log" >&2; exit 1; }

# the kept texts in the benchmark's prediction format; a page whose text was not kept scores as empty
version="$(git -C "$root" rev-parse --short HEAD)"
rm -rf "$dir/scored"
mkdir -p "$dir/scored/output"
cp "$data/ground-truth.json" "$data/evaluate.py" "$dir/scored/"
[ "$only" = 1 ] || cp "$data/output/"*.json "$dir/scored/output/"
python3 - "$data" "$dir/text" "$dir/scored/output/neardup.json" "$version" <<'EOF'
import csv, json, sys
from pathlib import Path
data, text, out, version = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
truth = json.loads((data / 'ground-truth.json').read_text(encoding='utf8'))
files = {}
with open(text / 'pages.tsv', encoding='utf8', newline='') as f:
    rows = csv.reader(f, delimiter='\t')
    header = next(rows)
    for row in rows:
        r = dict(zip(header, row))
        files[r['id']] = r['file']
missing = [k for k in truth if k not in files]
if missing:
    print(f'article-eval.sh: {len(missing)} pages without kept text, scored as empty', file=sys.stderr)
body = {k: {'articleBody': (text / files[k]).read_text(encoding='utf8') if k in files else ''} for k in truth}
Path(out).write_text(json.dumps({'version': version, 'output': body}), encoding='utf8')
EOF

{
  echo "# Held-out article benchmark, $(date -u +%FT%TZ), $version on $(nproc) cores"
  echo
  echo '```'
  (cd "$dir/scored" && python3 evaluate.py)
  echo '```'
} | tee "$dir/report.md"
