//! The compute stage: builtins, storage layout, workgroup memory with barriers, bounds, the
//! step budget and the compile-time limits, each against values computed here independently.

use tessera_pipeline::env::ShaderEnv;
use tessera_shader::{
    CompileError, CompileOptions, ComputeMemory, ExecError, Program, Stage, dispatch,
};

/// Compiles compute entry point `main`.
pub fn cs(src: &str) -> Program {
    cs_with(src, &CompileOptions::default()).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

/// Compiles with options.
pub fn cs_with(src: &str, o: &CompileOptions) -> Result<Program, CompileError> {
    Program::from_wgsl(src, "main", Stage::Compute, o)
}

/// Little-endian words of `v`.
pub fn bytes(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Words of `b`.
pub fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Dispatches on a rayon pool of `threads`, with UAV buffers `uavs` (by slot) and read-only
/// storage `srvs`; returns the UAVs' words afterwards.
pub fn run_on(
    threads: usize,
    p: &Program,
    uavs: &[Vec<u32>],
    srvs: &[Vec<u32>],
    groups: [u32; 3],
) -> Result<Vec<Vec<u32>>, ExecError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut ub: Vec<Vec<u8>> = uavs.iter().map(|u| bytes(u)).collect();
    let sb: Vec<Vec<u8>> = srvs.iter().map(|s| bytes(s)).collect();
    pool.install(|| {
        let mut u: Vec<Option<&mut [u8]>> = ub.iter_mut().map(|b| Some(b.as_mut_slice())).collect();
        let s: Vec<Option<&[u8]>> = sb.iter().map(|b| Some(b.as_slice())).collect();
        let env = ShaderEnv::default();
        dispatch(
            p,
            &env,
            ComputeMemory {
                uavs: &mut u,
                srvs: &s,
                uav_layouts: &[],
            },
            groups,
        )
    })?;
    Ok(ub.iter().map(|b| words(b)).collect())
}

/// [`run_on`] at 1, 2 and 8 threads; asserts they agree and returns the result.
pub fn run(p: &Program, uavs: &[Vec<u32>], srvs: &[Vec<u32>], groups: [u32; 3]) -> Vec<Vec<u32>> {
    let one = run_on(1, p, uavs, srvs, groups).unwrap();
    for t in [2, 8] {
        assert_eq!(
            run_on(t, p, uavs, srvs, groups).unwrap(),
            one,
            "{t} threads"
        );
    }
    one
}

#[test]
fn builtins_and_storage_layout() {
    let p = cs("
struct Rec { gid: vec3<u32>, lidx: u32, lid: vec3<u32>, pad: u32, wg: vec3<u32>, n: u32, }
@group(3) @binding(1) var<storage, read_write> out: array<Rec>;
@compute @workgroup_size(4, 2, 3)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32,
        @builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>,
        @builtin(num_workgroups) nw: vec3<u32>) {
    let i = gid.x + 8u * (gid.y + 6u * gid.z);
    out[i] = Rec(gid, li, lid, 7u, wg, nw.x * 100u + nw.y * 10u + nw.z);
}");
    let (gx, gy, gz) = (2u32, 3, 1);
    let n = (4 * gx * 2 * gy * 3 * gz) as usize;
    let r = run(&p, &[vec![], vec![0xdead; n * 12]], &[], [gx, gy, gz]);
    let mut want = vec![0xdead; n * 12];
    for (wz, wy, wx) in itertools(gz, gy, gx) {
        for (lz, ly, lx) in itertools(3, 2, 4) {
            let g = [wx * 4 + lx, wy * 2 + ly, wz * 3 + lz];
            let i = (g[0] + 8 * (g[1] + 6 * g[2])) as usize;
            let li = lx + 4 * (ly + 2 * lz);
            // A struct in storage: vec3 members are 16-byte aligned, a u32 fills the gap.
            want[i * 12..i * 12 + 12]
                .copy_from_slice(&[g[0], g[1], g[2], li, lx, ly, lz, 7, wx, wy, wz, 231]);
        }
    }
    assert_eq!(r[1], want);
}

fn itertools(z: u32, y: u32, x: u32) -> Vec<(u32, u32, u32)> {
    let mut v = Vec::new();
    for a in 0..z {
        for b in 0..y {
            for c in 0..x {
                v.push((a, b, c));
            }
        }
    }
    v
}

#[test]
fn workgroup_reduction_with_barriers() {
    // A reversal then a tree reduction over 64 invocations (8 batches of 8 lanes). The
    // reversal reads words other batches wrote in the same straight-line code: without the
    // barriers splitting the lock-step segments, batch 0 would read words batch 7 had not
    // written yet (and batch 7 would read words batch 0 had already overwritten).
    let p = cs("
@group(1) @binding(2) var<storage, read> src: array<u32>;
@group(3) @binding(0) var<storage, read_write> sums: array<u32>;
var<workgroup> part: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    part[li] = src[wg.x * 64u + li];
    workgroupBarrier();
    let mine = part[63u - li];
    workgroupBarrier();
    part[li] = mine * (li + 1u);
    workgroupBarrier();
    for (var s = 32u; s > 0u; s >>= 1u) {
        if li < s {
            part[li] = part[li] + part[li + s];
        }
        workgroupBarrier();
    }
    if li == 0u {
        sums[wg.x] = part[0];
    }
}");
    let src: Vec<u32> = (0..5 * 64).map(|i| (i * 7919 + 13) % 1000).collect();
    let r = run(&p, &[vec![0; 5]], &[vec![], vec![], src.clone()], [5, 1, 1]);
    let want: Vec<u32> = (0..5)
        .map(|g| (0..64).map(|l| src[g * 64 + 63 - l] * (l as u32 + 1)).sum())
        .collect();
    assert_eq!(r[0], want);
}

#[test]
fn workgroup_memory_is_zeroed_per_group_and_shared_by_batches() {
    // Invocation 0 adds the group id to a word every group starts at 0; invocation 20 (in the
    // third batch) reads it back after a barrier.
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> w: u32;
@compute @workgroup_size(24)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    if li == 0u { w = w + wg.x + 10u; }
    workgroupBarrier();
    if li == 20u { out[wg.x] = w; }
}");
    let r = run(&p, &[vec![0; 3]], &[], [3, 1, 1]);
    assert_eq!(r[0], vec![10, 11, 12]);
}

#[test]
fn out_of_bounds_reads_zero_and_writes_nothing() {
    let p = cs("
@group(3) @binding(0) var<storage, read_write> buf: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) li: u32) {
    let n = arrayLength(&buf);
    if li == 0u { buf[0] = n; }
    if li == 1u { buf[1] = buf[n + 5u] + 1u; }
    if li == 2u { buf[n] = 99u; buf[4000000000u] = 98u; }
}");
    let r = run(&p, &[vec![5, 5, 5]], &[], [1, 1, 1]);
    assert_eq!(r[0], vec![3, 1, 5]);
}

#[test]
fn infinite_loop_in_a_dispatch_hits_the_step_budget() {
    let p = cs_with(
        "
@group(3) @binding(0) var<storage, read_write> buf: array<u32>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) li: u32) {
    var i = 0u;
    loop { if li == 99u { break; } i += 1u; }
    buf[li] = i;
}",
        &CompileOptions { step_budget: 5_000 },
    )
    .unwrap();
    for t in [1, 2, 8] {
        assert_eq!(
            run_on(t, &p, &[vec![0; 16]], &[], [4, 1, 1]),
            Err(ExecError::StepBudget { budget: 5_000 })
        );
    }
}

#[test]
fn compute_limits_are_typed_errors() {
    let o = CompileOptions::default();
    let size = |s: &str| cs_with(&format!("@compute @workgroup_size({s}) fn main() {{}}"), &o);
    assert!(size("1024").is_ok());
    assert!(size("32, 32").is_ok());
    assert!(size("1, 1, 64").is_ok());
    for bad in ["1025", "33, 32", "1, 1, 65", "2048, 1, 1"] {
        assert!(
            matches!(size(bad), Err(CompileError::WorkgroupSize { .. })),
            "{bad}"
        );
    }
    let wg = |n: u32| {
        cs_with(
            &format!(
                "var<workgroup> w: array<u32, {n}>;
@compute @workgroup_size(1) fn main() {{ w[0] = 1u; }}"
            ),
            &o,
        )
    };
    assert!(wg(8192).is_ok());
    assert_eq!(
        wg(8193).unwrap_err(),
        CompileError::WorkgroupMemory {
            needed: 32772,
            limit: 32768
        }
    );
    let bind = |g: u32, access: &str| {
        cs_with(
            &format!(
                "@group({g}) @binding(0) var<storage, {access}> b: array<u32>;
@compute @workgroup_size(1) fn main() {{ let x = b[0]; }}"
            ),
            &o,
        )
    };
    assert!(bind(3, "read_write").is_ok());
    assert!(bind(3, "read").is_ok());
    assert!(bind(1, "read").is_ok());
    for (g, a) in [(1, "read_write"), (0, "read"), (2, "read")] {
        assert!(
            matches!(bind(g, a), Err(CompileError::Binding { .. })),
            "{g} {a}"
        );
    }
    // Read-only storage buffers are buffer SRVs in every stage (ps_5_0); a vertex shader's
    // UAVs are compute-only here.
    let frag = Program::from_wgsl(
        "@group(1) @binding(0) var<storage, read> b: array<f32>;
@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(b[0]); }",
        "main",
        Stage::Fragment,
        &o,
    )
    .unwrap();
    assert_eq!(frag.uses.storage_srvs, vec![0]);
    assert_eq!(frag.profile(), Some(tessera_types::ShaderProfile::Ps5_0));
    let vert = Program::from_wgsl(
        "@group(3) @binding(0) var<storage, read_write> b: array<f32>;
@vertex fn main() -> @builtin(position) vec4<f32> { b[0] = 1.0; return vec4<f32>(0.0); }",
        "main",
        Stage::Vertex,
        &o,
    );
    assert!(matches!(vert, Err(CompileError::Unsupported { .. })));
    // A vertex program cannot be dispatched.
    let vs = Program::from_wgsl(
        "@vertex fn main() -> @builtin(position) vec4<f32> { return vec4<f32>(0.0); }",
        "main",
        Stage::Vertex,
        &o,
    )
    .unwrap();
    assert_eq!(
        run_on(1, &vs, &[], &[], [1, 1, 1]),
        Err(ExecError::NotCompute { stage: "vertex" })
    );
}

#[test]
fn racy_plain_writes_follow_the_documented_parallel_schedule() {
    // Every workgroup does a plain (non-atomic) `n[0] += 1`: a race D3D leaves undefined.
    // Here each batch of PARALLEL_BATCH workgroups reads the buffer as the batch started, so
    // the result is the number of batches, at every thread count.
    let p = cs("
@group(3) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(1)
fn main() { n[0] = n[0] + 1u; }");
    assert!(!p.uses.ordered_atomics);
    let groups = 3000u32;
    let batches = u64::from(groups).div_ceil(tessera_shader::exec::PARALLEL_BATCH) as u32;
    let r = run(&p, &[vec![0]], &[], [groups, 1, 1]);
    assert_eq!(r[0], vec![batches]);
    assert_eq!(batches, 3);
}
