//! Resource operations on the context: updates, copies, clears, maps and readback.

use tessera_format::Format;
use tessera_resource::{
    Box3, Buffer, DepthStencilView, MapType, Mapped, RenderTargetView, Resource,
    ShaderResourceView, Texture, UnorderedAccessView,
};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::{Error, Result};

impl DeviceContext {
    /// `UpdateSubresource`.
    pub fn update_subresource(
        &mut self,
        dst: &Resource,
        sub: u32,
        dst_box: Option<&Box3>,
        data: &[u8],
        row_pitch: usize,
        depth_pitch: usize,
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("UpdateSubresource")?;
            self.owned("UpdateSubresource", "resource", dst.owner())?;
            Ok(tessera_resource::update_subresource(
                self.device.caps(),
                dst,
                sub,
                dst_box,
                data,
                row_pitch,
                depth_pitch,
            )?)
        };
        self.device.refused("UpdateSubresource", run())
    }

    /// `CopyResource` (SPEC §2.2 rules at 9_x).
    pub fn copy_resource(&mut self, dst: &Resource, src: &Resource) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("CopyResource")?;
            self.owned("CopyResource", "resource", dst.owner())?;
            self.owned("CopyResource", "resource", src.owner())?;
            Ok(tessera_resource::copy_resource(
                self.device.caps(),
                dst,
                src,
            )?)
        };
        self.device.refused("CopyResource", run())
    }

    /// `CopyStructureCount`: writes the hidden counter of `src` (an APPEND / COUNTER UAV) as
    /// a little-endian `u32` at byte `dst_aligned_byte_offset` of `dst`. Refused at 9_x (SPEC
    /// §2.2, a caps error) and, as [`Error::UavCounter`] with an info-queue message (D3D's
    /// debug layer drops the call): a source without APPEND / COUNTER, an offset that is not a
    /// multiple of 4 or whose 4 bytes leave `dst`, an IMMUTABLE or mapped `dst`.
    pub fn copy_structure_count(
        &mut self,
        dst: &Buffer,
        dst_aligned_byte_offset: u32,
        src: &UnorderedAccessView,
    ) -> Result<()> {
        const CALL: &str = "CopyStructureCount";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            // The level's rule first: no UAV can exist at 9_x, so a test must bring one
            // from another device to reach it.
            self.device.caps().validate_copy_structure_count()?;
            self.owned(CALL, "buffer", dst.owner())?;
            self.owned(CALL, "view", src.owner())?;
            let level = self.device.caps().level();
            let err = |rule, limit: u64, value: u64| Error::UavCounter {
                call: CALL,
                rule,
                level,
                limit,
                value,
            };
            let counter = src.counter().ok_or_else(|| {
                err(
                    "the source UAV was created with D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER (limit: 0x6, value: its flag bits)",
                    0x6,
                    u64::from(src.flags().bits()),
                )
            })?;
            let at = u64::from(dst_aligned_byte_offset);
            if !at.is_multiple_of(4) {
                return Err(err("DstAlignedByteOffset is a multiple of 4", 4, at));
            }
            let len = dst.len() as u64;
            if at + 4 > len {
                return Err(err(
                    "the 4 bytes at DstAlignedByteOffset lie inside the destination buffer (limit: its ByteWidth)",
                    len,
                    at + 4,
                ));
            }
            if dst.desc().usage == tessera_caps::Usage::Immutable {
                return Err(tessera_resource::ResourceError::UsageNotAllowed {
                    op: CALL,
                    usage: tessera_caps::Usage::Immutable,
                }
                .into());
            }
            if dst.is_mapped() {
                return Err(tessera_resource::ResourceError::Mapped { sub: 0 }.into());
            }
            let value = counter.get();
            let at = at as usize;
            dst.write()[at..at + 4].copy_from_slice(&value.to_le_bytes());
            Ok(())
        };
        self.device.refused(CALL, run())
    }

    /// `CopySubresourceRegion`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the parameters of D3D11's CopySubresourceRegion"
    )]
    pub fn copy_subresource_region(
        &mut self,
        dst: &Resource,
        dst_sub: u32,
        dst_x: u32,
        dst_y: u32,
        dst_z: u32,
        src: &Resource,
        src_sub: u32,
        src_box: Option<&Box3>,
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("CopySubresourceRegion")?;
            self.owned("CopySubresourceRegion", "resource", dst.owner())?;
            self.owned("CopySubresourceRegion", "resource", src.owner())?;
            Ok(tessera_resource::copy_subresource_region(
                self.device.caps(),
                dst,
                dst_sub,
                dst_x,
                dst_y,
                dst_z,
                src,
                src_sub,
                src_box,
            )?)
        };
        self.device.refused("CopySubresourceRegion", run())
    }
}

impl DeviceContext {
    /// `ClearRenderTargetView` (9_x: only slice/face 0 of the view, FL-30).
    pub fn clear_render_target_view(
        &mut self,
        rtv: &RenderTargetView,
        color: [f32; 4],
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("ClearRenderTargetView")?;
            self.owned("ClearRenderTargetView", "view", rtv.owner())?;
            // On the device's pool: large clears fill their rows in parallel.
            let caps = self.device.caps();
            let (view, cleared) = (rtv.range(), caps.clear_render_target_range(rtv.range()));
            if cleared.array_size < view.array_size {
                let text = format!(
                    "feature level {}: only slice 0 of this {}-slice view is cleared \
                     (SPEC §2.2 ClearRenderTargetView; make one view per slice)",
                    caps.level(),
                    view.array_size
                );
                self.device.report_id(
                    MessageId::HardwareDependent,
                    "ClearRenderTargetView",
                    text,
                )?;
            }
            Ok(self
                .device
                .inner
                .pool
                .install(|| tessera_resource::clear_render_target_view(caps, rtv, color))?)
        };
        self.device.refused("ClearRenderTargetView", run())
    }

    /// `ClearDepthStencilView` with `D3D11_CLEAR_DEPTH` / `D3D11_CLEAR_STENCIL`.
    pub fn clear_depth_stencil_view(
        &mut self,
        dsv: &DepthStencilView,
        clear_depth: bool,
        clear_stencil: bool,
        depth: f32,
        stencil: u8,
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("ClearDepthStencilView")?;
            self.owned("ClearDepthStencilView", "view", dsv.owner())?;
            let caps = self.device.caps();
            Ok(self.device.inner.pool.install(|| {
                tessera_resource::clear_depth_stencil_view(
                    caps,
                    dsv,
                    clear_depth,
                    clear_stencil,
                    depth,
                    stencil,
                )
            })?)
        };
        self.device.refused("ClearDepthStencilView", run())
    }

    /// `ClearUnorderedAccessViewUint` (refused at 9_x).
    pub fn clear_unordered_access_view_uint(
        &mut self,
        uav: &UnorderedAccessView,
        values: [u32; 4],
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device
                .check_not_removed("ClearUnorderedAccessViewUint")?;
            self.owned("ClearUnorderedAccessViewUint", "view", uav.owner())?;
            Ok(tessera_resource::clear_unordered_access_view_uint(
                self.device.caps(),
                uav,
                values,
            )?)
        };
        self.device.refused("ClearUnorderedAccessViewUint", run())
    }

    /// `ClearUnorderedAccessViewFloat` (refused at 9_x).
    pub fn clear_unordered_access_view_float(
        &mut self,
        uav: &UnorderedAccessView,
        values: [f32; 4],
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device
                .check_not_removed("ClearUnorderedAccessViewFloat")?;
            self.owned("ClearUnorderedAccessViewFloat", "view", uav.owner())?;
            Ok(tessera_resource::clear_unordered_access_view_float(
                self.device.caps(),
                uav,
                values,
            )?)
        };
        self.device.refused("ClearUnorderedAccessViewFloat", run())
    }

    /// `Map`: an owned guard over the subresource's bytes; writes land on `unmap` or drop.
    pub fn map(&mut self, resource: &Resource, sub: u32, map_type: MapType) -> Result<Mapped> {
        let run = || -> Result<Mapped> {
            self.device.check_not_removed("Map")?;
            self.owned("Map", "resource", resource.owner())?;
            Ok(tessera_resource::map(
                self.device.caps(),
                resource,
                sub,
                map_type,
            )?)
        };
        self.device.refused("Map", run())
    }

    /// `Unmap`.
    pub fn unmap(&mut self, mapped: Mapped) {
        tessera_resource::unmap(mapped);
    }

    /// `GenerateMips` (box filter, linear space for sRGB).
    pub fn generate_mips(&mut self, srv: &ShaderResourceView) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("GenerateMips")?;
            self.owned("GenerateMips", "view", srv.owner())?;
            Ok(tessera_resource::generate_mips(self.device.caps(), srv)?)
        };
        self.device.refused("GenerateMips", run())
    }

    /// `ResolveSubresource`.
    pub fn resolve_subresource(
        &mut self,
        dst: &Texture,
        dst_sub: u32,
        src: &Texture,
        src_sub: u32,
        format: Format,
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed("ResolveSubresource")?;
            self.owned("ResolveSubresource", "resource", dst.owner())?;
            self.owned("ResolveSubresource", "resource", src.owner())?;
            // On the device's pool: rows resolve in parallel.
            let caps = self.device.caps();
            Ok(self.device.inner.pool.install(|| {
                tessera_resource::resolve_subresource(caps, dst, dst_sub, src, src_sub, format)
            })?)
        };
        self.device.refused("ResolveSubresource", run())
    }
}
