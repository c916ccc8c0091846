//! Shader profiles and declared resource use through the facade (issue #15): the profile
//! rules at `Create*Shader` and `*SetShader`, FL-05 WRAP pairing from the declared pairs, and
//! the 9_x texture-repeat report.

use std::sync::Arc;

use tessera::Error;
use tessera::caps::{
    AddressMode, BindFlags, CapsError, PrimitiveTopology, SamplerDesc, TextureDesc,
};
use tessera::format::Format;
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::pipeline::shader::{
    ConstantBufferUse, Interpolation, PixelShader, PsInput, PsOutput, SamplePair, Sampling,
    ShaderProfile, ShaderSignature,
};
use tessera::pipeline::{DrawStats, ShaderEnv};
use tessera::resource::SubresourceData;
use tessera::sampler::sample;
use tessera_testkit::*;

/// `SV_Target0 = t0.Sample(s1, v0.xy)`, declaring any profile / constant count.
struct PairPs {
    profile: ShaderProfile,
    constants: u32,
}

impl PixelShader for PairPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, self.constants)],
            shader_resources: vec![0],
            samplers: vec![1],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 1,
                coords: 0,
                components: 2,
            }],
            ..ShaderSignature::new(self.profile)
        }
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = sample(env.texture(0), env.sampler(1), input.varyings[0], [0; 3]);
    }
}

fn pair_ps(profile: ShaderProfile, constants: u32) -> Arc<PairPs> {
    Arc::new(PairPs { profile, constants })
}

fn refused_profile<T>(r: &tessera::Result<T>, call: &str, profile: ShaderProfile) -> bool {
    matches!(r, Err(Error::Caps(CapsError::ShaderProfileRefused { call: c, profile: p, .. }))
        if *c == call && *p == profile)
}

#[test]
fn create_pixel_shader_applies_the_profile_and_constant_rules() {
    use ShaderProfile::*;
    for (level, ok, refused) in [
        (L::L9_1, Ps4_0Level9_1, Ps4_0Level9_3),
        (L::L9_2, Ps4_0Level9_1, Ps4_0Level9_3),
        (L::L9_3, Ps4_0Level9_3, Ps4_0),
        (L::L10_0, Ps4_0, Ps4_1),
        (L::L10_1, Ps4_1, Ps5_0),
    ] {
        let d = device(level);
        assert!(
            d.create_pixel_shader(pair_ps(ok, 1)).is_ok(),
            "{level} {ok}"
        );
        let r = d.create_pixel_shader(pair_ps(refused, 1));
        assert!(
            refused_profile(&r, "CreatePixelShader", refused),
            "{level} {refused}"
        );
    }
    assert!(
        device(L::L11_0)
            .create_pixel_shader(pair_ps(Ps5_0, 1))
            .is_ok()
    );
    // 32 constants in total at 9_x.
    let d = device(L::L9_1);
    assert!(d.create_pixel_shader(pair_ps(Ps4_0Level9_1, 32)).is_ok());
    let r = d.create_pixel_shader(pair_ps(Ps4_0Level9_1, 33));
    assert!(matches!(
        r,
        Err(Error::Caps(CapsError::ShaderConstants {
            call: "CreatePixelShader",
            limit: 32,
            value: 33,
            ..
        }))
    ));
    // Every built-in runs at 9_1.
    assert!(d.create_pixel_shader(Arc::new(TexturedPs)).is_ok());
    assert!(
        d.create_vertex_shader(Arc::new(TransformVs { varyings: 3 }))
            .is_ok()
    );
}

/// A pixel shader declaring `profile` that uses per-sample features: reads `SV_SampleIndex`,
/// has a `sample` input, reads or writes `SV_Coverage`.
struct SamplePs {
    profile: ShaderProfile,
    sample_index: bool,
    sample_input: bool,
    coverage_in: bool,
    coverage_out: bool,
}

impl PixelShader for SamplePs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(self.profile)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn input_sampling(&self) -> &[Sampling] {
        if self.sample_input {
            &[Sampling::Sample]
        } else {
            &[]
        }
    }
    fn reads_sample_index(&self) -> bool {
        self.sample_index
    }
    fn reads_coverage(&self) -> bool {
        self.coverage_in
    }
    fn writes_coverage(&self) -> bool {
        self.coverage_out
    }
    fn shade(&self, _: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
    }
}

/// `SV_SampleIndex`, `sample` interpolation and the `SV_Coverage` output need ps_4_1, the
/// `SV_Coverage` input ps_5_0 (D3D11 HLSL): a Rust shader declaring a lower profile is refused
/// at CreatePixelShader, whatever the level (the WGSL compiler derives the profile itself).
#[test]
fn per_sample_features_need_their_profiles() {
    use ShaderProfile::*;
    let d = device(L::L11_0);
    let ps = |profile, [sample_index, sample_input, coverage_in, coverage_out]: [bool; 4]| {
        Arc::new(SamplePs {
            profile,
            sample_index,
            sample_input,
            coverage_in,
            coverage_out,
        })
    };
    let refused = |r: tessera::Result<_>, feature: &str, needs: ShaderProfile| {
        matches!(r, Err(Error::Caps(CapsError::ShaderFeatureProfile {
            call: "CreatePixelShader", feature: f, needs: n, profile: Ps4_0, ..
        })) if f.contains(feature) && n == needs)
    };
    for (uses, feature, needs) in [
        ([true, false, false, false], "SV_SampleIndex", Ps4_1),
        ([false, true, false, false], "sample interpolation", Ps4_1),
        ([false, false, false, true], "SV_Coverage output", Ps4_1),
        ([false, false, true, false], "SV_Coverage input", Ps5_0),
    ] {
        let r = d.create_pixel_shader(ps(Ps4_0, uses));
        assert!(refused(r, feature, needs), "{feature} at ps_4_0");
        assert!(
            d.create_pixel_shader(ps(needs, uses)).is_ok(),
            "{feature} at {needs}"
        );
    }
    // ps_4_1 is not enough for the coverage input; nothing per-sample is fine at ps_4_0.
    let r = d.create_pixel_shader(ps(Ps4_1, [false, false, true, false]));
    assert!(matches!(
        r,
        Err(Error::Caps(CapsError::ShaderFeatureProfile {
            needs: Ps5_0,
            ..
        }))
    ));
    assert!(d.create_pixel_shader(ps(Ps4_0, [false; 4])).is_ok());
}

/// *SetShader: "same profile rules as Create*Shader", against the context's level; a refused
/// shader leaves the bound one in place (the draw still runs with it).
#[test]
fn set_shader_applies_the_same_rules() {
    let d93 = device(L::L9_3);
    let ps93 = d93
        .create_pixel_shader(pair_ps(ShaderProfile::Ps4_0Level9_3, 1))
        .unwrap();
    let d91 = device(L::L9_1);
    let mut ctx = d91.immediate_context();
    let (tex, rtv) = target(&d91, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d91, &mut ctx, &rtv, 4, 4);
    let r = ctx.ps_set_shader(Some(&ps93));
    assert!(refused_profile(
        &r,
        "PSSetShader",
        ShaderProfile::Ps4_0Level9_3
    ));
    draw_quad(
        &d91,
        &mut ctx,
        (4, 4),
        [0.0, 0.0, 4.0, 4.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    assert!(rgba8(&tex, 0).iter().all(|p| *p == [255, 0, 0, 255]));
    assert!(ctx.ps_set_shader(None).is_ok());
}

/// A 300×200 texture (non-pow2) in t0, sampled by [`PairPs`] with s1: only s1's address
/// mode matters (FL-05 pairs from the declared pairs, not slot i with slot i).
fn pair_draw(level: L, s0: AddressMode, s1: AddressMode) -> tessera::Result<DrawStats> {
    let d = device(level);
    let mut ctx = d.immediate_context();
    let (_, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    let (tw, th) = (300u32, 200u32);
    let texels = vec![255u8; (tw * th * 4) as usize];
    let desc = TextureDesc::tex2d(tw, th, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let tex = d
        .create_texture(
            &desc,
            Some(&[SubresourceData::new(&texels, tw as usize * 4, 0)]),
        )
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    let sampler = |a| {
        d.create_sampler_state(&SamplerDesc {
            address_u: a,
            address_v: a,
            address_w: a,
            ..Default::default()
        })
        .unwrap()
    };
    let layout = float4_layout(&d, &["POSITION", "TEXCOORD"]);
    let verts = rect_strip([0.0, 0.0, 8.0, 8.0], 0.5, (8, 8), |_| vec![0.5; 4]);
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    let ps = d
        .create_pixel_shader(pair_ps(ShaderProfile::Ps4_0Level9_1, 1))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(&d))])
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.ps_set_samplers(0, &[Some(sampler(s0)), Some(sampler(s1))])
        .unwrap();
    ctx.rs_set_state(Some(&no_cull(&d))).unwrap();
    ctx.rs_set_viewports(&[viewport(8, 8)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.draw(4, 0)
}

#[test]
fn fl05_wrap_pairs_from_the_declared_texture_sampler_pairs() {
    use AddressMode::{Clamp, Wrap};
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let r = pair_draw(level, Clamp, Wrap);
        assert!(
            matches!(
                r,
                Err(Error::Caps(CapsError::NonPow2Wrap {
                    width: 300,
                    height: 200,
                    ..
                }))
            ),
            "{level}: WRAP on the paired sampler 1 is refused: {:?}",
            r.err()
        );
        assert!(
            pair_draw(level, Wrap, Clamp).is_ok(),
            "{level}: sampler 0 is not sampled"
        );
    }
    assert!(pair_draw(L::L10_0, Clamp, Wrap).is_ok());
}

/// Binds [`TransformVs`] + [`TexturedPs`] (t0 = a 4×4 texture, so FL-05 never trips) and
/// draws `tris` (per vertex: x, y in NDC, then u, v) as a triangle list on a 16×16 target.
fn repeat_draw(level: L, threads: usize, tris: &[[f32; 4]]) -> (DrawStats, Vec<u8>) {
    let (stats, image) = repeat_draw_on(&device_threads(level, threads), tris);
    (stats.unwrap(), image)
}

/// Draws `tris` (x, y, u, v per vertex) textured on a 16×16 target of `d`; the draw's result
/// and the target's bytes after it.
pub(crate) fn repeat_draw_on(
    d: &tessera::Device,
    tris: &[[f32; 4]],
) -> (tessera::Result<DrawStats>, Vec<u8>) {
    let d = d.clone();
    let mut ctx = d.immediate_context();
    let (target_tex, rtv) = target(&d, 16, 16, Format::R8G8B8A8Unorm);
    let texels: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(37)).collect();
    let desc = TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let tex = d
        .create_texture(&desc, Some(&[SubresourceData::new(&texels, 16, 0)]))
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    let verts: Vec<f32> = tris
        .iter()
        .flat_map(|&[x, y, u, v]| [x, y, 0.5, 1.0, u, v, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0])
        .collect();
    let layout = float4_layout(&d, &["POSITION", "TEXCOORD", "COLOR"]);
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(&d))])
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    let sampler = d.create_sampler_state(&SamplerDesc::default()).unwrap();
    ctx.ps_set_samplers(0, &[Some(sampler)]).unwrap();
    ctx.rs_set_state(Some(&no_cull(&d))).unwrap();
    ctx.rs_set_viewports(&[viewport(16, 16)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    let stats = ctx.draw(tris.len() as u32, 0);
    (stats, bytes(&target_tex, 0))
}

/// One triangle whose u spans `span` (v spans 1).
pub(crate) fn spanning(span: f32) -> [[f32; 4]; 3] {
    [
        [-1.0, -1.0, 0.0, 0.0],
        [1.0, -1.0, span, 0.0],
        [-1.0, 1.0, 0.0, 1.0],
    ]
}

/// SPEC §2.2 Draw: at most 128 / 2048 / 8192 per primitive at 9_1 / 9_2 / 9_3; the draw is
/// not refused over the limit (the report carries it for the info queue).
#[test]
fn texture_repeat_on_both_sides_of_each_level_limit() {
    for (level, limit) in [(L::L9_1, 128u32), (L::L9_2, 2048), (L::L9_3, 8192)] {
        assert_eq!(device(level).limits().max_texture_repeat, limit);
        for (span, over) in [(limit as f32, false), (limit as f32 + 0.5, true)] {
            let (stats, _) = repeat_draw(level, 1, &spanning(span));
            let r = stats.report.texture_repeat.expect("measured at 9_x");
            assert_eq!((r.span(), r.texture, r.primitive), (span, 0, 0), "{level}");
            assert_eq!(r.exceeds(limit), over, "{level} span {span}");
        }
    }
    // NaN coordinates count as exceeding every limit.
    let (stats, _) = repeat_draw(L::L9_3, 1, &spanning(f32::NAN));
    let r = stats.report.texture_repeat.unwrap();
    assert!(r.span().is_infinite() && r.exceeds(u32::MAX));
    // Not measured at 10_0+.
    let (stats, _) = repeat_draw(L::L10_0, 1, &spanning(1.0e6));
    assert_eq!(stats.report.texture_repeat, None);
}

/// Many primitives, two reaching the maximum: the report (first of them, by primitive ID) and
/// the image are the same at 1 and 8 threads; measuring (9_3) renders what 10_0 renders.
#[test]
fn texture_repeat_report_is_thread_count_independent_and_changes_no_pixel() {
    let mut tris = Vec::new();
    for i in 0..3000u32 {
        let x = (i % 50) as f32 / 25.0 - 1.0;
        let y = (i / 50 % 50) as f32 / 25.0 - 1.0;
        if i == 1234 || i == 2345 {
            // Both reach the maximum and both cover pixels (so both reach the rasterizer).
            tris.extend(spanning(9000.0));
            continue;
        }
        let span = (i % 97) as f32;
        tris.extend([
            [x, y, 0.0, 0.0],
            [x + 0.3, y, span, 0.0],
            [x, y + 0.3, 0.0, span],
        ]);
    }
    let (one, img1) = repeat_draw(L::L9_3, 1, &tris);
    let (eight, img8) = repeat_draw(L::L9_3, 8, &tris);
    assert_eq!(one, eight);
    assert_eq!(img1, img8);
    let r = one.report.texture_repeat.unwrap();
    assert_eq!((r.span(), r.primitive, r.instance), (9000.0, 1234, 0));
    let (plain, img10) = repeat_draw(L::L10_0, 8, &tris);
    assert_eq!(img1, img10, "measuring changes no pixel");
    assert_eq!(plain.report.texture_repeat, None);
}

/// Index fetches past the end of the index buffer are counted (each reads 0).
#[test]
fn index_fetches_past_the_end_are_counted() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (_, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 4);
    let verts = rect_strip([0.0, 0.0, 4.0, 4.0], 0.5, (4, 4), |_| vec![1.0; 4]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    ctx.ia_set_index_buffer(Some(&index_buffer16(&d, &[0, 1, 2])), Format::R16Uint, 0)
        .unwrap();
    let stats = ctx.draw_indexed(9, 0, 0).unwrap();
    assert_eq!(stats.report.index_fetches_out_of_bounds, 6);
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1);
    assert_eq!(
        m[0].id,
        tessera::debug::MessageId::DeviceDrawIndexBufferTooSmall
    );
    assert!(m[0].text.starts_with("6 index fetches"), "{}", m[0].text);
    let stats = ctx.draw_indexed(3, 0, 0).unwrap();
    assert_eq!(stats.report.index_fetches_out_of_bounds, 0);
    assert!(d.info_queue().is_empty());
}
