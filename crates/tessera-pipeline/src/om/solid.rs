//! The output merger of a uniform colour (the same source on every lane) into an RGBA8/BGRA8
//! target, as byte tables (SPEC §5.2: blend, UNORM encode, write mask): with blending off or
//! "over" ([`BlendPlan`](super::blend::BlendPlan)) each stored byte is a function of that
//! channel's byte before it, so the merger is evaluated once on the 256 possible bytes with
//! the very functions the block path runs ([`blend_over_unorm`], the exact UNORM8 decode and
//! encode), and each covered pixel is then four table reads. Channels the write mask keeps
//! map to themselves. The pixel stage decides when a triangle qualifies
//! ([`crate::ps::solid`]).
//!
//! Each table is also fitted, where it can be, by `trunc(d·b + a)` in `f32` ([`SolidAffine`]),
//! checked on all 256 bytes against the table, so that the AVX2 path can map eight texels with
//! a few vector operations per channel (`solid_avx2.rs`) and store the same bytes.

use std::sync::{Arc, Mutex};

use wide::u32x8;

use super::blend::blend_over_unorm;
use super::target::{channel_bytes, pack_unorm8, unpack_unorm8};
use crate::shader::Reg;

/// What a triangle's tables are built from: lane 0 of the source's four channels (bits), the
/// blend ("over" with `alpha_one`, or off), the write mask, the byte order and whether the
/// affine form is fitted. Equal keys build equal tables, so a band reuses the last triangle's
/// tables when the key repeats.
pub type SolidKey = ([u32; 4], Option<bool>, u8, bool, bool);

/// The output merger of one triangle's colour into an RGBA8/BGRA8 target: for each memory
/// byte position `j` and byte found, the byte stored, already shifted to its place
/// (`<< 8j`) so a texel is four reads or-ed together.
#[derive(Clone, Debug)]
pub struct SolidTables {
    words: [[u32; 256]; 4],
    key: SolidKey,
    affine: Option<SolidAffine>,
}

/// The tables as arithmetic: memory byte `j` of a texel becomes `trunc(fl(fl(d·b[j]) + a[j]))`
/// (`f32` multiply then add, never fused; `d` the byte found), which equals table `j` for every
/// byte `d` in `lo[j]..=hi[j]` (checked when the tables are built). The range is all bytes
/// unless exact ties of the UNORM encode break the line (alpha 0.25 over alpha: `63.75 +
/// 0.75·d`); then it is a run of bytes ending at 255 (alpha, and the longer for a colour) or
/// starting at 0, and eight texels with a byte outside it go through the tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolidAffine {
    /// Each memory byte's slope.
    pub b: [f32; 4],
    /// Each memory byte's offset.
    pub a: [f32; 4],
    /// Each memory byte's lowest byte that the form covers.
    pub lo: [u8; 4],
    /// Each memory byte's highest byte that the form covers.
    pub hi: [u8; 4],
}

impl SolidTables {
    /// The texel the merger stores over `old` (a 32-bit texel in memory byte order).
    #[inline(always)]
    pub fn apply(&self, old: u32) -> u32 {
        let t = &self.words;
        t[0][(old & 0xff) as usize]
            | t[1][((old >> 8) & 0xff) as usize]
            | t[2][((old >> 16) & 0xff) as usize]
            | t[3][(old >> 24) as usize]
    }

    /// Replaces every whole 32-bit texel of `bytes` (memory byte order) by [`apply`](Self::apply).
    #[inline(always)]
    pub fn apply_texels(&self, bytes: &mut [u8]) {
        for texel in bytes.chunks_exact_mut(4) {
            let old = u32::from_le_bytes([texel[0], texel[1], texel[2], texel[3]]);
            texel.copy_from_slice(&self.apply(old).to_le_bytes());
        }
    }

    /// The key these tables were built from.
    pub fn key(&self) -> SolidKey {
        self.key
    }

    /// The tables as [`SolidAffine`], when every byte position has such a form.
    pub fn affine(&self) -> Option<&SolidAffine> {
        self.affine.as_ref()
    }

    /// The key of [`build`](Self::build)'s arguments.
    pub fn key_of(
        src: &Reg,
        alpha_one: Option<bool>,
        write_mask: u8,
        bgra: bool,
        fit: bool,
    ) -> SolidKey {
        let bits = src.map(|c| c.to_array()[0].to_bits());
        (bits, alpha_one, write_mask, bgra, fit)
    }

    /// The tables of the merger storing `src` (the same on every lane) with blending off
    /// (`alpha_one` is `None`) or "over" ([`blend_over_unorm`]), keeping the channels of
    /// `write_mask`, into an RGBA8 (or, with `bgra`, BGRA8) target; with `fit`, also their
    /// [`SolidAffine`] form where they have one (for the AVX2 path only: it costs a sixth of
    /// the build).
    pub fn build(
        src: &Reg,
        alpha_one: Option<bool>,
        write_mask: u8,
        bgra: bool,
        fit: bool,
    ) -> Self {
        let key = Self::key_of(src, alpha_one, write_mask, bgra, fit);
        let src = *src;
        // Lane k of round r is destination byte 8r + k in every channel.
        let keep = channel_bytes(write_mask, bgra);
        let mut words = [[0u32; 256]; 4];
        for r in 0..32u32 {
            let codes = u32x8::from(core::array::from_fn::<u32, 8, _>(|k| 8 * r + k as u32));
            let dst = unpack_unorm8(codes * u32x8::splat(0x0101_0101), bgra);
            let value = match alpha_one {
                Some(alpha_one) => blend_over_unorm(&src, &dst, alpha_one),
                None => src,
            };
            let new = pack_unorm8(&value, bgra).to_array();
            for (k, texel) in new.iter().enumerate() {
                let old = 8 * r as usize + k;
                for (j, table) in words.iter_mut().enumerate() {
                    let byte = 0xff << (8 * j);
                    table[old] = if keep & byte != 0 {
                        texel & byte
                    } else {
                        (old as u32) << (8 * j)
                    };
                }
            }
        }
        // The slope of each memory byte: 1 where the write mask keeps it, 0 where the source
        // replaces it, and the destination factor 1 − a (clamped source alpha) where it blends.
        let a = src[3].to_array()[0].clamp(0.0, 1.0);
        let slope = |j: u32| match (keep & (0xff << (8 * j)) != 0, alpha_one) {
            (false, _) => 1.0,
            (true, None) => 0.0,
            (true, Some(_)) => 1.0 - a,
        };
        let affine = if fit {
            fit_all(&words, [0, 1, 2, 3].map(slope))
        } else {
            None
        };
        Self { words, key, affine }
    }
}

/// The tables a draw has built, shared by its bands: every band of a full-screen triangle
/// needs the same tables, and building them costs as much as mapping ~5,000 texels. A pure
/// function of the key, so which band builds them first changes no byte.
#[derive(Debug, Default)]
pub struct SolidCache(Mutex<Vec<Arc<SolidTables>>>);

impl SolidCache {
    /// Tables kept per draw; a draw with more colours builds the rest per band.
    const CAPACITY: usize = 64;

    /// The tables of `key`, built by `build` (outside the lock) when no band has built them.
    pub fn get(&self, key: SolidKey, build: impl FnOnce() -> SolidTables) -> Arc<SolidTables> {
        let find = |list: &Vec<Arc<SolidTables>>| list.iter().find(|t| t.key == key).cloned();
        // A poisoned lock only means another band panicked: the list itself is still whole.
        if let Some(t) = find(&self.0.lock().unwrap_or_else(|e| e.into_inner())) {
            return t;
        }
        let tables = Arc::new(build());
        let mut list = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = find(&list) {
            return t;
        }
        if list.len() < Self::CAPACITY {
            list.push(Arc::clone(&tables));
        }
        tables
    }
}

mod fit;
#[cfg(test)]
mod tests;

#[cfg(test)]
use fit::eval;
use fit::fit_all;
