//! D3D11 usage / CPU-access / bind-flag combination rules shared by buffers and textures.
//!
//! `tessera-caps` owns the CPU-access and bind rules per usage; what is left here needs to know
//! whether initial data was given.

use tessera_caps::{BindFlags, Usage};

use crate::ResourceError;

/// Bind flags that let the GPU write a resource.
pub(crate) const GPU_WRITE_BINDS: BindFlags = BindFlags(
    BindFlags::RENDER_TARGET.0
        | BindFlags::DEPTH_STENCIL.0
        | BindFlags::UNORDERED_ACCESS.0
        | BindFlags::STREAM_OUTPUT.0,
);

fn invalid(msg: String) -> ResourceError {
    ResourceError::InvalidDesc(msg)
}

/// The D3D11 usage rules the caps layer cannot see: IMMUTABLE needs initial data and may not be
/// bound for GPU writes (render target, depth-stencil, UAV, stream output).
pub(crate) fn check_usage(
    usage: Usage,
    bind: BindFlags,
    has_init: bool,
) -> Result<(), ResourceError> {
    if usage == Usage::Immutable {
        if !has_init {
            return Err(invalid("IMMUTABLE usage requires initial data".into()));
        }
        if bind.intersects(GPU_WRITE_BINDS) {
            return Err(invalid(
                "IMMUTABLE usage cannot be bound as render target, depth-stencil, UAV or stream output".into(),
            ));
        }
    }
    Ok(())
}
