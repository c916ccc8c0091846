//! `ID3D11DeviceContext1::ClearView` (D3D11.1), following the D3D11 reference page
//! (learn.microsoft.com, "ID3D11DeviceContext1::ClearView method (d3d11_1.h)"):
//! - it takes render-target views, depth-stencil views of **depth-only** formats (no stencil
//!   component; `D3D11_OPTIONS1.ClearViewAlsoSupportsDepthOnlyFormats`) and unordered-access
//!   views; never a Texture3D ("ClearView doesn't support 3D textures");
//! - `rects` (`D3D11_RECT`, left/top inclusive, right/bottom exclusive) are cleared on every
//!   array slice of the view; none = the whole view; an empty rectangle is a no-op; each is
//!   clipped to the view's extent (Tessera: a rectangle outside it clears nothing);
//! - buffers (UAVs): `top` 0, `bottom` 1, `left..right` the elements of the view;
//! - the colour is converted as the format's clears do: float / UNORM / SNORM encoded and
//!   clamped (NaN → 0), integer formats take the value as an integral float (truncated toward
//!   zero, clamped, NaN → 0), a depth view takes `color[0]` clamped to [0, 1] (NaN → 0).
//!
//! "The runtime drops invalid calls": Tessera refuses them with a typed error (the facade
//! stores the message).

use tessera_caps::{Caps, TextureDimension};
use tessera_format::Format;

use crate::clear::{encode_color, pitched, targets};
use crate::{
    DepthStencilView, RenderTargetView, Resource, ResourceError, UnorderedAccessView, ViewInfo,
};

const OP: &str = "ClearView";

/// `D3D11_RECT`: `left..right` × `top..bottom` (LONGs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// First column.
    pub left: i32,
    /// First row.
    pub top: i32,
    /// One past the last column.
    pub right: i32,
    /// One past the last row.
    pub bottom: i32,
}

impl Rect {
    /// `[left, right) × [top, bottom)`.
    pub const fn new(left: i32, top: i32, right: i32, bottom: i32) -> Self {
        Self {
            left,
            top,
            right,
            bottom,
        }
    }

    /// Its columns and rows clipped to `width` × `height` (empty ranges when it misses).
    fn clip(&self, width: u32, height: u32) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
        let c = |v: i32, n: u32| v.clamp(0, i32::try_from(n).unwrap_or(i32::MAX)) as u32;
        (
            c(self.left, width)..c(self.right, width),
            c(self.top, height)..c(self.bottom, height),
        )
    }
}

/// A view `ClearView` takes.
#[derive(Clone, Copy, Debug)]
pub enum ClearViewTarget<'a> {
    /// A render-target view.
    RenderTarget(&'a RenderTargetView),
    /// A depth-stencil view of a depth-only format.
    DepthStencil(&'a DepthStencilView),
    /// An unordered-access view.
    UnorderedAccess(&'a UnorderedAccessView),
}

impl ClearViewTarget<'_> {
    fn info(&self) -> &ViewInfo {
        match self {
            Self::RenderTarget(v) => v,
            Self::DepthStencil(v) => v,
            Self::UnorderedAccess(v) => v,
        }
    }
}

fn refuse(reason: &str) -> ResourceError {
    ResourceError::InvalidOperation {
        op: OP,
        reason: reason.into(),
    }
}

/// The rules of `ClearView` (module doc) without writing anything; returns the element the
/// view is filled with. [`clear_view`] runs it first.
pub fn check_clear_view(
    caps: &Caps,
    target: ClearViewTarget<'_>,
    color: [f32; 4],
) -> Result<Vec<u8>, ResourceError> {
    let info = target.info();
    match info.resource() {
        Resource::Texture(t) => {
            if t.desc().dimension == TextureDimension::D3 {
                return Err(refuse(
                    "ClearView does not take views of Texture3D (D3D11 ClearView)",
                ));
            }
            t.check_not_mapped()?;
        }
        Resource::Buffer(b) => b.check_not_mapped()?,
    }
    let format: Format = info.format();
    match target {
        ClearViewTarget::RenderTarget(_) => encode_color(format, color),
        ClearViewTarget::UnorderedAccess(_) => {
            caps.validate_clear_uav()?;
            encode_color(format, color)
        }
        ClearViewTarget::DepthStencil(_) => {
            if format.has_stencil() {
                return Err(refuse(
                    "ClearView takes depth-stencil views of depth-only formats (D3D11 ClearView)",
                ));
            }
            let d = color[0];
            let depth = if d.is_nan() { 0.0 } else { d.clamp(0.0, 1.0) };
            let mut e = vec![0u8; format.info().bytes_per_block as usize];
            format.encode_depth(depth, &mut e)?;
            Ok(e)
        }
    }
}

/// `ClearView`: fills `rects` (none: the whole view) of every slice of the view with `color`
/// converted to the view's format (module doc).
pub fn clear_view(
    caps: &Caps,
    target: ClearViewTarget<'_>,
    color: [f32; 4],
    rects: &[Rect],
) -> Result<(), ResourceError> {
    let pattern = check_clear_view(caps, target, color)?;
    let elem = pattern.len().max(1);
    let info = target.info();
    let whole = [Rect::new(0, 0, i32::MAX, i32::MAX)];
    let rects = if rects.is_empty() { &whole[..] } else { rects };
    match info.resource() {
        Resource::Buffer(b) => {
            let r = info.range();
            let mut w = b.write();
            for rect in rects {
                let (x, y) = rect.clip(r.array_size, 1);
                if x.is_empty() || y.is_empty() {
                    continue;
                }
                let first = r.first_array_slice as usize + x.start as usize;
                let bytes = w
                    .get_mut(first * elem..(first + x.len()) * elem)
                    .ok_or_else(|| ResourceError::OutOfBounds("UAV range".into()))?;
                bytes
                    .chunks_exact_mut(elem)
                    .for_each(|e| e.copy_from_slice(&pattern));
            }
            Ok(())
        }
        Resource::Texture(tex) => {
            let slices = match target {
                ClearViewTarget::RenderTarget(_) => {
                    caps.clear_render_target_range(info.range()).array_size
                }
                _ => info.range().array_size,
            };
            let mut g = tex.write();
            for (sub, z0, z1) in targets(info, tex, slices) {
                let l = tex.layout(sub)?;
                let row_bytes = l.elements_per_row as usize * elem;
                for rect in rects {
                    let (x, y) = rect.clip(l.elements_per_row, l.rows);
                    if x.is_empty() || y.is_empty() {
                        continue;
                    }
                    for z in l.memory_slice_range(z0, z1) {
                        for row in y.clone() {
                            let bytes = pitched(&l)
                                .row_mut(g.bytes_mut(), row as usize, z as usize, row_bytes)
                                .ok_or_else(|| {
                                    ResourceError::OutOfBounds("storage shorter than layout".into())
                                })?;
                            bytes[x.start as usize * elem..x.end as usize * elem]
                                .chunks_exact_mut(elem)
                                .for_each(|e| e.copy_from_slice(&pattern));
                        }
                    }
                }
            }
            Ok(())
        }
    }
}
