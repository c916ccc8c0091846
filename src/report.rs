//! How the device feeds its info queue (`crate::debug`): refusals, reports, and the owner
//! check. Defined apart from both so that neither module depends on the other.

use tessera_caps::DeviceId;

use crate::debug::{Category, Message, MessageId};
use crate::device::Device;
use crate::error::{Error, Result};

impl Device {
    /// Stores an error message for a refused `call` (beside the typed error it returns).
    pub(crate) fn refused<T>(&self, call: &'static str, result: Result<T>) -> Result<T> {
        if let Err(e) = &result {
            let id = e.message_id();
            let mut m = Message::new(id, call, e.to_string());
            if matches!(id.category(), Category::Miscellaneous) {
                m.category = Category::of_call(call);
            }
            if let Error::Strict(_) = e {
                // Already stored when it was raised.
                return result;
            }
            self.inner.queue.push(m);
        }
        result
    }

    /// Stores `m`; on a strict device a message set to break fails the call.
    pub(crate) fn report(&self, m: Message) -> Result<()> {
        if self.inner.queue.push(m.clone()) {
            Err(Error::Strict(Box::new(m)))
        } else {
            Ok(())
        }
    }

    /// Stores `id` with its default severity for `call`; see [`Device::report`].
    pub(crate) fn report_id(
        &self,
        id: MessageId,
        call: &'static str,
        text: impl Into<String>,
    ) -> Result<()> {
        self.report(Message::new(id, call, text))
    }

    /// Refuses an object created by another device (checked once for every object a call
    /// takes: states, shaders, layouts, views, resources, queries).
    pub(crate) fn check_owner(
        &self,
        call: &'static str,
        object: &'static str,
        owner: DeviceId,
    ) -> Result<()> {
        if owner == self.caps().device_id() {
            Ok(())
        } else {
            Err(Error::ForeignObject { call, object })
        }
    }
}
