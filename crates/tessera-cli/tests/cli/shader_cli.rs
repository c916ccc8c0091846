//! `tessera shader`: the reflection of a WGSL entry point (stage, profile, inputs and outputs
//! with their system values, bindings, hints), the entry-point choice, and compile errors with
//! naga's line:column and exit 2.

use crate::common::{json, root, scratch, tessera};

fn shader(name: &str) -> String {
    root()
        .join("assets/shaders")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn textured_fragment_reflection() {
    let v = json(&["shader", &shader("textured.wgsl"), "--json"]);
    assert_eq!(v["stage"], "fragment");
    assert_eq!(v["entry"], "main");
    assert_eq!(v["profile"], "ps_4_0_level_9_1");
    assert_eq!(v["inputs"][0]["source"], "location(0)");
    assert_eq!(v["inputs"][0]["components"], 2);
    assert_eq!(v["inputs"][0]["interpolation"], "perspective");
    assert_eq!(v["outputs"][0]["target"], "location(0) (SV_Target0)");
    assert_eq!(v["shader_resources"], serde_json::json!([0]));
    assert_eq!(v["samplers"], serde_json::json!([0]));
    assert_eq!(
        v["sample_pairs"],
        serde_json::json!([{"texture": 0, "sampler": 0, "coords_varying": 0}])
    );
    assert_eq!(v["hints"]["may_discard"], false);
    assert_eq!(v["hints"]["uniform_output"], false);
}

#[test]
fn vertex_entry_chosen_by_name_with_its_constant_buffer() {
    let v = json(&[
        "shader",
        &shader("transform.wgsl"),
        "--entry",
        "vs_2",
        "--json",
    ]);
    assert_eq!(v["stage"], "vertex");
    assert_eq!(v["hints"]["varying_count"], 2);
    assert_eq!(
        v["constant_buffers"],
        serde_json::json!([{"slot": 0, "float4_registers": 4}])
    );
    assert_eq!(v["outputs"][0]["target"], "position (SV_Position)");
    assert_eq!(v["outputs"][2]["target"], "location(1) (varying o1)");
    // Several entry points and no --entry: exit 2 naming them.
    let out = tessera(&["shader", &shader("transform.wgsl")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("choose one with --entry") && err.contains("vs_1"),
        "{err}"
    );
}

#[test]
fn errors_exit_2_with_location() {
    let d = scratch("errors");
    let bad = d.join("bad.wgsl");
    std::fs::write(&bad, "@fragment\nfn main( {\n").unwrap();
    let out = tessera(&["shader", &bad.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: ") && err.contains("2:10"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = tessera(&["shader", &shader("textured.wgsl"), "--entry", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`nope`"));
    let out = tessera(&["shader", &d.join("missing.wgsl").display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn compute_reflection_lists_workgroup_and_uavs() {
    let d = scratch("compute");
    let cs = d.join("cs.wgsl");
    let src = "@group(3) @binding(2) var<storage, read_write> out: array<atomic<u32>>;\n\
               @group(3) @binding(69) var<storage, read_write> n: atomic<u32>;\n\
               var<workgroup> tmp: array<u32, 64>;\n\
               @compute @workgroup_size(64, 1, 1)\n\
               fn main(@builtin(local_invocation_index) i: u32) {\n\
               tmp[i] = i; workgroupBarrier(); atomicAdd(&out[0], tmp[63u - i]);\n\
               atomicAdd(&n, 1u);\n}\n";
    std::fs::write(&cs, src).unwrap();
    let v = json(&["shader", &cs.display().to_string(), "--json"]);
    assert_eq!(v["stage"], "compute");
    assert_eq!(
        v["inputs"][0]["source"],
        "local_invocation_index (SV_GroupIndex)"
    );
    assert_eq!(v["hints"]["workgroup_size"], serde_json::json!([64, 1, 1]));
    assert_eq!(v["hints"]["workgroup_bytes"], 256);
    assert_eq!(v["hints"]["storage_atomics"], true);
    assert_eq!(v["hints"]["ordered_atomics"], false);
    // UAV slot 5's counter (@binding(69)) uses slot 5 too.
    assert_eq!(v["unordered_access_views"], serde_json::json!([2, 5]));
    assert_eq!(v["uav_counters"], serde_json::json!([5]));
}
