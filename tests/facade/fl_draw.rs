//! Feature-level rules (TESTCASES.md section A) proved through the facade, end to end: the
//! refused side returns the caps error and leaves the target untouched, the accepted side
//! renders exact pixels.

use std::sync::Arc;

use tessera::caps::{
    AddressMode, BindFlags, Blend, BlendDesc, CapsError, CpuAccess, Filter, FilterKind, MiscFlags,
    PrimitiveTopology, QueryType, RasterizerDesc, SampleDesc, SamplerDesc, ShaderStage,
    TextureDesc, TextureDimension, Usage, Viewport,
};
use tessera::format::Format;
use tessera::pipeline::builtin::{ConstantColorPs, TexturedPs, TransformVs};
use tessera::pipeline::{ShaderEnv, VertexShader, VsInput, VsOutput};
use tessera::resource::SubresourceData;
use tessera::{Device, DeviceContext, Error};
use tessera_testkit::*;

const W: u32 = 8;
const H: u32 = 8;
const RED8: [u8; 4] = [255, 0, 0, 255];
const GREEN8: [u8; 4] = [0, 255, 0, 255];
const CLEAR8: [u8; 4] = [0, 0, 0, 0];

/// A device, context and 8×8 RGBA8 target with the colour pipeline bound.
fn rig(level: L) -> (Device, DeviceContext, tessera::Texture) {
    let device = device(level);
    let mut ctx = device.immediate_context();
    let (tex, rtv) = target(&device, W, H, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&device, &mut ctx, &rtv, W, H);
    (device, ctx, tex)
}

fn all(tex: &tessera::Texture, px: [u8; 4]) -> bool {
    rgba8(tex, 0).iter().all(|p| *p == px)
}

/// The four strip-ordered corners of the whole 8×8 target in `color` (POSITION, COLOR).
fn full_quad(color: [f32; 4]) -> Vec<f32> {
    rect_strip([0.0, 0.0, W as f32, H as f32], 0.5, (W, H), |_| {
        color.to_vec()
    })
}

// ---------------------------------------------------------------------------------------
// FL-05: non-power-of-two textures and WRAP at 9_x (draw-time rule).

fn textured_draw(level: L, address: AddressMode) -> (tessera::Result<()>, tessera::Texture) {
    let device = device(level);
    let mut ctx = device.immediate_context();
    let (target_tex, rtv) = target(&device, W, H, Format::R8G8B8A8Unorm);
    let (tw, th) = (300u32, 200u32);
    let texels: Vec<u8> = (0..tw * th).flat_map(|_| GREEN8).collect();
    let tex = device
        .create_texture(
            &TextureDesc::tex2d(tw, th, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            Some(&[SubresourceData::new(&texels, tw as usize * 4, 0)]),
        )
        .unwrap();
    let srv = device.create_shader_resource_view(&tex, None).unwrap();
    let sampler = device
        .create_sampler_state(&SamplerDesc {
            filter: Filter {
                min: FilterKind::Point,
                mag: FilterKind::Point,
                mip: FilterKind::Point,
                ..Default::default()
            },
            address_u: address,
            address_v: address,
            address_w: address,
            min_lod: 0.0,
            ..Default::default()
        })
        .unwrap();
    let layout = float4_layout(&device, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, W as f32, H as f32], 0.5, (W, H), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = device
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    let ps = device.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.ps_set_samplers(0, &[Some(sampler)]).unwrap();
    ctx.rs_set_state(Some(&no_cull(&device))).unwrap();
    ctx.rs_set_viewports(&[viewport(W, H)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    (ctx.draw(4, 0).map(|_| ()), target_tex)
}

#[test]
fn fl05_non_pow2_wrap_refused_at_9_x_clamp_renders() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let (r, tex) = textured_draw(level, AddressMode::Wrap);
        assert!(
            matches!(
                r,
                Err(Error::Caps(CapsError::NonPow2Wrap {
                    width: 300,
                    height: 200,
                    ..
                }))
            ),
            "{level}: {r:?}"
        );
        assert!(all(&tex, CLEAR8), "{level}: refused draw wrote pixels");
        let (r, tex) = textured_draw(level, AddressMode::Clamp);
        r.unwrap();
        assert!(all(&tex, GREEN8), "{level}: CLAMP draw");
    }
    let (r, tex) = textured_draw(L::L10_0, AddressMode::Wrap);
    r.unwrap();
    assert!(all(&tex, GREEN8), "10_0 WRAP draw");
}

// ---------------------------------------------------------------------------------------
// FL-11..FL-13: index formats and index values.

/// Indices of the full quad over strip-ordered vertices 0..4 as a triangle list.
const QUAD_LIST: [u32; 6] = [0, 1, 2, 2, 1, 3];

#[test]
fn fl11_r32_index_buffer_refused_at_9_1_state_unchanged_accepted_at_9_2() {
    let (device, mut ctx, tex) = rig(L::L9_1);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &full_quad(RED)), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let ib16 = index_buffer16(&device, &QUAD_LIST.map(|i| i as u16));
    ctx.ia_set_index_buffer(Some(&ib16), Format::R16Uint, 0)
        .unwrap();
    // A buffer of R32 indices that would draw nothing if it were (wrongly) bound.
    let ib32 = index_buffer32(&device, &[0, 0, 0, 0, 0, 0]);
    let r = ctx.ia_set_index_buffer(Some(&ib32), Format::R32Uint, 0);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::IndexFormat {
                format: Format::R32Uint,
                ..
            }))
        ),
        "{r:?}"
    );
    // The refused call left the R16 binding in place.
    let stats = ctx.draw_indexed(6, 0, 0).unwrap();
    assert_eq!(stats.ia_primitives, 2);
    assert!(all(&tex, RED8));

    let (device, mut ctx, tex) = rig(L::L9_2);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &full_quad(RED)), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let ib32 = index_buffer32(&device, &QUAD_LIST);
    ctx.ia_set_index_buffer(Some(&ib32), Format::R32Uint, 0)
        .unwrap();
    ctx.draw_indexed(6, 0, 0).unwrap();
    assert!(all(&tex, RED8));
}

/// A vertex buffer of `n` vertices (POSITION, COLOR), zero except the given strip-ordered
/// corners of the full quad placed at vertex indices `at`.
fn sparse_quad_vb(device: &Device, n: usize, at: [usize; 4]) -> tessera::Buffer {
    let quad = full_quad(RED);
    let mut data = vec![0.0f32; n * 8];
    for (corner, &v) in at.iter().enumerate() {
        data[v * 8..v * 8 + 8].copy_from_slice(&quad[corner * 8..corner * 8 + 8]);
    }
    vertex_buffer(device, &data)
}

/// FL-12 reading of SPEC §2.2 / §3.10: the strip-cut value (0xFFFF for R16) is a cut only in
/// *strip* topologies; in a triangle LIST it is an ordinary index, so 65535 exceeds 9_1's max
/// vertex index of 65534 and the draw is refused. In a strip it ends the strip and is not an
/// index value, so the same max-index rule does not see it.
#[test]
fn fl12_index_65535_in_list_refused_at_9_1_65534_renders() {
    let (device, mut ctx, tex) = rig(L::L9_1);
    // Vertices 0, 1, 2 and 65534 hold the quad's TL, TR, BR and BL corners.
    let vb = sparse_quad_vb(&device, 65535, [0, 1, 65534, 2]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vb, 32)]).unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();

    let bad = index_buffer16(&device, &[0, 1, 65535, 65535, 1, 2]);
    ctx.ia_set_index_buffer(Some(&bad), Format::R16Uint, 0)
        .unwrap();
    let r = ctx.draw_indexed(6, 0, 0);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::IndexValue {
                limit: 65534,
                value: 65535,
                ..
            }))
        ),
        "{r:?}"
    );
    assert!(all(&tex, CLEAR8));

    let good = index_buffer16(&device, &[0, 1, 65534, 65534, 1, 2]);
    ctx.ia_set_index_buffer(Some(&good), Format::R16Uint, 0)
        .unwrap();
    let stats = ctx.draw_indexed(6, 0, 0).unwrap();
    assert_eq!(stats.ia_primitives, 2);
    assert!(all(&tex, RED8));

    // In a strip, 0xFFFF is a cut, not an index: TL TR BL BR, cut → accepted, 2 triangles.
    let (device, mut ctx, tex) = rig(L::L9_1);
    let vb = sparse_quad_vb(&device, 65535, [0, 1, 65534, 2]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vb, 32)]).unwrap();
    let strip = index_buffer16(&device, &[0, 1, 65534, 2, 0xFFFF]);
    ctx.ia_set_index_buffer(Some(&strip), Format::R16Uint, 0)
        .unwrap();
    let stats = ctx.draw_indexed(5, 0, 0).unwrap();
    assert_eq!(stats.ia_primitives, 2);
    assert!(all(&tex, RED8));
}

/// FL-13: the max-index rule applies to the index values read from the buffer (before
/// BaseVertexLocation is added, as D3D9's MaxVertexIndex does), so a large index with a
/// negative base vertex reaches the 4-vertex quad without a million-vertex buffer.
#[test]
fn fl13_r32_index_1048575_renders_1048576_refused_at_9_2() {
    for (top, ok) in [(1_048_575u32, true), (1_048_576, false)] {
        let (device, mut ctx, tex) = rig(L::L9_2);
        ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &full_quad(RED)), 32)])
            .unwrap();
        ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
            .unwrap();
        let k = top - 3;
        let ib = index_buffer32(&device, &QUAD_LIST.map(|i| i + k));
        ctx.ia_set_index_buffer(Some(&ib), Format::R32Uint, 0)
            .unwrap();
        let r = ctx.draw_indexed(6, 0, -(k as i32));
        if ok {
            assert_eq!(r.unwrap().ia_primitives, 2);
            assert!(all(&tex, RED8));
        } else {
            assert!(
                matches!(
                    r,
                    Err(Error::Caps(CapsError::IndexValue {
                        limit: 1_048_575,
                        value: 1_048_576,
                        ..
                    }))
                ),
                "{r:?}"
            );
            assert!(all(&tex, CLEAR8));
        }
    }
}

/// A 9_2 R32 index 0xFFFFFFFF in a triangle LIST is an index value (no cut in lists), far
/// above 1048575: refused.
#[test]
fn fl13_all_ones_r32_index_in_list_is_an_index_at_9_2() {
    let (device, mut ctx, tex) = rig(L::L9_2);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &full_quad(RED)), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let ib = index_buffer32(&device, &[0, 1, 2, 2, 1, u32::MAX]);
    ctx.ia_set_index_buffer(Some(&ib), Format::R32Uint, 0)
        .unwrap();
    let r = ctx.draw_indexed(6, 0, 0);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::IndexValue {
                value: u32::MAX,
                ..
            }))
        ),
        "{r:?}"
    );
    assert!(all(&tex, CLEAR8));
}

// ---------------------------------------------------------------------------------------
// FL-14: primitives per draw. Only the first triangle has vertex data; the others fetch past
// the end of the vertex buffer (zeros, w = 0) and are clipped away, so the draw stays fast.

fn big_draw(level: L, triangles: u32) -> (tessera::Result<u64>, tessera::Texture) {
    let device = device(level);
    let mut ctx = device.immediate_context();
    let (tex, rtv) = target(&device, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&device, &mut ctx, &rtv, 4, 4);
    // One triangle covering the whole 4×4 target.
    let tri = [
        -1.0, 1.0, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0, //
        3.0, 1.0, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0, //
        -1.0, -3.0, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0,
    ];
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &tri), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let r = ctx.draw(3 * triangles, 0).map(|s| s.ia_primitives);
    (r, tex)
}

#[test]
fn fl14_primitive_count_limit_at_9_1_and_10_0() {
    let (r, tex) = big_draw(L::L9_1, 65535);
    assert_eq!(r.unwrap(), 65535);
    assert!(all(&tex, RED8));

    let (r, tex) = big_draw(L::L9_1, 65536);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::PrimitiveCount {
                limit: 65535,
                value: 65536,
                ..
            }))
        ),
        "{r:?}"
    );
    assert!(all(&tex, CLEAR8));

    let (r, tex) = big_draw(L::L10_0, 65536);
    assert_eq!(r.unwrap(), 65536);
    assert!(all(&tex, RED8));
}

// ---------------------------------------------------------------------------------------
// FL-15: point lists.

#[test]
fn fl15_indexed_point_list_refused_at_9_x() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let (device, mut ctx, tex) = rig(level);
        ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &full_quad(RED)), 32)])
            .unwrap();
        let ib = index_buffer16(&device, &[0, 1, 2]);
        ctx.ia_set_index_buffer(Some(&ib), Format::R16Uint, 0)
            .unwrap();
        ctx.ia_set_primitive_topology(PrimitiveTopology::PointList)
            .unwrap();
        let r = ctx.draw_indexed(3, 0, 0);
        assert!(
            matches!(
                r,
                Err(Error::Caps(CapsError::Topology {
                    topology: PrimitiveTopology::PointList,
                    ..
                }))
            ),
            "{level}: {r:?}"
        );
        assert!(all(&tex, CLEAR8));
        // Draw (not indexed) with a point list passes the caps layer at 9_x.
        let r = ctx.draw(3, 0);
        assert!(!matches!(r, Err(Error::Caps(_))), "{level}: {r:?}");
    }
}

/// Cases of this file that fail today, and why: each still runs and must fail in the recorded
/// way, so fixing the bug fails the test until its row is removed.
/// FL-15's rendering half passes since points are rasterized (SPEC §3.6); the table stays
/// for the next case that waits on a missing feature.
const EXPECTED_FAILURES: &[ExpectedFailure] = &[];

#[test]
fn fl15_point_list_draw_renders_at_9_3() {
    run_case(
        EXPECTED_FAILURES,
        "fl15_point_list_draw_renders_at_9_3",
        || {
            let (device, mut ctx, tex) = rig(L::L9_3);
            // A point at the centre of pixel (2, 3).
            let (x, y) = ndc(2.5, 3.5, W, H);
            let v = [x, y, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0];
            ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &v), 32)])
                .unwrap();
            ctx.ia_set_primitive_topology(PrimitiveTopology::PointList)
                .unwrap();
            ctx.draw(1, 0).unwrap();
            let px = rgba8(&tex, 0);
            assert_eq!(px[3 * W as usize + 2], RED8);
            assert_eq!(count(&px, RED8), 1);
        },
    );
}

// ---------------------------------------------------------------------------------------
// FL-16: instancing.

/// `o.pos = v0 + v1` (per-instance offset), `o0 = v2` (per-instance colour).
struct OffsetVs;

impl VertexShader for OffsetVs {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        tessera::pipeline::shader::ShaderSignature::new(
            tessera::pipeline::shader::ShaderProfile::Vs4_0Level9_1,
        )
    }

    fn varying_count(&self) -> usize {
        1
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let (p, o) = (input.regs[0], input.regs[1]);
        out.position = [p[0] + o[0], p[1] + o[1], p[2] + o[2], p[3] + o[3]];
        out.varyings[0] = input.regs[2];
    }
}

fn instanced_rig(level: L) -> (Device, DeviceContext, tessera::Texture) {
    let (device, mut ctx, tex) = rig(level);
    let layout = device
        .create_input_layout(&[
            element("POSITION", 0, Format::R32G32B32A32Float, 0, 0),
            instance_element("OFFSET", Format::R32G32B32A32Float, 1, 0),
            instance_element("COLOR", Format::R32G32B32A32Float, 1, 16),
        ])
        .unwrap();
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    // The left half of the target; instance 1 moves it right by one NDC unit.
    let pos = [
        -1.0, 1.0, 0.5, 1.0, 0.0, 1.0, 0.5, 1.0, -1.0, -1.0, 0.5, 1.0, 0.0, -1.0, 0.5, 1.0,
    ];
    let inst = [
        0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, //
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0,
    ];
    ctx.ia_set_vertex_buffers(
        0,
        &[
            vb_view(vertex_buffer(&device, &pos), 16),
            vb_view(vertex_buffer(&device, &inst), 32),
        ],
    )
    .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let ib = index_buffer16(&device, &QUAD_LIST.map(|i| i as u16));
    ctx.ia_set_index_buffer(Some(&ib), Format::R16Uint, 0)
        .unwrap();
    let vs = device.create_vertex_shader(Arc::new(OffsetVs)).unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    (device, ctx, tex)
}

#[test]
fn fl16_draw_indexed_instanced_refused_at_9_2() {
    let (_device, mut ctx, tex) = rig(L::L9_2);
    let r = ctx.draw_indexed_instanced(6, 2, 0, 0, 0);
    assert!(
        matches!(r, Err(Error::Caps(CapsError::DrawMethod { .. }))),
        "{r:?}"
    );
    assert!(all(&tex, CLEAR8));
}

#[test]
fn fl16_draw_indexed_instanced_renders_two_instances_at_9_3() {
    let (_device, mut ctx, tex) = instanced_rig(L::L9_3);
    let stats = ctx.draw_indexed_instanced(6, 2, 0, 0, 0).unwrap();
    assert_eq!(stats.ia_primitives, 4);
    assert_eq!(stats.vs_invocations, 8, "4 distinct vertices × 2 instances");
    let px = rgba8(&tex, 0);
    for y in 0..H as usize {
        for x in 0..W as usize {
            let want = if x < 4 { RED8 } else { GREEN8 };
            assert_eq!(px[y * W as usize + x], want, "pixel ({x},{y})");
        }
    }
    // DrawInstanced does not exist at any 9_x level.
    let r = ctx.draw_instanced(4, 2, 0, 0);
    assert!(
        matches!(r, Err(Error::Caps(CapsError::DrawMethod { .. }))),
        "{r:?}"
    );
}

// ---------------------------------------------------------------------------------------
// FL-17, FL-18: input layouts.

#[test]
fn fl17_per_instance_input_rules() {
    let f = Format::R32G32B32A32Float;
    let d = device(L::L9_3);
    let r = d.create_input_layout(&[
        instance_element("OFFSET", f, 0, 0),
        element("POSITION", 0, f, 1, 0),
    ]);
    assert!(matches!(r, Err(Error::Caps(_))), "{r:?}");
    d.create_input_layout(&[
        element("POSITION", 0, f, 0, 0),
        instance_element("OFFSET", f, 1, 0),
    ])
    .unwrap();
    for level in [L::L9_1, L::L9_2] {
        let r = device(level).create_input_layout(&[
            element("POSITION", 0, f, 0, 0),
            instance_element("OFFSET", f, 1, 0),
        ]);
        assert!(matches!(r, Err(Error::Caps(_))), "{level}: {r:?}");
    }
}

#[test]
fn fl18_input_slot_count_10_0_vs_10_1() {
    let f = Format::R32G32B32A32Float;
    let d = device(L::L10_0);
    let r = d.create_input_layout(&[element("POSITION", 0, f, 16, 0)]);
    assert!(matches!(r, Err(Error::Caps(_))), "{r:?}");
    let mut ctx = d.immediate_context();
    let vb = vertex_buffer(&d, &[0.0; 4]);
    let r = ctx.ia_set_vertex_buffers(16, &[vb_view(vb, 16)]);
    assert!(
        matches!(r, Err(Error::SlotRange { limit: 16, .. })),
        "{r:?}"
    );

    // 10_1: position from slot 31, colour from slot 0, rendered.
    let (device, mut ctx, tex) = rig(L::L10_1);
    let layout = device
        .create_input_layout(&[
            element("POSITION", 0, f, 31, 0),
            element("COLOR", 0, f, 0, 0),
        ])
        .unwrap();
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    let quad = full_quad(RED);
    let pos: Vec<f32> = quad.chunks(8).flat_map(|v| v[..4].to_vec()).collect();
    let col: Vec<f32> = quad.chunks(8).flat_map(|v| v[4..].to_vec()).collect();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&device, &col), 16)])
        .unwrap();
    ctx.ia_set_vertex_buffers(31, &[vb_view(vertex_buffer(&device, &pos), 16)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(all(&tex, RED8));
}

// ---------------------------------------------------------------------------------------
// FL-19: shader stages.

#[test]
fn fl19_shader_stages_by_level() {
    let caps_refused = |level: L, stage| {
        matches!(
            device(level).check_shader_stage(stage),
            Err(Error::Caps(CapsError::ShaderStage { .. }))
        )
    };
    // Allowed by the level: the caps layer passes, Tessera reports it does not execute it.
    let level_allows = |level: L, stage| {
        matches!(
            device(level).check_shader_stage(stage),
            Ok(()) | Err(Error::Unsupported(_))
        )
    };
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        assert!(caps_refused(level, ShaderStage::Geometry), "{level}");
        assert!(caps_refused(level, ShaderStage::Compute), "{level}");
    }
    assert!(level_allows(L::L10_0, ShaderStage::Geometry));
    assert!(caps_refused(L::L10_1, ShaderStage::Hull));
    assert!(caps_refused(L::L10_1, ShaderStage::Domain));
    assert!(level_allows(L::L11_0, ShaderStage::Hull));
    assert!(level_allows(L::L11_0, ShaderStage::Domain));
    assert!(level_allows(L::L11_0, ShaderStage::Compute));
    device(L::L9_1)
        .check_shader_stage(ShaderStage::Vertex)
        .unwrap();
    device(L::L9_1)
        .check_shader_stage(ShaderStage::Pixel)
        .unwrap();
    // Dispatch at 9_3.
    assert!(device(L::L9_3).caps().validate_dispatch().is_err());
}

// ---------------------------------------------------------------------------------------
// FL-20..FL-24: state objects.

fn sampler(f: impl FnOnce(&mut SamplerDesc)) -> SamplerDesc {
    let mut d = SamplerDesc {
        min_lod: 0.0,
        ..Default::default()
    };
    f(&mut d);
    d
}

fn aniso(n: u32) -> SamplerDesc {
    sampler(|d| {
        d.filter.anisotropic = true;
        d.max_anisotropy = n;
    })
}

#[test]
fn fl20_max_anisotropy() {
    let d91 = device(L::L9_1);
    assert!(d91.create_sampler_state(&aniso(3)).is_err());
    d91.create_sampler_state(&aniso(2)).unwrap();
    device(L::L9_2).create_sampler_state(&aniso(16)).unwrap();
    for level in [L::L9_2, L::L11_0, L::L12_2] {
        let r = device(level).create_sampler_state(&aniso(17));
        assert!(matches!(r, Err(Error::Caps(_))), "{level}: {r:?}");
    }
}

#[test]
fn fl21_mirror_once_and_border() {
    let mo = sampler(|d| d.address_u = AddressMode::MirrorOnce);
    let border = sampler(|d| d.address_u = AddressMode::Border);
    assert!(matches!(
        device(L::L9_1).create_sampler_state(&mo),
        Err(Error::Caps(_))
    ));
    device(L::L9_2).create_sampler_state(&mo).unwrap();
    assert!(matches!(
        device(L::L9_2).create_sampler_state(&border),
        Err(Error::Caps(_))
    ));
    device(L::L9_3).create_sampler_state(&border).unwrap();
}

#[test]
fn fl22_lod_and_border_colour_rules_at_9_x() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        let refused = |s: SamplerDesc| matches!(d.create_sampler_state(&s), Err(Error::Caps(_)));
        assert!(refused(sampler(|s| s.max_lod = 10.0)), "{level}");
        assert!(refused(sampler(|s| s.min_lod = 0.5)), "{level}");
        assert!(
            refused(sampler(|s| s.border_color = [1.5, 0.0, 0.0, 0.0])),
            "{level}"
        );
        d.create_sampler_state(&sampler(|s| s.min_lod = 1.0))
            .unwrap();
    }
    let d = device(L::L10_0);
    d.create_sampler_state(&sampler(|s| s.max_lod = 10.0))
        .unwrap();
    d.create_sampler_state(&sampler(|s| s.min_lod = 0.5))
        .unwrap();
}

#[test]
fn fl23_rasterizer_depth_clip_and_bias_clamp() {
    let no_clip = RasterizerDesc {
        depth_clip_enable: false,
        ..Default::default()
    };
    let clamp = RasterizerDesc {
        depth_bias_clamp: 0.1,
        ..Default::default()
    };
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        assert!(matches!(
            d.create_rasterizer_state(&no_clip),
            Err(Error::Caps(_))
        ));
        assert!(matches!(
            d.create_rasterizer_state(&clamp),
            Err(Error::Caps(_))
        ));
    }
    let d = device(L::L10_0);
    assert_eq!(
        d.create_rasterizer_state(&no_clip).unwrap().desc(),
        &no_clip
    );
    d.create_rasterizer_state(&clamp).unwrap();
}

#[test]
fn fl24_blend_state_rules_at_9_x() {
    let a2c = BlendDesc {
        alpha_to_coverage_enable: true,
        ..Default::default()
    };
    let mut indep = BlendDesc {
        independent_blend_enable: true,
        ..Default::default()
    };
    indep.render_target[0].blend_enable = true;
    indep.render_target[1].blend_enable = false;
    // The alpha factor mirrors the colour factor so that 9_1's no-separate-alpha rule is not
    // what refuses (or accepts) them.
    let with_src = |b: Blend, alpha: Blend| {
        let mut d = BlendDesc::default();
        d.render_target[0].blend_enable = true;
        d.render_target[0].src_blend = b;
        d.render_target[0].src_blend_alpha = alpha;
        d
    };
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        for desc in [
            a2c,
            indep,
            with_src(Blend::Src1Color, Blend::Src1Alpha),
            with_src(Blend::SrcAlphaSat, Blend::SrcAlphaSat),
        ] {
            let r = d.create_blend_state(&desc);
            assert!(matches!(r, Err(Error::Caps(_))), "{level}: {desc:?}");
        }
        d.create_blend_state(&with_src(Blend::SrcAlpha, Blend::SrcAlpha))
            .unwrap();
    }
    device(L::L10_0).create_blend_state(&a2c).unwrap();
}

// ---------------------------------------------------------------------------------------
// FL-25: render-target count and the 9_3 bit-depth rule, end to end with MRT.

fn targets(d: &Device, formats: &[Format]) -> Vec<(tessera::Texture, tessera::RenderTargetView)> {
    formats.iter().map(|f| target(d, W, H, *f)).collect()
}

#[test]
fn fl25_render_target_count_and_bit_depth() {
    let d = device(L::L9_1);
    let mut ctx = d.immediate_context();
    let ts = targets(&d, &[Format::R8G8B8A8Unorm; 2]);
    let views: Vec<_> = ts.iter().map(|(_, v)| Some(v.clone())).collect();
    let r = ctx.om_set_render_targets(&views, None);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::Count {
                limit: 1,
                value: 2,
                ..
            }))
        ),
        "{r:?}"
    );

    // 9_3: four 32-bpp targets of two formats, each written its own cb0[i] colour.
    let (d, mut ctx, _) = rig(L::L9_3);
    let ts = targets(
        &d,
        &[
            Format::R8G8B8A8Unorm,
            Format::B8G8R8A8Unorm,
            Format::R8G8B8A8Unorm,
            Format::B8G8R8A8Unorm,
        ],
    );
    let views: Vec<_> = ts.iter().map(|(_, v)| Some(v.clone())).collect();
    ctx.om_set_render_targets(&views, None).unwrap();
    let colors = [RED, GREEN, BLUE, [1.0, 1.0, 1.0, 1.0]];
    let ps = d.create_pixel_shader(Arc::new(ConstantColorPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_constant_buffers(0, &[Some(constant_buffer(&d, &colors))])
        .unwrap();
    draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    for (i, (tex, _)) in ts.iter().enumerate() {
        let mut want = px(colors[i]);
        if tex.desc().format == Format::B8G8R8A8Unorm {
            want.swap(0, 2);
        }
        assert!(all(tex, want), "target {i}");
    }

    // Mixed bit depths and a fifth target are refused, and leave the four bound.
    let mixed = targets(&d, &[Format::R8G8B8A8Unorm, Format::R16G16B16A16Float]);
    let mviews: Vec<_> = mixed.iter().map(|(_, v)| Some(v.clone())).collect();
    let r = ctx.om_set_render_targets(&mviews, None);
    assert!(
        matches!(r, Err(Error::Caps(CapsError::RenderTargetBitDepth { .. }))),
        "{r:?}"
    );
    let five = targets(&d, &[Format::R8G8B8A8Unorm; 5]);
    let fviews: Vec<_> = five.iter().map(|(_, v)| Some(v.clone())).collect();
    let r = ctx.om_set_render_targets(&fviews, None);
    assert!(
        matches!(
            r,
            Err(Error::Caps(CapsError::Count {
                limit: 4,
                value: 5,
                ..
            }))
        ),
        "{r:?}"
    );
    draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    assert!(all(&mixed[0].0, CLEAR8), "refused binding was applied");
    assert!(all(&five[0].0, CLEAR8), "refused binding was applied");
}

// ---------------------------------------------------------------------------------------
// FL-26 / OM-10: sample mask 0.

#[test]
fn fl26_sample_mask_zero_refused_at_9_x_writes_nothing_at_10_0() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let (d, mut ctx, tex) = rig(level);
        let r = ctx.om_set_blend_state(None, [1.0; 4], 0);
        assert!(
            matches!(r, Err(Error::Caps(CapsError::SampleMask { value: 0, .. }))),
            "{level}: {r:?}"
        );
        // The refused call left the default mask: the draw writes.
        draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
        assert!(all(&tex, RED8), "{level}");
    }
    for mask in [0u32, 0xFFFF_FFFE] {
        let (d, mut ctx, tex) = rig(L::L10_0);
        let (depth, dsv) = depth_target(&d, W, H, Format::D32Float);
        ctx.clear_depth_stencil_view(&dsv, true, false, 1.0, 0)
            .unwrap();
        let rtv = d.create_render_target_view(&tex, None).unwrap();
        ctx.om_set_render_targets(&[Some(rtv)], Some(&dsv)).unwrap();
        ctx.om_set_blend_state(None, [1.0; 4], mask).unwrap();
        draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
        assert!(all(&tex, CLEAR8), "mask {mask:#x}: colour written");
        assert!(
            bytes(&depth, 0)
                .chunks(4)
                .all(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) == 1.0),
            "mask {mask:#x}: depth written"
        );
    }
}

// ---------------------------------------------------------------------------------------
// FL-27: viewports.

fn vp(x: f32, y: f32) -> Viewport {
    Viewport {
        top_left_x: x,
        top_left_y: y,
        ..viewport(W, H)
    }
}

#[test]
fn fl27_viewport_count_and_negative_origin() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let (_d, mut ctx, _) = rig(level);
        let r = ctx.rs_set_viewports(&[vp(0.0, 0.0), vp(0.0, 0.0)]);
        assert!(
            matches!(
                r,
                Err(Error::Caps(CapsError::Count {
                    limit: 1,
                    value: 2,
                    ..
                }))
            ),
            "{level}: {r:?}"
        );
        for v in [vp(-1.0, 0.0), vp(0.0, -1.0)] {
            let r = ctx.rs_set_viewports(&[v]);
            assert!(
                matches!(r, Err(Error::Caps(CapsError::Rect { .. }))),
                "{level}: {r:?}"
            );
        }
    }
    // 10_0: a viewport starting at x = -4 renders the quad into columns 0..4 only.
    let (d, mut ctx, tex) = rig(L::L10_0);
    ctx.rs_set_viewports(&[vp(-4.0, 0.0), vp(0.0, 0.0)])
        .unwrap();
    draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    let px = rgba8(&tex, 0);
    for y in 0..H as usize {
        for x in 0..W as usize {
            let want = if x < 4 { RED8 } else { CLEAR8 };
            assert_eq!(px[y * W as usize + x], want, "pixel ({x},{y})");
        }
    }
}

// ---------------------------------------------------------------------------------------
// FL-28: query creation by level (query results are in tests/queries.rs).

#[test]
fn fl28_query_types_by_level() {
    let refused = |level: L, q| matches!(device(level).create_query(q), Err(Error::Caps(_)));
    assert!(refused(L::L9_1, QueryType::Occlusion));
    device(L::L9_1).create_query(QueryType::Event).unwrap();
    device(L::L9_2).create_query(QueryType::Occlusion).unwrap();
    device(L::L9_3).create_query(QueryType::Occlusion).unwrap();
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        assert!(refused(level, QueryType::PipelineStatistics), "{level}");
        assert!(refused(level, QueryType::OcclusionPredicate), "{level}");
        assert!(refused(level, QueryType::SoStatistics), "{level}");
        assert!(device(level).caps().validate_counter().is_err(), "{level}");
    }
    device(L::L10_0)
        .create_query(QueryType::PipelineStatistics)
        .unwrap();
    device(L::L10_0)
        .create_query(QueryType::OcclusionPredicate)
        .unwrap();
}

// ---------------------------------------------------------------------------------------
// FL-30: clearing a cube RTV.

fn clear_cube(level: L) -> Vec<Vec<[u8; 4]>> {
    let d = device(level);
    let mut ctx = d.immediate_context();
    let mut desc = TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    desc.array_size = 6;
    desc.misc_flags = MiscFlags::TEXTURE_CUBE;
    let cube = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&cube, None).unwrap();
    ctx.clear_render_target_view(&rtv, RED).unwrap();
    // 9_x clears face 0 only and says so (a hardware-dependent note); 10_0 says nothing.
    let m = d.info_queue().take();
    assert_eq!(m.len(), usize::from(level.is_9_x()), "{m:?}");
    if let Some(m) = m.first() {
        assert_eq!(m.id, tessera::debug::MessageId::HardwareDependent);
        assert!(m.text.contains("6-slice"), "{}", m.text);
    }
    (0..6).map(|face| rgba8(&cube, face)).collect()
}

#[test]
fn fl30_cube_rtv_clear_only_face_0_at_9_x_all_faces_at_10_0() {
    for level in [L::L9_1, L::L9_3] {
        let faces = clear_cube(level);
        assert!(faces[0].iter().all(|p| *p == RED8), "{level} face 0");
        for (i, f) in faces.iter().enumerate().skip(1) {
            assert!(f.iter().all(|p| *p == CLEAR8), "{level} face {i}");
        }
    }
    for (i, f) in clear_cube(L::L10_0).iter().enumerate() {
        assert!(f.iter().all(|p| *p == RED8), "10_0 face {i}");
    }
}

// ---------------------------------------------------------------------------------------
// FL-31: copies at 9_x.

fn tex3d(d: &Device, mips: u32, usage: Usage) -> tessera::Texture {
    let desc = TextureDesc {
        dimension: TextureDimension::D3,
        width: 4,
        height: 4,
        depth: 4,
        mip_levels: mips,
        array_size: 1,
        format: Format::R8G8B8A8Unorm,
        sample_desc: SampleDesc::default(),
        usage,
        bind_flags: if usage == Usage::Staging {
            BindFlags::NONE
        } else {
            BindFlags::SHADER_RESOURCE
        },
        cpu_access: if usage == Usage::Staging {
            CpuAccess::READ
        } else {
            CpuAccess::NONE
        },
        misc_flags: MiscFlags::NONE,
    };
    let data = vec![7u8; 4 * 4 * 4 * 4 * 2];
    let init: Vec<SubresourceData<'_>> = (0..mips)
        .map(|m| SubresourceData::new(&data, (4 >> m) * 4, (4 >> m) * (4 >> m) * 4))
        .collect();
    let init = (usage != Usage::Staging).then_some(init.as_slice());
    d.create_texture(&desc, init).unwrap()
}

fn staging2d(d: &Device) -> tessera::Texture {
    let mut desc = TextureDesc::tex2d(W, H, Format::R8G8B8A8Unorm, BindFlags::NONE);
    desc.usage = Usage::Staging;
    desc.cpu_access = CpuAccess::READ;
    d.create_texture(&desc, None).unwrap()
}

#[test]
fn fl31_copy_rules_at_9_x() {
    let (d, mut ctx, tex) = rig(L::L9_1);
    // Texture3D → staging Texture3D refused.
    let src = tex3d(&d, 1, Usage::Default);
    let dst = tex3d(&d, 1, Usage::Staging);
    let r = ctx.copy_resource(&(&dst).into(), &(&src).into());
    assert!(
        matches!(caps_error(&r), Some(CapsError::Copy { .. })),
        "{r:?}"
    );
    // Rendered Texture2D → staging copies exactly.
    draw_quad(&d, &mut ctx, (W, H), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    let st = staging2d(&d);
    ctx.copy_resource(&(&st).into(), &(&tex).into()).unwrap();
    assert!(all(&st, RED8));
    // A mipmapped Texture3D cannot be copied at all.
    let a = tex3d(&d, 3, Usage::Default);
    let b = tex3d(&d, 3, Usage::Default);
    let r = ctx.copy_subresource_region(&(&b).into(), 0, 0, 0, 0, &(&a).into(), 0, None);
    assert!(
        matches!(caps_error(&r), Some(CapsError::Copy { .. })),
        "{r:?}"
    );
    // 10_0 allows all three.
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (src, dst) = (tex3d(&d, 1, Usage::Default), tex3d(&d, 1, Usage::Staging));
    ctx.copy_resource(&(&dst).into(), &(&src).into()).unwrap();
    assert!(bytes(&dst, 0).iter().all(|b| *b == 7));
    let (a, b) = (tex3d(&d, 3, Usage::Default), tex3d(&d, 3, Usage::Default));
    ctx.copy_subresource_region(&(&b).into(), 1, 0, 0, 0, &(&a).into(), 1, None)
        .unwrap();
}

// ---------------------------------------------------------------------------------------
// FL-33: depth-stencil mips and MSAA shader resources at 9_x.

#[test]
fn fl33_depth_mips_and_msaa_srv_refused_at_9_x() {
    let mut ds = TextureDesc::tex2d(8, 8, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL);
    ds.mip_levels = 2;
    let mut ms = TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    ms.sample_desc.count = 4;
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        assert!(is_caps(&d.create_texture(&ds, None)), "{level}");
        assert!(is_caps(&d.create_texture(&ms, None)), "{level}");
        ds.mip_levels = 1;
        d.create_texture(&ds, None).unwrap();
        ds.mip_levels = 2;
    }
    device(L::L10_0).create_texture(&ds, None).unwrap();
}
