//! Tier 2 shader semantics through the device: `CheckAccessFullyMapped` and the per-sample
//! clamp reached from a pixel shader (`ShaderEnv::sample_with_status`), the Tier-1 refusal of
//! shaders declaring them (SPEC §6.8: no `_s` / `_cl` instructions at Tier 1) and of min/max
//! samplers (MinMaxFiltering = tier ≥ 2), and the reported tier.

use std::sync::Arc;

use tessera::caps::{CapsError, Filter, FilterReduction, SamplerDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::pipeline::ShaderEnv;
use tessera::pipeline::env::check_access_fully_mapped;
use tessera::pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, SamplePair, ShaderProfile, ShaderSignature,
    SignatureElement, TiledShaderUse,
};
use tessera::sampler::SampleLod;
use tessera::tiled::Tier1NullRead;
use tessera::{Error, FeatureLevel};
use tessera_testkit::bytes;
use wide::f32x8;

use super::probe::setup;
use super::*;

/// `SV_Target0 = (t0.SampleLevel(s0, uv, 0, clamp, status).r, CheckAccessFullyMapped(status),
/// 0, 1)`.
struct StatusPs {
    uv: [f32; 3],
    clamp: Option<f32>,
}

impl PixelShader for StatusPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            shader_resources: vec![0],
            samplers: vec![0],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 0,
                coords: 0,
                components: 3,
            }],
            inputs: vec![SignatureElement::positional(0, 2)],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps5_0)
        }
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn tiled_shader_use(&self) -> TiledShaderUse {
        TiledShaderUse {
            status_feedback: true,
            lod_clamp: self.clamp.is_some(),
        }
    }
    fn shade(&self, env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        let uv = [
            f32x8::splat(self.uv[0]),
            f32x8::splat(self.uv[1]),
            f32x8::splat(self.uv[2]),
            f32x8::ZERO,
        ];
        let (v, status) = env.sample_with_status(
            (0, 0),
            uv,
            SampleLod::Level(f32x8::ZERO),
            [0; 3],
            self.clamp.map(f32x8::splat),
        );
        let mapped = check_access_fully_mapped(status).map(|m| if m { 1.0 } else { 0.0 });
        out.targets[0] = [v[0], f32x8::new(mapped), f32x8::ZERO, f32x8::splat(1.0)];
    }
}

fn pixel(out: &tessera::Texture) -> [f32; 2] {
    let b = bytes(out, 0);
    core::array::from_fn(|i| {
        f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

#[test]
fn tr09_tr10_status_through_a_draw() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256 R32_FLOAT, 2 mips: mip 0 tiles (0, 0) mapped and 1.0, (1, 0) NULL; mip 1 NULL.
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 2, 1, Format::R32Float), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    let ones: Vec<u8> = 1.0f32.to_le_bytes().repeat(256 * 256);
    ctx.write_tiled_subresource(&r, 0, &ones).unwrap();
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let out = setup(&d, &mut ctx, true);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let mut run = |[u, v]: [f32; 2], clamp| {
        let ps = d
            .create_pixel_shader(Arc::new(StatusPs {
                uv: [u, v, 0.0],
                clamp,
            }))
            .unwrap();
        ctx.ps_set_shader(Some(&ps)).unwrap();
        ctx.draw(4, 0).unwrap();
        pixel(&out)
    };
    // Texel 127's centre: the NULL neighbour weighs 0 → mapped.
    assert_eq!(run([127.5 / 256.0, 0.25], None), [1.0, 1.0]);
    // Halfway to texel 128 (NULL): 0.5, not mapped.
    assert_eq!(run([0.5, 0.25], None), [0.5, 0.0]);
    // The per-sample clamp 1.0 moves the sample to NULL mip 1.
    assert_eq!(run([0.25, 0.25], None), [1.0, 1.0]);
    assert_eq!(run([0.25, 0.25], Some(1.0)), [0.0, 0.0]);
}

#[test]
fn tier1_refuses_status_and_clamp_shaders_and_min_max_samplers() {
    let ps = || {
        Arc::new(StatusPs {
            uv: [0.5, 0.5, 0.0],
            clamp: None,
        })
    };
    let minmax = SamplerDesc {
        filter: Filter {
            reduction: FilterReduction::Minimum,
            ..SamplerDesc::default().filter
        },
        ..SamplerDesc::default()
    };
    let d1 = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let before = d1.info_queue().messages().len();
    let e = d1.create_pixel_shader(ps()).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Caps(CapsError::TiledShaderFeature {
                call: "CreatePixelShader",
                required: 2,
                tier: 1,
                ..
            })
        ),
        "{e}"
    );
    let stored = d1.info_queue().messages();
    assert_eq!(stored.len(), before + 1);
    assert_eq!(stored[before].text, e.to_string());
    assert!(d1.create_sampler_state(&minmax).is_err());
    // Tier 0 (tiled resources turned off): refused too.
    let d0 = device_at(FeatureLevel::L11_1, Some(0), Tier1NullRead::Zero).unwrap();
    assert!(matches!(
        d0.create_pixel_shader(ps()),
        Err(Error::Caps(CapsError::TiledShaderFeature { tier: 0, .. }))
    ));
    // Tier 2: both are fine.
    let d2 = device(2);
    assert!(d2.create_pixel_shader(ps()).is_ok());
    assert!(d2.create_sampler_state(&minmax).is_ok());
    assert!(!ids(&d2).contains(&MessageId::NotImplemented));
}

#[test]
fn a_tiled_cube_view_samples_through_the_tiles_and_weighs_its_corners() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 128×128 R32_FLOAT cube: one tile per face; only +X (tile 0) mapped, holding 1.0.
    let desc = TextureDesc {
        misc_flags: MiscFlags(MiscFlags::TILED.0 | MiscFlags::TEXTURE_CUBE.0),
        ..tiled_tex(128, 128, 1, 6, Format::R32Float)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    let ones: Vec<u8> = 1.0f32.to_le_bytes().repeat(128 * 128);
    ctx.write_tiled_subresource(&r, 0, &ones).unwrap();
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    assert_eq!(
        view.desc().dimension,
        tessera::caps::ViewDimension::TextureCube
    );
    let out = setup(&d, &mut ctx, true);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let mut run = |uv| {
        let ps = d
            .create_pixel_shader(Arc::new(StatusPs { uv, clamp: None }))
            .unwrap();
        ctx.ps_set_shader(Some(&ps)).unwrap();
        ctx.draw(4, 0).unwrap();
        pixel(&out)
    };
    assert_eq!(run([1.0, 0.0, 0.0]), [1.0, 1.0], "+X centre: mapped");
    assert_eq!(run([-1.0, 0.0, 0.0]), [0.0, 0.0], "-X: NULL");
    // +X's last texel column (u = 127.5 / 128): the -Z neighbour column weighs 0 → mapped.
    assert_eq!(run([1.0, 0.0, -127.0 / 128.0]), [1.0, 1.0]);
    // Its edge (u = 1): half of the footprint on NULL -Z → 0.5, not mapped.
    assert_eq!(run([1.0, 0.0, -1.0]), [0.5, 0.0]);
}
