#!/usr/bin/env bash
# Times `neardup index` (with and without the texts) beside the same command of an earlier build, on
# the real corpus of real-corpus.sh, alternating runs, and prints the medians and the ratios.
#
# Usage: benchmarks/index-bench.sh [--baseline COMMIT] [--runs 5] [--corpus FILE]
#   --baseline  the commit whose build is the baseline, built once in a temporary work tree [b175029,
#               the last build before the streaming dedup and the parallel index]
#   --runs      runs of each command [5]
#   --corpus    JSONL corpus [the one real-corpus.sh builds]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
baseline=b175029
runs=5
corpus=""
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --corpus) corpus="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "index-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$corpus" ] || corpus="$("$here/real-corpus.sh")"
out="$here/target/index-bench"
mkdir -p "$out"
old_jar="$out/neardup-cli-$baseline.jar"
"$here/baseline-jar.sh" "$baseline" "$old_jar"
"$root/bin/neardup" --version >/dev/null 2>&1 # builds the current tool if needed

time_of() {
  local start end
  rm -rf "$out/index"
  start=$(date +%s.%N)
  "$@" >"$out/last.log" 2>&1 || { cat "$out/last.log" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

old="" text="" notext=""
for i in $(seq "$runs"); do
  old="$old $(time_of "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -jar "$old_jar" index \
    --input "$corpus" --index "$out/index")"
  text="$text $(time_of "$root/bin/neardup" index --input "$corpus" --index "$out/index")"
  notext="$notext $(time_of "$root/bin/neardup" index --input "$corpus" --index "$out/index" --no-text)"
  echo "run $i: baseline $(echo "$old" | awk '{print $NF}') s, texts$(echo "$text" | awk '{print " " $NF}') s, --no-text$(echo "$notext" | awk '{print " " $NF}') s" >&2
done
mo=$(echo "$old" | median)
mt=$(echo "$text" | median)
mn=$(echo "$notext" | median)
echo "# neardup index beside build $baseline"
echo
echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores; JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "- corpus: $corpus ($(wc -l <"$corpus") texts, $(du -m "$corpus" | cut -f1) MB)"
echo
echo "| command | runs (s) | median s | speed-up |"
echo "| --- | --- | ---: | ---: |"
echo "| build $baseline: \`neardup index\` |$old | $mo | 1.00× |"
awk -v a="$mo" -v b="$mt" -v r="$text" 'BEGIN { printf "| `neardup index` (texts kept) |%s | %s | %.2f× |\n", r, b, a / b }'
awk -v a="$mo" -v b="$mn" -v r="$notext" 'BEGIN { printf "| `neardup index --no-text` |%s | %s | %.2f× |\n", r, b, a / b }'
