#!/usr/bin/env python3
"""Instruction-count regression gate (issue #19): deterministic, so a noisy machine can run it.

Runs `tessera bench SCENE --threads 1` under valgrind's callgrind at two frame counts and takes
the difference, so process start-up, scene generation and PNG-free set-up cancel out: what is
left is the instructions of (FRAMES_HI - FRAMES_LO) frames, reported per frame. Each of the
four standard scenes (written by `tessera bench --write-scenes`) is compared with the committed
baseline (.ci/icount-baseline.json); a scene more than --tolerance (3 %) above it fails.

  python3 .ci/icount.py --tessera target/release/tessera            # check
  python3 .ci/icount.py --tessera target/release/tessera --bless    # write the baseline

Each SIMD path (docs/simd.md) has its own counts: `baseline` always, `avx2` where the CPU runs
it (`TESSERA_SIMD` set per run); a path the CPU lacks is reported and not gated.

Only the instructions of the tessera binary itself are counted (Rust's std is linked into it);
those of libc, ld.so and valgrind's preload are left out, because glibc picks memset/memcpy
variants by CPU at run time (on one machine memset alone was 5.8 % of `fill`), and the CI
machines of this kind are not all the same CPU. Counts depend on the compiler and the build
profile, so the baseline records both and the gate refuses to compare against a baseline made
with another rustc or profile.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SCENES = ["fill", "tris", "big", "tex"]
FRAMES_LO, FRAMES_HI = 1, 3
BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icount-baseline.json")


PATHS = ["baseline", "avx2"]


def path_runs(tessera, scene, path):
    """Whether this CPU runs SIMD path `path` (`tessera bench` exits 2 naming it otherwise)."""
    run = subprocess.run([tessera, "bench", scene, "--frames", "1", "--warmup", "0", "--threads", "1"],
                         capture_output=True, text=True, env={**os.environ, "TESSERA_SIMD": path})
    if run.returncode == 0:
        return True
    if "is not supported by this CPU" in run.stderr:
        return False
    unmeasured(f"`TESSERA_SIMD={path} {tessera} bench {scene}` failed ({run.returncode}):\n{run.stderr[-2000:]}")


def collected(tessera, scene, frames, tmp, path):
    """Instructions callgrind counted for one whole `tessera bench` process."""
    out = os.path.join(tmp, "callgrind.out")
    cmd = [
        "valgrind", "--tool=callgrind", "--cache-sim=no", "--branch-sim=no",
        f"--callgrind-out-file={out}", tessera, "bench", scene,
        "--frames", str(frames), "--warmup", "0", "--threads", "1",
    ]
    run = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "RAYON_NUM_THREADS": "1", "TESSERA_SIMD": path})
    if run.returncode != 0:
        unmeasured(f"{' '.join(cmd)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    per_object = self_cost_by_object(out)
    binary = os.path.realpath(tessera)
    mine = [v for k, v in per_object.items() if os.path.realpath(k) == binary]
    if len(mine) != 1 or mine[0] == 0:
        unmeasured(f"{binary} not found among callgrind's objects: {sorted(per_object)}")
    return mine[0]


def unmeasured(why):
    """Exit 3: the counts could not be taken (not a regression; .ci/run reports it loudly)."""
    print(f"icount: could not measure: {why}", file=sys.stderr)
    sys.exit(3)


def self_cost_by_object(path):
    """Self instructions per object (shared library or executable) of a callgrind.out file.

    The format: `ob=(n) name` names an object (later `ob=(n)` refers to it), `fn=` lines start a
    function of the current object, and cost lines (`line Ir`, positions relative with +/-/*)
    are its self cost, except the one line after `calls=`, which is a call's inclusive cost.
    """
    names, per, ob, after_call = {}, {}, None, False
    pattern = re.compile(r"^(c?ob)=\((\d+)\)(?: (.*))?$")
    with open(path) as f:
        for line in f:
            if line[:1] in "0123456789+-*":
                if after_call:
                    after_call = False
                elif len(parts := line.split()) >= 2:
                    per[ob] = per.get(ob, 0) + int(parts[1])
                continue
            if m := pattern.match(line.rstrip("\n")):
                kind, n, name = m.groups()
                if name:
                    names[n] = name
                if kind == "ob":
                    ob = n
            elif line.startswith("calls="):
                after_call = True
    return {names.get(k, str(k)): v for k, v in per.items()}


def identity(tessera, profile):
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return {"rustc": rustc, "profile": profile}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tessera", required=True, help="the tessera binary to measure")
    ap.add_argument("--profile", default="release", help="the cargo profile it was built with")
    ap.add_argument("--tolerance", type=float, default=0.03, help="allowed growth (0.03 = 3 %%)")
    ap.add_argument("--bless", action="store_true", help="write the baseline instead of checking")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        scene_dir = os.path.join(tmp, "scenes")
        subprocess.run([args.tessera, "bench", "--write-scenes", scene_dir], check=True,
                       capture_output=True)
        per_path = {}
        for path in PATHS:
            if not path_runs(args.tessera, os.path.join(scene_dir, "fill.json"), path):
                print(f"icount: SIMD path {path}: not run by this CPU, not measured")
                continue
            per_frame = {}
            for name in SCENES:
                scene = os.path.join(scene_dir, f"{name}.json")
                if not os.path.isfile(scene):
                    sys.exit(f"icount: `{args.tessera} bench --write-scenes` wrote no {scene}")
                lo = collected(args.tessera, scene, FRAMES_LO, tmp, path)
                hi = collected(args.tessera, scene, FRAMES_HI, tmp, path)
                per_frame[name] = (hi - lo) // (FRAMES_HI - FRAMES_LO)
                print(f"{path:8} {name:5} {per_frame[name]:>15,} instructions per frame")
            per_path[path] = per_frame

    ident = identity(args.tessera, args.profile)
    base = {}
    if os.path.isfile(BASELINE):
        with open(BASELINE) as f:
            base = json.load(f)
    if args.bless:
        # Paths this CPU could not measure keep their committed counts.
        kept = base.get("per_path", {}) if {k: base.get(k) for k in ident} == ident else {}
        with open(BASELINE, "w") as f:
            json.dump({**ident, "tolerance": args.tolerance, "per_path": {**kept, **per_path}},
                      f, indent=2)
            f.write("\n")
        print(f"icount: baseline written to {BASELINE}")
        return

    if {k: base.get(k) for k in ident} != ident:
        print(f"icount: baseline made with {base.get('rustc')} / {base.get('profile')}, "
              f"this is {ident['rustc']} / {ident['profile']}: counts are not comparable, "
              "re-bless on the new toolchain (--bless); gate skipped")
        return
    failed = []
    for path, per_frame in per_path.items():
        committed = base.get("per_path", {}).get(path)
        if committed is None:
            print(f"icount: no committed counts for SIMD path {path}: not gated (--bless adds them)")
            continue
        for name in SCENES:
            b, n = committed[name], per_frame[name]
            ratio = n / b
            verdict = "REGRESSION" if ratio > 1 + args.tolerance else "ok"
            print(f"{path:8} {name:5} baseline {b:>15,}  now {n:>15,}  ratio {ratio:.4f}  {verdict}")
            if verdict != "ok":
                failed.append(f"{path}/{name}")
    if failed:
        sys.exit(f"icount: more than {args.tolerance:.0%} above the baseline: {', '.join(failed)} "
                 "(if intended, say why in the commit and re-bless)")
    print("icount: every scene within tolerance")


if __name__ == "__main__":
    main()
