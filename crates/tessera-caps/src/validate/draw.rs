//! Context-time rules: IA, OM, RS state setting, draws, copies and clears (SPEC §2.2, §3.2).

use tessera_format::Format;

use crate::caps::Caps;
use crate::desc::{PrimitiveTopology, Rect, Viewport};
use crate::error::CapsError;
use crate::values::DrawKind;

impl Caps {
    /// `IASetIndexBuffer` format (SPEC §1.2 index formats, §2.2 IASetIndexBuffer; FL-11).
    pub fn validate_index_format(&self, format: Format) -> Result<(), CapsError> {
        let lim = self.limits();
        if lim.index_formats.contains(&format) {
            return Ok(());
        }
        let allowed = lim
            .index_formats
            .iter()
            .map(|f| f.name())
            .collect::<Vec<_>>()
            .join(" or ");
        Err(CapsError::IndexFormat {
            level: self.level(),
            allowed,
            format,
        })
    }

    /// `OMSetRenderTargets` formats (`Format::Unknown` = empty slot): count and 9_3 same bit depth (SPEC §2.2; FL-25).
    /// The count follows `D3DCAPS9.NumSimultaneousRTs` = 1 at 9_1/9_2, 4 at 9_3 (SPEC §1.4).
    pub fn validate_render_targets(&self, formats: &[Format]) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        if formats.len() > lim.max_render_targets as usize {
            return Err(CapsError::Count {
                level,
                what: "render targets",
                rule: "SPEC §2.2 OMSetRenderTargets",
                limit: u64::from(lim.max_render_targets),
                value: formats.len() as u64,
            });
        }
        if lim.mrt_same_bit_depth_required == Some(true) {
            let mut bound = formats.iter().copied().filter(|f| *f != Format::Unknown);
            if let Some(first) = bound.next() {
                let first_bits = first.info().bits_per_element;
                if let Some(other) = bound.find(|f| f.info().bits_per_element != first_bits) {
                    return Err(CapsError::RenderTargetBitDepth {
                        level,
                        first,
                        first_bits,
                        other,
                        other_bits: other.info().bits_per_element,
                    });
                }
            }
        }
        Ok(())
    }

    /// `RSSetViewports`: count, 9_x negative-origin quirk, depth range and bounds (SPEC §2.2, §1.3, §3.2; FL-27, RS-09).
    pub fn validate_viewports(&self, viewports: &[Viewport]) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        if viewports.len() > lim.max_viewports as usize {
            return Err(CapsError::Count {
                level,
                what: "viewports",
                rule: "SPEC §2.2 RSSetViewports",
                limit: u64::from(lim.max_viewports),
                value: viewports.len() as u64,
            });
        }
        let (lo, hi) = (-32768.0f32, 32767.0f32);
        for (index, vp) in viewports.iter().enumerate() {
            let rect = |rule, reason: String| CapsError::Rect {
                level,
                what: "viewport",
                index,
                rule,
                reason,
            };
            let vals = [
                vp.top_left_x,
                vp.top_left_y,
                vp.width,
                vp.height,
                vp.min_depth,
                vp.max_depth,
            ];
            if vals.iter().any(|v| !v.is_finite()) {
                return Err(rect("SPEC §3.2 viewport", "non-finite value".into()));
            }
            if level.is_9_x() && (vp.top_left_x < 0.0 || vp.top_left_y < 0.0) {
                return Err(rect(
                    "SPEC §2.2 RSSetViewports 9_x quirk (negative origin)",
                    format!("TopLeft ({}, {}) is negative", vp.top_left_x, vp.top_left_y),
                ));
            }
            if vp.width < 0.0 || vp.height < 0.0 {
                return Err(rect(
                    "SPEC §3.2 viewport",
                    format!("negative size {}x{}", vp.width, vp.height),
                ));
            }
            if vp.top_left_x < lo
                || vp.top_left_y < lo
                || vp.top_left_x + vp.width > hi
                || vp.top_left_y + vp.height > hi
            {
                return Err(rect(
                    "SPEC §1.3 viewport bounds [-32768, 32767]",
                    format!(
                        "({}, {}) + {}x{} leaves the bounds",
                        vp.top_left_x, vp.top_left_y, vp.width, vp.height
                    ),
                ));
            }
            if !(0.0..=1.0).contains(&vp.min_depth)
                || !(0.0..=1.0).contains(&vp.max_depth)
                || vp.min_depth > vp.max_depth
            {
                return Err(rect(
                    "SPEC §3.2 viewport depth range",
                    format!(
                        "depth range [{}, {}] not within 0 <= min <= max <= 1",
                        vp.min_depth, vp.max_depth
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `RSSetScissorRects`: count only; inverted rects are legal and draw nothing (SPEC §2.2, §1.3).
    pub fn validate_scissors(&self, rects: &[Rect]) -> Result<(), CapsError> {
        let lim = self.limits();
        if rects.len() > lim.max_scissor_rects as usize {
            return Err(CapsError::Count {
                level: self.level(),
                what: "scissor rects",
                rule: "SPEC §2.2 RSSetScissorRects",
                limit: u64::from(lim.max_scissor_rects),
                value: rects.len() as u64,
            });
        }
        Ok(())
    }

    /// Topology for a draw (SPEC §2.2 IASetPrimitiveTopology, DrawIndexed: no adjacency, no indexed points at 9_x; FL-15).
    pub fn validate_topology(
        &self,
        topology: PrimitiveTopology,
        indexed: bool,
    ) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        if topology == PrimitiveTopology::Undefined {
            return Err(CapsError::Topology {
                level,
                topology,
                reason: "no topology is set",
            });
        }
        if topology.is_adjacency()
            && (lim.adjacency_topologies == Some(false) || !lim.geometry_shader)
        {
            return Err(CapsError::Topology {
                level,
                topology,
                reason: "adjacency topologies need 10_0",
            });
        }
        if indexed
            && topology == PrimitiveTopology::PointList
            && lim.indexed_point_lists == Some(false)
        {
            return Err(CapsError::Topology {
                level,
                topology,
                reason: "point lists are only drawn through Draw",
            });
        }
        Ok(())
    }

    /// Whether a draw entry point exists at this level (SPEC §2.2 draw rows, §1.2 instancing; FL-16).
    pub fn validate_draw_method(&self, kind: DrawKind) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        let (ok, rule) = match kind {
            _ if lim
                .draw_methods
                .as_ref()
                .is_some_and(|m| !m.contains(&kind)) =>
            {
                (false, "SPEC §2.2 10Level9 draw methods")
            }
            DrawKind::Draw | DrawKind::DrawIndexed => (true, ""),
            DrawKind::DrawInstanced | DrawKind::DrawIndexedInstanced => {
                (lim.instancing, "SPEC §1.2 instancing")
            }
            DrawKind::DrawAuto => (lim.stream_output, "SPEC §2.2 DrawAuto"),
            DrawKind::DrawInstancedIndirect | DrawKind::DrawIndexedInstancedIndirect => (
                lim.draw_indirect == Some(true),
                "SPEC §2.2 Draw*Indirect (11_0+)",
            ),
        };
        if ok {
            Ok(())
        } else {
            Err(CapsError::DrawMethod { level, kind, rule })
        }
    }

    /// A draw: entry point, topology and primitives per instance (SPEC §2.2 Draw/DrawIndexed; FL-14..16; RefDev rejects over-limit draws, §7.7).
    /// The 9_x limit is `D3DCAPS9.MaxPrimitiveCount` = 65535 at 9_1, 1048575 at 9_2/9_3 (SPEC §1.4).
    pub fn validate_draw(
        &self,
        kind: DrawKind,
        topology: PrimitiveTopology,
        vertex_or_index_count: u32,
        instance_count: u32,
    ) -> Result<(), CapsError> {
        self.validate_draw_method(kind)?;
        self.validate_topology(topology, kind.is_indexed())?;
        let _ = instance_count;
        let prims = topology.primitive_count(u64::from(vertex_or_index_count));
        let limit = self.limits().max_primitive_count;
        if prims > u64::from(limit) {
            return Err(CapsError::PrimitiveCount {
                level: self.level(),
                limit,
                value: prims,
            });
        }
        Ok(())
    }

    /// The largest index value a draw reads (SPEC §1.2, §2.2 DrawIndexed; FL-12, FL-13).
    /// The 9_x limit is `D3DCAPS9.MaxVertexIndex` = 65534 at 9_1, 1048575 at 9_2/9_3 (SPEC §1.4).
    pub fn validate_index_value(&self, max_index: u32) -> Result<(), CapsError> {
        let limit = self.limits().max_vertex_index;
        if max_index > limit {
            return Err(CapsError::IndexValue {
                level: self.level(),
                limit,
                value: max_index,
            });
        }
        Ok(())
    }

    /// `OMSetBlendState` SampleMask: non-zero at 9_x (SPEC §2.2 OMSetBlendState; FL-26).
    pub fn validate_sample_mask(&self, mask: u32) -> Result<(), CapsError> {
        if self.level().is_9_x() && mask == 0 {
            return Err(CapsError::SampleMask {
                level: self.level(),
                value: mask,
            });
        }
        Ok(())
    }
}
