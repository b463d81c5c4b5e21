#!/usr/bin/env bash
# A user's own locks, from a jar built outside the kit, through every kit command that takes a lock
# name, as README.md tells a user to do it: with NUMALOOM_CLASSPATH naming examples/user-lock's jar
# (set before the jar is built, as a user's shell would have it), installs the library
# (./numaloom mvn -pl locks -am install), builds examples/user-lock against it, and:
#   - locks lists USER_MUTEX and USER_FORGETFUL_MUTEX (which lets a thread in without the lock);
#   - stress, jcstress (quick mode, MutualExclusion) and lincheck each pass USER_MUTEX and fail
#     USER_FORGETFUL_MUTEX, and say which lock failed: a command that ran some other lock, or
#     none, under those names would not fail the broken one; lincheck runs each alone, so that a
#     suite that ignores --lock fails the mutex's run; a mistyped name is refused (exit 2) with
#     the user's locks among those it lists;
#   - mutate's JUnit layer (the contract and oracle suites) passes the non-reentrant mutex and
#     catches its mutant;
#   - bench measures USER_MUTEX beside the JDK's locks;
#   - a NUMALOOM_CLASSPATH entry that does not exist, or is relative, is refused, and so is a
#     provider that cannot be loaded, by every command that takes a lock.
# 201 s here (2 cores).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
start=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/numaloom-user-lock-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { printf 'user-lock-test: FAILED: %s\n' "$*" >&2; exit 1; }
say() { printf 'user-lock-test: %s\n' "$*"; }

# run NAME EXPECTED_STATUS COMMAND...: runs a kit command (NUMALOOM_CLASSPATH naming the user's
# jar), its output in $tmp/NAME.out.
run() {
  local name=$1 expected=$2 t0=$SECONDS status=0
  shift 2
  "$ROOT/numaloom" "$@" > "$tmp/$name.out" 2>&1 || status=$?
  say "./numaloom $* -> exit $status in $((SECONDS - t0)) s"
  [[ $status -eq $expected ]] || { tail -n 40 "$tmp/$name.out" >&2; fail "./numaloom $* exited $status, expected $expected"; }
}
# expect NAME PATTERN WHAT: the output of run NAME has a line matching the extended regex PATTERN.
expect() {
  grep -Eq "$2" "$tmp/$1.out" || { tail -n 40 "$tmp/$1.out" >&2; fail "$1: $3"; }
}

jar=$("$ROOT/ci/user-lock-jar.sh" --path)
# As a user would: the variable set first, the jar built after (on a fresh clone it does not exist
# yet, and mvn must not care).
export NUMALOOM_CLASSPATH=$jar
say "installing the library $("$ROOT/numaloom" version) and building examples/user-lock against it"
"$ROOT/ci/user-lock-jar.sh" > /dev/null

run locks 0 locks
expect locks '^USER_MUTEX +no ' "locks does not list USER_MUTEX"
expect locks '^USER_FORGETFUL_MUTEX +no ' "locks does not list USER_FORGETFUL_MUTEX"

run stress 1 stress --lock USER_MUTEX --lock USER_FORGETFUL_MUTEX --carriers 2 --rounds 2 --watchdog 20
expect stress '^USER_MUTEX on 2 carrier\(s\): PASSED' "the harness did not pass USER_MUTEX"
expect stress '^USER_FORGETFUL_MUTEX on 2 carrier\(s\): FAILED .*mutual exclusion' "the harness did not catch USER_FORGETFUL_MUTEX"

run jcstress 1 jcstress --mode quick --lock USER_MUTEX --lock USER_FORGETFUL_MUTEX --test MutualExclusion
expect jcstress '^USER_MUTEX +MutualExclusion +passed' "jcstress did not pass USER_MUTEX"
expect jcstress '^USER_FORGETFUL_MUTEX +MutualExclusion +FAILED' "jcstress did not catch USER_FORGETFUL_MUTEX"

run lincheck 0 lincheck --lock USER_MUTEX
run lincheck-broken 1 lincheck --lock USER_FORGETFUL_MUTEX
# Surefire lists each failed case as "[ERROR]   Test.method:LINE message": every one must name the
# broken lock, and the linearizability test must have failed it by model checking and by stress.
# LINE is -1 when the failure's stack has no frame of the test class with a line (CI printed
# "stressTestingFindsOnlyLinearizableRuns:-1 USER_FORGETFUL_MUTEX:" once), so any integer is taken.
failures=$(grep -E '^\[ERROR\]   [A-Za-z]+Test\.' "$tmp/lincheck-broken.out" || true)
[[ -n $failures ]] || { tail -n 40 "$tmp/lincheck-broken.out" >&2; fail "lincheck listed no failed case"; }
if grep -v 'USER_FORGETFUL_MUTEX' <<< "$failures"; then
  fail "lincheck failed a case that does not name USER_FORGETFUL_MUTEX (above)"
fi
expect lincheck-broken 'modelCheckingFindsOnlyLinearizableRuns:-?[0-9]+ USER_FORGETFUL_MUTEX:' "model checking did not catch USER_FORGETFUL_MUTEX"
expect lincheck-broken 'stressTestingFindsOnlyLinearizableRuns:-?[0-9]+ USER_FORGETFUL_MUTEX:' "Lincheck's stress mode did not catch USER_FORGETFUL_MUTEX"
# A mistyped name is a usage error before the suite starts; the user's locks are among those listed.
run lincheck-unknown 2 lincheck --lock USER_MUTEXX
expect lincheck-unknown "^lincheck: unknown lock 'USER_MUTEXX'; known locks: .*USER_MUTEX" "lincheck did not name the unknown lock"

# The JUnit suites (contract, ReentrantLock oracle) through mutate: they must pass the mutex as it
# is, fail its canary, and catch the one mutant --quick makes of it.
run mutate 0 mutate --lock USER_MUTEX --layer junit --quick --require-all-caught --out "$tmp/mutate"
expect mutate '^mutate: junit passes on the original USER_MUTEX' "mutate's JUnit layer did not pass USER_MUTEX"

run bench 0 bench --config high --quick --lock USER_MUTEX --threads 2 --out "$tmp/bench"
for lock in USER_MUTEX UNFAIR_REENTRANT SYNCHRONIZED; do
  grep -q "^consumecpu-high-contention,$lock,2," "$tmp/bench/results.csv" || { cat "$tmp/bench/results.csv"; fail "results.csv has no row for $lock"; }
done

status=0
NUMALOOM_CLASSPATH=$tmp/no-such.jar "$ROOT/numaloom" locks > "$tmp/missing.out" 2>&1 || status=$?
[[ $status -eq 2 ]] && grep -q "NUMALOOM_CLASSPATH names '$tmp/no-such.jar', which does not exist" "$tmp/missing.out" \
  || { cat "$tmp/missing.out"; fail "a NUMALOOM_CLASSPATH entry that does not exist was not refused (exit $status)"; }
status=0
(cd "$ROOT" && NUMALOOM_CLASSPATH=examples/user-lock/target/user-locks.jar ./numaloom locks) > "$tmp/relative.out" 2>&1 || status=$?
[[ $status -eq 2 ]] && grep -q 'give absolute paths' "$tmp/relative.out" \
  || { cat "$tmp/relative.out"; fail "a relative NUMALOOM_CLASSPATH entry was not refused (exit $status)"; }
# A provider that cannot be loaded: every command that takes a lock names it before it builds or runs.
mkdir -p "$tmp/broken-provider/META-INF/services"
echo com.example.MissingProvider > "$tmp/broken-provider/META-INF/services/org.numaloom.locks.registry.LockProvider"
for command in bench stress jcstress lincheck mutate; do
  status=0
  NUMALOOM_CLASSPATH=$tmp/broken-provider "$ROOT/numaloom" "$command" --lock NUMA_MCS > "$tmp/broken.out" 2>&1 || status=$?
  [[ $status -eq 2 ]] && grep -q '^numaloom: a lock provider could not be loaded: .*com.example.MissingProvider' "$tmp/broken.out" \
    || { tail -n 20 "$tmp/broken.out"; fail "$command did not refuse a provider that cannot be loaded (exit $status)"; }
done
say "refused as it should: a missing jar and a relative path in NUMALOOM_CLASSPATH, a provider that cannot be loaded"

say "PASSED in $((SECONDS - start)) s: a user's jar ran through locks, stress, jcstress, lincheck, mutate and bench"
