//! Which shaders a rastbench frame runs (`tessera bench --shaders`): the Rust built-ins, or
//! their WGSL twins in `assets/shaders/` run by tessera-shader's interpreter (issue #18's
//! speed comparison). Both render the same bytes (`rastbench::tests`).

use std::sync::Arc;

use tessera::pipeline::builtin::{TexturedPs, TransformVs, VertexColorPs};
use tessera::pipeline::{PixelShader, VertexShader};
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};

use super::{RastBenchError, Result, ShaderKind};

const TRANSFORM_WGSL: &str = include_str!("../../../../assets/shaders/transform.wgsl");
const COLOR_WGSL: &str = include_str!("../../../../assets/shaders/color.wgsl");
const TEXTURED_WGSL: &str = include_str!("../../../../assets/shaders/textured.wgsl");

/// The shaders of a benchmark frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BenchShaders {
    /// `TransformVs` with `VertexColorPs` or `TexturedPs` (Rust).
    #[default]
    Builtin,
    /// The WGSL twins of the same shaders (`transform.wgsl` `vs_1`/`vs_2`, `color.wgsl`
    /// `vertex_color`, `textured.wgsl` `main`), compiled once at prepare.
    Wgsl,
}

impl BenchShaders {
    /// `builtin` or `wgsl`, as `tessera bench --shaders` and its JSON line spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Builtin => "builtin",
            Self::Wgsl => "wgsl",
        }
    }

    /// The vertex and pixel shader for a scene of `kind` that passes `varyings` varyings.
    pub(super) fn make(
        self,
        kind: ShaderKind,
        varyings: usize,
    ) -> Result<(Arc<dyn VertexShader>, Arc<dyn PixelShader>)> {
        match self {
            Self::Builtin => {
                let ps: Arc<dyn PixelShader> = match kind {
                    ShaderKind::Color => Arc::new(VertexColorPs),
                    ShaderKind::Texture => Arc::new(TexturedPs),
                };
                Ok((Arc::new(TransformVs { varyings }), ps))
            }
            Self::Wgsl => {
                let o = CompileOptions::default();
                let wgsl = |e| RastBenchError::Shader(Box::new(e));
                let entry = if varyings == 1 { "vs_1" } else { "vs_2" };
                let vs = WgslVertexShader::new(TRANSFORM_WGSL, entry, &o).map_err(wgsl)?;
                let ps = match kind {
                    ShaderKind::Color => WgslPixelShader::new(COLOR_WGSL, "vertex_color", &o),
                    ShaderKind::Texture => WgslPixelShader::new(TEXTURED_WGSL, "main", &o),
                }
                .map_err(wgsl)?;
                Ok((Arc::new(vs), Arc::new(ps)))
            }
        }
    }
}
