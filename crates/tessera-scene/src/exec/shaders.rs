//! Creating the built-in and WGSL shaders (vertex, pixel, compute) and the constant buffers
//! they read.

use std::collections::BTreeMap;
use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, Usage};
use tessera::pipeline::builtin::{
    ConstantColorPs, LitPs, LitVs, TexturedPs, TransformVs, VertexColorPs,
};
use tessera::pipeline::shader::MAX_VARYINGS;
use tessera::{Buffer, ComputeShaderHandle, Device, PixelShaderHandle, VertexShaderHandle};

use crate::camera;
use crate::error::SceneError;
use crate::format::{ConstantsSpec, ShaderSpec};
use crate::scene::Scene;
use crate::shaders::{InstancedTransformVs, StageShader as Stage};

/// The vertex, pixel and compute shaders of a scene, by name.
type ShaderMaps = (
    BTreeMap<String, VertexShaderHandle>,
    BTreeMap<String, PixelShaderHandle>,
    BTreeMap<String, ComputeShaderHandle>,
);

impl Scene {
    /// Immutable constant buffers, their registers computed for a target of `aspect`.
    pub(super) fn create_constant_buffers(
        &self,
        device: &Device,
        aspect: f32,
    ) -> Result<BTreeMap<String, Buffer>, SceneError> {
        let mut cbs = BTreeMap::new();
        for (name, spec) in &self.file.constant_buffers {
            let p = format!("constant_buffers.{name}");
            let mut floats = match spec {
                ConstantsSpec::Floats(v) => v.clone(),
                ConstantsSpec::Colors(c) => c.iter().flatten().copied().collect(),
                ConstantsSpec::Matrix(m) => {
                    let mut out = Vec::new();
                    camera::push_rows(&mut out, &camera::matrices(m, aspect).0);
                    out
                }
                ConstantsSpec::LitVs(m) => camera::lit_vs(m, aspect),
                ConstantsSpec::LitPs(l) => camera::lit_ps(l),
            };
            if floats.len() > 4096 * 4 {
                return Err(self.invalid(p, "more than 4096 registers"));
            }
            let padded = floats.len().div_ceil(4).max(1) * 4;
            floats.resize(padded, 0.0);
            let bytes: Vec<u8> = floats.iter().flat_map(|v| v.to_le_bytes()).collect();
            let desc = BufferDesc {
                byte_width: bytes.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::CONSTANT_BUFFER,
                ..Default::default()
            };
            let b = device
                .create_buffer(&desc, Some(&bytes))
                .map_err(self.dev(p))?;
            cbs.insert(name.clone(), b);
        }
        Ok(cbs)
    }

    /// The named built-in shaders, split by stage.
    pub(super) fn create_shaders(&self, device: &Device) -> Result<ShaderMaps, SceneError> {
        let (mut vs, mut ps, mut cs) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        for (name, s) in &self.file.shaders {
            use ShaderSpec as S;
            let p = format!("shaders.{name}");
            let replaced = self.shader_override.as_ref().and_then(|o| (o.0)(s));
            let stage = match s {
                _ if let Some(r) = replaced => r,
                S::Wgsl(_) | S::Spirv(_) => match self.wgsl.get(name) {
                    Some(compiled) => compiled.clone(),
                    None => return Err(self.invalid(p, "shader was not compiled at load")),
                },
                S::Transform(t) | S::InstancedTransform(t) if t.varyings > MAX_VARYINGS => {
                    return Err(self.invalid(p, format!("at most {MAX_VARYINGS} varyings")));
                }
                S::Transform(t) => Stage::Vertex(Arc::new(TransformVs {
                    varyings: t.varyings,
                })),
                S::InstancedTransform(t) => Stage::Vertex(Arc::new(InstancedTransformVs {
                    varyings: t.varyings,
                })),
                S::LitVs => Stage::Vertex(Arc::new(LitVs)),
                S::VertexColor => Stage::Pixel(Arc::new(VertexColorPs)),
                S::ConstantColor => Stage::Pixel(Arc::new(ConstantColorPs)),
                S::Textured => Stage::Pixel(Arc::new(TexturedPs)),
                S::LitPs => Stage::Pixel(Arc::new(LitPs)),
            };
            match stage {
                Stage::Vertex(sh) => {
                    vs.insert(
                        name.clone(),
                        device.create_vertex_shader(sh).map_err(self.dev(p))?,
                    );
                }
                Stage::Pixel(sh) => {
                    ps.insert(
                        name.clone(),
                        device.create_pixel_shader(sh).map_err(self.dev(p))?,
                    );
                }
                Stage::Compute(sh) => {
                    cs.insert(
                        name.clone(),
                        device.create_compute_shader(sh).map_err(self.dev(p))?,
                    );
                }
            }
        }
        Ok((vs, ps, cs))
    }
}
