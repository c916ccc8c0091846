//! The compute stage: a workgroup runs as `ceil(invocations / 8)` batches of 8 lanes in lock
//! step. Every node runs for all batches (batch 0 first) before the next node starts, so a
//! barrier ([`Node::Barrier`], in uniform control flow as naga validates) needs no waiting:
//! each invocation has finished everything before it when any invocation passes it. Within a
//! node the order is fixed: batch by batch, op by op, lane 0 to 7 (an atomic serialises its
//! lanes in that order). Workgroups are spread over rayon by [`dispatch`](super::dispatch).

use tessera_pipeline::env::ShaderEnv;

use super::budget::StepBudget;
use super::memory::Memory;
use super::ops;
use crate::error::ExecError;
use crate::ir::{AtomicOp, Lanes, MemOp, MemSpace, Node, Op};

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
        let addr = |regs: &[Lanes], offset: u32, dynamic: Option<u32>, l: usize| -> u64 {
            u64::from(offset) + dynamic.map_or(0, |d| u64::from(regs[d as usize][l]))
        };
        let regs = &mut self.regs[b];
        match *mem {
            MemOp::Load {
                dst,
                space,
                offset,
                dynamic,
            } => {
                let mut out = [0u32; 8];
                for (l, o) in out.iter_mut().enumerate() {
                    if m & (1 << l) != 0 {
                        *o = self.mem.load(space, addr(regs, offset, dynamic, l));
                    }
                }
                regs[dst as usize] = out;
            }
            MemOp::Store {
                space,
                offset,
                dynamic,
                src,
            } => {
                for l in 0..8 {
                    if m & (1 << l) != 0 {
                        let v = regs[src as usize][l];
                        self.mem.store(space, addr(regs, offset, dynamic, l), v);
                    }
                }
            }
            MemOp::Atomic {
                op,
                dst,
                exchanged,
                space,
                offset,
                dynamic,
                value,
                compare,
            } => {
                let (mut old, mut swapped) = ([0u32; 8], [0u32; 8]);
                for l in 0..8 {
                    if m & (1 << l) != 0 {
                        let (v, c) = (regs[value as usize][l], regs[compare as usize][l]);
                        let at = addr(regs, offset, dynamic, l);
                        let o = self.mem.atomic(space, at, op, v, c);
                        old[l] = o.unwrap_or(0);
                        swapped[l] = u32::from(op == AtomicOp::CompareExchange && o == Some(c));
                    }
                }
                regs[dst as usize] = old;
                if let Some(e) = exchanged {
                    regs[e as usize] = swapped;
                }
            }
            MemOp::TexStore {
                slot,
                format,
                coords,
                value,
            } => {
                let Some(layout) = self.mem.layout(slot).filter(|l| l.format() == format) else {
                    return;
                };
                let n = layout.element_bytes().min(16);
                let [xs, ys, zs] = coords.map(|c| regs[c as usize]);
                for (l, ((x, y), z)) in xs.into_iter().zip(ys).zip(zs).enumerate() {
                    let Some(at) = layout.element_offset(x, y, z) else {
                        continue;
                    };
                    if m & (1 << l) == 0 {
                        continue;
                    }
                    let v = value.map(|r| regs[r as usize][l]);
                    let mut texel = [0u8; 16];
                    let encoded = if format.is_float_readable() {
                        format.encode_float(v.map(f32::from_bits), &mut texel[..n])
                    } else {
                        format.encode_uint(v, &mut texel[..n])
                    };
                    if encoded.is_err() {
                        continue;
                    }
                    for (k, w) in texel[..n].chunks_exact(4).enumerate() {
                        let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                        self.mem
                            .store(MemSpace::Uav(slot), (at + 4 * k) as u64, word);
                    }
                }
            }
            MemOp::TexLoad {
                dst,
                slot,
                format,
                coords,
            } => {
                let mut out = [[0u32; 8]; 4];
                let layout = self.mem.layout(slot).filter(|l| l.format() == format);
                let [xs, ys, zs] = coords.map(|c| regs[c as usize]);
                for (l, ((x, y), z)) in xs.into_iter().zip(ys).zip(zs).enumerate() {
                    let Some((layout, at)) =
                        layout.and_then(|ly| Some((ly, ly.element_offset(x, y, z)?)))
                    else {
                        continue;
                    };
                    if m & (1 << l) == 0 {
                        continue;
                    }
                    let n = layout.element_bytes().min(16);
                    let mut texel = [0u8; 16];
                    for (k, w) in texel[..n].chunks_exact_mut(4).enumerate() {
                        let word = self.mem.load(MemSpace::Uav(slot), (at + 4 * k) as u64);
                        w.copy_from_slice(&word.to_le_bytes());
                    }
                    let bits = if format.is_float_readable() {
                        format
                            .decode_float(&texel[..n])
                            .map(|v| v.map(f32::to_bits))
                    } else {
                        format.decode_uint(&texel[..n])
                    };
                    for (o, b) in out.iter_mut().zip(bits.unwrap_or([0; 4])) {
                        o[l] = b;
                    }
                }
                for (d, v) in dst.iter().zip(out) {
                    regs[*d as usize] = v;
                }
            }
            MemOp::TexSize { dst, slot } => {
                let size = self
                    .mem
                    .layout(slot)
                    .map_or([0; 3], |l| [l.width(), l.height(), l.depth()]);
                for (d, v) in dst.iter().zip(size) {
                    regs[*d as usize] = [v; 8];
                }
            }
            MemOp::ArrayLength {
                dst,
                space,
                offset,
                stride,
            } => {
                let bytes = self.mem.len(space).saturating_sub(u64::from(offset));
                let len = u32::try_from(bytes / u64::from(stride.max(1))).unwrap_or(u32::MAX);
                regs[dst as usize] = [len; 8];
            }
        }
    }
}
