#!/usr/bin/env bash
# Checks that the bundle runs on a machine with no Java: builds this machine's bundle
# (./numaloom bundle --out into a temporary directory), unpacks it, and runs its commands in an
# empty environment (env -i) whose PATH starts with a fake `java` that fails loudly and whose
# JAVA_HOME is a fake JDK of the same kind, so that any use of a java other than the bundle's own
# fails the test instead of passing on the system's JDK. Then:
#   - locks lists NUMA_MCS; topology reports node 0 and its CPUs;
#   - a tiny bench (one consumeCpu bench, NUMA_MCS and the baselines, 2 threads, 1 warm-up and
#     1 measured iteration of 2,000 actions) writes results.csv with a row per lock, into --out;
#     a run without --out writes under ./results, not into the bundle;
#   - a lock variant's forks make a flight recording (jvmArgs -XX:StartFlightRecording), which the
#     bundle's runtime/bin/jfr reads, execution samples in it;
#   - jcstress, sanity mode, NUMA_MCS x MutualExclusion, passes;
#   - the virtual-thread harness, NUMA_MCS on 2 carriers, passes;
#   - a user's own locks (examples/user-lock's jar, ci/user-lock-jar.sh, in NUMALOOM_CLASSPATH):
#     an entry that does not exist is refused by name (exit 2) where a lock is named, DIR/* is
#     read as -cp reads it, locks lists them, the harness passes USER_MUTEX and catches USER_FORGETFUL_MUTEX, bench
#     measures USER_MUTEX, and jcstress, whose tests the bundle holds only for the kit's locks,
#     refuses USER_MUTEX saying so (exit 2); bench, stress and jcstress refuse a provider that
#     cannot be loaded, naming it (exit 2);
#   - the fake java and the fake JDK were never run; the bundle's tree was not written to.
# Also the bundle command's own errors (unknown arch, --out a file). About 2.5 minutes here (2 cores:
# 129 to 152 s in the CI mirrors of 2026-11-30 and 12-01), the bundle's build and the user's jar included.
#
# Usage: ci/bundle-test.sh   (keeps the temporary directory if NUMALOOM_KEEP_BUNDLE_TEST=1)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
start=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/numaloom-bundle-test.XXXXXX")
if [[ ${NUMALOOM_KEEP_BUNDLE_TEST:-} == 1 ]]; then
  echo "bundle-test: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

fail() { printf 'bundle-test: FAILED: %s\n' "$*" >&2; exit 1; }
say() { printf 'bundle-test: %s\n' "$*"; }
# expect_error TEXT COMMAND...: the command must exit 2 and say TEXT.
expect_error() {
  local text=$1 output status=0
  shift
  output=$("$@" 2>&1) || status=$?
  [[ $status -eq 2 && $output == *"$text"* ]] || fail "'$*' exited $status, expected 2 and '$text'; said: $output"
  say "refused as it should: ${output##*$'\n'}"
}

expect_error "unknown architecture 'sparc'" "$ROOT/numaloom" bundle --arch sparc --out "$tmp/dist"
touch "$tmp/a-file"
expect_error "exists and is not a directory" "$ROOT/numaloom" bundle --out "$tmp/a-file"

case $(uname -m) in
  x86_64) arch=x86_64 ;;
  aarch64) arch=aarch64 ;;
  *) fail "no bundle for $(uname -m)" ;;
esac
say "building the $arch bundle"
"$ROOT/numaloom" bundle --arch "$arch" --out "$tmp/dist" | tee "$tmp/bundle.out"
tarball=$(compgen -G "$tmp/dist/numaloom-*-linux-$arch.tar.gz" | head -n 1 || true)
[[ -n $tarball ]] || fail "no numaloom-*-linux-$arch.tar.gz in $tmp/dist"
size_mb=$(( ($(stat -c %s "$tarball") + 1048575) / 1048576 ))
(( size_mb <= 60 )) || fail "$tarball is $size_mb MB, more than 60"
mkdir "$tmp/machine"
tar -C "$tmp/machine" -xzf "$tarball"
bundle=$(compgen -G "$tmp/machine/numaloom-*-linux-$arch" | head -n 1 || true)
[[ -n $bundle && -x $bundle/numaloom && -x $bundle/runtime/bin/java ]] || fail "the tarball holds no numaloom-*/numaloom and runtime/bin/java"
say "unpacked $(basename "$tarball") ($size_mb MB): $(cd "$bundle" && echo *)"
say "building examples/user-lock, a user's own locks"
user_jar=$("$ROOT/ci/user-lock-jar.sh")

# A java that must never run: first on PATH, and as JAVA_HOME's.
mkdir -p "$tmp/fake/bin" "$tmp/fake-jdk/bin" "$tmp/work"
for fake in "$tmp/fake/bin/java" "$tmp/fake-jdk/bin/java" "$tmp/fake-jdk/bin/javac"; do
  printf '#!/bin/sh\necho "FAKE JAVA RUN: $0 $*" >&2\necho "$0 $*" >> %s\nexit 97\n' "$tmp/fake-java-ran" > "$fake"
  chmod +x "$fake"
done
printf 'JAVA_VERSION="25"\n' > "$tmp/fake-jdk/release"
machine=(env -i "PATH=$tmp/fake/bin:/usr/bin:/bin" "HOME=$tmp/work" "JAVA_HOME=$tmp/fake-jdk")
# The environment's only java is the fake one.
java_found=$("${machine[@]}" bash -c 'command -v java' || true)
[[ $java_found == "$tmp/fake/bin/java" ]] || fail "java in the test's environment is '$java_found', not the fake"
if "${machine[@]}" bash -c 'java -version' >/dev/null 2>&1; then
  fail "java -version succeeded in the test's environment"
fi
rm -f "$tmp/fake-java-ran"
touch "$tmp/unpacked-at"   # nothing in the bundle may be newer at the end

# run_expecting STATUS NAME COMMAND...: runs the bundle's launcher in the empty environment (and
# the variables of user_env), from $tmp/work; it must exit STATUS.
user_env=()
run_expecting() {
  local expected=$1 name=$2 t0=$SECONDS status=0
  shift 2
  (cd "$tmp/work" && "${machine[@]}" "${user_env[@]}" bash "$bundle/numaloom" "$@") > "$tmp/$name.out" 2>&1 || status=$?
  say "${user_env[*]:+${user_env[*]} }./numaloom $* -> exit $status in $((SECONDS - t0)) s"
  [[ $status -eq $expected ]] || { cat "$tmp/$name.out" >&2; fail "./numaloom $* exited $status, expected $expected"; }
}
run() { run_expecting 0 "$@"; }
# expect NAME PATTERN WHAT: the output of run NAME has a line matching the extended regex PATTERN.
expect() {
  grep -Eq "$2" "$tmp/$1.out" || { cat "$tmp/$1.out" >&2; fail "$1: $3"; }
}

run locks locks
grep -q '^NUMA_MCS ' "$tmp/locks.out" || { cat "$tmp/locks.out"; fail "locks does not list NUMA_MCS"; }
run topology topology
grep -q '^node 0 .*cpus ' "$tmp/topology.out" || { cat "$tmp/topology.out"; fail "topology shows no node 0 with its cpus"; }

cat > "$tmp/tiny.json" <<'JSON'
{
  "benches": [
    {
      "name": "consumeCpu",
      "payload": {
        "title": "Bundle test",
        "actionsCount": 2000,
        "beforeCpuTokens": 0,
        "inCpuTokens": 100,
        "yieldsBefore": 1,
        "yieldInCrit": true,
        "threads": [2],
        "warmupIterations": 1,
        "measurementIterations": 1,
        "forks": 1,
        "locks": [{"name": "NUMA_MCS"}]
      }
    }
  ]
}
JSON
run bench bench --config "$tmp/tiny.json" --out "$tmp/work/tiny-bench"
csv=$tmp/work/tiny-bench/results.csv
[[ -f $csv ]] || fail "bench wrote no $csv"
for lock in NUMA_MCS UNFAIR_REENTRANT FAIR_REENTRANT SYNCHRONIZED; do
  grep -q "^bundle-test,$lock,2," "$csv" || { cat "$csv"; fail "results.csv has no row for $lock at 2 threads"; }
done
say "results.csv: $(($(wc -l < "$csv") - 1)) rows"
# A flight recording on the server (docs/bundle.md): a lock variant whose forks record one, read by
# the bundle's own jfr; the runtime must hold jdk.jfr for either.
sed 's|"locks": \[{"name": "NUMA_MCS"}\]|"locks": [{"name": "NUMA_MCS", "variant": "jfr", "jvmArgs": ["-XX:StartFlightRecording=filename='"$tmp"'/work/numa.jfr,settings=profile"]}]|' \
  "$tmp/tiny.json" > "$tmp/tiny-jfr.json"
grep -q StartFlightRecording "$tmp/tiny-jfr.json" || fail "no recording variant in $tmp/tiny-jfr.json"
run bench-jfr bench --config "$tmp/tiny-jfr.json" --lock NUMA_MCS@jfr --out "$tmp/work/jfr-bench"
[[ -s $tmp/work/numa.jfr ]] || { cat "$tmp/bench-jfr.out" >&2; fail "NUMA_MCS@jfr's fork wrote no flight recording"; }
"${machine[@]}" "$bundle/runtime/bin/jfr" summary "$tmp/work/numa.jfr" > "$tmp/jfr-summary.out" 2>&1 \
  || { cat "$tmp/jfr-summary.out" >&2; fail "the bundle's jfr cannot read the recording"; }
expect jfr-summary '^ *jdk\.ExecutionSample +[1-9]' "the recording holds no execution samples"
say "NUMA_MCS@jfr's fork recorded $(grep -E '^ *jdk\.ExecutionSample ' "$tmp/jfr-summary.out" | awk '{print $2}') execution samples, read by the bundle's jfr"
# Without --out: under ./results of the working directory. Named configs come from the bundle's
# perf/configs (even its quick config takes minutes: the look-up is checked with a name it lacks).
run bench-default bench --config "$tmp/tiny.json"
compgen -G "$tmp/work/results/*/results.csv" > /dev/null || fail "bench without --out wrote no results/<date-time>/results.csv under the working directory"
status=0
(cd "$tmp/work" && "${machine[@]}" bash "$bundle/numaloom" bench --config no-such-config) > "$tmp/bad-config.out" 2>&1 || status=$?
[[ $status -eq 2 ]] && grep -q 'named configs: .*quick' "$tmp/bad-config.out" \
  || { cat "$tmp/bad-config.out"; fail "bench --config NAME does not find the bundle's perf/configs"; }
say "bench --config NAME looks in the bundle: $(grep -o 'named configs: .*' "$tmp/bad-config.out")"

run jcstress jcstress --mode sanity --lock NUMA_MCS --test MutualExclusion
grep -Eq '^NUMA_MCS +MutualExclusion +passed' "$tmp/jcstress.out" || { cat "$tmp/jcstress.out"; fail "jcstress did not pass NUMA_MCS MutualExclusion"; }
compgen -G "$tmp/work/results/jcstress/*/index.html" > /dev/null || fail "jcstress left no results/jcstress/*/index.html"
run stress stress --lock NUMA_MCS --carriers 2
grep -q '^NUMA_MCS on 2 carrier(s): PASSED' "$tmp/stress.out" || { cat "$tmp/stress.out"; fail "the harness did not pass NUMA_MCS"; }

user_env=("NUMALOOM_CLASSPATH=$user_jar:missing/my-locks.jar")
run_expecting 2 user-missing-jar locks
expect user-missing-jar "NUMALOOM_CLASSPATH names 'missing/my-locks.jar', which does not exist" \
  "a missing entry of NUMALOOM_CLASSPATH was not named"
run user-missing-jar-help help   # a command that takes no lock runs
mkdir -p "$tmp/broken-provider/META-INF/services"
echo com.example.MissingProvider > "$tmp/broken-provider/META-INF/services/org.numaloom.locks.registry.LockProvider"
user_env=("NUMALOOM_CLASSPATH=$tmp/broken-provider")
for command in bench stress jcstress; do
  run_expecting 2 "broken-provider-$command" "$command" --lock NUMA_MCS
  expect "broken-provider-$command" "^$command: a lock provider could not be loaded: .*com.example.MissingProvider" \
    "$command did not name the provider that cannot be loaded"
done
user_env=("NUMALOOM_CLASSPATH=$(dirname "$user_jar")/*")
run user-lock-dir locks
expect user-lock-dir '^USER_MUTEX +no ' "locks does not list USER_MUTEX from DIR/* in NUMALOOM_CLASSPATH"
user_env=("NUMALOOM_CLASSPATH=$user_jar")
run user-locks locks
expect user-locks '^USER_MUTEX +no ' "locks does not list the user's USER_MUTEX"
run_expecting 1 user-stress stress --lock USER_MUTEX --lock USER_FORGETFUL_MUTEX --carriers 2 --rounds 2 --watchdog 20
expect user-stress '^USER_MUTEX on 2 carrier\(s\): PASSED' "the harness did not pass USER_MUTEX"
expect user-stress '^USER_FORGETFUL_MUTEX on 2 carrier\(s\): FAILED .*mutual exclusion' "the harness did not catch USER_FORGETFUL_MUTEX"
run user-bench bench --config "$tmp/tiny.json" --lock USER_MUTEX --out "$tmp/work/user-bench"
grep -q "^bundle-test,USER_MUTEX,2," "$tmp/work/user-bench/results.csv" \
  || { cat "$tmp/work/user-bench/results.csv"; fail "results.csv has no row for USER_MUTEX"; }
run_expecting 2 user-jcstress jcstress --mode sanity --lock USER_MUTEX --test MutualExclusion
expect user-jcstress "^jcstress: no generated jcstress test .*USER_MUTEX.*kit's checkout" "jcstress did not say why it cannot run USER_MUTEX"
user_env=()

[[ ! -e $tmp/fake-java-ran ]] || fail "a java other than the bundle's ran: $(cat "$tmp/fake-java-ran")"
written=$(find "$bundle" -newer "$tmp/unpacked-at" -print)
[[ -z $written ]] || fail "the runs wrote into the bundle: $written"
say "PASSED in $((SECONDS - start)) s: the $arch bundle ran locks, topology, bench (a flight recording too), jcstress and stress, with a user's locks too, with no java but its own"
