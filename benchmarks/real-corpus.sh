#!/usr/bin/env bash
# Builds a corpus of real texts, {"id": ..., "text": ...} per line, from the documentation of a fixed
# list of Debian packages: man pages (rendered to plain text with mandoc), copyright files,
# changelogs, NEWS and README files. The packages are fetched with apt-get download (never taken from
# what this machine has installed, so every machine gets the same texts for the same package
# versions) and extracted with dpkg-deb. See benchmarks/README.md, 'Side by side with datasketch'.
#
# With --set templates, the texts are instead the HTML pages of generated documentation (the JDK's
# javadoc, Apache Commons Lang's javadoc, Python's Sphinx manual) rendered to plain text with their
# navigation, headers and footers: families of pages that share long template passages without being
# near-duplicates, the texts on which a single MinHash collision is a poor candidate filter.
#
# With --set sections, the packages are not a fixed list but every package of the Debian archive
# sections given by --sections (default perl: some 4,200 packages of Perl modules) at the versions apt
# knows, with the texts of docs: man pages, copyright files, changelogs, READMEs. Tens of thousands of
# texts whose near-duplicates are the archive's own: licence texts repeated with small changes,
# changelog entries of one team's packages, man pages of modules of one family.
#
# Usage: benchmarks/real-corpus.sh [--out FILE] [--docs N] [--set docs|templates|sections]
#                                  [--sections "NAME..."]
#   --out      the corpus [benchmarks/target/real-corpus/corpus.jsonl; templates:
#              .../template-corpus/corpus.jsonl; sections: .../section-corpus/corpus.jsonl]
#   --docs     at most N documents; more are sampled by a hash of their id, so a smaller N keeps a
#              subset of a larger one's texts [10000; sections: 60000]
#   --set      docs (a fixed list of packages), templates (generated HTML pages) or sections [docs]
#   --sections the archive sections of --set sections, e.g. "perl ruby" [perl]
# The corpus is built once and reused while the package versions, this script and its helper
# real-corpus.py are unchanged. Downloads are kept in benchmarks/target/real-corpus/debs.
# Installs mandoc with apt-get when it is missing. Prints the corpus path on standard output.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$here/target/real-corpus"
out=""
docs=""
set=docs
sections=perl
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
    --docs) docs="$2"; shift ;;
    --set) set="$2"; shift ;;
    --sections) sections="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "real-corpus.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

# Chosen for documentation that is real and varied: the C library's and OpenSSL's, libcurl's and
# X11's API pages (many written from one template), git's manual, system tools, and
# their copyright files (GPL, MIT, BSD and Apache texts with small changes) and changelogs.
packages=(
  apt bash binutils coreutils curl diffutils dpkg e2fsprogs findutils gawk git-man gnupg graphviz
  grep gzip iproute2 less libcurl4-doc libncurses-dev libpam-modules libssl-doc libsystemd-dev
  libx11-doc lvm2 make manpages manpages-dev mutt openssh-client openssl postfix
  postgresql-client-15 procps rsync sed sqlite3 sudo systemd tar tcl8.6-doc texinfo tmux util-linux
  wget xz-utils zsh-common
  # libraries and Python modules, for their copyright files and changelogs
  libabsl20220623 libalgorithm-diff-xs-perl libapache-pom-java libarchive13 libasound2-data
  libatk-bridge2.0-0 libatk1.0-0 libatspi2.0-0 libaudit1 libavahi-common3 libbinutils libboost-dev
  libboost-program-options1.74.0 libbsd0 libc-bin libcairo-gobject2 libcap2-bin libcdi-api-java
  libcommons-lang3-java libctf-nobfd0 libcurl3-gnutls libdatrie1 libdbus-1-3 libdebconfclient0
  libdeflate0 libdrm-amdgpu1 libdrm-nouveau2 libduktape207 libegl-dev libelf1 libevent-2.1-7
  libexpat1-dev libffi-dev libfile-fcntllock-perl libfontconfig1-dev libgail-common libgbm1
  libgcrypt20-dev libgdbm6 libgeronimo-annotation-1.3-spec-java libgl-dev libgl1-mesa-glx libgles1
  libglu1-mesa libglut3.12 libglvnd0 libglx0 libgmpxx4ldbl libgnutlsxx30 libgpg-error0
  libgssapi-krb5-2 libheaptrack libice-dev libidn2-dev libipt2 libjansi-java libjpeg62-turbo
  libjs-jquery libjson-c5 libjsr305-java libkrb5-3 liblcms2-2 liblerc4 libmagic-dev
  libmaven-resolver-java libmd0 libmpc3 libncurses5-dev libncursesw6 libnpth0 libnspr4 libnss3-dev
  libopenblas-dev libopengl-dev libp11-kit-dev libpam-cap libpam-runtime libpango-1.0-0
  libpciaccess0 libpipeline1 libplexus-cipher-java libplexus-interpolation-java libpng-dev
  libpolkit-agent-1-0 libpq5 libpython3-all-dev libquadmath0 librhash0 libsasl2-2 libseccomp2
  libsemanage2 libsepol2 libslang2 libsm6 libsqlite3-0 libsystemd0 libtasn1-doc libtiff6
  libtirpc-dev libuchardet0 libunistring2 libuv1 libwagon-provider-api-java libwebp7 libx11-6
  libxau-dev libxcb-cursor0 libxcb-glx0 libxcb-randr0 libxcb-shape0 libxcb-util1 libxcb1
  libxcomposite1 libxdmcp-dev libxext6 libxft-dev libxinerama1 libxkbfile1 libxmlsec1 libxmlsec1-nss
  libxmuu1 libxrender-dev libxsimd-dev libxss1 libxtables12 libxxf86dga1 libyaml-0-2 libz3-dev
  python3-all python3-argcomplete python3-cffi-backend python3-decorator python3-distutils
  python3-httplib2 python3-lazr.uri python3-oauthlib python3-pil python3-ply python3-six
  python3-venv python3-xmltodict x11-common
)

html_flag=()
case "$set" in
  docs) ;;
  templates)
    dir="$here/target/template-corpus"
    html_flag=(--html)
    # generated documentation of two generators: javadoc (two versions) and Sphinx (never a package
    # held out for the quality evaluations of issue 24, such as python3.11-doc)
    packages=(openjdk-17-doc libcommons-lang3-java-doc python-scipy-doc) ;;
  sections)
    dir="$here/target/section-corpus"
    docs="${docs:-60000}"
    # packages held out for the quality evaluations (issue 24) are never part of a corpus here
    held_out=" python3.11-doc python-django-doc postgresql-doc-15 rust-doc erlang-doc python-pandas-doc
      python-sqlalchemy-doc git-doc "
    mapfile -t packages < <(apt-cache dumpavail |
      awk -v want=" $sections " '/^Package: / { p = $2 } /^Section: / { s = $2; sub(/.*\//, "", s) }
        /^$/ { if (p != "" && index(want, " " s " ")) print p; p = "" }' | sort -u |
      while read -r p; do case "$held_out" in *" $p "*) ;; *) echo "$p" ;; esac; done)
    if [ ${#packages[@]} -eq 0 ]; then
      echo "real-corpus.sh: no package of the sections '$sections' is known to apt (apt-get update?)" >&2
      exit 1
    fi ;;
  *) echo "real-corpus.sh: --set must be docs, templates or sections, got $set" >&2; exit 2 ;;
esac
docs="${docs:-10000}"
out="${out:-$dir/corpus.jsonl}"

need=()
command -v mandoc >/dev/null || need+=(mandoc)
command -v dpkg-deb >/dev/null || need+=(dpkg)
[ -x /usr/bin/python3 ] || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "real-corpus.sh: installing ${need[*]}" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2
fi

mkdir -p "$dir/debs" "$(dirname "$out")"
versions() {
  apt-cache show --no-all-versions "${packages[@]}" 2>/dev/null |
    awk '/^Package: / { p = $2 } /^Version: / { print p, $2 }'
}
if [ "$(versions | wc -l)" -ne ${#packages[@]} ]; then
  apt-get update -qq >&2
fi
manifest="$dir/packages.txt"
versions >"$manifest.tmp"
for p in "${packages[@]}"; do
  if ! grep -q "^$p " "$manifest.tmp"; then
    echo "real-corpus.sh: package $p is not known to apt" >&2
    exit 1
  fi
done
mv "$manifest.tmp" "$manifest"

key="$( (cat "$manifest"; echo "docs=$docs set=$set sections=$sections"; cat "$0" "$here/real-corpus.py") | sha1sum | cut -c1-16)"
if [ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
  echo "real-corpus.sh: reusing $out" >&2
  echo "$out"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# apt-get download writes an epoch's colon as %3a; the missing packages are fetched 200 at a time
deb_of() { compgen -G "$dir/debs/${1}_${2/:/%3a}_*.deb" | head -1; }
missing=()
while read -r p v; do
  [ -n "$(deb_of "$p" "$v")" ] || missing+=("$p=$v")
done <"$manifest"
for ((i = 0; i < ${#missing[@]}; i += 200)); do
  echo "real-corpus.sh: downloading packages $((i + 1))-$((i + 200 < ${#missing[@]} ? i + 200 : ${#missing[@]})) of ${#missing[@]}" >&2
  (cd "$dir/debs" && apt-get download -qq -o APT::Sandbox::User=root "${missing[@]:i:200}" >&2)
done
while read -r p v; do
  debs=("$(deb_of "$p" "$v")")
  mkdir -p "$work/$p"
  dpkg-deb -x "${debs[0]}" "$work/$p"
done <"$manifest"
cut -d' ' -f1 "$manifest" >"$work/packages"
/usr/bin/python3 "$here/real-corpus.py" "$work" "$work/packages" --out "$out.tmp" --docs "$docs" "${html_flag[@]}"
mv "$out.tmp" "$out"
echo "$key" >"$out.key"
echo "$out"
