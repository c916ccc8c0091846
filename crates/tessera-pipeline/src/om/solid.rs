//! The output merger of a uniform colour (the same source on every lane) into an RGBA8/BGRA8
//! target, as byte tables (SPEC §5.2: blend, UNORM encode, write mask): with blending off or
//! "over" ([`BlendPlan`](super::blend::BlendPlan)) each stored byte is a function of that
//! channel's byte before it, so the merger is evaluated once on the 256 possible bytes with
//! the very functions the block path runs ([`blend_over_unorm`], the exact UNORM8 decode and
//! encode), and each covered pixel is then four table reads. Channels the write mask keeps
//! map to themselves. The pixel stage decides when a triangle qualifies
//! ([`crate::ps::solid`]).

use wide::u32x8;

use super::blend::blend_over_unorm;
use super::target::{channel_bytes, pack_unorm8, unpack_unorm8};
use crate::shader::Reg;

/// The output merger of one triangle's colour into an RGBA8/BGRA8 target: for each memory
/// byte position `j` and byte found, the byte stored, already shifted to its place
/// (`<< 8j`) so a texel is four reads or-ed together.
#[derive(Clone, Debug)]
pub struct SolidTables {
    words: [[u32; 256]; 4],
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

    /// The tables of the merger storing `src` (the same on every lane) with blending off
    /// (`alpha_one` is `None`) or "over" ([`blend_over_unorm`]), keeping the channels of
    /// `write_mask`, into an RGBA8 (or, with `bgra`, BGRA8) target.
    pub fn build(src: &Reg, alpha_one: Option<bool>, write_mask: u8, bgra: bool) -> Self {
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
        Self { words }
    }
}
