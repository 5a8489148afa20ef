# Sourced, from the repository's root, by the benchmark scripts that build a lab and managed
# instances (formatter-arms.sh) once they have set JAR, ROOT, OUT and KINDS. It
# gives them `cb` (the jar's commands) and LAB, and makes sure that however the script ends, the
# instances it made are destroyed and the lab is brought down.
#
# Each command runs in the background and is waited for, so that a signal to the script reaches
# it first: it ends its run and writes its results before the EXIT trap removes the instances and
# the lab it was using.
child=
cb() {
  java -jar "$JAR" "$@" &
  child=$!
  wait "$child"
}
stop() {
  [ -n "$child" ] && kill -TERM "$child" 2> /dev/null && wait "$child"
  exit 143
}
trap stop INT TERM

mkdir -p "$OUT" "$ROOT"
LAB=$ROOT/lab
cleanup() {
  for kind in "${KINDS[@]}"; do
    if [ -f "$ROOT/$kind/instance.json" ]; then
      cb storage instance destroy --instance "$ROOT/$kind" --apply > "$OUT/$kind-destroy.txt" 2>&1 \
        || echo "warning: destroying $ROOT/$kind failed; see $OUT/$kind-destroy.txt" >&2
    fi
  done
  if [ -f "$LAB/lab.json" ]; then
    # The old logs a relocation kept on the lab are this script's own, made under ROOT for the
    # measurement: they go with the lab.
    cb storage lab down --root "$LAB" --delete-kept-logs --apply > "$OUT/lab-down.txt" 2>&1 \
      || echo "warning: lab down failed; see $OUT/lab-down.txt" >&2
  fi
}
trap cleanup EXIT
