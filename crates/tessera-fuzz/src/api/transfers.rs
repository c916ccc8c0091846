//! Updates, copies, clears, maps, mips, resolves and readback; then queries, the info queue
//! and the capability checks.

use tessera::caps::ShaderStage;
use tessera::debug::{Filter, FilterList, Severity};
use tessera::resource::{Box3, MapType};

use super::Run;
use super::ops::{BoxSpec, Op, QueueOp};
use super::resources::get;
use super::specs::{float, pick, tame_float};

impl BoxSpec {
    fn get(self) -> Box3 {
        let [left, top, front, right, bottom, back] = self.0.map(|b| b.get());
        Box3 {
            left,
            top,
            front,
            right,
            bottom,
            back,
        }
    }
}

/// The most bytes an `UpdateSubresource` passes.
const MAX_UPDATE_BYTES: usize = 1 << 16;

impl Run {
    /// Resource operations on the context.
    pub(crate) fn transfer(&mut self, op: Op) {
        let p = &self.pools;
        let res = |i| get(&p.resources, i);
        let r = match op {
            Op::Update(dst, sub, bx, len, row, depth) => {
                let Some(dst) = res(dst) else { return };
                let data = vec![0x5a; (len.get() as usize).min(MAX_UPDATE_BYTES)];
                let bx = bx.map(BoxSpec::get);
                let (row, depth) = (row.get() as usize, depth.get() as usize);
                let sub = u32::from(sub);
                self.ctx
                    .update_subresource(&dst, sub, bx.as_ref(), &data, row, depth)
            }
            Op::CopyResource(dst, src) => {
                let (Some(dst), Some(src)) = (res(dst), res(src)) else {
                    return;
                };
                self.ctx.copy_resource(&dst, &src)
            }
            Op::CopyRegion(dst, dst_sub, [x, y, z], src, src_sub, bx) => {
                let (Some(dst), Some(src)) = (res(dst), res(src)) else {
                    return;
                };
                let bx = bx.map(BoxSpec::get);
                self.ctx.copy_subresource_region(
                    &dst,
                    u32::from(dst_sub),
                    x.get(),
                    y.get(),
                    z.get(),
                    &src,
                    u32::from(src_sub),
                    bx.as_ref(),
                )
            }
            Op::CopyStructureCount(dst, offset, uav) => {
                let dst = res(dst);
                let (Some(dst), Some(uav)) =
                    (dst.as_ref().and_then(|r| r.as_buffer()), get(&p.uavs, uav))
                else {
                    return;
                };
                self.ctx.copy_structure_count(dst, offset.get(), &uav)
            }
            Op::ClearRtv(v, color) => {
                let Some(v) = get(&p.rtvs, v) else { return };
                self.ctx.clear_render_target_view(&v, color.map(tame_float))
            }
            Op::ClearDsv(v, depth, stencil, value, s) => {
                let Some(v) = get(&p.dsvs, v) else { return };
                self.ctx
                    .clear_depth_stencil_view(&v, depth, stencil, float(value), s)
            }
            Op::ClearUav(v, as_float, values) => {
                let Some(v) = get(&p.uavs, v) else { return };
                if as_float {
                    self.ctx
                        .clear_unordered_access_view_float(&v, values.map(float))
                } else {
                    self.ctx.clear_unordered_access_view_uint(&v, values)
                }
            }
            Op::Map(r, sub, kind, fill) => {
                let Some(r) = res(r) else { return };
                let kind = pick(
                    &[
                        MapType::Read,
                        MapType::Write,
                        MapType::ReadWrite,
                        MapType::WriteDiscard,
                        MapType::WriteNoOverwrite,
                    ],
                    kind,
                );
                let mapped = self.ctx.map(&r, u32::from(sub % 16), kind);
                let Some(mut mapped) = self.check(mapped) else {
                    return;
                };
                let _ = (
                    mapped.row_pitch(),
                    mapped.depth_pitch(),
                    mapped.data().len(),
                );
                if kind != MapType::Read {
                    mapped.data_mut().fill(fill);
                }
                if fill & 1 == 0 {
                    self.ctx.unmap(mapped);
                }
                return;
            }
            Op::GenerateMips(v) => {
                let Some(v) = get(&p.srvs, v) else { return };
                self.ctx.generate_mips(&v)
            }
            Op::Resolve(dst, dst_sub, src, src_sub, format) => {
                let (Some(dst), Some(src)) = (res(dst), res(src)) else {
                    return;
                };
                let (Some(dst), Some(src)) = (dst.as_texture(), src.as_texture()) else {
                    return;
                };
                let (dst_sub, src_sub) = (u32::from(dst_sub), u32::from(src_sub));
                self.ctx
                    .resolve_subresource(dst, dst_sub, src, src_sub, format.get())
            }
            Op::ReadBack(t, sub) => {
                let Some(t) = res(t) else { return };
                let Some(t) = t.as_texture() else { return };
                // Not a device call: no info-queue message, so not `check`ed.
                let _ = tessera::resource::read_rgba8(t, u32::from(sub));
                return;
            }
            _ => return,
        };
        self.check(r);
    }

    /// Queries, the info queue and the capability checks.
    pub(crate) fn misc(&mut self, op: Op) {
        let queries = &self.pools.queries;
        let r = match op {
            Op::Begin(q) => {
                let Some(q) = get(queries, q) else { return };
                self.ctx.begin(&q)
            }
            Op::End(q) => {
                let Some(q) = get(queries, q) else { return };
                self.ctx.end(&q)
            }
            Op::GetData(q) => {
                let Some(q) = get(queries, q) else { return };
                self.ctx.get_data(&q).map(|_| ())
            }
            Op::Queue(q) => {
                self.queue(q);
                return;
            }
            Op::Check(format, stage) => {
                let _ = self.device.check_format_support(format.get());
                let _ = self.device.check_feature_support();
                let _ = self.device.d3d9_caps();
                let stage = pick(
                    &[
                        ShaderStage::Vertex,
                        ShaderStage::Hull,
                        ShaderStage::Domain,
                        ShaderStage::Geometry,
                        ShaderStage::Pixel,
                        ShaderStage::Compute,
                    ],
                    stage,
                );
                // Not stored in the info queue either: an answer, not a refused call.
                let _ = self.device.check_shader_stage(stage);
                return;
            }
            _ => return,
        };
        self.check(r);
    }

    fn queue(&mut self, op: QueueOp) {
        let q = self.device.info_queue().clone();
        let severity = |i: u8| pick(&Severity::ALL, i);
        match op {
            QueueOp::Take => {
                let n = q.messages().len();
                let taken = q.take();
                assert_eq!(
                    taken.len(),
                    n,
                    "take() returned another count than messages()"
                );
                assert!(q.is_empty(), "the queue is not empty after take()");
            }
            QueueOp::Clear => {
                q.clear();
                assert_eq!(q.len(), 0, "the queue is not empty after clear()");
            }
            QueueOp::SetLimit(n) => {
                self.queue_touched();
                q.set_storage_limit(usize::from(n % 8));
                assert_eq!(q.storage_limit(), usize::from(n % 8));
                let _ = q.discarded_by_limit();
            }
            QueueOp::Filter { allow, severity: s } => {
                self.queue_touched();
                let list = FilterList {
                    severities: vec![severity(s)],
                    ..Default::default()
                };
                let filter = if allow {
                    Filter {
                        allow: list,
                        ..Default::default()
                    }
                } else {
                    Filter {
                        deny: list,
                        ..Default::default()
                    }
                };
                q.set_storage_filter(filter.clone());
                assert_eq!(q.storage_filter(), filter);
            }
            QueueOp::BreakOn { severity: s, on } => {
                q.set_break_on_severity(severity(s), on);
                assert_eq!(q.break_on_severity(severity(s)), on);
            }
        }
    }
}
