//! glTF 2.0 and PLY models, turned into an ordinary [`Scene`] lit by the built-in `LitVs`/`LitPs`
//! with an automatic camera that frames the model's bounds and a default directional light.
//!
//! Meshes are flattened into world space on the CPU (node transforms applied to positions and
//! normals), so the vertex shader's world matrix is the identity. Base-colour textures are
//! uploaded as R8G8B8A8_UNORM with a full mip chain and sampled with the material's sampler;
//! colours are not colour-managed (the stored sRGB bytes are used as-is, as for the target).

use std::collections::BTreeMap;
use std::path::Path;

use glam::{Mat3, Mat4, Vec3};
use image::DynamicImage;

use crate::error::SceneError;
use crate::format::{
    AddressName, BufferSpec, CameraSpec, ColorTargetSpec, Command, ConstantsSpec, CullName,
    DepthTargetSpec, ElementSpec, ElementType, FilterName, FormatName, LevelName, LitPsSpec,
    MatrixSpec, RasterizerSpec, SamplerSpec, SceneFile, ShaderSpec, TargetsSpec, TextureSpec,
    TopologyName, VertexBufferSpec,
};
use crate::scene::Scene;

/// One drawable part: world-space triangles with a material.
#[derive(Clone, Debug, Default)]
pub struct MeshPart {
    /// World-space positions.
    pub positions: Vec<[f32; 3]>,
    /// World-space normals (one per position).
    pub normals: Vec<[f32; 3]>,
    /// Texture coordinates (one per position).
    pub uvs: Vec<[f32; 2]>,
    /// Triangle list indices.
    pub indices: Vec<u32>,
    /// Base colour factor.
    pub base_color: [f32; 4],
    /// Index into [`Model::images`] of the base-colour texture.
    pub texture: Option<usize>,
    /// Sampler of the base-colour texture.
    pub sampler: SamplerSpec,
}

/// A model: parts plus the images they reference.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// Drawable parts.
    pub parts: Vec<MeshPart>,
    /// Decoded images.
    pub images: Vec<DynamicImage>,
}

fn decode_err(path: &Path, message: impl Into<String>) -> SceneError {
    SceneError::Decode {
        file: path.to_owned(),
        message: message.into(),
    }
}

/// Loads a `.gltf` (with its `.bin` and images) or `.glb` as a lit scene.
pub fn load_gltf(path: &Path) -> Result<Scene, SceneError> {
    let model = read_gltf(path)?;
    model_scene(&model, path)
}

/// Loads a PLY mesh (ASCII or binary little-endian) as a lit scene.
pub fn load_ply(path: &Path) -> Result<Scene, SceneError> {
    let bytes = std::fs::read(path).map_err(|source| SceneError::Io {
        path: path.to_owned(),
        source,
    })?;
    let part = crate::ply::parse(&bytes).map_err(|m| decode_err(path, m))?;
    let model = Model {
        parts: vec![part],
        images: Vec::new(),
    };
    model_scene(&model, path)
}

fn address(m: gltf::texture::WrappingMode) -> AddressName {
    use gltf::texture::WrappingMode as W;
    match m {
        W::ClampToEdge => AddressName::Clamp,
        W::MirroredRepeat => AddressName::Mirror,
        W::Repeat => AddressName::Wrap,
    }
}

fn to_image(d: &gltf::image::Data) -> Option<DynamicImage> {
    use gltf::image::Format as F;
    let (w, h, px) = (d.width, d.height, d.pixels.clone());
    match d.format {
        F::R8G8B8A8 => image::RgbaImage::from_raw(w, h, px).map(DynamicImage::ImageRgba8),
        F::R8G8B8 => image::RgbImage::from_raw(w, h, px).map(DynamicImage::ImageRgb8),
        F::R8 => image::GrayImage::from_raw(w, h, px).map(DynamicImage::ImageLuma8),
        F::R8G8 => image::GrayAlphaImage::from_raw(w, h, px).map(DynamicImage::ImageLumaA8),
        _ => None,
    }
}

/// Reads a glTF file into world-space parts.
pub fn read_gltf(path: &Path) -> Result<Model, SceneError> {
    let (doc, buffers, images) = gltf::import(path).map_err(|e| decode_err(path, e.to_string()))?;
    let mut model = Model {
        parts: Vec::new(),
        images: Vec::new(),
    };
    let mut image_slot: BTreeMap<usize, Option<usize>> = BTreeMap::new();
    for (i, d) in images.iter().enumerate() {
        let slot = to_image(d).map(|img| {
            model.images.push(img);
            model.images.len() - 1
        });
        image_slot.insert(i, slot);
    }
    let scene = doc
        .default_scene()
        .or_else(|| doc.scenes().next())
        .ok_or_else(|| decode_err(path, "the glTF file has no scene"))?;
    let mut stack: Vec<(gltf::Node<'_>, Mat4, usize)> =
        scene.nodes().map(|n| (n, Mat4::IDENTITY, 0)).collect();
    while let Some((node, parent, depth)) = stack.pop() {
        if depth > 64 {
            return Err(decode_err(path, "node hierarchy deeper than 64"));
        }
        let m = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
        for child in node.children() {
            stack.push((child, m, depth + 1));
        }
        let Some(mesh) = node.mesh() else { continue };
        let nm = Mat3::from_mat4(m).inverse().transpose();
        for prim in mesh.primitives() {
            if prim.mode() != gltf::mesh::Mode::Triangles {
                continue;
            }
            let reader = prim.reader(|b| buffers.get(b.index()).map(|d| &d.0[..]));
            let Some(pos) = reader.read_positions() else {
                continue;
            };
            let positions: Vec<[f32; 3]> = pos
                .map(|p| m.transform_point3(Vec3::from(p)).to_array())
                .collect();
            let n = positions.len();
            let indices: Vec<u32> = match reader.read_indices() {
                Some(i) => i.into_u32().collect(),
                None => (0..n as u32).collect(),
            };
            if indices.iter().any(|&i| i as usize >= n) {
                return Err(decode_err(path, "index out of range in a primitive"));
            }
            let normals = match reader.read_normals() {
                Some(ns) => ns
                    .map(|v| (nm * Vec3::from(v)).normalize_or_zero().to_array())
                    .collect(),
                None => smooth_normals(&positions, &indices),
            };
            let uvs: Vec<[f32; 2]> = match reader.read_tex_coords(0) {
                Some(t) => t.into_f32().collect(),
                None => vec![[0.0; 2]; n],
            };
            let pbr = prim.material().pbr_metallic_roughness();
            let mut part = MeshPart {
                positions,
                normals,
                uvs,
                indices,
                base_color: pbr.base_color_factor(),
                texture: None,
                sampler: SamplerSpec::default(),
            };
            if let Some(info) = pbr.base_color_texture() {
                let tex = info.texture();
                part.texture = image_slot.get(&tex.source().index()).copied().flatten();
                let s = tex.sampler();
                part.sampler.address_u = Some(address(s.wrap_s()));
                part.sampler.address_v = Some(address(s.wrap_t()));
                if s.mag_filter() == Some(gltf::texture::MagFilter::Nearest) {
                    part.sampler.filter =
                        FilterName::try_from("min_linear_mag_point_mip_linear".to_owned()).ok();
                }
            }
            if part.normals.len() != n || part.uvs.len() != n {
                return Err(decode_err(
                    path,
                    "attribute counts differ within a primitive",
                ));
            }
            model.parts.push(part);
        }
    }
    if model.parts.is_empty() {
        return Err(decode_err(path, "no triangle meshes in the default scene"));
    }
    Ok(model)
}

/// Area-weighted vertex normals of an indexed triangle list.
pub fn smooth_normals(positions: &[[f32; 3]], indices: &[u32]) -> Vec<[f32; 3]> {
    let mut acc = vec![Vec3::ZERO; positions.len()];
    for t in indices.chunks_exact(3) {
        let [a, b, c] = [t[0], t[1], t[2]].map(|i| i as usize);
        let (Some(pa), Some(pb), Some(pc)) = (positions.get(a), positions.get(b), positions.get(c))
        else {
            continue;
        };
        let (pa, pb, pc) = (Vec3::from(*pa), Vec3::from(*pb), Vec3::from(*pc));
        let n = (pb - pa).cross(pc - pa);
        for i in [a, b, c] {
            acc[i] += n;
        }
    }
    acc.iter()
        .map(|n| n.normalize_or_zero().to_array())
        .collect()
}

/// Default render size of models.
pub const MODEL_SIZE: u32 = 256;

/// Builds the lit scene of a model: auto camera, one directional light, 256×256 target with
/// depth, level 11_0.
pub fn model_scene(model: &Model, source: &Path) -> Result<Scene, SceneError> {
    let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    for p in model.parts.iter().flat_map(|p| &p.positions) {
        let v = Vec3::from(*p);
        if v.is_finite() {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if lo.x > hi.x {
        return Err(decode_err(source, "the model has no finite vertex"));
    }
    let center = (lo + hi) * 0.5;
    let radius = ((hi - lo).length() * 0.5).max(1e-6);
    let fov = 40.0f32;
    let dir = Vec3::new(0.55, 0.45, 1.0).normalize();
    let dist = radius / (fov.to_radians() * 0.5).sin() * 1.05;
    let eye = center + dir * dist;
    let camera = CameraSpec {
        eye: eye.to_array(),
        target: center.to_array(),
        up: [0.0, 1.0, 0.0],
        fov_y_deg: fov,
        near: (dist - radius * 1.2).max(dist * 0.01),
        far: dist + radius * 1.2,
        aspect: None,
        ortho_height: None,
    };
    let light = (dir + Vec3::new(-0.6, 0.9, 0.0)).normalize();

    let mut f = SceneFile {
        format: "tessera-scene".into(),
        version: 1,
        description: format!("model {}", source.display()),
        feature_level: LevelName::default(),
        size: [MODEL_SIZE, MODEL_SIZE],
        targets: TargetsSpec {
            colors: vec![ColorTargetSpec {
                name: "color".into(),
                format: FormatName(tessera::Format::R8G8B8A8Unorm),
            }],
            depth: Some(DepthTargetSpec {
                format: FormatName(tessera::Format::D24UnormS8Uint),
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
            },
        );
        f.buffers.insert(
            ib.clone(),
            BufferSpec {
                element: Some(ty),
                data: Some(part.indices.iter().map(|&v| f64::from(v)).collect()),
                file: None,
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
