#!/usr/bin/env bash
# Performance gate: a short high- and low-contention pass (ci/perf-gate.json; 3.5 to 6 minutes
# on 2 cores busy with other work) that fails when a lock's throughput ratio to UNFAIR_REENTRANT
# or SYNCHRONIZED, measured in the same run, falls below its threshold in ci/perf-thresholds.txt.
# The config also runs a short-critical-section pass (about 40 s more here), gated against
# BEST_JDK, whichever JDK lock leads at each thread count.
# Ratios only: absolute throughput differs between machines, the ratio between locks measured
# side by side much less.
# Extra arguments go to "numaloom bench", e.g. --gate OTHER_FILE to try other thresholds.
# Exit status: 0 passed, 3 a ratio fell below its threshold, 1 or 2 the run itself failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=results/perf-gate-$(date +%Y%m%d-%H%M%S)
exec ./numaloom bench --config ci/perf-gate.json --gate ci/perf-thresholds.txt --out "$out" "$@"
