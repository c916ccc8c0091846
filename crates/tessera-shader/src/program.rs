//! A compiled entry point ([`Program`]) and its interface: inputs, outputs, resources used.

use crate::ir::{Lanes, Node, R};

/// The pipeline stage an entry point runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `@vertex`.
    Vertex,
    /// `@fragment` (D3D's pixel stage).
    Fragment,
    /// `@compute`.
    Compute,
}

impl Stage {
    /// `"vertex"` or `"fragment"` (WGSL spelling, used in errors).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Vertex => "vertex",
            Self::Fragment => "fragment",
            Self::Compute => "compute",
        }
    }
}

/// Where an entry-point input comes from (the D3D system value or register it maps to).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// `@location(n)`: input-layout element `n` (vertex) or varying `v<n>` (fragment).
    Location(u32),
    /// `@builtin(vertex_index)` = `SV_VertexID`.
    VertexIndex,
    /// `@builtin(instance_index)` = `SV_InstanceID`.
    InstanceIndex,
    /// `@builtin(position)` in the fragment stage = `SV_Position`.
    Position,
    /// `@builtin(front_facing)` = `SV_IsFrontFace`.
    FrontFacing,
    /// `@builtin(primitive_index)` = `SV_PrimitiveID`.
    PrimitiveIndex,
    /// `@builtin(global_invocation_id)` = `SV_DispatchThreadID` (`vec3<u32>`).
    GlobalInvocationId,
    /// `@builtin(local_invocation_id)` = `SV_GroupThreadID` (`vec3<u32>`).
    LocalInvocationId,
    /// `@builtin(local_invocation_index)` = `SV_GroupIndex` (`u32`).
    LocalInvocationIndex,
    /// `@builtin(workgroup_id)` = `SV_GroupID` (`vec3<u32>`).
    WorkgroupId,
    /// `@builtin(num_workgroups)`: the dispatch's group counts (`vec3<u32>`).
    NumWorkgroups,
    /// `@builtin(sample_index)` in the fragment stage = `SV_SampleIndex` (sample-frequency
    /// shading).
    SampleIndex,
    /// `@builtin(sample_mask)` in the fragment stage = `SV_Coverage` as an input (`u32`).
    SampleMask,
}

/// Where an entry-point output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// `@builtin(position)` of the vertex stage = `SV_Position`.
    Position,
    /// `@location(n)`: varying `o<n>` (vertex) or `SV_Target<n>` (fragment).
    Location(u32),
    /// `@builtin(frag_depth)` = `SV_Depth`.
    FragDepth,
    /// `@builtin(sample_mask)` of the fragment stage = `SV_Coverage` (oMask, `u32`).
    SampleMask,
}

/// How a `@location` input of the fragment stage is interpolated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interp {
    /// `@interpolate(perspective)` (the default).
    Perspective,
    /// `@interpolate(linear)` = `noperspective`.
    Linear,
    /// `@interpolate(flat)` = `nointerpolation`.
    Flat,
}

/// One entry-point input: which registers receive which source's components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputBind {
    /// The source.
    pub source: Input,
    /// Register of component 0, 1, … (as many as the input's type has).
    pub regs: Vec<R>,
    /// Interpolation of a fragment `@location` input.
    pub interp: Interp,
    /// Where a fragment `@location` input is evaluated (`@interpolate(_, centroid | sample)`).
    pub sampling: Sampling,
}

pub use tessera_pipeline::shader::Sampling;

/// One entry-point output: which registers hold which target's components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputBind {
    /// The target.
    pub target: Output,
    /// Register of component 0, 1, ….
    pub regs: Vec<R>,
}

/// A compiled entry point: everything the interpreter needs, built once per shader.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The stage.
    pub stage: Stage,
    /// The entry point's name.
    pub entry: String,
    /// The body.
    pub body: Vec<Node>,
    /// The initial register file: constants in place, every other register zero.
    pub template: Vec<Lanes>,
    /// Inputs, in declaration order.
    pub inputs: Vec<InputBind>,
    /// Outputs, in declaration order.
    pub outputs: Vec<OutputBind>,
    /// Steps one 8-lane call may run before it fails with
    /// [`ExecError::StepBudget`](crate::ExecError::StepBudget).
    pub step_budget: u64,
    /// What the program uses, for the D3D signature and the pipeline's hints.
    pub uses: Uses,
    /// Register ranges `(first, count)` of variables and outputs: the registers a call must
    /// reset to the template before it runs.
    pub stateful: Vec<(R, u32)>,
    /// Unique per compilation (never 0): lets the interpreter reuse a thread's register file.
    pub id: u64,
    /// `@workgroup_size` of a compute entry point (`[1, 1, 1]` for the other stages).
    pub workgroup_size: [u32; 3],
    /// Bytes of `var<workgroup>` memory (zeroed for each workgroup).
    pub workgroup_bytes: u32,
}

pub use tessera_pipeline::compute::StorageTextureUse;

impl Uses {
    /// Every texture slot read with its declared kind (the draw-time multisampled rule).
    pub fn texture_uses(&self) -> Vec<tessera_pipeline::TextureUse> {
        self.textures
            .iter()
            .map(|&slot| tessera_pipeline::TextureUse {
                slot,
                multisampled: self.multisampled_textures.contains(&slot),
            })
            .collect()
    }
}

/// Resources and features a program uses (filled in while compiling).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uses {
    /// Per constant-buffer slot read: the bytes needed (highest byte read + 1).
    pub constant_bytes: Vec<(u32, u32)>,
    /// Texture slots sampled, loaded or queried.
    pub textures: Vec<u32>,
    /// The multisampled ones among [`Uses::textures`] (`texture_multisampled_2d`,
    /// `texture_depth_multisampled_2d`): a draw binds only multisampled views there.
    pub multisampled_textures: Vec<u32>,
    /// Sampler slots used.
    pub samplers: Vec<u32>,
    /// `(texture, sampler, coordinate registers, components)` of each sample op.
    pub samples: Vec<(u32, u32, Vec<R>)>,
    /// True when an op needs shader model 4 (integers, bit operations, derivatives, loops,
    /// `vertex_index`/`instance_index`, `front_facing`, `primitive_index`, `discard`).
    pub needs_sm4: bool,
    /// True when an op needs shader model 4.1 (`textureGather`, cube arrays,
    /// `textureNumSamples`, a multisampled `textureLoad` of a depth texture or with a
    /// non-literal sample index).
    pub needs_sm41: bool,
    /// True when an op needs shader model 5: a gather of a component other than red, with an
    /// offset, or with a comparison; the bit builtins (`countOneBits`, `reverseBits`,
    /// `firstLeadingBit`, `firstTrailingBit`, the zero counts, `extractBits`, `insertBits`);
    /// binary16 conversions (`pack2x16float`, `unpack2x16float`, `quantizeToF16`); pixel-shader
    /// UAVs and `@early_depth_test`.
    pub needs_sm5: bool,
    /// True when the program contains a `discard`.
    pub discards: bool,
    /// True when the program takes a derivative (its result depends on neighbouring lanes).
    pub derivatives: bool,
    /// Unordered-access-view slots used (`@group(3)` storage buffers).
    pub uavs: Vec<u32>,
    /// UAV slots whose hidden append/consume counter the program uses (the storage variable
    /// at `@group(3) @binding(64 + n)`, memory space `Uav(64 + n)`); each is in [`Uses::uavs`] too.
    pub uav_counters: Vec<u32>,
    /// Shader-resource slots read as read-only storage buffers (`@group(1) var<storage, read>`).
    pub storage_srvs: Vec<u32>,
    /// Storage textures (texture UAVs) the program declares.
    pub storage_textures: Vec<StorageTextureUse>,
    /// True when the program uses an atomic on storage memory.
    pub storage_atomics: bool,
    /// True when a workgroup can observe another workgroup's storage writes through an atomic
    /// (an atomic on storage whose returned value is used, or an `atomicLoad` of storage): the
    /// dispatch then runs workgroups one after another in index order (docs/shaders.md).
    pub ordered_atomics: bool,
    /// True for a fragment entry point with `@early_depth_test(force)` (HLSL
    /// `[earlydepthstencil]`): depth/stencil is tested before the shader even when it has
    /// UAVs or discards.
    pub early_depth_test: bool,
}
