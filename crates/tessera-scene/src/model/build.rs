//! The lit scene of a model: one 256×256 colour target with depth, the `LitVs`/`LitPs` shaders,
//! two-sided rasterization, and per part a vertex buffer, an index buffer, a material constant
//! buffer and (when textured) a mip-mapped texture and its sampler.

use std::collections::BTreeMap;
use std::path::Path;

use super::framing::{Framing, frame};
use super::{Model, decode_err};
use crate::error::SceneError;
use crate::format::{
    BufferSpec, ColorTargetSpec, Command, ConstantsSpec, CullName, DepthTargetSpec, ElementSpec,
    ElementType, FormatName, LevelName, LitPsSpec, MatrixSpec, RasterizerSpec, SamplerSpec,
    SceneFile, ShaderSpec, SolidSpec, TargetsSpec, TextureSpec, TopologyName, VertexBufferSpec,
};
use crate::scene::Scene;

/// The texture and sampler an untextured part binds (a 1x1 white texel).
const WHITE: &str = "white";

/// Default render size of models.
pub const MODEL_SIZE: u32 = 256;

/// Builds the lit scene of a model: auto camera, one directional light, 256×256 target with
/// depth, level 11_0.
pub fn model_scene(model: &Model, source: &Path) -> Result<Scene, SceneError> {
    let Framing { camera, eye, light } = frame(model, source)?;

    let mut f = SceneFile {
        format: "tessera-scene".into(),
        version: 1,
        description: format!("model {}", source.display()),
        feature_level: LevelName::default(),
        size: [MODEL_SIZE, MODEL_SIZE],
        tiled_resources_tier: None,
        tiled_null_read: Default::default(),
        tile_pools: BTreeMap::new(),
        targets: TargetsSpec {
            colors: vec![ColorTargetSpec {
                name: "color".into(),
                format: FormatName(tessera::Format::R8G8B8A8Unorm),
                sample_count: 1,
                sample_quality: 0,
                tiled: false,
            }],
            depth: Some(DepthTargetSpec {
                format: FormatName(tessera::Format::D24UnormS8Uint),
                sample_count: 1,
                sample_quality: 0,
                tiled: false,
            }),
        },
        buffers: BTreeMap::new(),
        textures: BTreeMap::new(),
        input_layouts: BTreeMap::new(),
        rasterizer_states: BTreeMap::new(),
        depth_stencil_states: BTreeMap::new(),
        blend_states: BTreeMap::new(),
        samplers: BTreeMap::new(),
        shaders: BTreeMap::new(),
        constant_buffers: BTreeMap::new(),
        commands: Vec::new(),
        outputs: None,
    };
    let elem = |semantic: &str, format: tessera::Format, offset: u32| ElementSpec {
        semantic: semantic.into(),
        index: 0,
        format: FormatName(format),
        slot: 0,
        offset: Some(offset),
        per_instance: false,
        step_rate: None,
    };
    f.input_layouts.insert(
        "lit".into(),
        vec![
            elem("POSITION", tessera::Format::R32G32B32Float, 0),
            elem("NORMAL", tessera::Format::R32G32B32Float, 12),
            elem("TEXCOORD", tessera::Format::R32G32Float, 24),
        ],
    );
    f.shaders.insert("vs".into(), ShaderSpec::LitVs);
    f.shaders.insert("ps".into(), ShaderSpec::LitPs);
    f.rasterizer_states.insert(
        "two_sided".into(),
        RasterizerSpec {
            cull_mode: Some(CullName::None),
            ..Default::default()
        },
    );
    f.constant_buffers.insert(
        "camera".into(),
        ConstantsSpec::LitVs(MatrixSpec {
            camera: Some(camera),
            model: None,
            rows: None,
        }),
    );
    let mut cmds = vec![
        Command::ClearRtv {
            target: None,
            color: [0.12, 0.14, 0.18, 1.0],
        },
        Command::ClearDsv {
            depth: Some(1.0),
            stencil: None,
        },
        Command::SetTopology(TopologyName::TriangleList),
        Command::SetInputLayout("lit".into()),
        Command::SetVs("vs".into()),
        Command::SetPs(Some("ps".into())),
        Command::SetRasterizer(Some("two_sided".into())),
        Command::SetVsConstantBuffers {
            start: 0,
            buffers: vec!["camera".into()],
        },
    ];
    let mut images = Vec::new();
    for (i, part) in model.parts.iter().enumerate() {
        let mut data = Vec::with_capacity(part.positions.len() * 8);
        for ((p, n), t) in part.positions.iter().zip(&part.normals).zip(&part.uvs) {
            data.extend(p.iter().chain(n).chain(t).map(|&v| f64::from(v)));
        }
        let max = part.indices.iter().copied().max().unwrap_or(0);
        let (ty, format) = if max < u32::from(u16::MAX) {
            (ElementType::U16, tessera::Format::R16Uint)
        } else {
            (ElementType::U32, tessera::Format::R32Uint)
        };
        let (vb, ib) = (format!("vb{i}"), format!("ib{i}"));
        f.buffers.insert(
            vb.clone(),
            BufferSpec {
                element: Some(ElementType::F32),
                data: Some(data),
                file: None,
                zeros: None,
                tiled: false,
                view: None,
            },
        );
        f.buffers.insert(
            ib.clone(),
            BufferSpec {
                element: Some(ty),
                data: Some(part.indices.iter().map(|&v| f64::from(v)).collect()),
                file: None,
                zeros: None,
                tiled: false,
                view: None,
            },
        );
        let textured = part.texture.and_then(|t| model.images.get(t));
        let mat = format!("material{i}");
        f.constant_buffers.insert(
            mat.clone(),
            ConstantsSpec::LitPs(LitPsSpec {
                light_direction: light.to_array(),
                base_color: part.base_color,
                eye: eye.to_array(),
                textured: textured.is_some(),
                ..LitPsSpec::default()
            }),
        );
        cmds.push(Command::SetVertexBuffers {
            start_slot: 0,
            buffers: vec![VertexBufferSpec {
                buffer: vb,
                stride: 32,
                offset: 0,
            }],
        });
        cmds.push(Command::SetIndexBuffer {
            buffer: ib,
            format: FormatName(format),
            offset: 0,
        });
        cmds.push(Command::SetPsConstantBuffers {
            start: 0,
            buffers: vec![mat],
        });
        if let Some(img) = textured {
            let (tex, smp) = (format!("texture{i}"), format!("sampler{i}"));
            f.textures.insert(
                tex.clone(),
                TextureSpec {
                    file: Some("<embedded>".into()),
                    mips: true,
                    ..Default::default()
                },
            );
            images.push((tex.clone(), img.clone()));
            f.samplers.insert(smp.clone(), part.sampler.clone());
            cmds.push(Command::SetPsTextures {
                start: 0,
                textures: vec![tex],
            });
            cmds.push(Command::SetPsSamplers {
                start: 0,
                samplers: vec![smp],
            });
        } else {
            // LitPs declares t0/s0 even where its textured flag is off (as D3D reflection
            // would): a 1x1 white texture keeps the debug layer's draw-time checks quiet.
            if !f.textures.contains_key(WHITE) {
                f.textures.insert(
                    WHITE.into(),
                    TextureSpec {
                        solid: Some(SolidSpec {
                            size: [1, 1],
                            color: [1.0; 4],
                        }),
                        ..Default::default()
                    },
                );
                f.samplers.insert(WHITE.into(), SamplerSpec::default());
            }
            cmds.push(Command::SetPsTextures {
                start: 0,
                textures: vec![WHITE.into()],
            });
            cmds.push(Command::SetPsSamplers {
                start: 0,
                samplers: vec![WHITE.into()],
            });
        }
        cmds.push(Command::DrawIndexed {
            index_count: u32::try_from(part.indices.len())
                .map_err(|_| decode_err(source, "too many indices"))?,
            start_index: 0,
            base_vertex: 0,
        });
    }
    f.commands = cmds;
    // Embedded images are registered before the files are resolved.
    let mut scene = Scene::empty(f, source);
    for (name, img) in images {
        scene = scene.with_image(&name, img);
    }
    scene.finish_load()?;
    Ok(scene)
}
