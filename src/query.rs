//! Queries (`ID3D11Query`): events, occlusion counts and pipeline statistics.

use std::sync::{Arc, Mutex};

use tessera_caps::{DeviceId, QueryType};
use tessera_pipeline::DrawStats;

/// What a finished query reports (`GetData`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryData {
    /// `EVENT`: the GPU has passed the End (always true: Tessera executes synchronously).
    Event(bool),
    /// `OCCLUSION`: samples that passed depth and stencil.
    Occlusion(u64),
    /// `OCCLUSION_PREDICATE`: any sample passed.
    Predicate(bool),
    /// `PIPELINE_STATISTICS` (the counters Tessera tracks).
    PipelineStatistics(DrawStats),
    /// `TIMESTAMP`: nanoseconds since the query's creation.
    Timestamp(u64),
}

#[derive(Debug, Default)]
pub(crate) struct QueryState {
    pub(crate) active: bool,
    pub(crate) ended: bool,
    pub(crate) stats: DrawStats,
}

/// A query object; `begin`/`end`/`get_data` live on the context as in D3D.
#[derive(Clone, Debug)]
pub struct Query {
    pub(crate) kind: QueryType,
    pub(crate) owner: DeviceId,
    pub(crate) state: Arc<Mutex<QueryState>>,
    pub(crate) created: std::time::Instant,
}

impl Query {
    pub(crate) fn new(kind: QueryType, owner: DeviceId) -> Self {
        Self {
            kind,
            owner,
            state: Arc::default(),
            created: std::time::Instant::now(),
        }
    }

    /// The device that created the query.
    pub fn owner(&self) -> DeviceId {
        self.owner
    }

    /// The query's type.
    pub fn kind(&self) -> QueryType {
        self.kind
    }
}
