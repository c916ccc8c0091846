#!/usr/bin/env python3
"""The hand cases of issue #20's FINDINGS, run through `tessera render`.

Writes each hostile input into a temporary folder, runs the CLI under /usr/bin/time and prints
one row per case: exit code, wall time, peak RSS and the first stderr line. Every case must
end with exit code 2 and one error line, in bounded time and memory.

    cargo build --release -p tessera-cli
    python3 fuzz/hand-cases.py [target/release/tessera]
"""
import json, os, struct, subprocess, sys, tempfile

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/tessera")
D = tempfile.mkdtemp(prefix="tessera-hand-")


def write(name, data):
    p = os.path.join(D, name)
    with open(p, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return p


def scene(name, **fields):
    s = {"format": "tessera-scene", "version": 1, "feature_level": "11_0", "size": [16, 16],
         "commands": []}
    s.update(fields)
    return write(name, json.dumps(s))


def gltf(name, doc, bin_bytes=None):
    doc = {"asset": {"version": "2.0"}, **doc}
    if bin_bytes is not None:
        doc["buffers"] = [{"byteLength": len(bin_bytes),
                           "uri": "data:application/octet-stream;base64,"
                           + __import__("base64").b64encode(bin_bytes).decode()}]
    return write(name, json.dumps(doc))


TRI = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
MESH = lambda attrs, **p: {"scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                           "meshes": [{"primitives": [{"attributes": attrs, **p}]}]}
VIEW = [{"buffer": 0, "byteLength": 36}]
ACC = lambda t="VEC3", c=5126, n=3, **k: {"bufferView": 0, "componentType": c, "count": n, "type": t,
                                           **({"min": [0, 0, 0], "max": [1, 1, 0]} if t == "VEC3" else {}), **k}
DRAW = dict(
    input_layouts={"l": [{"semantic": "POSITION", "format": "R32G32B32_FLOAT", "slot": 0}]},
    buffers={"v": {"type": "f32", "data": [0, 0, 0, 1, 0, 0, 0, 1, 0]}},
    shaders={"vs": {"transform": {"varyings": 0}}, "ps": "constant_color"},
)
PRE = [{"set_topology": "triangle_list"}, {"set_input_layout": "l"},
       {"set_vertex_buffers": {"buffers": [{"buffer": "v", "stride": 12}]}},
       {"set_vs": "vs"}, {"set_ps": "ps"}]

fifo = os.path.join(D, "fifo.bin")
os.mkfifo(fifo)
big = os.path.join(D, "big.bin")
with open(big, "wb") as f:
    f.truncate(4 << 30)  # sparse 4 GiB

CASES = [
    ("glTF POSITION names a missing accessor", [gltf("a.gltf", MESH({"POSITION": 7}))]),
    ("glTF image: buffer view, no MIME type", [gltf("b.gltf", {**MESH({"POSITION": 0}), "bufferViews": VIEW,
        "accessors": [ACC()], "images": [{"bufferView": 0}]}, TRI)]),
    ("glTF image: neither URI nor buffer view", [gltf("c.gltf", {**MESH({"POSITION": 0}), "bufferViews": VIEW,
        "accessors": [ACC()], "images": [{}]}, TRI)]),
    ("glTF image buffer view past its buffer", [gltf("d.gltf", {**MESH({"POSITION": 0}),
        "bufferViews": VIEW + [{"buffer": 0, "byteOffset": 30, "byteLength": 100}],
        "accessors": [ACC()], "images": [{"bufferView": 1, "mimeType": "image/png"}]}, TRI)]),
    ("GLB header length 4", [write("e.glb", b"glTF" + struct.pack("<II", 2, 4))]),
    ("glTF VEC2 NORMAL", [gltf("f.gltf", {**MESH({"POSITION": 0, "NORMAL": 1}), "bufferViews": VIEW,
        "accessors": [ACC(), ACC("VEC2")]}, TRI)]),
    ("glTF VEC3 with stride 8", [gltf("g.gltf", {**MESH({"POSITION": 0}),
        "bufferViews": [{"buffer": 0, "byteLength": 36, "byteStride": 8}], "accessors": [ACC()]}, TRI)]),
    ("glTF FLOAT indices", [gltf("h.gltf", {**MESH({"POSITION": 0}, indices=1), "bufferViews": VIEW,
        "accessors": [ACC(), ACC("SCALAR")]}, TRI)]),
    ("draw_instanced 2^31 instances", [scene("i.json", **DRAW, commands=PRE + [
        {"draw_instanced": {"vertex_count": 3, "instance_count": 1 << 31}}])]),
    ("draw of 2^31 vertices", [scene("j.json", **DRAW, commands=PRE + [{"draw": {"vertex_count": 1 << 31}}])]),
    ("PLY: 50 M vertices, no properties", [write("k.ply", "ply\nformat binary_little_endian 1.0\n"
        "element vertex 50000000\nend_header\n")]),
    ("PLY: 20 elements of 50 M", [write("l.ply", "ply\nformat ascii 1.0\n" + "".join(
        f"element e{i} 50000000\nproperty uchar x\n" for i in range(20)) + "end_header\n")]),
    ("buffer file /dev/zero", [scene("m.json", buffers={"v": {"file": "/dev/zero"}}), "--allow-any-path"]),
    ("buffer file is a FIFO", [scene("n.json", buffers={"v": {"file": "fifo.bin"}})]),
    ("buffer file by absolute path", [scene("o.json", buffers={"v": {"file": "/etc/passwd"}})]),
    ("buffer file through ..", [scene("sub/p.json", buffers={"v": {"file": "../big.bin"}})]
        if os.makedirs(os.path.join(D, "sub"), exist_ok=True) is None else []),
    ("buffer file of 4 GiB", [scene("q.json", buffers={"v": {"file": "big.bin"}})]),
    ("eight 16384^2 targets", [scene("r.json", size=[16384, 16384],
        targets={"colors": [{"name": f"t{i}"} for i in range(8)]}, commands=[])]),
    ("24 unbound 4096^2 RGBA32F textures", [scene("s.json", textures={f"t{i}": {
        "solid": {"size": [4096, 4096], "color": [1, 0, 0, 1]}, "format": "R32G32B32A32_FLOAT"}
        for i in range(24)}, commands=[])]),
    ("--threads 100000", [scene("t.json", commands=[]), "--threads", "100000"]),
    ("--threads 2^64-1", [scene("u.json", commands=[]), "--threads", "18446744073709551615"]),
]

print(f"{'case':40} exit   time    peak RSS  first stderr line")
for name, args in CASES:
    out = os.path.join(D, "out.png")
    cmd = ["/usr/bin/time", "-f", "%e %M", BIN, "render", "-o", out] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    lines = [l for l in p.stderr.strip().splitlines() if not l.startswith("Command exited")]
    secs, kb = lines[-1].split()
    first = lines[0] if len(lines) > 1 else ""
    first = first.replace(D, "$TMP")
    n_err = len(lines) - 1
    print(f"{name:40} {p.returncode:4} {float(secs):6.2f} s {int(kb) / 1024:7.1f} MiB  "
          f"[{n_err} line{'s' if n_err != 1 else ''}] {first[:150]}")
