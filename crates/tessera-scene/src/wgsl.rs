//! WGSL and SPIR-V shaders named by a scene (`{"wgsl": {"file" | "source", "entry"}}`,
//! `{"spirv": {"file", "entry", "flip_y"}}`): read and compiled by tessera-shader when the scene is
//! loaded, so a bad shader fails the load, not the render.

use std::sync::Arc;

use tessera_shader::{
    CompileError, CompileOptions, SpirvOptions, Stage, Validated, WgslComputeShader,
    WgslPixelShader, WgslVertexShader, compile, parse_spirv_with, parse_wgsl,
};

use crate::error::SceneError;
use crate::format::ShaderSpec;
use crate::input::read_file;
use crate::scene::Scene;
use crate::shaders::StageShader;

/// What a [`SceneError::Shader`] names when the source is inline.
pub const INLINE_SOURCE: &str = "inline source";

impl Scene {
    /// Compiles every `wgsl` and `spirv` entry of `shaders` into [`Scene::wgsl`](Scene).
    pub(crate) fn compile_wgsl(&mut self) -> Result<(), SceneError> {
        for (name, spec) in &self.file.shaders {
            let p = format!("shaders.{name}");
            let w = match spec {
                ShaderSpec::Wgsl(w) => w,
                ShaderSpec::Spirv(s) => {
                    let bytes =
                        read_file(&self.resolve(&s.file), Some(&self.base()), &self.policy)?;
                    let options = SpirvOptions { flip_y: s.flip_y };
                    let compiled = parse_spirv_with(&bytes, &options)
                        .and_then(|v| compile_stage(&v, &s.entry))
                        .map_err(|source| SceneError::Shader {
                            file: self.source.clone(),
                            json_path: p,
                            shader: s.file.clone(),
                            source: Box::new(source),
                        })?;
                    self.wgsl.insert(name.clone(), compiled);
                    continue;
                }
                _ => continue,
            };
            let (shader, text) = match (&w.file, &w.source) {
                (Some(f), None) => {
                    let bytes = read_file(&self.resolve(f), Some(&self.base()), &self.policy)?;
                    let text = String::from_utf8(bytes).map_err(|_| {
                        self.invalid(p.clone(), format!("{f}: a .wgsl file is UTF-8 text"))
                    })?;
                    (f.clone(), text)
                }
                (None, Some(s)) => (INLINE_SOURCE.to_owned(), s.clone()),
                _ => {
                    return Err(self.invalid(p, "give exactly one of \"file\" or \"source\""));
                }
            };
            let compiled = parse_wgsl(&text)
                .and_then(|v| compile_stage(&v, &w.entry))
                .map_err(|source| SceneError::Shader {
                    file: self.source.clone(),
                    json_path: p,
                    shader,
                    source: Box::new(source),
                })?;
            self.wgsl.insert(name.clone(), compiled);
        }
        Ok(())
    }
}

/// Compiles entry point `entry` of `v` at the stage the entry point declares.
fn compile_stage(v: &Validated, entry: &str) -> Result<StageShader, CompileError> {
    let stage = v.entry_stage(entry);
    let options = CompileOptions::default();
    if stage == Some(Stage::Compute) {
        let program = compile(v, entry, Stage::Compute, &options)?;
        return Ok(StageShader::Compute(Arc::new(
            WgslComputeShader::from_program(program)?,
        )));
    }
    Ok(if stage == Some(Stage::Fragment) {
        let program = compile(v, entry, Stage::Fragment, &options)?;
        StageShader::Pixel(Arc::new(WgslPixelShader::from_program(program)?))
    } else {
        let program = compile(v, entry, Stage::Vertex, &options)?;
        StageShader::Vertex(Arc::new(WgslVertexShader::from_program(program)?))
    })
}
