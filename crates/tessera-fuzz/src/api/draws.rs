//! The state-setting calls (`IA*`, `VS*`, `PS*`, `RS*`, `OM*`, the other stages) and the draws.

use tessera::VertexBufferView;
use tessera::caps::{Rect, Viewport};

use super::Run;
use super::enums::topology;
use super::ops::{Op, ViewportSpec};
use super::resources::{get, slots};
use super::specs::{float, tame_float};

/// The most slots one state-setting call names (past every stage's limit).
const MAX_SLOTS: usize = 20;

impl ViewportSpec {
    fn viewport(self) -> Viewport {
        let f = self.fields.map(|v| tame_float(v) * 16.0);
        let (min_depth, max_depth) = if self.raw {
            (float(self.bits[0]), float(self.bits[1]))
        } else {
            (f[4] / 32.0, f[5] / 32.0)
        };
        Viewport {
            top_left_x: f[0],
            top_left_y: f[1],
            width: f[2].abs(),
            height: f[3].abs(),
            min_depth,
            max_depth,
        }
    }
}

impl Run {
    /// The state-setting calls.
    pub(crate) fn bind(&mut self, op: Op) {
        let p = &self.pools;
        let r = match op {
            Op::SetTopology(t) => self.ctx.ia_set_primitive_topology(topology(t)),
            Op::SetInputLayout(l) => {
                let l = l.and_then(|i| get(&p.layouts, i));
                self.ctx.ia_set_input_layout(l.as_ref())
            }
            Op::SetVertexBuffers(start, views) => {
                let views: Vec<_> = views
                    .iter()
                    .take(4)
                    .map(|(b, stride, offset)| {
                        let buffer = b.and_then(|i| get(&p.resources, i))?;
                        Some(VertexBufferView {
                            buffer: buffer.as_buffer()?.clone(),
                            stride: stride.get(),
                            offset: offset.get(),
                        })
                    })
                    .collect();
                self.ctx
                    .ia_set_vertex_buffers(usize::from(start % 40), &views)
            }
            Op::SetIndexBuffer(b, format, offset) => {
                let b = b.and_then(|i| get(&p.resources, i));
                let b = b.as_ref().and_then(|r| r.as_buffer());
                self.ctx.ia_set_index_buffer(b, format.get(), offset.get())
            }
            Op::SetVs(s) => {
                let s = s.and_then(|i| get(&p.vss, i));
                self.ctx.vs_set_shader(s.as_ref())
            }
            Op::SetPs(s) => {
                let s = s.and_then(|i| get(&p.pss, i));
                self.ctx.ps_set_shader(s.as_ref())
            }
            Op::SetConstantBuffers(pixel, start, names) => {
                let res = slots(&p.resources, &names, MAX_SLOTS);
                let bufs: Vec<_> = res
                    .iter()
                    .map(|r| r.as_ref().and_then(|r| r.as_buffer()).cloned())
                    .collect();
                let start = usize::from(start % 20);
                if pixel {
                    self.ctx.ps_set_constant_buffers(start, &bufs)
                } else {
                    self.ctx.vs_set_constant_buffers(start, &bufs)
                }
            }
            Op::SetShaderResources(pixel, start, names) => {
                let views = slots(&p.srvs, &names, MAX_SLOTS);
                let start = usize::from(start % 140);
                if pixel {
                    self.ctx.ps_set_shader_resources(start, &views)
                } else {
                    self.ctx.vs_set_shader_resources(start, &views)
                }
            }
            Op::SetSamplers(pixel, start, names) => {
                let samplers = slots(&p.samplers, &names, MAX_SLOTS);
                let start = usize::from(start % 20);
                if pixel {
                    self.ctx.ps_set_samplers(start, &samplers)
                } else {
                    self.ctx.vs_set_samplers(start, &samplers)
                }
            }
            Op::SetOtherStage(stage, call, start) => self.other_stage(stage, call, start),
            Op::SetRasterizer(s) => {
                let s = s.and_then(|i| get(&p.rasterizers, i));
                self.ctx.rs_set_state(s.as_ref())
            }
            Op::SetViewports(vps) => {
                let vps: Vec<_> = vps.iter().take(17).map(|v| v.viewport()).collect();
                self.ctx.rs_set_viewports(&vps)
            }
            Op::SetScissors(rects) => {
                let rects: Vec<_> = rects
                    .iter()
                    .take(17)
                    .map(|r| Rect {
                        left: i32::from(r[0]),
                        top: i32::from(r[1]),
                        right: i32::from(r[2]),
                        bottom: i32::from(r[3]),
                    })
                    .collect();
                self.ctx.rs_set_scissor_rects(&rects)
            }
            Op::SetBlend(s, factor, mask) => {
                let s = s.and_then(|i| get(&p.blends, i));
                self.ctx
                    .om_set_blend_state(s.as_ref(), factor.map(tame_float), mask)
            }
            Op::SetDepthStencil(s, stencil_ref) => {
                let s = s.and_then(|i| get(&p.depth_stencils, i));
                self.ctx.om_set_depth_stencil_state(s.as_ref(), stencil_ref)
            }
            Op::SetRenderTargets(rtvs, dsv, uavs) => {
                let rtvs = slots(&p.rtvs, &rtvs, 9);
                let dsv = dsv.and_then(|i| get(&p.dsvs, i));
                match uavs {
                    None => self.ctx.om_set_render_targets(&rtvs, dsv.as_ref()),
                    Some((start, names)) => {
                        let uavs = slots(&p.uavs, &names, MAX_SLOTS);
                        self.ctx.om_set_render_targets_and_unordered_access_views(
                            Some((&rtvs, dsv.as_ref())),
                            usize::from(start % 70),
                            Some(&uavs),
                            &[0; 4],
                        )
                    }
                }
            }
            Op::ClearState => {
                self.ctx.clear_state();
                Ok(())
            }
            _ => Ok(()),
        };
        self.check(r);
    }

    /// NULL bindings on the stages Tessera cannot create shaders for.
    fn other_stage(&mut self, stage: u8, call: u8, start: u8) -> tessera::Result<()> {
        let start = usize::from(start % 20);
        let c = &mut self.ctx;
        match (stage % 4, call % 4) {
            (0, 0) => c.gs_set_shader(None),
            (0, 1) => c.gs_set_constant_buffers(start, &[None]),
            (0, 2) => c.gs_set_shader_resources(start, &[None]),
            (0, _) => c.gs_set_samplers(start, &[None]),
            (1, 0) => c.hs_set_shader(None),
            (1, 1) => c.hs_set_constant_buffers(start, &[None]),
            (1, 2) => c.hs_set_shader_resources(start, &[None]),
            (1, _) => c.hs_set_samplers(start, &[None]),
            (2, 0) => c.ds_set_shader(None),
            (2, 1) => c.ds_set_constant_buffers(start, &[None]),
            (2, 2) => c.ds_set_shader_resources(start, &[None]),
            (2, _) => c.ds_set_samplers(start, &[None]),
            (_, 0) => c.cs_set_shader(None),
            (_, 1) => c.cs_set_constant_buffers(start, &[None]),
            (_, 2) => c.cs_set_unordered_access_views(start, &[None], &[0]),
            (_, _) => c.cs_set_samplers(start, &[None]),
        }
    }

    /// The draw calls, the draw calls Tessera does not execute, and the dispatch calls.
    pub(crate) fn draw(&mut self, op: Op) {
        let r = match op {
            Op::Draw(count, start) => self.ctx.draw(count.get(), start),
            Op::DrawIndexed(count, start, base) => self.ctx.draw_indexed(count.get(), start, base),
            Op::DrawInstanced(count, instances, start, start_instance) => {
                self.ctx
                    .draw_instanced(count.get(), instances.instances(), start, start_instance)
            }
            Op::DrawIndexedInstanced(count, instances, start, base, start_instance) => {
                self.ctx.draw_indexed_instanced(
                    count.get(),
                    instances.instances(),
                    start,
                    base,
                    start_instance,
                )
            }
            Op::Unexecuted(which, buffer, arg) => {
                let b = buffer.and_then(|i| get(&self.pools.resources, i));
                let b = b.as_ref().and_then(|r| r.as_buffer()).cloned();
                let r = match (which % 5, b) {
                    (0, _) => self.ctx.draw_auto().map(|_| ()),
                    (1, Some(b)) => self.ctx.draw_instanced_indirect(&b, arg).map(|_| ()),
                    (2, Some(b)) => self
                        .ctx
                        .draw_indexed_instanced_indirect(&b, arg)
                        .map(|_| ()),
                    (3, Some(b)) => self.ctx.dispatch_indirect(&b, arg),
                    _ => self.ctx.dispatch(arg, arg >> 8, arg >> 16),
                };
                self.check(r);
                return;
            }
            _ => return,
        };
        if self.check(r).is_some() {
            self.drew();
        }
    }
}
