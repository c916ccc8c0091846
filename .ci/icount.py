#!/usr/bin/env python3
"""Instruction-count regression gate (issue #19): deterministic, so a noisy machine can run it.

Runs `tessera bench SCENE --threads 1` under valgrind's callgrind at two frame counts and takes
the difference, so process start-up, scene generation and PNG-free set-up cancel out: what is
left is the instructions of (FRAMES_HI - FRAMES_LO) frames, reported per frame. Each of the
four standard scenes (written by `tessera bench --write-scenes`) is compared with the committed
baseline (.ci/icount-baseline.json); a scene more than --tolerance (3 %) above it fails.

  python3 .ci/icount.py --tessera target/release/tessera            # check
  python3 .ci/icount.py --tessera target/release/tessera --bless    # write the baseline

Counts depend on the compiler and the build profile, so the baseline records both and the
gate refuses to compare against a baseline made with another rustc or profile.
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


def collected(tessera, scene, frames, tmp):
    """Instructions callgrind counted for one whole `tessera bench` process."""
    out = os.path.join(tmp, "callgrind.out")
    cmd = [
        "valgrind", "--tool=callgrind", "--cache-sim=no", "--branch-sim=no",
        f"--callgrind-out-file={out}", tessera, "bench", scene,
        "--frames", str(frames), "--warmup", "0", "--threads", "1",
    ]
    run = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "RAYON_NUM_THREADS": "1"})
    if run.returncode != 0:
        sys.exit(f"icount: {' '.join(cmd)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    m = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not m:
        sys.exit(f"icount: no 'Collected' line from callgrind:\n{run.stderr[-2000:]}")
    return int(m.group(1))


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
        per_frame = {}
        for name in SCENES:
            scene = os.path.join(scene_dir, f"{name}.json")
            lo = collected(args.tessera, scene, FRAMES_LO, tmp)
            hi = collected(args.tessera, scene, FRAMES_HI, tmp)
            per_frame[name] = (hi - lo) // (FRAMES_HI - FRAMES_LO)
            print(f"{name:5} {per_frame[name]:>15,} instructions per frame")

    ident = identity(args.tessera, args.profile)
    if args.bless:
        with open(BASELINE, "w") as f:
            json.dump({**ident, "tolerance": args.tolerance, "per_frame": per_frame}, f, indent=2)
            f.write("\n")
        print(f"icount: baseline written to {BASELINE}")
        return

    with open(BASELINE) as f:
        base = json.load(f)
    if {k: base.get(k) for k in ident} != ident:
        print(f"icount: baseline made with {base.get('rustc')} / {base.get('profile')}, "
              f"this is {ident['rustc']} / {ident['profile']}: counts are not comparable, "
              "re-bless on the new toolchain (--bless); gate skipped")
        return
    failed = []
    for name in SCENES:
        b, n = base["per_frame"][name], per_frame[name]
        ratio = n / b
        verdict = "REGRESSION" if ratio > 1 + args.tolerance else "ok"
        print(f"{name:5} baseline {b:>15,}  now {n:>15,}  ratio {ratio:.4f}  {verdict}")
        if verdict != "ok":
            failed.append(name)
    if failed:
        sys.exit(f"icount: more than {args.tolerance:.0%} above the baseline: {', '.join(failed)} "
                 "(if intended, say why in the commit and re-bless)")
    print("icount: every scene within tolerance")


if __name__ == "__main__":
    main()
