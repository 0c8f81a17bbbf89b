#!/usr/bin/env bash
# The differential test of the fast tokenising path: FastStandardTokenizer against Lucene's
# StandardTokenizer, token by token (term, offsets, type, position increment, final state), on the
# man pages of Debian's translated manual packages and on hunspell word lists, in many scripts
# (Latin with diacritics, Cyrillic, Greek, Chinese, Japanese, Korean, Arabic, Hebrew, Thai,
# Devanagari, Bengali). The packages are fetched with apt-get download and extracted with dpkg-deb
# (never taken from what this machine has installed); every file is compared as it is, man pages
# decompressed but not rendered. Exits with status 1 at the first difference. Also prints the time
# both tokenizers took over all the texts. See benchmarks/README.md, 'Tokeniser differential test'.
#
# Usage: benchmarks/tokenizer-diff.sh [--dir DIR]
#   --dir   downloads and extracted packages [benchmarks/target/tokenizer-diff]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$root/bin/jdk.sh"
dir="$here/target/tokenizer-diff"
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "tokenizer-diff.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

packages=(
  manpages manpages-de manpages-fr manpages-es manpages-it manpages-pl manpages-cs manpages-nl
  manpages-tr manpages-vi manpages-ru manpages-uk manpages-el manpages-ja manpages-zh
  hunspell-ar hunspell-he hunspell-th hunspell-hi hunspell-bn hunspell-ko hunspell-el hunspell-ru
)

jar="$here/target/benchmarks.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$here/src/main" "$root/lucene-module/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && ./mvnw -q -B -ntp -pl benchmarks -am package -Dmaven.test.skip=true) >&2
fi

mkdir -p "$dir/debs" "$dir/files"
for p in "${packages[@]}"; do
  if [ ! -d "$dir/files/$p" ]; then
    v="$(apt-cache show --no-all-versions "$p" 2>/dev/null | awk '/^Version: / { print $2; exit }')"
    if [ -z "$v" ]; then
      apt-get update -qq >&2
      v="$(apt-cache show --no-all-versions "$p" | awk '/^Version: / { print $2; exit }')"
    fi
    # apt-get download writes an epoch's colon as %3a
    debs=("$dir/debs/${p}_${v/:/%3a}_"*.deb)
    if [ ! -f "${debs[0]}" ]; then
      (cd "$dir/debs" && apt-get download -qq -o APT::Sandbox::User=root "$p=$v" >&2)
      debs=("$dir/debs/${p}_${v/:/%3a}_"*.deb)
    fi
    mkdir -p "$dir/files/$p.tmp"
    dpkg-deb -x "${debs[0]}" "$dir/files/$p.tmp"
    # the texts only: man pages, documentation and word lists
    find "$dir/files/$p.tmp" -type l -delete
    mv "$dir/files/$p.tmp" "$dir/files/$p"
  fi
done

dirs=()
for p in "${packages[@]}"; do dirs+=("$dir/files/$p"); done
"$JAVA_HOME/bin/java" -Xmx2g -cp "$jar" io.neardup.benchmarks.TokenizerDifferential "${dirs[@]}"
