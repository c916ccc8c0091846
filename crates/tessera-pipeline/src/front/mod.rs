//! The front end: input assembly ([`ia`]), the vertex stage ([`vertex`]) and the cutting of a
//! draw into batches and groups of primitives ([`batch`]).

pub(crate) mod batch;
pub(crate) mod ia;
pub(crate) mod vertex;
