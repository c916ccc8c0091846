//! Errors a draw can report.

use tessera_format::Format;

/// Why the pipeline refused a draw. Feature-level rules are checked by the caps layer before
/// the pipeline runs; these are the structural errors of the draw itself.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PipelineError {
    /// An input element uses a format the input assembler cannot fetch.
    #[error("input element format {format:?} is not a vertex format")]
    BadVertexFormat {
        /// The offending format.
        format: Format,
    },
    /// An input element names a slot past the 32 the device has.
    #[error("input slot {slot} is out of range (0..32)")]
    BadInputSlot {
        /// The offending slot.
        slot: u32,
    },
    /// An appended input element would start past `u32::MAX` bytes (the caps layer refuses
    /// anything past 2048 first).
    #[error("input element offset {offset} does not fit in 32 bits")]
    BadElementOffset {
        /// The resolved offset.
        offset: u64,
    },
    /// The index buffer format is neither R16_UINT nor R32_UINT.
    #[error("index buffer format {format:?} is not R16_UINT or R32_UINT")]
    BadIndexFormat {
        /// The offending format.
        format: Format,
    },
    /// An indexed draw without an index buffer.
    #[error("DrawIndexed needs an index buffer; none is bound")]
    NoIndexBuffer,
    /// Quadrilateral lines (MultisampleEnable) on a sample pattern that puts several samples at
    /// the pixel centre (`D3D11_CENTER_MULTISAMPLE_PATTERN`): undefined in D3D11.3 §3.4.5.
    #[error(
        "D3D11.3 §3.4.5: quadrilateral lines (MultisampleEnable) on the {samples}-sample centre pattern are undefined"
    )]
    QuadLinesOnCenterPattern {
        /// Samples per pixel of the bound targets.
        samples: usize,
    },
    /// Aliased or alpha-antialiased lines and wireframe fill (MultisampleEnable off) on
    /// multisampled targets with a pixel shader that runs at sample frequency: D3D11.3
    /// §3.5.4.1, §15.14.1 leave that undefined for more than one sample (these lines light
    /// whole pixels, not samples).
    #[error(
        "D3D11.3 §3.5.4.1, §15.14.1: aliased or alpha-antialiased lines and wireframe (MultisampleEnable off) on {samples}-sample targets with a sample-frequency pixel shader (SV_SampleIndex or `sample` inputs) are undefined"
    )]
    MultisampledLines {
        /// Samples per pixel of the bound targets.
        samples: usize,
    },
    /// A sample pattern of a count other than 1, 2, 4, 8 or 16 (the counts with a standard
    /// pattern, SPEC §3.8), or with an offset outside [-8, 7] sixteenths of a pixel.
    #[error(
        "SPEC §3.8: a sample pattern has 1, 2, 4, 8 or 16 offsets in [-8, 7]/16 pixel; this one has {count} (offsets {offsets:?})"
    )]
    BadSamplePattern {
        /// Offsets in the pattern.
        count: usize,
        /// The offsets given.
        offsets: Vec<[i8; 2]>,
    },
    /// A target whose sample planes do not match the draw's sample pattern (SPEC §5.6: every
    /// bound target has the same sample count).
    #[error(
        "SPEC §5.6: the draw's sample pattern has {expected} samples but a bound target has {got} sample planes"
    )]
    SampleCountMismatch {
        /// Samples of the pattern.
        expected: usize,
        /// Planes (slices) of the target surface.
        got: u32,
    },
    /// A render target format the output merger cannot write.
    #[error("format {format:?} cannot be a render target")]
    BadRenderTargetFormat {
        /// The format.
        format: Format,
    },
    /// A depth-stencil format the output merger cannot write.
    #[error("format {format:?} cannot be a depth-stencil target")]
    BadDepthFormat {
        /// The format.
        format: Format,
    },
    /// Bound targets whose sizes differ (SPEC §5.6).
    #[error("bound targets differ in size: {first:?} vs {other:?}")]
    TargetSizeMismatch {
        /// Width × height of the first target.
        first: (u32, u32),
        /// Width × height of the mismatching one.
        other: (u32, u32),
    },
    /// Dual-source blending with more than render target 0 bound (SPEC §5.2, OM-09).
    #[error("dual-source blending allows only render target 0; {bound} targets are bound")]
    DualSourceWithMultipleTargets {
        /// Number of bound targets.
        bound: usize,
    },
    /// A target surface whose memory does not match its declared size.
    #[error("target surface of {width}x{height} has {got} bytes, needs {needed}")]
    TargetTooSmall {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
        /// Bytes needed.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
}
