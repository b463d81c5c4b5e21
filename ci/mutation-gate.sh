#!/usr/bin/env bash
# The mutation gate: a fixed subset of NUMA_MCS's mutants (ci/mutants-numa-mcs.txt), each of which
# the JUnit layer must catch. A test weakened so that one of them passes fails CI; a change to the
# lock that removes a listed mutant's site fails it too, with the list of ids to update.
# About 4 minutes on 2 cores. Results: results/mutate/ci-<time>/ (report.md, mutants.csv).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
exec "$ROOT/numaloom" mutate --lock NUMA_MCS --layer junit --mutants "$ROOT/ci/mutants-numa-mcs.txt" \
  --require-all-caught --jobs 2 --out "$ROOT/results/mutate/ci-$(date +%Y%m%d-%H%M%S)"
