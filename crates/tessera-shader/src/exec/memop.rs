//! The memory ops of one 8-lane node ([`MemOp`]), shared by the compute machine (lock-step
//! workgroups) and the fragment machine (a pixel shader's UAVs): loads run in every active
//! lane; stores, atomics and texel stores only in the lanes of `write` (a pixel shader's
//! covered lanes that have not discarded: helper lanes never write a UAV, as in D3D). A lane
//! outside `write` gets 0 as an atomic's result.

use super::memory::Memory;
use crate::ir::{AtomicOp, Lanes, MemOp, MemSpace};

/// Runs memory op `op` on the register file `regs` against `mem`: active lanes `m`, writing
/// lanes `write` (a subset of `m`).
pub(crate) fn mem_op<M: Memory>(regs: &mut [Lanes], mem: &mut M, op: &MemOp, m: u8, write: u8) {
    let write = write & m;
    let addr = |regs: &[Lanes], offset: u32, dynamic: Option<u32>, l: usize| -> u64 {
        u64::from(offset) + dynamic.map_or(0, |d| u64::from(regs[d as usize][l]))
    };
    match *op {
        MemOp::Load {
            dst,
            space,
            offset,
            dynamic,
        } => {
            let mut out = [0u32; 8];
            for (l, o) in out.iter_mut().enumerate() {
                if m & (1 << l) != 0 {
                    *o = mem.load(space, addr(regs, offset, dynamic, l));
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
                if write & (1 << l) != 0 {
                    let v = regs[src as usize][l];
                    mem.store(space, addr(regs, offset, dynamic, l), v);
                }
            }
        }
        MemOp::Atomic {
            op: aop,
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
                if write & (1 << l) != 0 {
                    let (v, c) = (regs[value as usize][l], regs[compare as usize][l]);
                    let at = addr(regs, offset, dynamic, l);
                    let o = mem.atomic(space, at, aop, v, c);
                    old[l] = o.unwrap_or(0);
                    swapped[l] = u32::from(aop == AtomicOp::CompareExchange && o == Some(c));
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
            let Some(layout) = mem.layout(slot).filter(|l| l.format() == format) else {
                return;
            };
            let n = layout.element_bytes().min(16);
            let [xs, ys, zs] = coords.map(|c| regs[c as usize]);
            for (l, ((x, y), z)) in xs.into_iter().zip(ys).zip(zs).enumerate() {
                let Some(at) = layout.element_offset(x, y, z) else {
                    continue;
                };
                if write & (1 << l) == 0 {
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
                    mem.store(MemSpace::Uav(slot), (at + 4 * k) as u64, word);
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
            let layout = mem.layout(slot).filter(|l| l.format() == format);
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
                    let word = mem.load(MemSpace::Uav(slot), (at + 4 * k) as u64);
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
            let size = mem
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
            let bytes = mem.len(space).saturating_sub(u64::from(offset));
            let len = u32::try_from(bytes / u64::from(stride.max(1))).unwrap_or(u32::MAX);
            regs[dst as usize] = [len; 8];
        }
    }
}
