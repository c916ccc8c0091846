//! The 8-lane interpreter: runs a [`Program`]'s nodes under a lane mask.
//!
//! A block runs with the mask of the lanes that reached it; after each control node the mask
//! loses the lanes that returned, were discarded, or left the innermost loop (`break`) or its
//! current iteration (`continue`). A block whose mask is empty is skipped. A loop repeats until
//! its mask is empty. Every op and every loop iteration is a step; past the program's budget
//! the call fails with [`ExecError::StepBudget`].

mod bits;
mod budget;
pub mod compute;
mod dispatch;
mod memop;
mod memory;
mod ops;

pub(crate) use memory::Direct;

pub use dispatch::{PARALLEL_BATCH, dispatch};
pub use tessera_pipeline::compute::ComputeMemory;

use std::cell::RefCell;

use tessera_pipeline::env::ShaderEnv;

use crate::error::ExecError;
use crate::ir::{Lanes, Node, Op};
use crate::program::Program;
use budget::StepBudget;
use memop::mem_op;

/// Lanes that left an enclosing loop or switch.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Lanes that broke out.
    brk: u8,
    /// Lanes that continued this iteration (loops only).
    cont: u8,
    /// A loop (`continue` targets the innermost one), else a switch.
    is_loop: bool,
}

struct Machine<'a, 'e, 'm, 'n> {
    env: &'a ShaderEnv<'e>,
    /// A pixel shader's UAVs (none bound: every load reads 0, every write is dropped).
    mem: &'a mut Direct<'m, 'n>,
    /// Lanes covered by the primitive: only they (less those that discarded) write memory.
    regs: &'a mut [Lanes],
    steps: StepBudget,
    /// Lanes that returned or were discarded.
    done: u8,
    killed: u8,
    /// Per enclosing loop or switch, innermost last.
    frames: &'a mut Vec<Frame>,
    covered: u8,
}

/// Per-thread scratch: the register file of the program run last on this thread (its
/// [`Program::id`]) and the frame stack, reused so that a call allocates nothing.
#[derive(Default)]
struct Scratch {
    id: u64,
    regs: Vec<Lanes>,
    frames: Vec<Frame>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `program` on 8 lanes: `setup` fills the input registers, `mask` is the lanes that run,
/// and `read` gets the final register file and the lanes that executed `discard`.
///
/// The register file starts as the program's template: constants in place, variables and
/// outputs at their initial values. It is reused between calls on a thread; only the
/// variables and outputs ([`Program::stateful`]) are reset, since every temporary is written
/// before it is read and nothing writes a constant.
pub fn run<T>(
    program: &Program,
    env: &ShaderEnv<'_>,
    mask: u8,
    setup: impl FnOnce(&mut [Lanes]),
    read: impl FnOnce(&[Lanes], u8) -> T,
) -> Result<T, ExecError> {
    let mut none = Direct {
        uavs: &mut [],
        srvs: &env.buffers,
        layouts: &[],
        wg: &mut [],
    };
    run_with_memory(program, env, mask, 0, &mut none, setup, read)
}

/// [`run`] of a fragment program with its UAVs in `mem`: memory ops read in every running
/// lane and write (store, atomic, texel store) only in the lanes of `covered` that have not
/// executed `discard`, op by op, lane 0 to 7. Helper lanes read but never write, as D3D's.
pub(crate) fn run_with_memory<T>(
    program: &Program,
    env: &ShaderEnv<'_>,
    mask: u8,
    covered: u8,
    mem: &mut Direct<'_, '_>,
    setup: impl FnOnce(&mut [Lanes]),
    read: impl FnOnce(&[Lanes], u8) -> T,
) -> Result<T, ExecError> {
    SCRATCH.with_borrow_mut(|s| {
        let t = &program.template;
        if s.id != program.id || s.regs.len() != t.len() {
            s.regs.clear();
            s.regs.extend_from_slice(t);
            s.id = program.id;
        } else {
            for &(base, n) in &program.stateful {
                let r = base as usize..(base + n) as usize;
                s.regs[r.clone()].copy_from_slice(&t[r]);
            }
        }
        setup(&mut s.regs);
        s.frames.clear();
        let mut m = Machine {
            env,
            mem,
            covered,
            regs: &mut s.regs,
            steps: StepBudget::new(program.step_budget),
            done: 0,
            killed: 0,
            frames: &mut s.frames,
        };
        let r = m.block(&program.body, mask);
        let killed = m.killed;
        if r.is_err() {
            // A call abandoned half-way may leave any register: start the next one afresh.
            s.id = 0;
        }
        r.map(|()| read(&s.regs, killed))
    })
}

impl Machine<'_, '_, '_, '_> {
    fn dead(&self) -> u8 {
        let mut dead = self.done;
        for f in self.frames.iter().rev() {
            dead |= f.brk | f.cont;
            if f.is_loop {
                break;
            }
        }
        dead
    }

    fn step(&mut self, n: u64) -> Result<(), ExecError> {
        self.steps.charge(n)
    }

    fn block(&mut self, nodes: &[Node], mut mask: u8) -> Result<(), ExecError> {
        for node in nodes {
            if mask == 0 {
                return Ok(());
            }
            match node {
                Node::Ops(list) => {
                    self.step(list.len() as u64)?;
                    for op in list {
                        match op {
                            Op::Mem(mo) => {
                                let write = mask & self.covered & !self.killed;
                                mem_op(self.regs, self.mem, mo, mask, write);
                            }
                            _ => ops::exec(self.regs, self.env, op, mask),
                        }
                    }
                    continue;
                }
                Node::If {
                    cond,
                    accept,
                    reject,
                } => {
                    self.step(1)?;
                    let c = ops::mask_of(&self.regs[*cond as usize]);
                    let (t, f) = (mask & c, mask & !c);
                    if t != 0 {
                        self.block(accept, t)?;
                    }
                    if f != 0 {
                        self.block(reject, f & !self.dead())?;
                    }
                }
                Node::Loop {
                    body,
                    continuing,
                    break_if,
                } => {
                    self.frames.push(Frame {
                        brk: 0,
                        cont: 0,
                        is_loop: true,
                    });
                    let mut live = mask;
                    while live != 0 {
                        self.step(1)?;
                        if let Some(top) = self.frames.last_mut() {
                            top.cont = 0;
                        }
                        self.block(body, live)?;
                        if let Some(top) = self.frames.last_mut() {
                            top.cont = 0;
                        }
                        live &= !self.dead();
                        if live != 0 {
                            self.block(continuing, live)?;
                            if let Some(c) = break_if {
                                let b = live & ops::mask_of(&self.regs[*c as usize]);
                                if let Some(top) = self.frames.last_mut() {
                                    top.brk |= b;
                                }
                            }
                        }
                        live &= !self.dead();
                    }
                    self.frames.pop();
                }
                Node::Switch { selector, cases } => {
                    self.step(1)?;
                    let sel = self.regs[*selector as usize];
                    let hit = |values: &[u32]| -> u8 {
                        let mut m = 0u8;
                        for (l, v) in sel.iter().enumerate() {
                            if values.contains(v) {
                                m |= 1 << l;
                            }
                        }
                        m
                    };
                    let named = cases.iter().fold(0u8, |m, c| m | hit(&c.values));
                    self.frames.push(Frame {
                        brk: 0,
                        cont: 0,
                        is_loop: false,
                    });
                    for case in cases {
                        let mut m = hit(&case.values);
                        if case.default {
                            m |= !named;
                        }
                        let m = m & mask & !self.dead();
                        if m != 0 {
                            self.block(&case.body, m)?;
                        }
                    }
                    self.frames.pop();
                }
                Node::Break => {
                    if let Some(top) = self.frames.last_mut() {
                        top.brk |= mask;
                    }
                }
                Node::BreakOut(n) => {
                    for f in self.frames.iter_mut().rev().take(*n as usize) {
                        f.brk |= mask;
                    }
                }
                Node::Continue => {
                    if let Some(f) = self.frames.iter_mut().rev().find(|f| f.is_loop) {
                        f.cont |= mask;
                    }
                }
                Node::Return => self.done |= mask,
                // Barriers exist only in compute programs (naga validates that), which run in
                // `compute`'s lock-step machine; one 8-lane call has nothing to wait for.
                Node::Barrier => {}
                // WGSL's `discard` demotes the invocation to a helper: it runs on, so that
                // its quad's derivatives stay defined, and its outputs are dropped at the end.
                Node::Kill => self.killed |= mask,
            }
            mask &= !self.dead();
        }
        Ok(())
    }
}
