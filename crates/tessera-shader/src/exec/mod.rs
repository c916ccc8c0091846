//! The 8-lane interpreter: runs a [`Program`]'s nodes under a lane mask.
//!
//! A block runs with the mask of the lanes that reached it; after each control node the mask
//! loses the lanes that returned, were discarded, or left the innermost loop (`break`) or its
//! current iteration (`continue`). A block whose mask is empty is skipped. A loop repeats until
//! its mask is empty. Every op and every loop iteration is a step; past the program's budget
//! the call fails with [`ExecError::StepBudget`].

mod ops;

use tessera_pipeline::env::ShaderEnv;

use crate::error::ExecError;
use crate::ir::{Lanes, Node};
use crate::program::Program;

/// The register file and lane state after a call.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Every register's final value.
    pub regs: Vec<Lanes>,
    /// Lanes that executed `discard`.
    pub killed: u8,
}

struct Machine<'a, 'e> {
    env: &'a ShaderEnv<'e>,
    regs: Vec<Lanes>,
    steps: u64,
    budget: u64,
    /// Lanes that returned or were discarded.
    done: u8,
    killed: u8,
    /// Per enclosing loop: (lanes that broke out, lanes that continued this iteration).
    loops: Vec<(u8, u8)>,
}

/// Runs `program` on 8 lanes: `setup` fills the input registers (the file starts as the
/// program's template), `mask` is the lanes that run (the others keep their template values).
pub fn run(
    program: &Program,
    env: &ShaderEnv<'_>,
    mask: u8,
    setup: impl FnOnce(&mut [Lanes]),
) -> Result<Finished, ExecError> {
    let mut regs = program.template.clone();
    setup(&mut regs);
    let mut m = Machine {
        env,
        regs,
        steps: 0,
        budget: program.step_budget,
        done: 0,
        killed: 0,
        loops: Vec::new(),
    };
    m.block(&program.body, mask)?;
    Ok(Finished {
        regs: m.regs,
        killed: m.killed,
    })
}

impl Machine<'_, '_> {
    fn dead(&self) -> u8 {
        let (b, c) = self.loops.last().copied().unwrap_or((0, 0));
        self.done | b | c
    }

    fn step(&mut self, n: u64) -> Result<(), ExecError> {
        self.steps += n;
        if self.steps > self.budget {
            return Err(ExecError::StepBudget {
                budget: self.budget,
            });
        }
        Ok(())
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
                        ops::exec(&mut self.regs, self.env, op, mask);
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
                    self.loops.push((0, 0));
                    let mut live = mask;
                    while live != 0 {
                        self.step(1)?;
                        if let Some(top) = self.loops.last_mut() {
                            top.1 = 0;
                        }
                        self.block(body, live)?;
                        if let Some(top) = self.loops.last_mut() {
                            top.1 = 0;
                        }
                        live &= !self.dead();
                        if live != 0 {
                            self.block(continuing, live)?;
                            if let Some(c) = break_if {
                                let b = live & ops::mask_of(&self.regs[*c as usize]);
                                if let Some(top) = self.loops.last_mut() {
                                    top.0 |= b;
                                }
                            }
                        }
                        live &= !self.dead();
                    }
                    self.loops.pop();
                }
                Node::Break => {
                    if let Some(top) = self.loops.last_mut() {
                        top.0 |= mask;
                    }
                }
                Node::Continue => {
                    if let Some(top) = self.loops.last_mut() {
                        top.1 |= mask;
                    }
                }
                Node::Return => self.done |= mask,
                Node::Kill => {
                    self.killed |= mask;
                    self.done |= mask;
                }
            }
            mask &= !self.dead();
        }
        Ok(())
    }
}
