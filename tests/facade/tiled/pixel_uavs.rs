//! Tiled UAVs in the pixel stage (`OMSetRenderTargetsAndUnorderedAccessViews` with tiled
//! views, issue #16): reads and writes through the mapping table (Tier 2: NULL reads 0 and
//! writes are dropped; Tier 1: NULL_TILE_MAPPING_ACCESS_ERROR once per draw), the ordinary
//! call's slot rules, the same bytes at 1 and 8 threads, and UAVs of several Texture2DArray
//! slices (ordinary and tiled).

use std::sync::Arc;

use tessera::caps::{BindFlags, SubresourceRange, TextureDesc, ViewDesc, ViewDimension};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::pipeline::shader::{ShaderProfile, ShaderSignature, SignatureElement};
use tessera::pipeline::{
    Interpolation, PixelShader, PixelUavs, PsInput, PsOutput, ShaderEnv, StorageTextureUse,
};
use tessera::resource::{Resource, UnorderedAccessView};
use tessera::tiled::{OmRenderTarget, OmUnorderedAccessView, Tier1NullRead, TiledResource};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel};
use tessera_testkit::{bind_color_pipeline, draw_quad, target};

use super::*;

/// `SV_Target0 = v0`; storage texture `u1` (R32_UINT, read-write, `dimension`): every slice
/// `z` of the covered pixel (x, y) gets `old + 1 + x + 1000 y + 1000000 z`.
struct GridPs {
    dimension: ViewDimension,
}

impl PixelShader for GridPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            inputs: vec![SignatureElement::positional(0, 4)],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps5_0)
        }
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        if let Some(c) = input.varyings.first() {
            out.targets[0] = *c;
        }
    }
    fn uav_slots(&self) -> Vec<u32> {
        vec![1]
    }
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        vec![StorageTextureUse {
            slot: 1,
            format: Format::R32Uint,
            reads: true,
            dimension: self.dimension,
        }]
    }
    fn shade_with_uavs(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
        uavs: &mut PixelUavs<'_>,
    ) {
        self.shade(env, input, out);
        let layout = uavs.layouts.get(1).copied().flatten();
        let (Some(l), Some(Some(uav))) = (layout, uavs.uavs.get_mut(1)) else {
            return;
        };
        let xs = input.position[0].to_array();
        let ys = input.position[1].to_array();
        for lane in 0..8 {
            if input.coverage & (1 << lane) == 0 {
                continue;
            }
            let (x, y) = (xs[lane] as u32, ys[lane] as u32);
            for z in 0..l.depth() {
                let Some(at) = l.element_offset(x, y, z) else {
                    continue;
                };
                let old = word(uav, at / 4);
                let v = old + 1 + x + 1000 * y + 1_000_000 * z;
                uav[at..at + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
    }
}

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

fn device_threads(level: FeatureLevel, tier: u32, null: Tier1NullRead, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(tier),
            ..Default::default()
        },
        tiled_null_read: null,
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

/// A tiled `w`×`h` R32_UINT texture of `slices` slices with the UAV bind.
fn tiled_r32(d: &Device, w: u32, h: u32, slices: u32) -> TiledResource {
    d.create_tiled_texture(
        &TextureDesc {
            bind_flags: BindFlags::UNORDERED_ACCESS,
            ..tiled_tex(w, h, 1, slices, Format::R32Uint)
        },
        None,
    )
    .unwrap()
}

/// Binds the colour pipeline on an ordinary `w`×`h` target in slot 0 and `GridPs` as PS;
/// returns that target as an OM output list.
fn bind_grid(
    d: &Device,
    ctx: &mut DeviceContext,
    w: u32,
    h: u32,
    dimension: ViewDimension,
) -> Vec<Option<OmRenderTarget>> {
    let (_, rtv) = target(d, w, h, Format::R8G8B8A8Unorm);
    bind_color_pipeline(d, ctx, &rtv, w, h);
    let ps = d
        .create_pixel_shader(Arc::new(GridPs { dimension }))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    vec![Some(OmRenderTarget::View(rtv))]
}

/// 256×256 R32_UINT, tiles (0, 0) and (1, 1) mapped, every texel 7 first; one draw over the
/// whole target through a tiled UAV in slot 1. Returns the readback.
fn draw_grid(d: &Device) -> Vec<u8> {
    let mut ctx = d.immediate_context();
    let t = tiled_r32(d, 256, 256, 1);
    let p = pool(d, 2);
    map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c(1, 1, 0), 1, 1);
    ctx.write_tiled_subresource(&t, 0, &7u32.to_le_bytes().repeat(256 * 256))
        .unwrap();
    let rt = bind_grid(d, &mut ctx, 256, 256, ViewDimension::Texture2D);
    let uav = d.create_tiled_unordered_access_view(&t, None).unwrap();
    ctx.om_set_render_targets_and_tiled_unordered_access_views(
        Some((&rt, None)),
        1,
        Some(&[Some(OmUnorderedAccessView::Tiled(uav))]),
        &[],
    )
    .unwrap();
    draw_quad(
        d,
        &mut ctx,
        (256, 256),
        [0.0, 0.0, 256.0, 256.0],
        0.5,
        [1.0; 4],
    )
    .unwrap();
    ctx.read_tiled_subresource(&t, 0).unwrap()
}

#[test]
fn a_tiled_pixel_uav_reads_and_writes_through_the_tiles() {
    let d = device_threads(FeatureLevel::L11_1, 2, Tier1NullRead::Zero, 1);
    let out = draw_grid(&d);
    let texel = |x: usize, y: usize| word(&out, y * 256 + x);
    // Mapped: 7 read back through the tile, then written.
    assert_eq!(texel(3, 5), 7 + 1 + 3 + 5000);
    assert_eq!(texel(200, 150), 7 + 1 + 200 + 150_000);
    // NULL tiles (x ≥ 128, y < 128 and x < 128, y ≥ 128): the write is dropped, reads 0.
    assert_eq!(texel(130, 5), 0);
    assert_eq!(texel(5, 130), 0);
    assert!(ids(&d).is_empty(), "Tier 2 defines NULL access: no message");
    // The same bytes at 8 threads.
    let d8 = device_threads(FeatureLevel::L11_1, 2, Tier1NullRead::Zero, 8);
    assert_eq!(draw_grid(&d8), out);
}

#[test]
fn a_tier_1_pixel_uav_on_a_null_tile_is_reported_once_per_draw() {
    let d = device_threads(FeatureLevel::L11_0, 1, Tier1NullRead::Zero, 1);
    let out = draw_grid(&d);
    assert_eq!(word(&out, 5 * 256 + 3), 7 + 1 + 3 + 5000);
    assert_eq!(word(&out, 5 * 256 + 130), 0);
    let msgs = d.info_queue().messages();
    let null: Vec<_> = msgs
        .iter()
        .filter(|m| m.id == MessageId::NullTileMappingAccessError && m.call == "Draw")
        .collect();
    assert_eq!(null.len(), 1, "{msgs:?}");
    assert!(
        null[0].text.contains("pixel-shader unordered access view")
            && null[0]
                .text
                .contains("tile 1 = (x 1, y 0, z 0) of subresource 0"),
        "{}",
        null[0].text
    );
}

#[test]
fn tiled_pixel_uavs_follow_the_ordinary_slot_rules() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let t = tiled_r32(&d, 256, 256, 1);
    let rt = bind_grid(&d, &mut ctx, 256, 256, ViewDimension::Texture2D);
    let uav = d.create_tiled_unordered_access_view(&t, None).unwrap();
    // UAVStartSlot 0 < NumRTVs 1: refused, nothing changes.
    let r = ctx.om_set_render_targets_and_tiled_unordered_access_views(
        Some((&rt, None)),
        0,
        Some(&[Some(OmUnorderedAccessView::Tiled(uav.clone()))]),
        &[],
    );
    assert!(matches!(r, Err(tessera::Error::UavLimit { .. })), "{r:?}");
    // A tiled UAV whose resource a tiled SRV of the draw reads: the draw is refused.
    let mut desc = tiled_tex(256, 256, 1, 1, Format::R32Uint);
    desc.bind_flags = BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE;
    let both = d.create_tiled_texture(&desc, None).unwrap();
    let uav = d.create_tiled_unordered_access_view(&both, None).unwrap();
    let srv = d.create_tiled_shader_resource_view(&both, None).unwrap();
    ctx.om_set_render_targets_and_tiled_unordered_access_views(
        None,
        1,
        Some(&[Some(OmUnorderedAccessView::Tiled(uav))]),
        &[],
    )
    .unwrap();
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    let r = draw_quad(
        &d,
        &mut ctx,
        (256, 256),
        [0.0, 0.0, 8.0, 8.0],
        0.5,
        [1.0; 4],
    );
    assert!(matches!(r, Err(tessera::Error::Unsupported(_))), "{r:?}");
    // The ordinary call replaces the tiled UAVs: the tiled texture is no longer written.
    ctx.ps_set_tiled_shader_resources(0, &[None]).unwrap();
    ctx.om_set_render_targets_and_unordered_access_views(None, 1, Some(&[]), &[])
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &both, &p, c(0, 0, 0), 1, 0);
    draw_quad(
        &d,
        &mut ctx,
        (256, 256),
        [0.0, 0.0, 8.0, 8.0],
        0.5,
        [1.0; 4],
    )
    .unwrap();
    let out = ctx.read_tiled_subresource(&both, 0).unwrap();
    assert_eq!(word(&out, 0), 0, "not bound any more");
}

/// A Texture2DArray view of slices `first..first + n` (one mip).
fn slices(dimension: ViewDimension, first: u32, n: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    }
}

#[test]
fn pixel_uavs_of_several_array_slices_ordinary_and_tiled() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // Ordinary: 128×128×3 R32_UINT, a UAV of slices 1..3.
    let tex = d
        .create_texture(
            &TextureDesc {
                array_size: 3,
                ..TextureDesc::tex2d(128, 128, Format::R32Uint, BindFlags::UNORDERED_ACCESS)
            },
            None,
        )
        .unwrap();
    let plain = UnorderedAccessView::new(
        d.caps(),
        Resource::from(tex.clone()),
        Some(&slices(ViewDimension::Texture2DArray, 1, 2)),
    )
    .unwrap();
    // Tiled: the same shape, slice 1's tile and slice 0's tile mapped, slice 2's NULL.
    let t = tiled_r32(&d, 128, 128, 3);
    let p = pool(&d, 2);
    map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c(0, 0, 1), 1, 1);
    let tiled = d
        .create_tiled_unordered_access_view(&t, Some(&slices(ViewDimension::Texture2DArray, 1, 2)))
        .unwrap();
    let rt = bind_grid(&d, &mut ctx, 128, 128, ViewDimension::Texture2DArray);
    for uav in [
        OmUnorderedAccessView::View(plain),
        OmUnorderedAccessView::Tiled(tiled),
    ] {
        ctx.om_set_render_targets_and_tiled_unordered_access_views(
            Some((&rt, None)),
            1,
            Some(&[Some(uav)]),
            &[],
        )
        .unwrap();
        draw_quad(
            &d,
            &mut ctx,
            (128, 128),
            [0.0, 0.0, 128.0, 128.0],
            0.5,
            [1.0; 4],
        )
        .unwrap();
    }
    let ordinary = |sub: u32| tessera_testkit::bytes(&tex, sub);
    let mut tiled = |sub: u32| ctx.read_tiled_subresource(&t, sub).unwrap();
    // View slice z (resource slice 1 + z) of pixel (x, y) = 1 + x + 1000 y + 1000000 z.
    let at = |x: usize, y: usize| y * 128 + x;
    assert_eq!(word(&ordinary(1), at(5, 9)), 1 + 5 + 9000);
    assert_eq!(word(&ordinary(2), at(5, 9)), 1 + 5 + 9000 + 1_000_000);
    assert_eq!(word(&ordinary(0), at(5, 9)), 0, "outside the view");
    assert_eq!(tiled(1), ordinary(1), "mapped slice: as the ordinary view");
    assert_eq!(
        tiled(2),
        vec![0; 128 * 128 * 4],
        "NULL slice: writes dropped"
    );
    assert_eq!(tiled(0), vec![0; 128 * 128 * 4], "outside the view");
}

#[test]
fn a_tiled_texture3d_pixel_uav_writes_its_w_slices_through_the_tiles() {
    let d = device_threads(FeatureLevel::L11_1, 3, Tier1NullRead::Zero, 1);
    let mut ctx = d.immediate_context();
    // 64×64×32 R32_UINT (2×2×2 tiles of 32×32×16): tiles (0, 0, 0) and (1, 1, 1) mapped.
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Uint, BindFlags::UNORDERED_ACCESS)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 2);
    let at = |x, y, z| TiledResourceCoordinate {
        x,
        y,
        z,
        subresource: 0,
    };
    map(&mut ctx, &t, &p, at(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, at(1, 1, 1), 1, 1);
    let rt = bind_grid(&d, &mut ctx, 64, 64, ViewDimension::Texture3D);
    let uav = d.create_tiled_unordered_access_view(&t, None).unwrap();
    ctx.om_set_render_targets_and_tiled_unordered_access_views(
        Some((&rt, None)),
        1,
        Some(&[Some(OmUnorderedAccessView::Tiled(uav))]),
        &[],
    )
    .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (64, 64),
        [0.0, 0.0, 64.0, 64.0],
        0.5,
        [1.0; 4],
    )
    .unwrap();
    let out = ctx.read_tiled_subresource(&t, 0).unwrap();
    let texel = |x: usize, y: usize, z: usize| word(&out, (z * 64 + y) * 64 + x);
    assert_eq!(texel(3, 4, 5), 1 + 3 + 4000 + 5_000_000);
    assert_eq!(texel(40, 40, 20), 1 + 40 + 40_000 + 20_000_000);
    assert_eq!([texel(40, 4, 5), texel(4, 40, 5), texel(4, 4, 20)], [0; 3]);
}
