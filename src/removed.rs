//! Device removal (`ID3D11Device::GetDeviceRemovedReason`): a draw or dispatch whose shader
//! runs past its step budget hangs the device, as a GPU's timeout detection does; from then
//! on every context call that would execute work fails with [`Error::DeviceRemoved`]
//! (`DXGI_ERROR_DEVICE_REMOVED`). [`DeviceDesc::keep_device_after_hang`](crate::DeviceDesc)
//! keeps the device usable instead (the hung call still fails).

use crate::debug::{Message, MessageId};
use crate::device::Device;
use crate::error::{Error, Result};

/// Why a device was removed: the `HRESULT` `GetDeviceRemovedReason` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceRemovedReason {
    /// A shader ran past its step budget (`DXGI_ERROR_DEVICE_HUNG`).
    Hung,
}

impl DeviceRemovedReason {
    /// The DXGI `HRESULT` of the reason (`DXGI_ERROR_DEVICE_HUNG` = `0x887A0006`).
    pub const fn hresult(self) -> u32 {
        match self {
            Self::Hung => 0x887A_0006,
        }
    }

    /// The DXGI name of the reason.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Hung => "DXGI_ERROR_DEVICE_HUNG",
        }
    }
}

impl Device {
    /// `GetDeviceRemovedReason`: `None` (`S_OK`) while the device works, else why it was
    /// removed (it stays removed; a new device must be created).
    pub fn get_device_removed_reason(&self) -> Option<DeviceRemovedReason> {
        self.inner.removed.get().copied()
    }

    /// A shader of `call` hung: removes the device (unless
    /// [`DeviceDesc::keep_device_after_hang`](crate::DeviceDesc)) and stores a
    /// `DEVICE_REMOVED` message saying so.
    pub(crate) fn hung(&self, call: &'static str) {
        if self.inner.keep_device_after_hang {
            return;
        }
        let reason = DeviceRemovedReason::Hung;
        if self.inner.removed.set(reason).is_ok() {
            let text = format!(
                "{call}: device removed ({}): a shader ran past its step budget; every later \
                 call that executes work fails with DXGI_ERROR_DEVICE_REMOVED",
                reason.name()
            );
            // A strict device's break on this message changes nothing: the call has failed.
            let _ = self.report(Message::new(MessageId::DeviceRemoved, call, text));
        }
    }

    /// `Err(Error::DeviceRemoved)` once the device was removed: the first check of every
    /// context call that executes work (draws, dispatches, clears, copies, updates, maps,
    /// mip generation, resolves, tile operations).
    pub(crate) fn check_not_removed(&self, call: &'static str) -> Result<()> {
        match self.get_device_removed_reason() {
            None => Ok(()),
            Some(reason) => Err(Error::DeviceRemoved { call, reason }),
        }
    }
}
