//! The compute stage: a workgroup runs as `ceil(invocations / 8)` batches of 8 lanes in lock
//! step. Every node runs for all batches (batch 0 first) before the next node starts, so a
//! barrier ([`Node::Barrier`], in uniform control flow as naga validates) needs no waiting:
//! each invocation has finished everything before it when any invocation passes it. Within a
//! node the order is fixed: batch by batch, op by op, lane 0 to 7 (an atomic serialises its
//! lanes in that order). Workgroups are spread over rayon by [`dispatch`](super::dispatch).

use tessera_pipeline::env::ShaderEnv;

use super::budget::StepBudget;
use super::memop::mem_op;
use super::memory::Memory;
use super::ops;
use crate::error::ExecError;
use crate::ir::{Lanes, Node, Op};

/// The most batches a workgroup has: 1024 invocations (D3D11's limit) / 8 lanes.
pub const MAX_BATCHES: usize = 128;

/// A lane mask per batch.
type Masks = [u8; MAX_BATCHES];

/// Lanes that left an enclosing loop or switch, per batch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    brk: Masks,
    cont: Masks,
    is_loop: bool,
}

/// One workgroup in flight.
pub(crate) struct Group<'a, 'e, M> {
    /// Constant buffers, textures and samplers.
    pub env: &'a ShaderEnv<'e>,
    /// A register file per batch.
    pub regs: &'a mut [Vec<Lanes>],
    /// Storage and workgroup memory.
    pub mem: &'a mut M,
    /// Lock-step steps so far against the program's budget per invocation (every
    /// invocation ran at most this many).
    pub steps: StepBudget,
    /// Lanes that returned, per batch.
    pub done: Masks,
    /// Enclosing loops and switches, innermost last.
    pub frames: &'a mut Vec<Frame>,
}

fn any(m: &Masks, n: usize) -> bool {
    m[..n].iter().any(|&b| b != 0)
}

/// `dst[b] |= src[b]` for the first `n` batches.
fn or_into(dst: &mut Masks, src: &Masks, n: usize) {
    for (d, s) in dst[..n].iter_mut().zip(&src[..n]) {
        *d |= s;
    }
}

impl<M: Memory> Group<'_, '_, M> {
    fn n(&self) -> usize {
        self.regs.len()
    }

    fn dead(&self, b: usize) -> u8 {
        let mut dead = self.done[b];
        for f in self.frames.iter().rev() {
            dead |= f.brk[b] | f.cont[b];
            if f.is_loop {
                break;
            }
        }
        dead
    }

    /// Removes from `m` the lanes that returned or left the innermost loop or switch.
    fn drop_dead(&self, m: &mut Masks) {
        let n = self.n();
        for (b, x) in m[..n].iter_mut().enumerate() {
            *x &= !self.dead(b);
        }
    }

    fn step(&mut self, n: u64) -> Result<(), ExecError> {
        self.steps.charge(n)
    }

    fn lanes(&self, b: usize, r: u32) -> &Lanes {
        &self.regs[b][r as usize]
    }

    /// Runs `nodes` with lane mask `mask[b]` for batch `b`.
    pub fn block(&mut self, nodes: &[Node], mask: &Masks) -> Result<(), ExecError> {
        let n = self.n();
        let mut mask = *mask;
        for node in nodes {
            if !any(&mask, n) {
                return Ok(());
            }
            match node {
                Node::Ops(list) => {
                    self.step(list.len() as u64)?;
                    for (b, &m) in mask[..n].iter().enumerate() {
                        if m != 0 {
                            for op in list {
                                self.op(b, op, m);
                            }
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
                    let (mut t, mut f) = ([0u8; MAX_BATCHES], [0u8; MAX_BATCHES]);
                    for b in 0..n {
                        let c = ops::mask_of(self.lanes(b, *cond));
                        (t[b], f[b]) = (mask[b] & c, mask[b] & !c);
                    }
                    if any(&t, n) {
                        self.block(accept, &t)?;
                    }
                    self.drop_dead(&mut f);
                    if any(&f, n) {
                        self.block(reject, &f)?;
                    }
                }
                Node::Loop {
                    body,
                    continuing,
                    break_if,
                } => self.run_loop(body, continuing, *break_if, mask)?,
                Node::Switch { selector, cases } => {
                    self.step(1)?;
                    let hit = |sel: &Lanes, values: &[u32]| -> u8 {
                        let mut m = 0u8;
                        for (l, v) in sel.iter().enumerate() {
                            if values.contains(v) {
                                m |= 1 << l;
                            }
                        }
                        m
                    };
                    self.frames.push(Frame {
                        brk: [0; MAX_BATCHES],
                        cont: [0; MAX_BATCHES],
                        is_loop: false,
                    });
                    let mut named = [0u8; MAX_BATCHES];
                    for (b, nb) in named[..n].iter_mut().enumerate() {
                        let sel = *self.lanes(b, *selector);
                        *nb = cases.iter().fold(0u8, |m, c| m | hit(&sel, &c.values));
                    }
                    for case in cases {
                        let mut m = [0u8; MAX_BATCHES];
                        for b in 0..n {
                            let sel = *self.lanes(b, *selector);
                            let mut h = hit(&sel, &case.values);
                            if case.default {
                                h |= !named[b];
                            }
                            m[b] = h & mask[b] & !self.dead(b);
                        }
                        if any(&m, n) {
                            self.block(&case.body, &m)?;
                        }
                    }
                    self.frames.pop();
                }
                Node::Break => {
                    if let Some(top) = self.frames.last_mut() {
                        or_into(&mut top.brk, &mask, n);
                    }
                }
                Node::BreakOut(levels) => {
                    for f in self.frames.iter_mut().rev().take(*levels as usize) {
                        or_into(&mut f.brk, &mask, n);
                    }
                }
                Node::Continue => {
                    if let Some(f) = self.frames.iter_mut().rev().find(|f| f.is_loop) {
                        or_into(&mut f.cont, &mask, n);
                    }
                }
                // `discard` exists only in fragment shaders (naga validates that).
                Node::Return | Node::Kill => or_into(&mut self.done, &mask, n),
                // Lock step: every batch finished the nodes before this one.
                Node::Barrier => {}
            }
            self.drop_dead(&mut mask);
        }
        Ok(())
    }

    fn run_loop(
        &mut self,
        body: &[Node],
        continuing: &[Node],
        break_if: Option<u32>,
        mask: Masks,
    ) -> Result<(), ExecError> {
        let n = self.n();
        self.frames.push(Frame {
            brk: [0; MAX_BATCHES],
            cont: [0; MAX_BATCHES],
            is_loop: true,
        });
        let mut live = mask;
        while any(&live, n) {
            self.step(1)?;
            if let Some(top) = self.frames.last_mut() {
                top.cont = [0; MAX_BATCHES];
            }
            self.block(body, &live)?;
            if let Some(top) = self.frames.last_mut() {
                top.cont = [0; MAX_BATCHES];
            }
            self.drop_dead(&mut live);
            if any(&live, n) {
                self.block(continuing, &live)?;
                if let Some(c) = break_if {
                    let mut hit = [0u8; MAX_BATCHES];
                    for (b, h) in hit[..n].iter_mut().enumerate() {
                        *h = live[b] & ops::mask_of(self.lanes(b, c));
                    }
                    if let Some(top) = self.frames.last_mut() {
                        or_into(&mut top.brk, &hit, n);
                    }
                }
            }
            self.drop_dead(&mut live);
        }
        self.frames.pop();
        Ok(())
    }

    /// One op for batch `b` under lane mask `m`.
    fn op(&mut self, b: usize, op: &Op, m: u8) {
        let Op::Mem(mem) = op else {
            ops::exec(&mut self.regs[b], self.env, op, m);
            return;
        };
        mem_op(&mut self.regs[b], self.mem, mem, m, m);
    }
}
