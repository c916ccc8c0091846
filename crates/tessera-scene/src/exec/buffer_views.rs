//! The views of a scene's buffers by their `"view"` (issue #18): `R32_UINT`, RAW
//! `R32_TYPELESS`, or structured with APPEND / COUNTER on the UAV.

use tessera::BufferViewFlags;
use tessera::caps::{SubresourceRange, ViewDesc, ViewDimension};

use crate::format::BufferViewKind;
use crate::scene::Scene;

impl Scene {
    /// The `"view"` of buffer `name` in the file.
    pub(super) fn buffer_view_kind(&self, name: &str) -> Option<BufferViewKind> {
        self.file.buffers.get(name).and_then(|b| b.view)
    }

    /// The whole-buffer view of buffer `name` and its flags: `R32_UINT` (no `"view"`), a RAW
    /// `R32_TYPELESS` view (`"raw"`), or a structured view (`"append"` / `"counter"`: the
    /// UAV, `uav`, with that flag).
    pub(super) fn buffer_view(&self, name: &str, uav: bool) -> (ViewDesc, BufferViewFlags) {
        let (format, flags) = match self.buffer_view_kind(name) {
            None => (tessera::Format::R32Uint, BufferViewFlags::default()),
            Some(BufferViewKind::Raw) => (tessera::Format::R32Typeless, BufferViewFlags::RAW),
            Some(BufferViewKind::Append) if uav => {
                (tessera::Format::Unknown, BufferViewFlags::APPEND)
            }
            Some(BufferViewKind::Counter) if uav => {
                (tessera::Format::Unknown, BufferViewFlags::COUNTER)
            }
            Some(_) => (tessera::Format::Unknown, BufferViewFlags::default()),
        };
        let desc = ViewDesc {
            format,
            dimension: ViewDimension::Buffer,
            range: SubresourceRange::ALL,
        };
        (desc, flags)
    }
}
