//! A draw with no input layout and no vertex buffer (D3D11: legal when the vertex shader reads
//! no inputs, only SV_VertexID / SV_InstanceID): the input assembler fetches nothing and the
//! shader builds the geometry from its vertex ids. A shader that reads inputs still needs a
//! layout (context_state.rs `draw_without_input_layout_or_vertex_shader_is_not_bound`).

use std::sync::Arc;

use tessera::FeatureLevel as L;
use tessera::format::Format;
use tessera::pipeline::builtin::ConstantColorPs;
use tessera::pipeline::shader::{ShaderProfile, ShaderSignature, splat};
use tessera::pipeline::{ShaderEnv, VertexShader, VsInput, VsOutput};
use tessera_testkit::*;

/// The full-target triangle from `SV_VertexID` alone: ids 0, 1, 2 at NDC (-1, 1), (3, 1), (-1, -3).
struct FullTargetVs;

impl VertexShader for FullTargetVs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Vs4_0Level9_1)
    }
    fn varying_count(&self) -> usize {
        0
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let x = input.vertex_id.map(|id| if id == 1 { 3.0 } else { -1.0 });
        let y = input.vertex_id.map(|id| if id == 2 { -3.0 } else { 1.0 });
        out.position = [x.into(), y.into(), splat(0.5), splat(1.0)];
    }
}

#[test]
fn vertex_id_only_shader_draws_without_layout_or_buffers() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (tex, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    let vs = d.create_vertex_shader(Arc::new(FullTargetVs)).unwrap();
    let ps = d.create_pixel_shader(Arc::new(ConstantColorPs)).unwrap();
    let green = [[0.0, 1.0, 0.0, 1.0]; 8];
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_constant_buffers(0, &[Some(constant_buffer(&d, &green))])
        .unwrap();
    ctx.rs_set_state(Some(&no_cull(&d))).unwrap();
    ctx.rs_set_viewports(&[viewport(4, 4)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.ia_set_primitive_topology(tessera::caps::PrimitiveTopology::TriangleList)
        .unwrap();
    let stats = ctx.draw(3, 0).unwrap();
    assert_eq!(stats.ps_invocations, 16);
    assert_eq!(count(&rgba8(&tex, 0), [0, 255, 0, 255]), 16);
}
