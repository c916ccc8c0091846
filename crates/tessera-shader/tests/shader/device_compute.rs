//! Compute through the device: `create_compute_shader`, the `cs_*` bindings, `Dispatch` and
//! `DispatchIndirect` with the D3D limits as typed errors, a hung shader abandoned with an
//! info-queue message; the same bytes at 1, 2 and 8 threads.

use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, MiscFlags};
use tessera::{Buffer, Device, DeviceContext, DeviceDesc, Error, FeatureLevel};
use tessera_pipeline::ShaderFault;
use tessera_shader::{CompileOptions, WgslComputeShader};

fn device(level: FeatureLevel, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

fn shader(d: &Device, src: &str, budget: u64) -> tessera::Result<tessera::ComputeShaderHandle> {
    let cs = WgslComputeShader::new(
        src,
        "main",
        &CompileOptions {
            step_budget: budget,
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    d.create_compute_shader(Arc::new(cs))
}

/// A structured buffer of `u32`s usable as UAV and SRV.
fn structured(d: &Device, words: &[u32]) -> Buffer {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::BUFFER_STRUCTURED,
        structure_byte_stride: 4,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(&bytes)).unwrap()
}

fn constant(d: &Device, words: &[u32]) -> Buffer {
    let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.resize(bytes.len().next_multiple_of(16), 0);
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::CONSTANT_BUFFER,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(&bytes)).unwrap()
}

fn words(b: &Buffer) -> Vec<u32> {
    b.read()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

const SUM: &str = "
struct P { add: u32, mul: u32, }
@group(0) @binding(0) var<uniform> p: P;
@group(1) @binding(3) var<storage, read> src: array<u32>;
@group(3) @binding(1) var<storage, read_write> dst: array<u32>;
@group(3) @binding(0) var<storage, read_write> count: atomic<u32>;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let slot = atomicAdd(&count, 1u);
    dst[g.x] = src[g.x] * p.mul + p.add + slot * 0u;
}";

fn run_sum(threads: usize) -> (Vec<u32>, Vec<u32>) {
    let d = device(FeatureLevel::L11_0, threads);
    let mut c = d.immediate_context();
    let cs = shader(&d, SUM, 1 << 20).unwrap();
    let src: Vec<u32> = (0..64).map(|i| i * 3 + 1).collect();
    let (sb, db, nb) = (
        structured(&d, &src),
        structured(&d, &[0; 64]),
        structured(&d, &[5]),
    );
    let srv = d.create_shader_resource_view(&sb, None).unwrap();
    let uav = |b: &Buffer| d.create_unordered_access_view(b, None).unwrap();
    c.cs_set_shader(Some(&cs)).unwrap();
    c.cs_set_constant_buffers(0, &[Some(constant(&d, &[7, 3]))])
        .unwrap();
    c.cs_set_shader_resources(3, &[Some(srv)]).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(uav(&nb)), Some(uav(&db))], &[0, 0])
        .unwrap();
    c.dispatch(4, 1, 1).unwrap();
    (words(&db), words(&nb))
}

#[test]
fn dispatch_reads_constants_and_srvs_and_writes_uavs() {
    let (dst, count) = run_sum(1);
    let want: Vec<u32> = (0..64).map(|i| (i * 3 + 1) * 3 + 7).collect();
    assert_eq!(dst, want);
    assert_eq!(count, vec![5 + 64]);
    for t in [2, 8] {
        assert_eq!(run_sum(t), (want.clone(), vec![69]), "{t} threads");
    }
}

fn ctx_with(level: FeatureLevel, src: &str) -> (Device, DeviceContext, Buffer) {
    let d = device(level, 2);
    let mut c = d.immediate_context();
    let cs = shader(&d, src, 1 << 20).unwrap();
    let b = structured(&d, &[0; 4]);
    c.cs_set_shader(Some(&cs)).unwrap();
    let uav = d.create_unordered_access_view(&b, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    (d, c, b)
}

const COUNT: &str = "
@group(3) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) w: vec3<u32>) {
    if w.x == 0u && w.y == 0u { n[w.z] = w.z + 1u; }
}";

#[test]
fn dispatch_limits_are_typed_errors() {
    let (_d, mut c, b) = ctx_with(FeatureLevel::L11_0, COUNT);
    assert!(matches!(
        c.dispatch(65536, 1, 1),
        Err(Error::ComputeLimit {
            limit: 65535,
            value: 65536,
            ..
        })
    ));
    assert!(matches!(
        c.dispatch(1, 1, 70000),
        Err(Error::ComputeLimit { value: 70000, .. })
    ));
    assert_eq!(words(&b), [0; 4], "a refused dispatch runs nothing");
    c.dispatch(1, 1, 3).unwrap();
    assert_eq!(words(&b), [1, 2, 3, 0]);
    b.write().fill(0);
    c.dispatch(0, 1, 1).unwrap();
    assert_eq!(words(&b), [0; 4], "zero groups run nothing");
    // cs_4_x at 10_0: z must be 1.
    let (_d, mut c, b) = ctx_with(FeatureLevel::L10_0, COUNT);
    assert!(matches!(
        c.dispatch(1, 1, 2),
        Err(Error::ComputeLimit {
            limit: 1,
            value: 2,
            ..
        })
    ));
    c.dispatch(2, 1, 1).unwrap();
    assert_eq!(words(&b), [1, 0, 0, 0]);
}

#[test]
fn dispatch_indirect_reads_its_arguments() {
    let (d, mut c, b) = ctx_with(FeatureLevel::L11_0, COUNT);
    let args = constant(&d, &[9, 9, 1, 1, 4, 0, 0, 0]);
    c.dispatch_indirect(&args, 8).unwrap();
    assert_eq!(words(&b), [1, 2, 3, 4]);
    assert!(matches!(
        c.dispatch_indirect(&args, 24),
        Err(Error::ComputeLimit { value: 36, .. })
    ));
}

#[test]
fn creation_follows_the_level() {
    let small = "@compute @workgroup_size(1) fn main() {}";
    let e = shader(&device(FeatureLevel::L9_3, 1), small, 100).unwrap_err();
    assert!(matches!(e, Error::Caps(_)), "{e}");
    let d10 = device(FeatureLevel::L10_1, 1);
    assert!(shader(&d10, small, 100).is_ok());
    let big = "@compute @workgroup_size(769) fn main() {}";
    assert!(matches!(
        shader(&d10, big, 100),
        Err(Error::ComputeLimit {
            limit: 768,
            value: 769,
            ..
        })
    ));
    assert!(shader(&device(FeatureLevel::L11_0, 1), big, 100).is_ok());
    let z = "@compute @workgroup_size(1, 1, 2) fn main() {}";
    assert!(matches!(
        shader(&d10, z, 100),
        Err(Error::ComputeLimit { limit: 1, .. })
    ));
    let atomics = "@group(3) @binding(0) var<storage, read_write> a: atomic<u32>;
@compute @workgroup_size(1) fn main() { atomicAdd(&a, 1u); }";
    assert!(matches!(
        shader(&d10, atomics, 100),
        Err(Error::ComputeLimit { limit: 0, .. })
    ));
    let slot1 = "@group(3) @binding(1) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(1) fn main() { a[0] = 1u; }";
    assert!(matches!(
        shader(&d10, slot1, 100),
        Err(Error::ComputeLimit {
            limit: 0,
            value: 1,
            ..
        })
    ));
    assert!(shader(&device(FeatureLevel::L11_0, 1), slot1, 100).is_ok());
}

#[test]
fn a_hung_shader_is_abandoned_with_a_message() {
    let hang = "
@group(3) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(4)
fn main() { loop { n[0] = n[0] + 1u; } }";
    let d = device(FeatureLevel::L11_0, 2);
    let mut c = d.immediate_context();
    let cs = shader(&d, hang, 10_000).unwrap();
    c.cs_set_shader(Some(&cs)).unwrap();
    let b = structured(&d, &[0; 4]);
    let uav = d.create_unordered_access_view(&b, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    let before = d.info_queue().messages().len();
    match c.dispatch(2, 1, 1) {
        Err(Error::ShaderHung {
            call: "Dispatch",
            fault: ShaderFault::StepBudget { budget: 10_000 },
        }) => {}
        other => panic!("{other:?}"),
    }
    let msgs = d.info_queue().messages();
    assert_eq!(msgs.len(), before + 2);
    let m = &msgs[before];
    assert_eq!(m.call, "Dispatch");
    assert!(m.text.contains("device hung"), "{}", m.text);
    assert_eq!(
        msgs[before + 1].id,
        tessera::debug::MessageId::DeviceRemoved
    );
    assert_eq!(words(&b), [0; 4], "the abandoned batch wrote nothing");
    // The device is removed: later dispatches (direct or indirect) are refused.
    assert_eq!(
        d.get_device_removed_reason(),
        Some(tessera::DeviceRemovedReason::Hung)
    );
    for r in [c.dispatch(1, 1, 1), c.dispatch_indirect(&b, 0)] {
        assert!(
            matches!(
                r,
                Err(Error::DeviceRemoved {
                    reason: tessera::DeviceRemovedReason::Hung,
                    ..
                })
            ),
            "{r:?}"
        );
    }
}
