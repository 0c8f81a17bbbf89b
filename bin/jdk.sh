# Sourced by neardup's scripts: exports JAVA_HOME pointing at a JDK 21 or newer.
# Uses JAVA_HOME when it is new enough, else the newest JDK under /usr/lib/jvm (or NEARDUP_JVM_DIR).

_neardup_java_major() {
  # every JDK has a `release` file: reading it is far cheaper than starting a JVM
  local v=""
  if [ -f "$1/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\(1\.\)\{0,1\}\([0-9]*\).*/\2/p' "$1/release" | head -n 1)
  fi
  if [ -z "$v" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 |
      sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1)
  fi
  echo "$v"
}

_neardup_find_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    local major
    major=$(_neardup_java_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      echo "$JAVA_HOME"
      return 0
    fi
  fi
  local best="" best_major=0 dir major
  for dir in "${NEARDUP_JVM_DIR:-/usr/lib/jvm}"/*; do
    [ -x "$dir/bin/javac" ] || continue
    major=$(_neardup_java_major "$dir")
    [ -n "$major" ] || continue
    if [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best="$dir"
      best_major="$major"
    fi
  done
  [ -n "$best" ] || return 1
  echo "$best"
}

if ! NEARDUP_JAVA_HOME=$(_neardup_find_jdk); then
  echo "neardup: needs a JDK 21 or newer: set JAVA_HOME to one, or install one under /usr/lib/jvm" >&2
  exit 1
fi
export JAVA_HOME="$NEARDUP_JAVA_HOME"
# JDK 24+ warns about sun.misc.Unsafe use inside Maven's own Guava; the flag does not exist before 23.
if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
  case " ${MAVEN_OPTS:-} " in
    *sun-misc-unsafe-memory-access*) ;;
    *) export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow" ;;
  esac
fi
