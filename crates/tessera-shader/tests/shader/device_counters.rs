//! Append / consume / counter UAVs and raw buffer views in real shaders (issue #18): the
//! counter of UAV slot `n` is `@group(3) @binding(64 + n)`, one `atomic<u32>` (or dxc's struct
//! of one member); appends land in dispatch order (workgroups in index order, invocations in
//! `local_invocation_index` order), the same bytes at 1, 2 and 8 threads; raw SRVs / UAVs are
//! `array<u32>` views at 4-byte element offsets.

use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, MiscFlags, SubresourceRange, ViewDesc, ViewDimension};
use tessera::{
    Buffer, BufferViewFlags, Device, DeviceContext, DeviceDesc, Error, FeatureLevel, Format,
};
use tessera_shader::{CompileOptions, WgslComputeShader};

fn device(threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(FeatureLevel::L11_0)
    })
    .unwrap()
}

fn context(d: &Device, src: &str) -> DeviceContext {
    let cs = WgslComputeShader::new(src, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    let mut c = d.immediate_context();
    c.cs_set_shader(Some(&cs)).unwrap();
    c
}

/// A structured buffer of `u32`s (stride 4), UAV and SRV bindable.
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

fn words(b: &Buffer) -> Vec<u32> {
    b.read()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Appends `x * 10 + 1` for every invocation `x` not 1 mod 3 (HLSL
/// `AppendStructuredBuffer::Append`).
const APPEND: &str = "
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
@group(3) @binding(64) var<storage, read_write> count: atomic<u32>;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if g.x % 3u != 1u {
        let i = atomicAdd(&count, 1u);
        out[i] = g.x * 10u + 1u;
    }
}";

/// Runs [`APPEND`] over 3 groups of 16 with the counter started at `start`: the buffer, the
/// counter, and the counter as `CopyStructureCount` writes it.
fn run_append(threads: usize, start: u32) -> (Vec<u32>, u32, Vec<u32>) {
    let d = device(threads);
    let mut c = context(&d, APPEND);
    let b = structured(&d, &[0xFFFF_FFFF; 48]);
    let u = d
        .create_unordered_access_view_with_flags(&b, None, BufferViewFlags::APPEND)
        .unwrap();
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[start])
        .unwrap();
    c.dispatch(3, 1, 1).unwrap();
    let dst = structured(&d, &[0; 2]);
    c.copy_structure_count(&dst, 4, &u).unwrap();
    (words(&b), u.counter().unwrap().get(), words(&dst))
}

#[test]
fn append_lands_in_dispatch_order_at_any_thread_count() {
    let (out, count, copied) = run_append(1, 2);
    let appended: Vec<u32> = (0..48u32)
        .filter(|x| x % 3 != 1)
        .map(|x| x * 10 + 1)
        .collect();
    assert_eq!(appended.len(), 32);
    let mut want = vec![0xFFFF_FFFF; 48];
    want[2..34].copy_from_slice(&appended);
    assert_eq!(out, want);
    assert_eq!(count, 34);
    assert_eq!(copied, vec![0, 34]);
    for t in [2, 8] {
        assert_eq!(
            run_append(t, 2),
            (want.clone(), 34, vec![0, 34]),
            "{t} threads"
        );
    }
}

/// dxc's `[[vk::counter_binding]]` shape: a struct of one 32-bit atomic; `atomicSub` is HLSL's
/// `Consume` / `DecrementCounter` (the index is the decremented count).
const CONSUME: &str = "
struct Counter { value: atomic<u32>, }
@group(3) @binding(1) var<storage, read_write> src: array<u32>;
@group(3) @binding(65) var<storage, read_write> count: Counter;
@group(3) @binding(0) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = atomicSub(&count.value, 1u) - 1u;
    dst[g.x] = src[i];
}";

#[test]
fn consume_pops_from_the_counter_and_keep_continues() {
    let d = device(2);
    let mut c = context(&d, CONSUME);
    let src = structured(&d, &[100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    let dst = structured(&d, &[0; 4]);
    let su = d
        .create_unordered_access_view_with_flags(&src, None, BufferViewFlags::COUNTER)
        .unwrap();
    let du = d.create_unordered_access_view(&dst, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(du.clone()), Some(su.clone())], &[5, 10])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    assert_eq!(words(&dst), vec![109, 108, 107, 106]);
    assert_eq!(su.counter().unwrap().get(), 6);
    // Rebinding with u32::MAX keeps the count: the next pops continue below it.
    c.cs_set_unordered_access_views(0, &[Some(du.clone()), Some(su.clone())], &[0, u32::MAX])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    assert_eq!(words(&dst), vec![105, 104, 103, 102]);
    // An explicit count restarts it.
    c.cs_set_unordered_access_views(0, &[Some(du), Some(su.clone())], &[u32::MAX, 4])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    assert_eq!(words(&dst), vec![103, 102, 101, 100]);
    assert_eq!(su.counter().unwrap().get(), 0);
}

#[test]
fn a_counter_binding_needs_an_append_or_counter_view() {
    let d = device(1);
    let mut c = context(&d, APPEND);
    let b = structured(&d, &[0; 48]);
    let plain = d.create_unordered_access_view(&b, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(plain)], &[])
        .unwrap();
    let r = c.dispatch(1, 1, 1);
    assert!(
        matches!(
            r,
            Err(Error::UavCounter {
                call: "Dispatch",
                limit: 0,
                value: 0,
                ..
            })
        ),
        "{r:?}"
    );
    assert_eq!(words(&b), vec![0; 48]);
    assert_eq!(d.info_queue().messages().last().unwrap().call, "Dispatch");
}

fn raw_buffer(d: &Device, bytes: &[u8]) -> Buffer {
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(bytes)).unwrap()
}

fn raw_view(first: u32, count: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Typeless,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: count,
        },
    }
}

/// ByteAddressBuffer / RWByteAddressBuffer: `array<u32>` over the raw views' words.
const RAW: &str = "
@group(1) @binding(2) var<storage, read> src: array<u32>;
@group(3) @binding(0) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    dst[g.x] = src[g.x] + arrayLength(&src) * 0x100u + arrayLength(&dst) * 0x10000u;
}";

#[test]
fn raw_srv_and_uav_read_and_write_at_their_byte_offsets() {
    let d = device(1);
    let mut c = context(&d, RAW);
    let src_bytes: Vec<u8> = (0..64u8).collect();
    let src = raw_buffer(&d, &src_bytes);
    let dst = raw_buffer(&d, &[0xAA; 32]);
    // Source words 2..8 (bytes 8..32), destination words 3..7 (bytes 12..28).
    let srv = d
        .create_shader_resource_view_with_flags(&src, Some(&raw_view(2, 6)), BufferViewFlags::RAW)
        .unwrap();
    let uav = d
        .create_unordered_access_view_with_flags(&dst, Some(&raw_view(3, 4)), BufferViewFlags::RAW)
        .unwrap();
    c.cs_set_shader_resources(2, &[Some(srv)]).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(uav)], &[])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    let word = |at: usize| u32::from_le_bytes([at as u8, at as u8 + 1, at as u8 + 2, at as u8 + 3]);
    let mut want = [0xAAu8; 32];
    for i in 0..4 {
        let v = word(8 + 4 * i) + 6 * 0x100 + 4 * 0x10000;
        want[12 + 4 * i..16 + 4 * i].copy_from_slice(&v.to_le_bytes());
    }
    assert_eq!(&dst.read()[..], &want[..]);
}

#[test]
fn a_spirv_counter_block_of_one_word_is_accepted() {
    // naga's SPIR-V of CONSUME declares the counter as dxc's `[[vk::counter_binding]]` does: a
    // Block struct of one 32-bit word in the StorageBuffer class, used by OpAtomicISub; naga's
    // SPIR-V front end reads it back as an atomic.
    let spv = crate::spirv::spirv_of(CONSUME, false);
    let cs = WgslComputeShader::from_spirv(&spv, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let d = device(1);
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    let mut c = d.immediate_context();
    c.cs_set_shader(Some(&cs)).unwrap();
    let src = structured(&d, &[100, 101, 102, 103, 104, 105]);
    let dst = structured(&d, &[0; 4]);
    let su = d
        .create_unordered_access_view_with_flags(&src, None, BufferViewFlags::APPEND)
        .unwrap();
    let du = d.create_unordered_access_view(&dst, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(du), Some(su.clone())], &[0, 6])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    assert_eq!(words(&dst), vec![105, 104, 103, 102]);
    assert_eq!(su.counter().unwrap().get(), 2);
}

/// dxc declares the counter word as `int`: the same append through a signed counter.
const APPEND_I32: &str = "
struct Counter { value: atomic<i32>, }
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
@group(3) @binding(64) var<storage, read_write> count: Counter;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if g.x % 3u != 1u {
        out[u32(atomicAdd(&count.value, 1))] = g.x * 10u + 1u;
    }
}";

#[test]
fn a_signed_spirv_counter_appends_like_an_unsigned_one() {
    let spv = crate::spirv::spirv_of(APPEND_I32, false);
    let cs = WgslComputeShader::from_spirv(&spv, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let d = device(2);
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    let mut c = d.immediate_context();
    c.cs_set_shader(Some(&cs)).unwrap();
    let b = structured(&d, &[0xFFFF_FFFF; 48]);
    let u = d
        .create_unordered_access_view_with_flags(&b, None, BufferViewFlags::COUNTER)
        .unwrap();
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[2])
        .unwrap();
    c.dispatch(3, 1, 1).unwrap();
    assert_eq!(words(&b), run_append(1, 2).0);
    assert_eq!(u.counter().unwrap().get(), 34);
}

/// `spv` with the counter (the struct of one `int`) moved to the Uniform class and decorated
/// `BufferBlock`: the SPIR-V 1.0 form `dxc -spirv` gives buffers for older Vulkan targets. Only
/// the counter: naga's front end refuses runtime arrays (the data buffer) in that class.
fn counter_as_buffer_block(spv: &[u8]) -> Vec<u8> {
    const STORAGE_BUFFER: u32 = 12;
    const UNIFORM: u32 = 2;
    let mut w: Vec<u32> = spv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let instructions = |w: &[u32]| {
        let mut out = Vec::new();
        let mut at = 5;
        while at < w.len() {
            out.push(at);
            at += ((w[at] >> 16) as usize).max(1);
        }
        out
    };
    let at = instructions(&w);
    // OpTypeInt 32 signed, then OpTypeStruct { int }.
    let int = at
        .iter()
        .find(|&&i| w[i] & 0xFFFF == 21 && w[i + 3] == 1)
        .map(|&i| w[i + 1]);
    let int = int.expect("an int type");
    // The counter's types: the int and the structs made of them (naga wraps the struct of
    // one int in a Block struct of its own).
    let mut counter = vec![int];
    for &i in &at {
        if w[i] & 0xFFFF == 30
            && w[i + 2..i + ((w[i] >> 16) as usize)]
                .iter()
                .all(|m| counter.contains(m))
        {
            counter.push(w[i + 1]);
        }
    }
    let mut pointers = Vec::new();
    for &i in &at {
        match w[i] & 0xFFFF {
            // OpTypePointer result, class, type: to the counter or its member.
            32 if w[i + 2] == STORAGE_BUFFER && counter.contains(&w[i + 3]) => {
                w[i + 2] = UNIFORM;
                pointers.push(w[i + 1]);
            }
            // OpVariable result type, result, class.
            59 if pointers.contains(&w[i + 1]) => w[i + 3] = UNIFORM,
            // OpDecorate counter Block -> BufferBlock.
            71 if counter.contains(&w[i + 1]) && w[i + 2] == 2 => w[i + 2] = 3,
            _ => {}
        }
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn a_buffer_block_counter_of_spirv_1_0_appends_too() {
    let plain = crate::spirv::spirv_of(APPEND_I32, false);
    let spv = counter_as_buffer_block(&plain);
    // Three pointer types (the Block, the struct, the int), the variable, the decoration.
    let changed = plain
        .chunks(4)
        .zip(spv.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 5, "words patched");
    let cs = WgslComputeShader::from_spirv(&spv, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let d = device(1);
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    let mut c = d.immediate_context();
    c.cs_set_shader(Some(&cs)).unwrap();
    let b = structured(&d, &[0xFFFF_FFFF; 48]);
    let u = d
        .create_unordered_access_view_with_flags(&b, None, BufferViewFlags::APPEND)
        .unwrap();
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[2])
        .unwrap();
    c.dispatch(3, 1, 1).unwrap();
    assert_eq!(words(&b), run_append(1, 2).0);
    assert_eq!(u.counter().unwrap().get(), 34);
}

#[test]
fn a_counter_binding_is_one_read_write_32_bit_word() {
    let compile = |decl: &str, body: &str| {
        let src = format!("{decl}\n@compute @workgroup_size(1) fn main() {{ {body} }}");
        WgslComputeShader::new(&src, "main", &CompileOptions::default()).map(|_| ())
    };
    let rule = "a UAV counter (@group(3) @binding(64 + n)) is a read_write storage variable of one 32-bit atomic";
    for (decl, body) in [
        (
            "@group(3) @binding(66) var<storage, read_write> c: array<atomic<u32>, 2>;",
            "atomicAdd(&c[0], 1u);",
        ),
        (
            "@group(3) @binding(66) var<storage, read> c: u32;",
            "let x = c;",
        ),
    ] {
        let e = compile(decl, body).unwrap_err();
        assert!(
            matches!(
                e,
                tessera_shader::CompileError::Binding {
                    group: 3,
                    binding: 66,
                    rule: r,
                } if r == rule
            ),
            "{e}"
        );
    }
    // Slot 63's counter is the last binding; 128 is outside the model.
    assert!(
        compile(
            "@group(3) @binding(127) var<storage, read_write> c: atomic<u32>;",
            "atomicAdd(&c, 1u);"
        )
        .is_ok()
    );
    let e = compile(
        "@group(3) @binding(128) var<storage, read_write> c: atomic<u32>;",
        "atomicAdd(&c, 1u);",
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            tessera_shader::CompileError::Binding { binding: 128, .. }
        ),
        "{e}"
    );
}

#[test]
fn a_counter_binding_uses_its_uav_slot_against_the_level() {
    // UAV slot 9's counter: slot 9 is past 11_0's 8 UAV slots.
    let src = "@group(3) @binding(73) var<storage, read_write> c: atomic<u32>;
        @compute @workgroup_size(1) fn main() { atomicAdd(&c, 1u); }";
    let cs = WgslComputeShader::new(src, "main", &CompileOptions::default()).unwrap();
    let r = device(1).create_compute_shader(Arc::new(cs));
    assert!(
        matches!(
            r,
            Err(Error::ComputeLimit {
                limit: 7,
                value: 9,
                ..
            })
        ),
        "{r:?}"
    );
}
