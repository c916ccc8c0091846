//! Depth and stencil with exact stored values (TESTCASES.md OM-10, OM-12..OM-18; SPEC §5.4, §5.5).

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera_types::{ComparisonFunc, CullMode, StencilOp};

const WHITE: [f32; 4] = [1.0; 4];

fn full_screen(z: f32) -> Vec<Cv> {
    vec![
        [-1.0, 1.0, z, 1.0, 1.0, 1.0, 1.0, 1.0],
        [3.0, 1.0, z, 1.0, 1.0, 1.0, 1.0, 1.0],
        [-1.0, -3.0, z, 1.0, 1.0, 1.0, 1.0, 1.0],
    ]
}

fn rig(format: Format, fill: &[u8]) -> Rig {
    Rig::new(4, 4, Format::R8G8B8A8Unorm).with_depth(format, fill)
}

fn draw_z(rig: &mut Rig, z: f32) {
    rig.draw(&full_screen(z), Some(&FlatPs::new(WHITE)))
        .unwrap();
}

fn colored(rig: &Rig) -> bool {
    let w = rig.written();
    let all = w.iter().flatten().all(|&b| b);
    let none = w.iter().flatten().all(|&b| !b);
    assert!(all || none, "a full-screen draw is all or nothing: {w:?}");
    all
}

/// Every comparison function, `incoming FUNC stored`, on D32 with stored 0.5.
#[test]
fn every_comparison_func() {
    use ComparisonFunc::*;
    let table = [
        (Never, [false, false, false]),
        (Less, [true, false, false]),
        (Equal, [false, true, false]),
        (LessEqual, [true, true, false]),
        (Greater, [false, false, true]),
        (NotEqual, [true, false, true]),
        (GreaterEqual, [false, true, true]),
        (Always, [true, true, true]),
    ];
    for (func, expect) in table {
        for (z, pass) in [0.25f32, 0.5, 0.75].into_iter().zip(expect) {
            for format in [Format::D32Float, Format::D16Unorm, Format::D24UnormS8Uint] {
                let fill: Vec<u8> = match format {
                    Format::D32Float => 0.5f32.to_le_bytes().to_vec(),
                    Format::D16Unorm => 32768u16.to_le_bytes().to_vec(),
                    _ => 0x0080_0000u32.to_le_bytes().to_vec(),
                };
                let mut r = rig(format, &fill);
                r.ds.depth_func = func;
                draw_z(&mut r, z);
                assert_eq!(colored(&r), pass, "{func:?} z={z} {format:?}");
                let stored = r.ds_raw(1, 1);
                let expected = if pass {
                    match format {
                        Format::D32Float => u64::from(z.to_bits()),
                        Format::D16Unorm => (f64::from(z) * 65535.0 + 0.5).floor() as u64,
                        _ => (f64::from(z) * 16_777_215.0 + 0.5).floor() as u64,
                    }
                } else {
                    match format {
                        Format::D32Float => u64::from(0.5f32.to_bits()),
                        Format::D16Unorm => 32768,
                        _ => 0x0080_0000,
                    }
                };
                assert_eq!(stored, expected, "{func:?} z={z} {format:?}");
            }
        }
    }
}

/// Stored values per format; stencil and padding bits are preserved by depth writes.
#[test]
fn stored_depth_values_per_format() {
    let mut r = rig(Format::D16Unorm, &[0xff, 0xff]);
    draw_z(&mut r, 0.5);
    assert_eq!(r.ds_raw(0, 0), 32768, "OM-12: D16 z = 0.5 → 32768");
    draw_z(&mut r, 0.25);
    assert_eq!(r.ds_raw(0, 0), 16384);

    let mut r = rig(Format::D24UnormS8Uint, &[0xff, 0xff, 0xff, 0x5a]);
    draw_z(&mut r, 0.5);
    assert_eq!(r.ds_raw(3, 3), 0x5a80_0000);
    draw_z(&mut r, 0.25);
    assert_eq!(r.ds_raw(3, 3), 0x5a40_0000);
    draw_z(&mut r, 0.0);
    assert_eq!(r.ds_raw(3, 3), 0x5a00_0000);

    let mut r = rig(Format::D32Float, &1.0f32.to_le_bytes());
    draw_z(&mut r, 0.3);
    assert_eq!(r.ds_raw(2, 1), u64::from(0.3f32.to_bits()));

    let mut fill = 1.0f32.to_le_bytes().to_vec();
    fill.extend_from_slice(&[0x5a, 0xee, 0xee, 0xee]);
    let mut r = rig(Format::D32FloatS8X24Uint, &fill);
    draw_z(&mut r, 0.3);
    let raw = r.ds_raw(1, 2);
    assert_eq!(raw as u32, 0.3f32.to_bits());
    assert_eq!((raw >> 32) as u8, 0x5a, "stencil kept");
    assert_eq!(raw >> 40, 0xee_eeee, "padding kept");
}

/// OM-12: SV_Depth is clamped to the viewport depth range before conversion.
#[test]
fn om12_depth_clamped_to_viewport_range() {
    let mut r = rig(Format::D32Float, &1.0f32.to_le_bytes());
    r.ds.depth_func = ComparisonFunc::Always;
    r.viewport.max_depth = 0.75;
    let mut ps = FlatPs::new(WHITE);
    ps.depth = Some(1.5);
    r.draw(&full_screen(0.1), Some(&ps)).unwrap();
    assert_eq!(f32::from_bits(r.ds_raw(0, 0) as u32), 0.75);
    for (d, want) in [(-1.0f32, 0.25f32), (0.5, 0.5), (f32::NAN, 0.25)] {
        let mut r = rig(Format::D32Float, &1.0f32.to_le_bytes());
        r.ds.depth_func = ComparisonFunc::Always;
        r.viewport.min_depth = 0.25;
        r.viewport.max_depth = 0.75;
        ps.depth = Some(d);
        r.draw(&full_screen(0.1), Some(&ps)).unwrap();
        assert_eq!(f32::from_bits(r.ds_raw(3, 0) as u32), want, "SV_Depth {d}");
    }
    // Interpolated depth is clamped as well (depth clip off).
    let mut r = rig(Format::D16Unorm, &[0xff, 0xff]);
    r.rasterizer.depth_clip_enable = false;
    r.viewport.max_depth = 0.5;
    draw_z(&mut r, 1.5);
    assert_eq!(r.ds_raw(0, 0), 32768);
}

/// OM-13: no DSV bound ⇒ the depth test passes even with NEVER.
#[test]
fn om13_no_dsv_depth_passes() {
    let mut r = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    r.ds.depth_enable = true;
    r.ds.depth_write = true;
    r.ds.depth_func = ComparisonFunc::Never;
    draw_z(&mut r, 0.5);
    assert!(colored(&r));
}

/// OM-14: a read-only-depth DSV is tested but never written.
#[test]
fn om14_read_only_depth() {
    for (z, pass) in [(0.25f32, true), (0.75, false)] {
        let mut r = rig(Format::D32Float, &0.5f32.to_le_bytes());
        r.read_only_depth = true;
        draw_z(&mut r, z);
        assert_eq!(colored(&r), pass, "z {z}");
        assert_eq!(r.ds_raw(0, 0), u64::from(0.5f32.to_bits()));
    }
    // READ_ONLY_STENCIL: stencil ops are not written either.
    let mut r = rig(Format::D24UnormS8Uint, &[0, 0, 0, 7]);
    r.read_only_stencil = true;
    r.ds.depth_enable = false;
    r.ds.stencil_enable = true;
    r.ds.front_face.pass_op = StencilOp::Incr;
    r.ds.back_face.pass_op = StencilOp::Incr;
    draw_z(&mut r, 0.0);
    assert_eq!(r.ds_raw(0, 0) >> 24, 7);
    assert!(colored(&r));
}

/// OM-15: depth disabled + stencil INCR: stencil incremented, depth untouched.
#[test]
fn om15_depth_disabled_stencil_still_runs() {
    let mut r = rig(Format::D24UnormS8Uint, &[0x34, 0x12, 0x00, 5]);
    r.ds.depth_enable = false;
    r.ds.depth_func = ComparisonFunc::Never;
    r.ds.stencil_enable = true;
    r.ds.front_face.pass_op = StencilOp::Incr;
    r.ds.back_face.pass_op = StencilOp::Incr;
    draw_z(&mut r, 0.9);
    assert!(colored(&r));
    assert_eq!(r.ds_raw(2, 2), (6 << 24) | 0x1234);
}

fn stencil_after(op: StencilOp, stored: u8, reference: u8, write_mask: u8) -> u8 {
    let mut r = rig(Format::D24UnormS8Uint, &[0, 0, 0, stored]);
    r.ds.depth_enable = false;
    r.ds.stencil_enable = true;
    r.ds.stencil_write_mask = write_mask;
    r.ds.front_face.pass_op = op;
    r.ds.back_face.pass_op = op;
    r.stencil_ref = reference;
    draw_z(&mut r, 0.5);
    (r.ds_raw(1, 3) >> 24) as u8
}

/// OM-16: every stencil op on 8-bit stencil, and the write mask.
#[test]
fn om16_stencil_ops() {
    use StencilOp::*;
    assert_eq!(stencil_after(Incr, 255, 0, 0xff), 0);
    assert_eq!(stencil_after(IncrSat, 255, 0, 0xff), 255);
    assert_eq!(stencil_after(IncrSat, 7, 0, 0xff), 8);
    assert_eq!(stencil_after(Decr, 0, 0, 0xff), 255);
    assert_eq!(stencil_after(DecrSat, 0, 0, 0xff), 0);
    assert_eq!(stencil_after(DecrSat, 9, 0, 0xff), 8);
    assert_eq!(stencil_after(Invert, 0x0f, 0, 0xff), 0xf0);
    assert_eq!(stencil_after(Replace, 0x50, 0xab, 0x0f), 0x5b);
    assert_eq!(stencil_after(Replace, 0x50, 0xab, 0xff), 0xab);
    assert_eq!(stencil_after(Zero, 0x77, 0, 0xff), 0);
    assert_eq!(stencil_after(Zero, 0x77, 0, 0xf0), 0x07);
    assert_eq!(stencil_after(Keep, 0x77, 0xab, 0xff), 0x77);
    // D32_FLOAT_S8X24 stores stencil in byte 4.
    let mut fill = 0.5f32.to_le_bytes().to_vec();
    fill.extend_from_slice(&[41, 0, 0, 0]);
    let mut r = rig(Format::D32FloatS8X24Uint, &fill);
    r.ds.stencil_enable = true;
    r.ds.front_face.pass_op = Incr;
    r.ds.back_face.pass_op = Incr;
    draw_z(&mut r, 0.25);
    assert_eq!((r.ds_raw(0, 0) >> 32) as u8, 42);
    assert_eq!(r.ds_raw(0, 0) as u32, 0.25f32.to_bits());
}

/// Fail / depth-fail / pass select their own ops (SPEC §5.5).
#[test]
fn stencil_outcomes_select_ops() {
    // stencil fails → fail_op; stencil passes, depth fails → depth_fail_op; both → pass_op.
    for (stencil_func, z, expect) in [
        (ComparisonFunc::Never, 0.25f32, 10u8),
        (ComparisonFunc::Always, 0.75, 20),
        (ComparisonFunc::Always, 0.25, 30),
    ] {
        let mut r = rig(Format::D24UnormS8Uint, &[0xff, 0xff, 0x7f, 1]);
        r.ds.stencil_enable = true;
        r.ds.front_face = tessera_types::StencilFaceDesc {
            fail_op: StencilOp::Replace,
            depth_fail_op: StencilOp::Replace,
            pass_op: StencilOp::Replace,
            func: stencil_func,
        };
        r.ds.stencil_write_mask = 0xff;
        // Distinguish the three ops through the reference seen by REPLACE: use three draws.
        r.stencil_ref = expect;
        let mut face = r.ds.front_face;
        face.fail_op = if expect == 10 {
            StencilOp::Replace
        } else {
            StencilOp::Keep
        };
        face.depth_fail_op = if expect == 20 {
            StencilOp::Replace
        } else {
            StencilOp::Keep
        };
        face.pass_op = if expect == 30 {
            StencilOp::Replace
        } else {
            StencilOp::Keep
        };
        r.ds.front_face = face;
        draw_z(&mut r, z);
        assert_eq!(
            (r.ds_raw(0, 0) >> 24) as u8,
            expect,
            "{stencil_func:?} z={z}"
        );
        assert_eq!(colored(&r), expect == 30);
        let depth = r.ds_raw(0, 0) & 0xff_ffff;
        let want = if expect == 30 { 0x40_0000 } else { 0x7f_ffff };
        assert_eq!(depth, want, "depth written only when both pass");
    }
}

/// OM-17: `(ref & ReadMask) FUNC (stored & ReadMask)`.
#[test]
fn om17_stencil_read_mask() {
    for (read_mask, pass) in [(0x0fu8, true), (0xff, false)] {
        let mut r = rig(Format::D24UnormS8Uint, &[0, 0, 0, 0x23]);
        r.ds.depth_enable = false;
        r.ds.stencil_enable = true;
        r.ds.stencil_read_mask = read_mask;
        r.ds.front_face.func = ComparisonFunc::Equal;
        r.ds.front_face.pass_op = StencilOp::Zero;
        r.ds.front_face.fail_op = StencilOp::Invert;
        r.stencil_ref = 0x13;
        draw_z(&mut r, 0.5);
        assert_eq!(colored(&r), pass);
        let s = (r.ds_raw(0, 0) >> 24) as u8;
        assert_eq!(s, if pass { 0 } else { !0x23 });
    }
    // LESS: (ref & mask) < (stored & mask): 0x03 < 0x03 is false, 0x02 < 0x03 true.
    for (reference, pass) in [(0x13u8, false), (0x12, true)] {
        let mut r = rig(Format::D24UnormS8Uint, &[0, 0, 0, 0x23]);
        r.ds.depth_enable = false;
        r.ds.stencil_enable = true;
        r.ds.stencil_read_mask = 0x0f;
        r.ds.front_face.func = ComparisonFunc::Less;
        r.stencil_ref = reference;
        draw_z(&mut r, 0.5);
        assert_eq!(colored(&r), pass, "ref {reference:#x}");
    }
}

/// OM-18: a back-facing triangle (CullMode NONE) uses the back-face ops and function.
#[test]
fn om18_two_sided_stencil() {
    let cw = [(0.0f32, 0.0f32), (8.0, 0.0), (0.0, 8.0)];
    let ccw = [(0.0f32, 0.0f32), (0.0, 8.0), (8.0, 0.0)];
    for (tri, fcc, expect) in [
        (cw, false, 11u8),
        (ccw, false, 9),
        (cw, true, 9),
        (ccw, true, 11),
    ] {
        let mut r = Rig::new(4, 4, Format::R8G8B8A8Unorm)
            .with_depth(Format::D24UnormS8Uint, &[0, 0, 0, 10]);
        r.rasterizer.cull_mode = CullMode::None;
        r.rasterizer.front_counter_clockwise = fcc;
        r.ds.depth_enable = false;
        r.ds.stencil_enable = true;
        r.ds.front_face.pass_op = StencilOp::Incr;
        r.ds.back_face.pass_op = StencilOp::Decr;
        let verts: Vec<Cv> = tri.iter().map(|&(x, y)| r.at(x, y, 0.5, WHITE)).collect();
        r.draw(&verts, Some(&FlatPs::new(WHITE))).unwrap();
        assert_eq!((r.ds_raw(0, 0) >> 24) as u8, expect, "fcc {fcc} {tri:?}");
    }
    // Back-face function NEVER fails only back faces.
    let mut r =
        Rig::new(4, 4, Format::R8G8B8A8Unorm).with_depth(Format::D24UnormS8Uint, &[0, 0, 0, 10]);
    r.ds.depth_enable = false;
    r.ds.stencil_enable = true;
    r.ds.back_face.func = ComparisonFunc::Never;
    r.ds.back_face.fail_op = StencilOp::Zero;
    let verts: Vec<Cv> = ccw.iter().map(|&(x, y)| r.at(x, y, 0.5, WHITE)).collect();
    r.draw(&verts, Some(&FlatPs::new(WHITE))).unwrap();
    assert!(!r.written()[0][0]);
    assert_eq!((r.ds_raw(0, 0) >> 24) as u8, 0);
}

/// OM-10 (1x part): SampleMask without bit 0 writes nothing, depth and stencil included.
#[test]
fn om10_sample_mask_zero_writes_nothing() {
    for mask in [0u32, 0xffff_fffe] {
        let mut r = rig(Format::D24UnormS8Uint, &[0xff, 0xff, 0xff, 3]);
        r.sample_mask = mask;
        r.ds.stencil_enable = true;
        r.ds.front_face.pass_op = StencilOp::Incr;
        r.ds.front_face.fail_op = StencilOp::Incr;
        r.ds.front_face.depth_fail_op = StencilOp::Incr;
        r.ds.back_face = r.ds.front_face;
        draw_z(&mut r, 0.5);
        assert!(!colored(&r));
        assert_eq!(r.ds_raw(0, 0), 0x03ff_ffff);
    }
    let mut r = rig(Format::D24UnormS8Uint, &[0xff, 0xff, 0xff, 3]);
    r.sample_mask = 1;
    draw_z(&mut r, 0.5);
    assert!(colored(&r));
}

/// Vertex colour shader that optionally declares `discard` and optionally discards pixels
/// whose x is odd.
struct ColorPs {
    declare: bool,
    discard_odd: bool,
}

impl PixelShader for ColorPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn may_discard(&self) -> bool {
        self.declare || self.discard_odd
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
        if self.discard_odd {
            let x = input.position[0].to_array();
            out.discard = x.map(|x| (x - 0.5) as u32 % 2 == 1);
        }
    }
}

fn overlapping_scene(rig: &Rig, seed: u32) -> Vec<Cv> {
    let mut s = seed;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s % 10_000) as f32 / 10_000.0
    };
    let mut out = Vec::new();
    for _ in 0..60 {
        let color = [next(), next(), next(), 1.0];
        for _ in 0..3 {
            let (x, y, z) = (next() * 40.0 - 4.0, next() * 40.0 - 4.0, next());
            out.push(rig.at(x, y, z, color));
        }
    }
    out
}

/// Early and late depth give the same image when the shader declares but never uses discard;
/// discarded pixels write neither colour nor depth nor stencil.
#[test]
fn early_and_late_depth_are_equivalent() {
    let run = |ps: &ColorPs, format: Format, fill: &[u8]| {
        let mut r = Rig::new(32, 32, Format::R8G8B8A8Unorm).with_depth(format, fill);
        r.ds.stencil_enable = format == Format::D24UnormS8Uint;
        r.ds.front_face.pass_op = StencilOp::Incr;
        r.ds.front_face.depth_fail_op = StencilOp::Invert;
        r.ds.back_face.pass_op = StencilOp::Decr;
        r.ds.back_face.depth_fail_op = StencilOp::Replace;
        r.stencil_ref = 0x40;
        let verts = overlapping_scene(&r, 0x1234_5678);
        r.draw(&verts, Some(ps)).unwrap();
        r
    };
    for (format, fill) in [
        (Format::D24UnormS8Uint, vec![0xff, 0xff, 0xff, 0]),
        (Format::D32Float, 1.0f32.to_le_bytes().to_vec()),
        (Format::D16Unorm, vec![0xff, 0xff]),
    ] {
        let early = run(
            &ColorPs {
                declare: false,
                discard_odd: false,
            },
            format,
            &fill,
        );
        let late = run(
            &ColorPs {
                declare: true,
                discard_odd: false,
            },
            format,
            &fill,
        );
        assert_eq!(early.colors[0].1, late.colors[0].1, "{format:?}");
        assert_eq!(early.depth, late.depth, "{format:?}");
        assert!(early.written().iter().flatten().filter(|&&b| b).count() > 100);
        let odd = run(
            &ColorPs {
                declare: false,
                discard_odd: true,
            },
            format,
            &fill,
        );
        for y in 0..32 {
            for x in (1..32).step_by(2) {
                assert!(!odd.written()[y as usize][x as usize]);
                assert_eq!(
                    odd.ds_raw(x, y),
                    early_untouched(format),
                    "{format:?} ({x},{y})"
                );
            }
            for x in (0..32).step_by(2) {
                assert_eq!(odd.bytes(0, x, y), early.bytes(0, x, y));
            }
        }
    }
}

fn early_untouched(format: Format) -> u64 {
    match format {
        Format::D24UnormS8Uint => 0x00ff_ffff,
        Format::D32Float => u64::from(1.0f32.to_bits()),
        _ => 0xffff,
    }
}
