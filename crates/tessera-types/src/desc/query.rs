//! Queries and shader stages.

/// Query kinds (`D3D11_QUERY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryType {
    /// Completion event.
    Event,
    /// Samples passing depth/stencil.
    Occlusion,
    /// GPU timestamp.
    Timestamp,
    /// Timestamp frequency and validity.
    TimestampDisjoint,
    /// Pipeline statistics.
    PipelineStatistics,
    /// Occlusion predicate.
    OcclusionPredicate,
    /// Stream-output statistics.
    SoStatistics,
    /// Stream-output overflow predicate.
    SoOverflowPredicate,
}

/// Shader stages that can be created (`Create*Shader`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderStage {
    /// Vertex shader.
    Vertex,
    /// Hull shader (11_0+).
    Hull,
    /// Domain shader (11_0+).
    Domain,
    /// Geometry shader (10_0+).
    Geometry,
    /// Pixel shader.
    Pixel,
    /// Compute shader.
    Compute,
}
