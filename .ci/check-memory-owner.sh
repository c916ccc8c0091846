#!/usr/bin/env bash
# The memory owner rule (docs/memory.md): no code outside tessera_format::memory computes a texel
# byte address. Fails on pitch arithmetic (`row_pitch` / `depth_pitch` / `pitch` next to `*`) in
# library code (before a file's `#[cfg(test)]` module) outside the owner and the resource
# crate's subresource placement (layout.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='(row_pitch|depth_pitch|\bpitch)\b[^;=]*\*|\*[^;=]*\b(row_pitch|depth_pitch|pitch)\b'
hits=""
while IFS= read -r f; do
  case "$f" in
    crates/tessera-format/src/memory/*|crates/tessera-resource/src/layout.rs) continue ;;
  esac
  found=$(awk '/^#\[cfg\(test\)\]/ { exit } { printf "%s:%d:%s\n", FILENAME, FNR, $0 }' "$f" \
    | grep -E "$pattern" | grep -vE '^[^:]*:[0-9]+:\s*//' || true)
  [ -n "$found" ] && hits+="$found"$'\n'
done < <(find src crates/*/src -name '*.rs' | sort)
if [ -n "$hits" ]; then
  echo "texel addresses computed outside the memory owner (tessera_format::memory):"
  printf '%s' "$hits"
  exit 1
fi
echo "memory owner: no texel address computed elsewhere"
