//! Context-time rules: IA, OM, RS state setting, draws, copies and clears (SPEC §2.2, §3.2).

use tessera_format::Format;

use super::unsupported;
use crate::caps::Caps;
use crate::desc::{
    BindFlags, BufferDesc, PrimitiveTopology, Rect, SubresourceRange, TextureDesc,
    TextureDimension, Usage, Viewport,
};
use crate::error::CapsError;
use crate::values::DrawKind;

/// A resource description for copy validation: a buffer or a texture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResourceDesc {
    /// A buffer.
    Buffer(BufferDesc),
    /// A texture (1D, 2D/cube or 3D).
    Texture(TextureDesc),
}

impl ResourceDesc {
    fn usage(&self) -> Usage {
        match self {
            Self::Buffer(b) => b.usage,
            Self::Texture(t) => t.usage,
        }
    }

    fn bind_flags(&self) -> BindFlags {
        match self {
            Self::Buffer(b) => b.bind_flags,
            Self::Texture(t) => t.bind_flags,
        }
    }

    fn is_tex3d(&self) -> bool {
        matches!(self, Self::Texture(t) if t.dimension == TextureDimension::D3)
    }

    fn is_buffer_or_tex2d(&self) -> bool {
        matches!(self, Self::Buffer(_))
            || matches!(self, Self::Texture(t) if t.dimension == TextureDimension::D2)
    }
}

/// Which copy entry point is validated (SPEC §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// `CopyResource`: whole resources of identical shape.
    Resource,
    /// `CopySubresourceRegion`.
    SubresourceRegion,
}

/// Arguments of `CopyResource` / `CopySubresourceRegion` for validation (SPEC §2.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopyDesc {
    /// Entry point.
    pub kind: CopyKind,
    /// Source resource.
    pub src: ResourceDesc,
    /// Destination resource.
    pub dst: ResourceDesc,
}

const COPY_RULE: &str = "SPEC §2.2 CopyResource/CopySubresourceRegion";

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

    /// `CopyResource` / `CopySubresourceRegion` (SPEC §2.2; D3D11: immutable destinations refused; FL-31).
    pub fn validate_copy(&self, copy: &CopyDesc) -> Result<(), CapsError> {
        let level = self.level();
        let err = |reason: &str| CapsError::Copy {
            level,
            rule: COPY_RULE,
            reason: reason.into(),
        };
        if copy.dst.usage() == Usage::Immutable {
            return Err(CapsError::Copy {
                level,
                rule: "D3D11 copy destination",
                reason: "the destination is IMMUTABLE".into(),
            });
        }
        if matches!(copy.src, ResourceDesc::Buffer(_))
            != matches!(copy.dst, ResourceDesc::Buffer(_))
        {
            return Err(CapsError::Copy {
                level,
                rule: "D3D11 copy resource types",
                reason: "source and destination differ in type".into(),
            });
        }
        if copy.kind == CopyKind::Resource {
            let same = match (&copy.src, &copy.dst) {
                (ResourceDesc::Buffer(a), ResourceDesc::Buffer(b)) => a.byte_width == b.byte_width,
                (ResourceDesc::Texture(a), ResourceDesc::Texture(b)) => {
                    (
                        a.dimension,
                        a.width,
                        a.height,
                        a.depth,
                        a.array_size,
                        a.resolved_mip_levels(),
                        a.sample_desc,
                    ) == (
                        b.dimension,
                        b.width,
                        b.height,
                        b.depth,
                        b.array_size,
                        b.resolved_mip_levels(),
                        b.sample_desc,
                    ) && (a.format == b.format || a.format.is_castable_to(b.format))
                }
                _ => false,
            };
            if !same {
                return Err(CapsError::Copy {
                    level,
                    rule: "D3D11 CopyResource",
                    reason: "CopyResource needs identical dimensions and compatible formats".into(),
                });
            }
        }
        if level.is_9_x() {
            let src_gpu = copy.src.usage() != Usage::Staging;
            let dst_gpu = copy.dst.usage() != Usage::Staging;
            if src_gpu
                && dst_gpu
                && !(copy.src.is_buffer_or_tex2d() && copy.dst.is_buffer_or_tex2d())
            {
                return Err(err(
                    "GPU-to-GPU copies are limited to Texture2D and Buffer at 9_x",
                ));
            }
            if src_gpu && !dst_gpu {
                if copy.src.is_tex3d() {
                    return Err(err(
                        "Texture3D cannot be copied to a staging resource at 9_x",
                    ));
                }
                if copy.src.bind_flags() == BindFlags::SHADER_RESOURCE {
                    return Err(err(
                        "a resource bound only as SHADER_RESOURCE cannot be copied to the CPU at 9_x",
                    ));
                }
            }
            if copy.kind == CopyKind::SubresourceRegion {
                let mipped_3d = |r: &ResourceDesc| matches!(r, ResourceDesc::Texture(t) if t.dimension == TextureDimension::D3 && t.resolved_mip_levels() > 1);
                if mipped_3d(&copy.src) || mipped_3d(&copy.dst) {
                    return Err(err("mipmapped Texture3D cannot be copied at 9_x"));
                }
            }
        }
        Ok(())
    }

    /// `ClearRenderTargetView`: the slices actually cleared — only slice/face 0 at 9_x (SPEC §2.2; FL-30).
    pub fn clear_render_target_range(&self, view: SubresourceRange) -> SubresourceRange {
        if self.level().is_9_x() {
            SubresourceRange {
                array_size: 1,
                ..view
            }
        } else {
            view
        }
    }

    /// `ClearUnorderedAccessViewFloat/Uint`: unsupported at 9_x (SPEC §2.2).
    pub fn validate_clear_uav(&self) -> Result<(), CapsError> {
        if self.level().is_9_x() || self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                self.level(),
                "ClearUnorderedAccessView*",
                "SPEC §2.2 ClearUnorderedAccessView",
            ));
        }
        Ok(())
    }

    /// `CopyStructureCount`: unsupported at 9_x (SPEC §2.2).
    pub fn validate_copy_structure_count(&self) -> Result<(), CapsError> {
        self.validate_clear_uav().map_err(|_| {
            unsupported(
                self.level(),
                "CopyStructureCount",
                "SPEC §2.2 CopyStructureCount",
            )
        })
    }
}
