#!/usr/bin/env bash
# Regenerates the frozen SPIR-V test data from the OpenCL C run-tests they came from.
# Needs Debian's clang-14, llvm-spirv-14 and spirv-tools (not needed by CI or tests):
#   apt-get install clang-14 llvm-spirv-14 spirv-tools
# Each NAME.spv is filetests/run/<list entry>.cl, compiled for spir64 at -O2 (what users
# ship), kernel argument types kept as OpString (so unsigned types print as unsigned).
set -uo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
while read -r test _; do  # `ENTRY [refused: MESSAGE]`
    [ -z "$test" ] && continue
    case "$test" in \#*) continue ;; esac
    name="$(echo "$test" | tr / _)"
    # c/: OpenCL C that only clang compiles (what Kauai's C front end lacks).
    src="../run/$test.cl"
    case "$test" in c/*) src="$test.cl" ;; esac
    clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -emit-llvm-bc \
        -finclude-default-header -cl-kernel-arg-info -O2 \
        -o "$tmp/$name.bc" "$src"
    llvm-spirv-14 --spirv-max-version=1.2 --preserve-ocl-kernel-arg-type-metadata-through-string \
        "$tmp/$name.bc" -o "$name.spv" || { echo "FAILED: $test" >&2; continue; }
    spirv-val "$name.spv" || echo "FAILED: $test" >&2
done < tests.txt
