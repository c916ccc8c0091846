//! Vertex stage: fetches inputs eight vertices at a time and runs the vertex shader.

use rayon::prelude::*;
use wide::f32x8;

use crate::env::ShaderEnv;
use crate::front::ia::{FloatFetch, fetch_element};
use crate::layout::InputLayout;
use crate::shader::{MAX_VERTEX_INPUTS, Reg, VertexShader, VsInput, VsOutput, ZERO_REG};
use crate::state::VertexBufferBinding;

/// Vertices shaded per parallel task (a multiple of 8).
const VERTICES_PER_TASK: usize = 512;

/// Post-transform vertices stored flat: per vertex, `SV_Position` then the varyings, each a
/// float4. This is the post-transform cache: every vertex a draw references is shaded once.
#[derive(Clone, Debug, Default)]
pub struct ShadedVertices {
    /// Floats per vertex: `4 * (1 + varying_count)`.
    pub stride: usize,
    /// The vertex data.
    pub data: Vec<f32>,
}

impl ShadedVertices {
    /// Number of shaded vertices.
    pub fn vertex_count(&self) -> usize {
        self.data.len().checked_div(self.stride).unwrap_or(0)
    }

    /// Position and varyings of vertex `i`.
    #[inline]
    pub fn vertex(&self, i: usize) -> &[f32] {
        &self.data[i * self.stride..(i + 1) * self.stride]
    }
}

/// Which vertex a lane shades: its fetch index per input rate, and its system values.
#[derive(Clone, Copy, Debug, Default)]
pub struct VertexKey {
    /// Index used for per-vertex elements (index value + base vertex, or the vertex number).
    pub vertex_index: u64,
    /// Instance number (0-based within the draw).
    pub instance: u32,
    /// `SV_VertexID`.
    pub vertex_id: u32,
}

/// Shades `keys` with `vs`, in parallel over fixed chunks; the result does not depend on the
/// thread count because each vertex is computed independently with a fixed sequence of ops.
pub fn shade_vertices(
    vs: &dyn VertexShader,
    env: &ShaderEnv<'_>,
    layout: &InputLayout,
    buffers: &[VertexBufferBinding<'_>],
    start_instance: u32,
    keys: &[VertexKey],
) -> ShadedVertices {
    let varying_count = vs.varying_count().min(crate::shader::MAX_VARYINGS);
    let stride = 4 * (1 + varying_count);
    let mut data = vec![0.0f32; keys.len() * stride];
    data.par_chunks_mut(VERTICES_PER_TASK * stride)
        .zip(keys.par_chunks(VERTICES_PER_TASK))
        .for_each(|(out, keys)| {
            let mut regs = [ZERO_REG; MAX_VERTEX_INPUTS];
            let n_inputs = layout.elements.len().min(MAX_VERTEX_INPUTS);
            // Reused for every group of the task; only the first `n_inputs` entries are read,
            // and those are fully rewritten per group, as is every output the shader declares.
            let mut lanes = [[[0.0f32; 8]; 4]; MAX_VERTEX_INPUTS];
            let mut output = VsOutput::default();
            // Per-vertex float elements read through their fast fetch.
            let fast: [Option<FloatFetch<'_>>; MAX_VERTEX_INPUTS] = core::array::from_fn(|e| {
                layout
                    .elements
                    .get(e)
                    .and_then(|element| FloatFetch::of(element, buffers))
            });
            for (group, out) in keys.chunks(8).zip(out.chunks_mut(8 * stride)) {
                let mut vertex_id = [0u32; 8];
                let mut instance_id = [0u32; 8];
                for lane in 0..8 {
                    // Lanes past the end repeat the last vertex so the shader sees valid data.
                    let key = group[lane.min(group.len() - 1)];
                    vertex_id[lane] = key.vertex_id;
                    instance_id[lane] = key.instance;
                    for (e, element) in layout.elements.iter().take(n_inputs).enumerate() {
                        if let Some(fetch) = &fast[e] {
                            let v = fetch.fetch(key.vertex_index);
                            for c in 0..4 {
                                lanes[e][c][lane] = v[c];
                            }
                            continue;
                        }
                        let index = if element.per_instance {
                            let step = u64::from(element.step_rate);
                            let stepped = u64::from(key.instance).checked_div(step).unwrap_or(0);
                            u64::from(start_instance) + stepped
                        } else {
                            key.vertex_index
                        };
                        let v = fetch_element(element, buffers, index);
                        for c in 0..4 {
                            lanes[e][c][lane] = v[c];
                        }
                    }
                }
                for (reg, lane) in regs.iter_mut().zip(lanes.iter()).take(n_inputs) {
                    *reg = lane.map(f32x8::from);
                }
                let input = VsInput {
                    regs: &regs[..n_inputs],
                    vertex_id,
                    instance_id,
                };
                output.position = ZERO_REG;
                for v in output.varyings.iter_mut().take(varying_count) {
                    *v = ZERO_REG;
                }
                vs.shade(env, &input, &mut output);
                write_lanes(&output, varying_count, group.len(), stride, out);
            }
        });
    ShadedVertices { stride, data }
}

fn write_lanes(
    output: &VsOutput,
    varying_count: usize,
    lanes: usize,
    stride: usize,
    out: &mut [f32],
) {
    let position = reg_lanes(&output.position);
    let mut varyings = [[[0.0f32; 8]; 4]; crate::shader::MAX_VARYINGS];
    for (dst, reg) in varyings.iter_mut().zip(&output.varyings[..varying_count]) {
        *dst = reg_lanes(reg);
    }
    let varyings = &varyings[..varying_count];
    for lane in 0..lanes {
        let v = &mut out[lane * stride..(lane + 1) * stride];
        for c in 0..4 {
            v[c] = position[c][lane];
        }
        for (r, reg) in varyings.iter().enumerate() {
            for c in 0..4 {
                v[4 + r * 4 + c] = reg[c][lane];
            }
        }
    }
}

fn reg_lanes(r: &Reg) -> [[f32; 8]; 4] {
    r.map(f32x8::to_array)
}
