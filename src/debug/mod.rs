//! The debug layer: every device has an info queue (`ID3D11InfoQueue`) that records what the
//! device refused, the hazards it resolved and what 10Level9 calls hardware-dependent, with
//! D3D11's message IDs where D3D has the message (docs/debug.md).
//!
//! A refused call returns its typed [`crate::Error`] *and* stores an error message; a call that
//! succeeds may store warnings. On a strict device ([`crate::DeviceDesc::strict`]) a stored
//! error or corruption message fails a call that would otherwise succeed, with
//! [`crate::Error::Strict`].

mod id;
mod message;
mod queue;

pub use id::{MessageId, TESSERA_MESSAGES_START};
pub use message::{Category, Message, Severity};
pub use queue::{DEFAULT_STORAGE_LIMIT, Filter, FilterList, InfoQueue};
