//! `ClearRenderTargetView`, `ClearDepthStencilView`, `ClearUnorderedAccessViewUint/Float`.

use rayon::prelude::*;
use tessera_caps::{Caps, TextureDimension};
use tessera_format::memory::Pitched;
use tessera_format::{Format, NumericKind};

use crate::layout::SubresourceLayout;
use crate::{
    DepthStencilView, RenderTargetView, Resource, ResourceError, Texture, UnorderedAccessView,
    ViewInfo,
};

/// D3D float→integer conversion used when a float clear colour meets a UINT/SINT target:
/// NaN → 0, truncate toward zero, saturate (the format encoder then clamps to the channel width).
fn float_to_int_bits(format: Format, c: [f32; 4]) -> [u32; 4] {
    let signed = format.kind() == NumericKind::Sint;
    c.map(|v| if signed { (v as i32) as u32 } else { v as u32 })
}

/// Encodes one element of `format` with a float colour (UNORM/SNORM/sRGB/FLOAT; integer via truncation).
pub(crate) fn encode_color(format: Format, color: [f32; 4]) -> Result<Vec<u8>, ResourceError> {
    let mut e = vec![0u8; format.info().bytes_per_block as usize];
    if format.is_integer() {
        format.encode_uint(float_to_int_bits(format, color), &mut e)?;
    } else {
        format.encode_float(color, &mut e)?;
    }
    Ok(e)
}

/// Subresource `l` as a pitched region of the allocation (addresses come from the memory owner).
pub(crate) fn pitched(l: &SubresourceLayout) -> Pitched {
    Pitched {
        offset: l.offset,
        row_pitch: l.row_pitch,
        depth_pitch: l.depth_pitch,
    }
}

/// Applies `op` to every element of depth slices `z0..z1` of subresource `l` (every sample plane
/// of a multisampled one).
fn for_each_element(
    storage: &mut [u8],
    l: &SubresourceLayout,
    elem: usize,
    z0: u32,
    z1: u32,
    mut op: impl FnMut(&mut [u8]) -> Result<(), ResourceError>,
) -> Result<(), ResourceError> {
    let row_bytes = l.elements_per_row as usize * elem;
    let at = pitched(l);
    for z in l.memory_slice_range(z0, z1) {
        for y in 0..l.rows as usize {
            let row = at
                .row_mut(storage, y, z as usize, row_bytes)
                .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))?;
            for e in row.chunks_exact_mut(elem) {
                op(e)?;
            }
        }
    }
    Ok(())
}

/// Fills slices `z0..z1` of `l` (every sample plane of a multisampled one) with one encoded element: one row is built element-wise, then
/// copied into every row. Rows are independent, so they are filled in parallel on the calling
/// rayon pool (the device's, which the facade installs), 16 rows or more per task.
fn fill(
    storage: &mut [u8],
    l: &SubresourceLayout,
    pattern: &[u8],
    z0: u32,
    z1: u32,
) -> Result<(), ResourceError> {
    let elem = pattern.len();
    let row_bytes = l.elements_per_row as usize * elem;
    let rows = l.rows as usize;
    if rows == 0 || row_bytes == 0 {
        return Ok(());
    }
    let mut row = vec![0u8; row_bytes];
    row.chunks_exact_mut(elem)
        .for_each(|c| c.copy_from_slice(pattern));
    let at = pitched(l);
    for z in l.memory_slice_range(z0, z1) {
        let slice = at
            .slice_rows_mut(storage, z as usize, rows, row_bytes)
            .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))?;
        // Every chunk but the last is one row pitch; the last is exactly one row.
        slice
            .par_chunks_mut(l.row_pitch)
            .with_min_len(16)
            .for_each(|r| r[..row_bytes].copy_from_slice(&row));
    }
    Ok(())
}

/// The (subresource, z range) pairs a single-mip view touches, limited to `array_size` slices.
pub(crate) fn targets(view: &ViewInfo, tex: &Texture, slices: u32) -> Vec<(u32, u32, u32)> {
    let r = view.range();
    if tex.desc().dimension == TextureDimension::D3 {
        let sub = view.subresource(0, 0).unwrap_or(u32::MAX);
        return vec![(
            sub,
            r.first_array_slice,
            r.first_array_slice.saturating_add(slices),
        )];
    }
    (0..slices)
        .filter_map(|s| view.subresource(0, s))
        .map(|sub| (sub, 0, 1))
        .collect()
}

pub(crate) fn view_texture<'a>(
    view: &'a ViewInfo,
    op: &'static str,
) -> Result<&'a Texture, ResourceError> {
    match view.resource() {
        Resource::Texture(t) => {
            t.check_not_mapped()?;
            Ok(t)
        }
        Resource::Buffer(_) => Err(ResourceError::InvalidOperation {
            op,
            reason: "buffer views are not supported here".into(),
        }),
    }
}

/// `ClearRenderTargetView`: every texel (and sample) of the view gets `color` encoded in the view format;
/// at 9_x only array slice / cube face 0 is cleared (SPEC §2.2, FL-30).
pub fn clear_render_target_view(
    caps: &Caps,
    rtv: &RenderTargetView,
    color: [f32; 4],
) -> Result<(), ResourceError> {
    let tex = view_texture(rtv, "ClearRenderTargetView")?;
    let pattern = encode_color(rtv.format(), color)?;
    let range = caps.clear_render_target_range(rtv.range());
    let mut g = tex.write();
    for (sub, z0, z1) in targets(rtv, tex, range.array_size) {
        let l = tex.layout(sub)?;
        fill(g.bytes_mut(), &l, &pattern, z0, z1)?;
    }
    Ok(())
}

/// `ClearDepthStencilView`: depth clamped to [0, 1] (NaN → 0) and/or stencil, other plane kept.
pub fn clear_depth_stencil_view(
    caps: &Caps,
    dsv: &DepthStencilView,
    clear_depth: bool,
    clear_stencil: bool,
    depth: f32,
    stencil: u8,
) -> Result<(), ResourceError> {
    let _ = caps;
    let tex = view_texture(dsv, "ClearDepthStencilView")?;
    let format = dsv.format();
    let clear_stencil = clear_stencil && format.has_stencil();
    if !clear_depth && !clear_stencil {
        return Ok(());
    }
    let depth = if depth.is_nan() {
        0.0
    } else {
        depth.clamp(0.0, 1.0)
    };
    let elem = format.info().bytes_per_block as usize;
    let mut g = tex.write();
    for (sub, z0, z1) in targets(dsv, tex, dsv.range().array_size) {
        let l = tex.layout(sub)?;
        if clear_depth && (clear_stencil || !format.has_stencil()) {
            let mut pattern = vec![0u8; elem];
            format.encode_depth(depth, &mut pattern)?;
            if clear_stencil {
                format.encode_stencil(stencil, &mut pattern)?;
            }
            fill(g.bytes_mut(), &l, &pattern, z0, z1)?;
        } else {
            for_each_element(g.bytes_mut(), &l, elem, z0, z1, |e| {
                if clear_depth {
                    format.encode_depth(depth, e)?;
                } else {
                    format.encode_stencil(stencil, e)?;
                }
                Ok(())
            })?;
        }
    }
    Ok(())
}

/// Writes the low `bits` of `v` at bit `offset` of a little-endian element.
fn put_bits(e: &mut [u8], offset: u32, bits: u32, v: u32) {
    for i in 0..bits {
        let bit = offset + i;
        if let Some(byte) = e.get_mut((bit / 8) as usize) {
            let mask = 1u8 << (bit % 8);
            if (v >> i) & 1 == 1 {
                *byte |= mask
            } else {
                *byte &= !mask
            }
        }
    }
}

/// `ClearUnorderedAccessViewUint`: each channel takes the low bits of `values[i]` unconverted
/// (D3D11); raw/structured buffer views are filled with `values[0]` as 32-bit words. Not at 9_x.
pub fn clear_unordered_access_view_uint(
    caps: &Caps,
    uav: &UnorderedAccessView,
    values: [u32; 4],
) -> Result<(), ResourceError> {
    caps.validate_clear_uav()?;
    match uav.resource() {
        Resource::Buffer(b) => {
            b.check_not_mapped()?;
            let r = uav.range();
            let format = uav.format();
            let elem = if format == Format::Unknown {
                b.desc().structure_byte_stride
            } else {
                format.info().bytes_per_block
            };
            let mut pattern = vec![0u8; elem as usize];
            if format == Format::Unknown {
                pattern
                    .chunks_exact_mut(4)
                    .for_each(|c| c.copy_from_slice(&values[0].to_le_bytes()));
            } else {
                let info = format.info();
                for (i, &v) in values.iter().enumerate() {
                    put_bits(
                        &mut pattern,
                        info.channel_offsets[i],
                        info.channel_bits[i],
                        v,
                    );
                }
            }
            let start = r.first_array_slice as usize * elem as usize;
            let end = start + r.array_size as usize * elem as usize;
            let mut w = b.write();
            let dst = w
                .get_mut(start..end)
                .ok_or_else(|| ResourceError::OutOfBounds("UAV range".into()))?;
            dst.chunks_exact_mut(pattern.len().max(1))
                .for_each(|c| c.copy_from_slice(&pattern));
            Ok(())
        }
        Resource::Texture(tex) => {
            tex.check_not_mapped()?;
            let info = uav.format().info();
            let mut pattern = vec![0u8; info.bytes_per_block as usize];
            for (i, &v) in values.iter().enumerate() {
                put_bits(
                    &mut pattern,
                    info.channel_offsets[i],
                    info.channel_bits[i],
                    v,
                );
            }
            clear_uav_texture(uav, tex, &pattern)
        }
    }
}

/// `ClearUnorderedAccessViewFloat`: float/UNORM/SNORM views only (D3D11); not at 9_x.
pub fn clear_unordered_access_view_float(
    caps: &Caps,
    uav: &UnorderedAccessView,
    values: [f32; 4],
) -> Result<(), ResourceError> {
    caps.validate_clear_uav()?;
    let format = uav.format();
    if !format.is_float_readable() {
        return Err(ResourceError::FormatNotSupported {
            op: "ClearUnorderedAccessViewFloat",
            format,
        });
    }
    let mut pattern = vec![0u8; format.info().bytes_per_block as usize];
    format.encode_float(values, &mut pattern)?;
    match uav.resource() {
        Resource::Buffer(b) => {
            b.check_not_mapped()?;
            let r = uav.range();
            let elem = pattern.len();
            let start = r.first_array_slice as usize * elem;
            let end = start + r.array_size as usize * elem;
            let mut w = b.write();
            let dst = w
                .get_mut(start..end)
                .ok_or_else(|| ResourceError::OutOfBounds("UAV range".into()))?;
            dst.chunks_exact_mut(elem.max(1))
                .for_each(|c| c.copy_from_slice(&pattern));
            Ok(())
        }
        Resource::Texture(tex) => {
            tex.check_not_mapped()?;
            clear_uav_texture(uav, tex, &pattern)
        }
    }
}

fn clear_uav_texture(
    uav: &UnorderedAccessView,
    tex: &Texture,
    pattern: &[u8],
) -> Result<(), ResourceError> {
    let slices = uav.range().array_size;
    let mut g = tex.write();
    for (sub, z0, z1) in targets(uav, tex, slices) {
        let l = tex.layout(sub)?;
        fill(g.bytes_mut(), &l, pattern, z0, z1)?;
    }
    Ok(())
}
