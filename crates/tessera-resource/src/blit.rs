//! Bounds-checked row copies between pitched memory, shared by init, update, copy and map: the
//! memory owner's [`tessera_format::memory::copy_region`] with this crate's error.

pub(crate) use tessera_format::memory::{Extent, Pitched};

use crate::ResourceError;

/// Copies the region row by row; one `copy_from_slice` when both sides are tightly packed.
pub(crate) fn copy_region(
    dst: &mut [u8],
    d: Pitched,
    src: &[u8],
    s: Pitched,
    e: Extent,
) -> Result<(), ResourceError> {
    tessera_format::memory::copy_region(dst, d, src, s, e).map_err(|side| {
        ResourceError::OutOfBounds(format!("{} is too small for the region", side.name()))
    })
}
