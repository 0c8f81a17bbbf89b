# Sourced by the benchmark scripts that start a node: await_node PID LOG SECONDS waits until the node's log says it
# is listening; if the node exits first it prints the log and exits 1, and after SECONDS it exits 1 naming the log.
await_node() {
  local pid="$1" log="$2" seconds="$3"
  for _ in $(seq 1 "$seconds"); do
    if grep -q "listening on" "$log"; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then cat "$log" >&2; exit 1; fi
    sleep 1
  done
  echo "$(basename "$0"): the node did not start listening within $seconds s; see $log" >&2
  exit 1
}
