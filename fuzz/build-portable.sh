#!/usr/bin/env bash
# Builds every fuzz target for any x86-64 machine (no target-cpu=native, no sanitizer, debug
# assertions on) and copies the stripped binaries to OUTDIR.
#
#   fuzz/build-portable.sh OUTDIR
set -euo pipefail
out="${1:?usage: fuzz/build-portable.sh OUTDIR}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")"
# RUSTFLAGS from the environment (e.g. -C target-cpu=native) would leak into the binaries.
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
cargo +nightly fuzz build -O -a --sanitizer none
for t in scene_json ply gltf glb image api; do
    strip -o "$out/$t" "target/x86_64-unknown-linux-gnu/release/$t"
done
ls -l "$out"
