# Sourced by bin/neardup-es and bin/neardup-os: builds a node module when stale and runs its jar.
#   _neardup_run_node NAME MODULE PLUGIN_MODULE OPTS_VALUE ARGS...
# NAME prefixes the messages; MODULE (es-node, os-node) builds target/neardup-<MODULE>.jar and its lib/; the jar is
# rebuilt when any source of MODULE, PLUGIN_MODULE or the library is newer. OPTS_VALUE replaces the default JVM
# options -Xms512m -Xmx1g when not empty.

_neardup_run_node() {
  local name="$1" module="$2" plugin="$3" opts="$4"
  shift 4
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  . "$root/bin/jdk.sh"
  local jar="$root/$module/target/neardup-$module.jar"
  local sources=("$root/pom.xml" "$root/$module/pom.xml" "$root/$module/src/main" "$root/$plugin/pom.xml"
    "$root/$plugin/src/main" "$root/lucene-module/pom.xml" "$root/lucene-module/src/main"
    "$root/engine-common/pom.xml" "$root/engine-common/src/main")

  _neardup_stale() {
    [ ! -f "$jar" ] || [ -n "$(find "${sources[@]}" -newer "$jar" -print -quit 2>/dev/null)" ]
  }

  if _neardup_stale; then
    # another launcher may be building right now: wait for it rather than build twice at once
    if command -v flock >/dev/null 2>&1; then
      mkdir -p "$root/$module/target"
      exec 9>"$root/$module/target/.build.lock"
      flock 9
    fi
    if _neardup_stale; then
      echo "$name: building the node (first use, or the sources changed)..." >&2
      if ! (cd "$root" && ./mvnw -q -B -ntp -pl "$module" -am package -Dmaven.test.skip=true >&2); then
        echo "$name: the build failed; see the Maven output above" >&2
        exit 1
      fi
      touch "$jar"
    fi
  fi

  # Lucene's and the engine's vector code, native access, Netty's off-heap buffers
  local jvm_flags=(--add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
  if [ "$(_neardup_java_major "$JAVA_HOME")" -ge 23 ]; then
    jvm_flags+=(--sun-misc-unsafe-memory-access=allow)
  fi
  # shellcheck disable=SC2086
  exec "$JAVA_HOME/bin/java" "${jvm_flags[@]}" ${opts:--Xms512m -Xmx1g} -jar "$jar" "$@"
}
