//! Shader resources that share a texture with an output of the same call (issue #18).
//!
//! D3D11's binding hazard is per subresource: a pixel shader may read mip 0 of a texture while
//! the output merger renders to its mip 1 (mip-chain generation), and a compute shader may read
//! one mip through an SRV while it writes another through a UAV. Tessera locks a texture
//! whole, so such a read view is **staged**: before the call write-locks its outputs, the
//! view's subresources are copied into a private texture of the same description (reserved
//! from the device budget for the call) and the shader reads the copy through a view of the
//! same description. Nothing the call writes can be among the copied subresources (binding
//! already unbound every input that views an output, `hazard.rs`), so the copy reads exactly
//! what D3D's shader would. A view that does share a subresource with an output (possible only
//! through a path that skipped the binding rule) reads NULL, as D3D's unbinding makes it.
//!
//! The common path pays nothing: with no shader resource on a texture the call writes, no
//! copy is made and no substitute list is allocated.

use tessera_resource::{ShaderResourceView, Texture, ViewInfo};

use super::StageBindings;
use crate::device::Device;
use crate::error::Result;

/// What one shader-resource slot reads in place of its bound view.
pub(super) enum Substitute {
    /// The bound view, locked as it is.
    Keep,
    /// Nothing: the view shares a subresource with an output of the call.
    Null,
    /// A staged copy of the view (its texture is also written by the call).
    View(ShaderResourceView),
}

/// The substitutes of one stage's shader-resource slots for one draw or dispatch; empty (no
/// allocation) when every slot reads its bound view.
#[derive(Default)]
pub(super) struct Substitutes {
    slots: Vec<Substitute>,
}

impl Substitutes {
    /// The substitutes of `stage`'s slots against the call's output views `written` (render
    /// targets, depth-stencil and the UAVs the call locks for writing).
    pub(super) fn for_stage(
        device: &Device,
        stage: &StageBindings,
        written: &[&ViewInfo],
    ) -> Result<Self> {
        let mut out = Self::default();
        for (slot, view) in stage.shader_resources.iter().enumerate() {
            let Some(v) = view else { continue };
            let Some(tex) = v.texture() else { continue };
            let shares = written
                .iter()
                .any(|w| w.texture().is_some_and(|t| t.ptr_eq(tex)));
            if !shares {
                continue;
            }
            let sub = if written.iter().any(|w| w.overlaps(v)) {
                Substitute::Null
            } else {
                Substitute::View(stage_view(device, v, tex)?)
            };
            if out.slots.len() <= slot {
                out.slots.resize_with(slot + 1, || Substitute::Keep);
            }
            out.slots[slot] = sub;
        }
        Ok(out)
    }

    /// The view slot `slot` reads: the bound `view`, its staged copy, or `None`.
    pub(super) fn view<'v>(
        &'v self,
        slot: usize,
        view: Option<&'v ShaderResourceView>,
    ) -> Option<&'v ShaderResourceView> {
        match self.slots.get(slot) {
            None | Some(Substitute::Keep) => view,
            Some(Substitute::Null) => None,
            Some(Substitute::View(v)) => Some(v),
        }
    }

    /// Whether slot `slot` reads its bound view unchanged.
    pub(super) fn keeps(&self, slot: usize) -> bool {
        matches!(self.slots.get(slot), None | Some(Substitute::Keep))
    }
}

/// A copy of `view`'s subresources of `tex` in a new texture of the same description, and a
/// view of the copy with `view`'s description.
fn stage_view(
    device: &Device,
    view: &ShaderResourceView,
    tex: &Texture,
) -> Result<ShaderResourceView> {
    let caps = device.caps();
    let copy = Texture::new_in(&device.inner.budget, caps, tex.desc(), None)?;
    {
        let src = tex.read();
        let mut dst = copy.write();
        for sub in view.subresources() {
            dst.subresource_bytes_mut(sub)?
                .copy_from_slice(src.subresource_bytes(sub)?);
        }
    }
    Ok(ShaderResourceView::new(caps, copy, Some(&view.desc()))?)
}
