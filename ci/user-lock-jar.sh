#!/usr/bin/env bash
# The jar of examples/user-lock (a user's own locks, built outside the kit), for the tests that
# run it through the kit's commands (ci/user-lock-test.sh, ci/bundle-test.sh):
#   ci/user-lock-jar.sh --path   prints where the jar is (whether or not it is built)
#   ci/user-lock-jar.sh          installs this checkout's library into the local Maven repository,
#                                builds the example against it, and prints the jar's path
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar=$ROOT/examples/user-lock/target/user-locks.jar
if [[ ${1:-} == --path ]]; then
  echo "$jar"
  exit 0
fi
version=$("$ROOT/numaloom" version)
"$ROOT/numaloom" mvn -q -pl locks -am install -DskipTests >&2
"$ROOT/numaloom" mvn -q -f "$ROOT/examples/user-lock/pom.xml" clean package -Dnumaloom.version="$version" >&2
[[ -f $jar ]] || { echo "user-lock-jar: examples/user-lock built no $jar" >&2; exit 1; }
echo "$jar"
