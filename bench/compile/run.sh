#!/usr/bin/env bash
# Times `kauai build` (wall seconds, peak resident KB) on the programs gen.py wrote.
# Usage: bench/compile/run.sh [DIR] with target/release/kauai built
# (cargo build --release -p kauai-cli).
set -euo pipefail
dir=${1:-/tmp/kauai-compile-bench}
root=$(cd "$(dirname "$0")/../.." && pwd)
kauai=$root/target/release/kauai
python3 "$root/bench/compile/gen.py" "$dir"
t() { /usr/bin/time -f "$1: %e s, %M KB" "${@:2}" >/dev/null; }
t "big.cl, host" "$kauai" build --emit finalized -o /dev/null -I "$dir" "$dir/big.cl"
t "big.cl, cypress" "$kauai" build --target amdil --mcpu cypress -o /dev/null -I "$dir" "$dir/big.cl"
t "chain.cl, host" "$kauai" build --emit finalized -o /dev/null "$dir/chain.cl"
t "chain.cl, cypress" "$kauai" build --target amdil --mcpu cypress -o /dev/null "$dir/chain.cl"
t "many.cl, cypress" "$kauai" build --target amdil --mcpu cypress -o /dev/null "$dir/many.cl"
