//! Creating the named pipeline states: each omitted field takes the Direct3D 11 default.

use std::collections::BTreeMap;

use tessera::caps::{
    BlendDesc, ColorWriteMask, DepthStencilDesc, RasterizerDesc, RenderTargetBlendDesc,
    SamplerDesc, StencilFaceDesc,
};
use tessera::{BlendState, DepthStencilState, Device, RasterizerState, SamplerState};

use crate::error::SceneError;
use crate::format::{StencilFaceSpec, TargetBlendSpec};
use crate::scene::Scene;

impl Scene {
    pub(super) fn create_rasterizer_states(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, RasterizerState>, SceneError> {
        let mut rs = BTreeMap::new();
        for (name, s) in &self.file.rasterizer_states {
            let d0 = RasterizerDesc::default();
            let d = RasterizerDesc {
                fill_mode: s.fill_mode.map_or(d0.fill_mode, Into::into),
                cull_mode: s.cull_mode.map_or(d0.cull_mode, Into::into),
                front_counter_clockwise: s
                    .front_counter_clockwise
                    .unwrap_or(d0.front_counter_clockwise),
                depth_bias: s.depth_bias.unwrap_or(d0.depth_bias),
                depth_bias_clamp: s.depth_bias_clamp.unwrap_or(d0.depth_bias_clamp),
                slope_scaled_depth_bias: s
                    .slope_scaled_depth_bias
                    .unwrap_or(d0.slope_scaled_depth_bias),
                depth_clip_enable: s.depth_clip_enable.unwrap_or(d0.depth_clip_enable),
                scissor_enable: s.scissor_enable.unwrap_or(d0.scissor_enable),
                multisample_enable: s.multisample_enable.unwrap_or(d0.multisample_enable),
                antialiased_line_enable: s
                    .antialiased_line_enable
                    .unwrap_or(d0.antialiased_line_enable),
                ..d0
            };
            let st = device
                .create_rasterizer_state(&d)
                .map_err(self.dev(format!("rasterizer_states.{name}")))?;
            rs.insert(name.clone(), st);
        }
        Ok(rs)
    }

    pub(super) fn create_depth_stencil_states(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, DepthStencilState>, SceneError> {
        let mut ds = BTreeMap::new();
        for (name, s) in &self.file.depth_stencil_states {
            let d0 = DepthStencilDesc::default();
            let face = |f: &Option<StencilFaceSpec>| {
                let f0 = StencilFaceDesc::default();
                match f {
                    None => f0,
                    Some(f) => StencilFaceDesc {
                        fail_op: f.fail_op.map_or(f0.fail_op, Into::into),
                        depth_fail_op: f.depth_fail_op.map_or(f0.depth_fail_op, Into::into),
                        pass_op: f.pass_op.map_or(f0.pass_op, Into::into),
                        func: f.func.map_or(f0.func, Into::into),
                    },
                }
            };
            let d = DepthStencilDesc {
                depth_enable: s.depth_enable.unwrap_or(d0.depth_enable),
                depth_write: s.depth_write.unwrap_or(d0.depth_write),
                depth_func: s.depth_func.map_or(d0.depth_func, Into::into),
                stencil_enable: s.stencil_enable.unwrap_or(d0.stencil_enable),
                stencil_read_mask: s.stencil_read_mask.unwrap_or(d0.stencil_read_mask),
                stencil_write_mask: s.stencil_write_mask.unwrap_or(d0.stencil_write_mask),
                front_face: face(&s.front_face),
                back_face: face(&s.back_face),
            };
            let st = device
                .create_depth_stencil_state(&d)
                .map_err(self.dev(format!("depth_stencil_states.{name}")))?;
            ds.insert(name.clone(), st);
        }
        Ok(ds)
    }

    pub(super) fn create_blend_states(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, BlendState>, SceneError> {
        let mut bs = BTreeMap::new();
        for (name, s) in &self.file.blend_states {
            let p = format!("blend_states.{name}");
            if s.render_targets.len() > 8 {
                return Err(self.invalid(p, "at most 8 render_targets entries"));
            }
            let mut d = BlendDesc {
                alpha_to_coverage_enable: s.alpha_to_coverage_enable.unwrap_or(false),
                independent_blend_enable: s.independent_blend_enable.unwrap_or(false),
                ..Default::default()
            };
            for (i, t) in s.render_targets.iter().enumerate() {
                d.render_target[i] = target_blend(t)
                    .map_err(|m| self.invalid(format!("{p}.render_targets[{i}].write_mask"), m))?;
            }
            bs.insert(
                name.clone(),
                device.create_blend_state(&d).map_err(self.dev(p))?,
            );
        }
        Ok(bs)
    }

    pub(super) fn create_samplers(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, SamplerState>, SceneError> {
        let mut samplers = BTreeMap::new();
        for (name, s) in &self.file.samplers {
            let d0 = SamplerDesc::default();
            let d = SamplerDesc {
                filter: s.filter.map_or(d0.filter, |f| f.0),
                address_u: s.address_u.map_or(d0.address_u, Into::into),
                address_v: s.address_v.map_or(d0.address_v, Into::into),
                address_w: s.address_w.map_or(d0.address_w, Into::into),
                mip_lod_bias: s.mip_lod_bias.unwrap_or(d0.mip_lod_bias),
                max_anisotropy: s.max_anisotropy.unwrap_or(d0.max_anisotropy),
                comparison_func: s.comparison_func.map_or(d0.comparison_func, Into::into),
                border_color: s.border_color.unwrap_or(d0.border_color),
                min_lod: s.min_lod.unwrap_or(d0.min_lod),
                max_lod: s.max_lod.unwrap_or(d0.max_lod),
            };
            let st = device
                .create_sampler_state(&d)
                .map_err(self.dev(format!("samplers.{name}")))?;
            samplers.insert(name.clone(), st);
        }
        Ok(samplers)
    }
}

fn target_blend(t: &TargetBlendSpec) -> Result<RenderTargetBlendDesc, String> {
    let d0 = RenderTargetBlendDesc::default();
    let write_mask = match &t.write_mask {
        None => d0.write_mask,
        Some(s) => {
            let mut m = 0;
            for ch in s.chars() {
                m |= match ch {
                    'r' => ColorWriteMask::RED.0,
                    'g' => ColorWriteMask::GREEN.0,
                    'b' => ColorWriteMask::BLUE.0,
                    'a' => ColorWriteMask::ALPHA.0,
                    _ => return Err(format!("write_mask {s:?}: use the letters r, g, b, a")),
                };
            }
            ColorWriteMask(m)
        }
    };
    Ok(RenderTargetBlendDesc {
        blend_enable: t.blend_enable.unwrap_or(d0.blend_enable),
        src_blend: t.src_blend.map_or(d0.src_blend, Into::into),
        dest_blend: t.dest_blend.map_or(d0.dest_blend, Into::into),
        blend_op: t.blend_op.map_or(d0.blend_op, Into::into),
        src_blend_alpha: t.src_blend_alpha.map_or(d0.src_blend_alpha, Into::into),
        dest_blend_alpha: t.dest_blend_alpha.map_or(d0.dest_blend_alpha, Into::into),
        blend_op_alpha: t.blend_op_alpha.map_or(d0.blend_op_alpha, Into::into),
        write_mask,
        ..d0
    })
}
