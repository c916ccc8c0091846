#!/usr/bin/env bash
# Builds every fuzz target once, then runs each for a fixed number of executions over its
# regression corpus (crates/tessera-fuzz/corpus/<target>) and seeds (fuzz/corpus/<target>, if
# written), printing one summary line per target. New inputs go to a temporary folder, never
# into the committed corpus. Exit status: non-zero when a target crashed, leaked or timed out.
#
#   fuzz/run-ci.sh [RUNS]     (default 2000 executions per target)
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-2000}"
targets=(scene_json ply gltf glb image api)
declare -A dicts=([scene_json]=scene [gltf]=gltf [glb]=gltf [ply]=ply)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
cargo +nightly fuzz build -O -a --sanitizer none >/dev/null 2>"$work/build.log" || {
    tail -20 "$work/build.log"
    exit 1
}
echo "build: $(($(date +%s) - start)) s"
bin=target/x86_64-unknown-linux-gnu/release
status=0
for t in "${targets[@]}"; do
    mkdir -p "$work/$t"
    dirs=("$work/$t" "../crates/tessera-fuzz/corpus/$t")
    [ -d "corpus/$t" ] && dirs+=("corpus/$t")
    args=(-runs="$runs" -seed=1 -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$work/$t-")
    [ -n "${dicts[$t]:-}" ] && args+=(-dict="dict/${dicts[$t]}.dict")
    t0=$(date +%s.%N)
    if "$bin/$t" "${args[@]}" "${dirs[@]}" >"$work/$t.log" 2>&1; then result=ok; else result=FAILED; status=1; fi
    secs=$(echo "$(date +%s.%N) - $t0" | bc)
    last=$(grep -E '^#[0-9]+' "$work/$t.log" | tail -1 || true)
    cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | cut -d' ' -f2 || true)
    ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | cut -d' ' -f2 || true)
    done_line=$(grep -E '^Done [0-9]+ runs' "$work/$t.log" || true)
    printf '%-10s %-6s runs=%s time=%.1fs cov=%s ft=%s %s\n' "$t" "$result" "$runs" "$secs" \
        "${cov:-?}" "${ft:-?}" "${done_line:-}"
    if [ "$result" != ok ]; then
        grep -E 'panicked|ERROR|SUMMARY|Test unit written' "$work/$t.log" | head -5 | sed 's/^/    /'
    fi
done
echo "total: $(($(date +%s) - start)) s"
exit "$status"
