#!/usr/bin/env bash
# Runs the randomised convergence simulation (Tests/WishWithMeKitTests/EndToEnd/ConvergenceTests.swift)
# for many seeds, or replays one.
#
#   scripts/convergence.sh                         # 200 seeds (1…200), both protocols, 40 steps each
#   scripts/convergence.sh --iterations 1000 --steps 80
#   scripts/convergence.sh --seed 42               # replay one seed (printed by a failing run)
#   scripts/convergence.sh --server http://127.0.0.1:8080/wishwithme   # against a running server
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=200
seed=""
steps=40
server=""
while [ $# -gt 0 ]; do
  case "$1" in
    --iterations) iterations="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --steps) steps="$2"; shift 2 ;;
    --server) server="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$seed" ]; then
  export HEARTH_CONVERGENCE_SEED="$seed"
else
  export HEARTH_CONVERGENCE_SEEDS="$iterations"
fi
export HEARTH_CONVERGENCE_STEPS="$steps"
if [ -n "$server" ]; then
  # The server's auth limits must allow 4 sign-ups or logins per seed from this address.
  export HEARTH_CONVERGENCE_SERVER_URL="$server"
  exec swift test ${SWIFT_TEST_FLAGS:-} --filter 'ConvergenceTests/concurrentOfflineEditsConvergeOnAnExternalServer'
fi
exec swift test ${SWIFT_TEST_FLAGS:-} --filter 'ConvergenceTests/concurrentOfflineEditsConverge\(seed'
