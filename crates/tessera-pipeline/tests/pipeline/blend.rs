//! Blending, logic ops, write masks and target encodings (TESTCASES.md OM-01..OM-09; SPEC §5.2).

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::PipelineError;
use tessera_types::{Blend, BlendOp, ColorWriteMask, LogicOp, RenderTargetBlendDesc};

fn full_screen() -> Vec<Cv> {
    vec![
        [-1.0, 1.0, 0.5, 1.0, 0.0, 0.0, 0.0, 0.0],
        [3.0, 1.0, 0.5, 1.0, 0.0, 0.0, 0.0, 0.0],
        [-1.0, -3.0, 0.5, 1.0, 0.0, 0.0, 0.0, 0.0],
    ]
}

fn blend_desc(
    src: Blend,
    dst: Blend,
    op: BlendOp,
    src_a: Blend,
    dst_a: Blend,
    op_a: BlendOp,
) -> RenderTargetBlendDesc {
    RenderTargetBlendDesc {
        blend_enable: true,
        src_blend: src,
        dest_blend: dst,
        blend_op: op,
        src_blend_alpha: src_a,
        dest_blend_alpha: dst_a,
        blend_op_alpha: op_a,
        ..Default::default()
    }
}

/// Clears a 4×4 target of `format` to `dst`, draws `ps` over it with `desc`, returns texel (1,1).
fn blend_once(format: Format, desc: RenderTargetBlendDesc, dst: [f32; 4], ps: &FlatPs) -> Rig {
    let mut rig = Rig::new(4, 4, format);
    rig.blend.render_target[0] = desc;
    rig.clear_f32(0, dst);
    rig.draw(&full_screen(), Some(ps)).unwrap();
    rig
}

/// OM-01: SRC_ALPHA / INV_SRC_ALPHA, alpha ONE / ZERO.
#[test]
fn om01_src_alpha_inv_src_alpha() {
    let d = blend_desc(
        Blend::SrcAlpha,
        Blend::InvSrcAlpha,
        BlendOp::Add,
        Blend::One,
        Blend::Zero,
        BlendOp::Add,
    );
    let r = blend_once(
        Format::R8G8B8A8Unorm,
        d,
        [0.0, 0.0, 1.0, 1.0],
        &FlatPs::new([1.0, 0.0, 0.0, 0.25]),
    );
    assert_eq!(r.bytes(0, 1, 1), vec![64, 0, 191, 64]);
    let r = blend_once(
        Format::R32G32B32A32Float,
        d,
        [0.0, 0.0, 1.0, 1.0],
        &FlatPs::new([1.0, 0.0, 0.0, 0.25]),
    );
    assert_eq!(r.f(0, 3, 2), [0.25, 0.0, 0.75, 0.25]);
}

/// OM-02: MIN / MAX ignore the blend factors.
#[test]
fn om02_min_max_ignore_factors() {
    for (op, want) in [(BlendOp::Min, 0.2f32), (BlendOp::Max, 0.5)] {
        let d = blend_desc(Blend::Zero, Blend::Zero, op, Blend::Zero, Blend::Zero, op);
        let r = blend_once(
            Format::R32G32B32A32Float,
            d,
            [0.5; 4],
            &FlatPs::new([0.2; 4]),
        );
        assert_eq!(r.f(0, 0, 0), [want; 4], "{op:?}");
    }
}

/// OM-03: REV_SUBTRACT clamps to 0 on UNORM; SUBTRACT gives 0.5.
#[test]
fn om03_subtract_and_rev_subtract_clamp() {
    let dst = [0.2, 0.2, 0.2, 0.2];
    let one = |op| blend_desc(Blend::One, Blend::One, op, Blend::One, Blend::One, op);
    let ps = FlatPs::new([0.7; 4]);
    let r = blend_once(Format::R8G8B8A8Unorm, one(BlendOp::RevSubtract), dst, &ps);
    assert_eq!(r.bytes(0, 2, 2), vec![0; 4]);
    let r = blend_once(Format::R8G8B8A8Unorm, one(BlendOp::Subtract), dst, &ps);
    // dst is the stored code 51 (= 0.2 exactly as 51/255); 0.7 − 0.2 quantises to 127 or 128
    // depending on f32 rounding: the blend is f32 (0.7f − 51/255f).
    let expect = ((f64::from(0.7f32 - 51.0f32 / 255.0)) * 255.0 + 0.5).floor() as u8;
    assert_eq!(r.bytes(0, 2, 2), vec![expect; 4]);
    // Float target: no clamp.
    let r = blend_once(
        Format::R32G32B32A32Float,
        one(BlendOp::RevSubtract),
        [0.25; 4],
        &FlatPs::new([0.75; 4]),
    );
    assert_eq!(r.f(0, 1, 1), [-0.5; 4]);
}

/// OM-04: SRC_ALPHA_SAT = (f, f, f, 1), f = min(As, 1 − Ad).
#[test]
fn om04_src_alpha_sat() {
    let d = blend_desc(
        Blend::SrcAlphaSat,
        Blend::Zero,
        BlendOp::Add,
        Blend::SrcAlphaSat,
        Blend::Zero,
        BlendOp::Add,
    );
    let r = blend_once(
        Format::R32G32B32A32Float,
        d,
        [0.0, 0.0, 0.0, 0.5],
        &FlatPs::new([1.0, 1.0, 1.0, 0.75]),
    );
    assert_eq!(r.f(0, 0, 3), [0.5, 0.5, 0.5, 0.75]);
}

/// OM-05: UNORM clamps input and result; FLOAT16 does not; FLOAT32 propagates NaN through ZERO.
#[test]
fn om05_clamping_per_format() {
    let add = blend_desc(
        Blend::One,
        Blend::One,
        BlendOp::Add,
        Blend::One,
        Blend::One,
        BlendOp::Add,
    );
    let ps = FlatPs::new([1.5; 4]);
    let r = blend_once(Format::R8G8B8A8Unorm, add, [0.25; 4], &ps);
    assert_eq!(r.bytes(0, 1, 1), vec![255; 4]);
    let r = blend_once(Format::R16G16B16A16Float, add, [0.25; 4], &ps);
    assert_eq!(r.f(0, 1, 1), [1.75; 4]);
    // UNORM input clamp happens before blending: (clamp(1.5)=1)·0.25 + 0 → 0.25, not 0.375.
    let scaled = blend_desc(
        Blend::BlendFactor,
        Blend::Zero,
        BlendOp::Add,
        Blend::BlendFactor,
        Blend::Zero,
        BlendOp::Add,
    );
    let mut rig = Rig::new(4, 4, Format::R32G32B32A32Float);
    rig.add_color(Format::R8G8B8A8Unorm);
    rig.blend_factor = [0.25; 4];
    rig.blend.render_target[0] = scaled;
    let mut ps = ps;
    ps.color1 = [1.5; 4];
    rig.blend.independent_blend_enable = true;
    rig.blend.render_target[1] = scaled;
    rig.draw(&full_screen(), Some(&ps)).unwrap();
    assert_eq!(rig.f(0, 0, 0), [0.375; 4], "float target: no input clamp");
    assert_eq!(rig.bytes(1, 0, 0), vec![64; 4], "UNORM: 1.0 · 0.25");
    // NaN · 0 = NaN on a float32 target.
    let zero = blend_desc(
        Blend::Zero,
        Blend::One,
        BlendOp::Add,
        Blend::Zero,
        Blend::One,
        BlendOp::Add,
    );
    let r = blend_once(
        Format::R32G32B32A32Float,
        zero,
        [0.25; 4],
        &FlatPs::new([f32::NAN; 4]),
    );
    assert!(r.f(0, 2, 2).iter().all(|c| c.is_nan()));
    // On UNORM the NaN is encoded as 0: NaN clamps away to 0... the blend result encodes to 0
    // for NaN and to the dst value when the clamp removed it first.
    let r = blend_once(
        Format::R8G8B8A8Unorm,
        zero,
        [0.25; 4],
        &FlatPs::new([f32::NAN; 4]),
    );
    let b = r.bytes(0, 2, 2);
    assert!(b == vec![64; 4] || b == vec![0; 4], "{b:?}");
}

/// OM-06: the write mask limits writes, channel by channel.
#[test]
fn om06_write_mask() {
    for format in [
        Format::R8G8B8A8Unorm,
        Format::B8G8R8A8Unorm,
        Format::R32G32B32A32Float,
    ] {
        let mut rig = Rig::new(4, 4, format);
        rig.clear_f32(0, [0.2, 0.4, 0.6, 0.8]);
        let before = rig.f(0, 0, 0);
        rig.blend.render_target[0].write_mask = ColorWriteMask::RED | ColorWriteMask::ALPHA;
        rig.draw(&full_screen(), Some(&FlatPs::new([1.0; 4])))
            .unwrap();
        assert_eq!(
            rig.f(0, 1, 1),
            [1.0, before[1], before[2], 1.0],
            "{format:?}"
        );
    }
    // Mask 0 writes nothing.
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    rig.blend.render_target[0].write_mask = ColorWriteMask::NONE;
    rig.draw(&full_screen(), Some(&FlatPs::new([1.0; 4])))
        .unwrap();
    assert!(rig.written().iter().flatten().all(|&w| !w));
}

/// OM-07: sRGB targets encode linear → sRGB on write (0.5 → 188) and blend in linear.
#[test]
fn om07_srgb_target() {
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8UnormSrgb);
    rig.draw(&full_screen(), Some(&FlatPs::new([0.5, 0.5, 0.5, 0.5])))
        .unwrap();
    assert_eq!(
        rig.bytes(0, 1, 2),
        vec![188, 188, 188, 128],
        "alpha is linear"
    );
    let back = rig.f(0, 1, 2);
    assert!((back[0] - 0.5).abs() < 0.003, "{back:?}");
    // Additive blend with 0 keeps the stored code: decode → blend in linear → encode.
    let add = blend_desc(
        Blend::One,
        Blend::One,
        BlendOp::Add,
        Blend::One,
        Blend::One,
        BlendOp::Add,
    );
    rig.blend.render_target[0] = add;
    rig.draw(&full_screen(), Some(&FlatPs::new([0.0; 4])))
        .unwrap();
    assert_eq!(rig.bytes(0, 1, 2), vec![188, 188, 188, 128]);
    // Blending adds linear values: 0.25 + 0.25 = 0.5 linear → 188 (the intermediate 0.25 is
    // stored as code 137 and decoded back to ≈0.2502).
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8UnormSrgb);
    rig.blend.render_target[0] = add;
    rig.draw(&full_screen(), Some(&FlatPs::new([0.25, 0.0, 0.0, 0.0])))
        .unwrap();
    rig.draw(&full_screen(), Some(&FlatPs::new([0.25, 0.0, 0.0, 0.0])))
        .unwrap();
    let code = rig.bytes(0, 0, 0)[0];
    assert_eq!(code, 188);
}

/// OM-08: logic ops on UINT targets act on the low bits of the shader value.
#[test]
fn om08_logic_ops() {
    use LogicOp::*;
    let table = [
        (Xor, 0xf0u32),
        (Clear, 0x00),
        (Set, 0xff),
        (Copy, 0x0f),
        (CopyInverted, 0xf0),
        (Noop, 0xff),
        (Invert, 0x00),
        (And, 0x0f),
        (Nand, 0xf0),
        (Or, 0xff),
        (Nor, 0x00),
        (Equiv, 0x0f),
        (AndReverse, 0x00),
        (AndInverted, 0xf0),
        (OrReverse, 0x0f),
        (OrInverted, 0xff),
    ];
    for (op, want) in table {
        let mut rig = Rig::new(4, 4, Format::R8Uint);
        rig.clear_u32(0, [0xff, 0, 0, 0]);
        rig.blend.render_target[0].logic_op_enable = true;
        rig.blend.render_target[0].logic_op = op;
        rig.draw(&full_screen(), Some(&BitsPs([0x0f, 0, 0, 0])))
            .unwrap();
        assert_eq!(rig.u(0, 2, 1)[0], want, "{op:?}");
    }
    // Wider targets keep their own width: INVERT of 0x00ff on R16_UINT is 0xff00.
    let mut rig = Rig::new(4, 4, Format::R16Uint);
    rig.clear_u32(0, [0x00ff, 0, 0, 0]);
    rig.blend.render_target[0].logic_op_enable = true;
    rig.blend.render_target[0].logic_op = Invert;
    rig.draw(&full_screen(), Some(&BitsPs([0, 0, 0, 0])))
        .unwrap();
    assert_eq!(rig.u(0, 0, 0)[0], 0xff00);
    // Without a logic op, integer targets take the shader's bits (blending never applies).
    let mut rig = Rig::new(4, 4, Format::R32G32B32A32Uint);
    rig.blend = additive();
    rig.clear_u32(0, [5, 5, 5, 5]);
    rig.draw(&full_screen(), Some(&BitsPs([1, 2, 0xdead_beef, u32::MAX])))
        .unwrap();
    assert_eq!(rig.u(0, 3, 3), [1, 2, 0xdead_beef, u32::MAX]);
}

/// OM-09: dual-source blending with one target; two targets bound is an error.
#[test]
fn om09_dual_source() {
    let d = blend_desc(
        Blend::One,
        Blend::Src1Color,
        BlendOp::Add,
        Blend::One,
        Blend::Zero,
        BlendOp::Add,
    );
    let mut ps = FlatPs::new([0.1, 0.1, 0.1, 1.0]);
    ps.color1 = [0.5, 0.5, 0.5, 1.0];
    let r = blend_once(Format::R32G32B32A32Float, d, [0.4; 4], &ps);
    let c = 0.1f32 + 0.4f32 * 0.5f32;
    assert_eq!(c, 0.3f32);
    assert_eq!(r.f(0, 1, 1), [0.3, 0.3, 0.3, 1.0]);
    let r = blend_once(Format::R8G8B8A8Unorm, d, [0.4; 4], &ps);
    assert_eq!(r.bytes(0, 1, 1), vec![77, 77, 77, 255]);
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    rig.add_color(Format::R8G8B8A8Unorm);
    rig.blend.render_target[0] = d;
    assert_eq!(
        rig.draw(&full_screen(), Some(&ps)),
        Err(PipelineError::DualSourceWithMultipleTargets { bound: 2 })
    );
    assert!(rig.colors.iter().all(|(_, d)| d.iter().all(|&b| b == 0)));
}

/// MRT: each target gets its own output; independent blend uses each target's state.
#[test]
fn mrt_independent_blend() {
    let mut rig = Rig::new(4, 4, Format::R32G32B32A32Float);
    rig.add_color(Format::R32G32B32A32Float);
    rig.clear_f32(0, [0.5; 4]);
    rig.clear_f32(1, [0.5; 4]);
    rig.blend.independent_blend_enable = true;
    rig.blend.render_target[1] = blend_desc(
        Blend::One,
        Blend::One,
        BlendOp::Add,
        Blend::One,
        Blend::One,
        BlendOp::Add,
    );
    rig.draw(&full_screen(), Some(&FlatPs::new([0.25; 4])))
        .unwrap();
    assert_eq!(rig.f(0, 0, 0), [0.25; 4]);
    // FlatPs writes o1 = color1 (zeros) to target 1: 0 + 0.5.
    assert_eq!(rig.f(1, 0, 0), [0.5; 4]);
    // Without independent blend, target 0's (disabled) state applies to both.
    rig.blend.independent_blend_enable = false;
    rig.clear_f32(1, [0.5; 4]);
    rig.draw(&full_screen(), Some(&FlatPs::new([0.25; 4])))
        .unwrap();
    assert_eq!(rig.f(1, 0, 0), [0.0; 4]);
}

/// Logic ops on a SINT target keep the low bits as a signed value (no saturation).
#[test]
fn logic_op_sint_low_bits() {
    let mut rig = Rig::new(4, 4, Format::R8Sint);
    rig.clear_u32(0, [0x0f, 0, 0, 0]);
    rig.blend.render_target[0].logic_op_enable = true;
    rig.blend.render_target[0].logic_op = LogicOp::Invert;
    rig.draw(&full_screen(), Some(&BitsPs([0, 0, 0, 0])))
        .unwrap();
    assert_eq!(rig.bytes(0, 1, 1), vec![0xf0]);
}
