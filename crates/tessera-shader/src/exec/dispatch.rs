//! `Dispatch(x, y, z)` of a compute [`Program`]: workgroups in index order
//! (`x` fastest, then `y`, then `z`), spread over rayon with the same bytes at any thread count.
//!
//! Two schedules, chosen from the program when it is compiled ([`Uses::ordered_atomics`]):
//! - **ordered**: a program that can observe other workgroups' writes through an atomic (an
//!   atomic on storage whose returned value is used, or an `atomicLoad` of storage) runs its
//!   workgroups one after another in index order on one thread, writing in place;
//! - **parallel**: otherwise the workgroups run in batches of [`PARALLEL_BATCH`] on rayon. Each
//!   reads the storage buffers as the batch started plus its own writes, and logs its UAV
//!   writes; the logs are then replayed in workgroup index order (a store writes its word, an
//!   atomic is re-applied to the word as the replay finds it). The final bytes are those of the
//!   ordered schedule for every program whose workgroups do not read each other's plain
//!   writes (a data race WGSL and D3D leave undefined; here it is at least deterministic).
//!
//! [`Uses::ordered_atomics`]: crate::program::Uses::ordered_atomics

use std::collections::HashMap;

use rayon::prelude::*;
use tessera_pipeline::compute::ComputeMemory;
use tessera_pipeline::env::ShaderEnv;

use super::budget::StepBudget;
use super::compute::{Frame, Group, MAX_BATCHES};
use super::memory::{Direct, Event, Memory, Overlay, replay};
use crate::error::ExecError;
use crate::ir::Lanes;
use crate::program::{Input, Program, Stage};

/// Workgroups per parallel batch (a fixed number, so that the schedule never depends on the
/// thread count).
pub const PARALLEL_BATCH: u64 = 1024;

/// Per-thread scratch: register files per batch, frames, workgroup memory.
#[derive(Default)]
struct Scratch {
    regs: Vec<Vec<Lanes>>,
    frames: Vec<Frame>,
    wg: Vec<u8>,
}

/// Runs `program` over `groups` workgroups. `env` holds its constant buffers, textures and
/// samplers. Fails with [`ExecError::NotCompute`] for a vertex or fragment program and with
/// [`ExecError::StepBudget`] when an invocation runs past the budget (the dispatch is then
/// abandoned: in the parallel schedule nothing of the failing batch is written).
pub fn dispatch(
    program: &Program,
    env: &ShaderEnv<'_>,
    memory: ComputeMemory<'_, '_>,
    groups: [u32; 3],
) -> Result<(), ExecError> {
    if program.stage != Stage::Compute {
        return Err(ExecError::NotCompute {
            stage: program.stage.name(),
        });
    }
    let total = groups.iter().map(|&g| u64::from(g)).product::<u64>();
    let ComputeMemory {
        uavs,
        srvs,
        uav_layouts,
    } = memory;
    if program.uses.ordered_atomics {
        let mut s = Scratch::default();
        for i in 0..total {
            s.wg.clear();
            s.wg.resize(program.workgroup_bytes as usize, 0);
            let mut mem = Direct {
                uavs: &mut *uavs,
                srvs,
                layouts: uav_layouts,
                wg: &mut s.wg,
            };
            run_group(
                program,
                env,
                groups,
                i,
                &mut s.regs,
                &mut s.frames,
                &mut mem,
            )?;
        }
        return Ok(());
    }
    let mut start = 0;
    while start < total {
        let end = total.min(start + PARALLEL_BATCH);
        let logs: Vec<Result<Vec<Event>, ExecError>> = {
            let snapshot: Vec<Option<&[u8]>> = uavs.iter().map(|u| u.as_deref()).collect();
            (start..end)
                .into_par_iter()
                .map_init(Scratch::default, |s, i| {
                    s.wg.clear();
                    s.wg.resize(program.workgroup_bytes as usize, 0);
                    let mut mem = Overlay {
                        uavs: &snapshot,
                        srvs,
                        layouts: uav_layouts,
                        wg: &mut s.wg,
                        written: HashMap::new(),
                        log: Vec::new(),
                    };
                    run_group(
                        program,
                        env,
                        groups,
                        i,
                        &mut s.regs,
                        &mut s.frames,
                        &mut mem,
                    )?;
                    Ok(mem.log)
                })
                .collect()
        };
        let logs = logs.into_iter().collect::<Result<Vec<_>, _>>()?;
        for log in &logs {
            replay(uavs, log);
        }
        start = end;
    }
    Ok(())
}

/// The `(x, y, z)` of index `i` in a grid of `size` (x fastest).
fn coords(i: u64, size: [u32; 3]) -> [u32; 3] {
    let (x, y) = (u64::from(size[0].max(1)), u64::from(size[1].max(1)));
    [(i % x) as u32, ((i / x) % y) as u32, (i / (x * y)) as u32]
}

/// Runs workgroup `index` to the end.
fn run_group<M: Memory>(
    program: &Program,
    env: &ShaderEnv<'_>,
    groups: [u32; 3],
    index: u64,
    regs: &mut Vec<Vec<Lanes>>,
    frames: &mut Vec<Frame>,
    mem: &mut M,
) -> Result<(), ExecError> {
    let size = program.workgroup_size;
    let invocations = size.iter().map(|&s| s as usize).product::<usize>();
    let batches = invocations.div_ceil(8).min(MAX_BATCHES);
    regs.resize_with(batches, Vec::new);
    let wg = coords(index, groups);
    let mut mask = [0u8; MAX_BATCHES];
    for (b, file) in regs.iter_mut().enumerate() {
        file.clone_from(&program.template);
        for (l, li) in (b * 8..invocations.min(b * 8 + 8)).enumerate() {
            mask[b] |= 1 << l;
            let local = coords(li as u64, size);
            for bind in &program.inputs {
                let v: [u32; 3] = match bind.source {
                    Input::LocalInvocationId => local,
                    Input::LocalInvocationIndex => [li as u32, 0, 0],
                    Input::WorkgroupId => wg,
                    Input::NumWorkgroups => groups,
                    Input::GlobalInvocationId => {
                        [0, 1, 2].map(|c| wg[c].wrapping_mul(size[c]).wrapping_add(local[c]))
                    }
                    // The compiler binds no other input in the compute stage.
                    _ => [0; 3],
                };
                for (&r, &c) in bind.regs.iter().zip(&v) {
                    file[r as usize][l] = c;
                }
            }
        }
    }
    frames.clear();
    let mut g = Group {
        env,
        regs: regs.as_mut_slice(),
        mem,
        steps: StepBudget::new(program.step_budget),
        done: [0; MAX_BATCHES],
        frames,
    };
    g.block(&program.body, &mask)
}
