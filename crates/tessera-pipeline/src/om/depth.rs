//! Depth and stencil: clamp, conversion to the buffer format, tests and updates (SPEC §5.4, §5.5).

use tessera_types::{ComparisonFunc, DepthStencilDesc, StencilFaceDesc, StencilOp};
use wide::{CmpEq, CmpGe, CmpGt, CmpLe, CmpLt, f32x8, i32x8};

use super::{read_block_u32, write_block_u32};
use crate::block::{Coverage, LANE_X, LANE_Y, lanes};
use crate::depth_kind::DepthKind;
use tessera_format::BandMut;

/// Per-draw depth-stencil state with the DSV's read-only flags folded in.
#[derive(Clone, Copy, Debug)]
pub struct DepthStencilOps {
    /// The state object.
    pub desc: DepthStencilDesc,
    /// Stencil reference.
    pub stencil_ref: u8,
    /// Depth writes allowed (state, enable and DSV flag, SPEC §5.4).
    pub depth_write: bool,
    /// Stencil writes allowed.
    pub stencil_write: bool,
}

/// The rows of the depth-stencil buffer that a band owns.
pub struct BandDepth<'a> {
    /// The band's rows, addressed by the memory owner in target coordinates.
    pub data: BandMut<'a>,
    /// Format.
    pub kind: DepthKind,
    /// Target width in pixels.
    pub width: u32,
}

impl BandDepth<'_> {
    #[inline]
    fn read(&self, x: u32, y: u32) -> (f32, u8) {
        let d = self.data.texel(x, y);
        match self.kind {
            DepthKind::D16 => (f32::from(u16::from_le_bytes([d[0], d[1]])), 0),
            DepthKind::D24S8 => {
                let v = u32::from_le_bytes([d[0], d[1], d[2], d[3]]);
                ((v & 0x00ff_ffff) as f32, (v >> 24) as u8)
            }
            DepthKind::D32 => (f32::from_le_bytes([d[0], d[1], d[2], d[3]]), 0),
            DepthKind::D32S8 => (f32::from_le_bytes([d[0], d[1], d[2], d[3]]), d[4]),
        }
    }

    #[inline]
    fn write(&mut self, x: u32, y: u32, depth: Option<f32>, stencil: Option<u8>) {
        let kind = self.kind;
        let d = self.data.texel_mut(x, y);
        match kind {
            DepthKind::D16 => {
                if let Some(z) = depth {
                    d.copy_from_slice(&(z as u16).to_le_bytes());
                }
            }
            DepthKind::D24S8 => {
                let mut v = u32::from_le_bytes([d[0], d[1], d[2], d[3]]);
                if let Some(z) = depth {
                    v = (v & 0xff00_0000) | (z as u32 & 0x00ff_ffff);
                }
                if let Some(s) = stencil {
                    v = (v & 0x00ff_ffff) | (u32::from(s) << 24);
                }
                d.copy_from_slice(&v.to_le_bytes());
            }
            DepthKind::D32 => {
                if let Some(z) = depth {
                    d.copy_from_slice(&z.to_le_bytes());
                }
            }
            DepthKind::D32S8 => {
                if let Some(z) = depth {
                    d[..4].copy_from_slice(&z.to_le_bytes());
                }
                if let Some(s) = stencil {
                    d[4] = s;
                }
            }
        }
    }

    /// Runs the stencil and depth tests for the lanes of `mask` of the block at (`bx`, `by`)
    /// with incoming depths `z` (already clamped to the viewport range), applies the stencil
    /// update and the depth write, and returns the lanes that passed both tests (SPEC §5.1).
    #[inline(always)]
    pub fn test(
        &mut self,
        bx: u32,
        by: u32,
        mask: Coverage,
        z: f32x8,
        front: bool,
        ops: &DepthStencilOps,
    ) -> Coverage {
        match self.test_d32_block(bx, by, mask, z, ops) {
            Some(passed) => passed,
            None => self.test_lanes(bx, by, mask, z, front, ops),
        }
    }

    /// [`test`](Self::test) lane by lane, for every format and stencil.
    #[inline(never)]
    fn test_lanes(
        &mut self,
        bx: u32,
        by: u32,
        mask: Coverage,
        z: f32x8,
        front: bool,
        ops: &DepthStencilOps,
    ) -> Coverage {
        let z = z.to_array();
        let desc = &ops.desc;
        let face = if front {
            &desc.front_face
        } else {
            &desc.back_face
        };
        let stencil_on = desc.stencil_enable && self.kind.has_stencil();
        let mut passed = 0;
        for k in lanes(mask) {
            let (x, y) = (bx + LANE_X[k], by + LANE_Y[k]);
            let (stored_z, stored_s) = self.read(x, y);
            let incoming = self.kind.quantize(z[k]);
            let stencil_pass = !stencil_on
                || face.func.test(
                    ops.stencil_ref & desc.stencil_read_mask,
                    stored_s & desc.stencil_read_mask,
                );
            let depth_pass = !desc.depth_enable || desc.depth_func.test(incoming, stored_z);
            let new_s = if stencil_on && ops.stencil_write {
                let op = stencil_outcome(face, stencil_pass, depth_pass);
                let result = apply_stencil_op(op, stored_s, ops.stencil_ref);
                let m = desc.stencil_write_mask;
                let v = (stored_s & !m) | (result & m);
                (v != stored_s).then_some(v)
            } else {
                None
            };
            let pass = stencil_pass && depth_pass;
            let new_z = (pass && ops.depth_write).then_some(incoming);
            if new_z.is_some() || new_s.is_some() {
                self.write(x, y, new_z, new_s);
            }
            if pass {
                passed |= 1 << k;
            }
        }
        passed
    }
}

impl BandDepth<'_> {
    /// D32_FLOAT without stencil, block wholly inside the target: eight lanes at once
    /// ([`D32Test::test`]; every lane passes when depth testing is off).
    #[inline(always)]
    fn test_d32_block(
        &mut self,
        bx: u32,
        by: u32,
        mask: Coverage,
        z: f32x8,
        ops: &DepthStencilOps,
    ) -> Option<Coverage> {
        if self.kind != DepthKind::D32 || bx + 4 > self.width {
            return None;
        }
        match D32Test::of(self, ops) {
            Some(t) => t.test(&mut self.data, bx, by, mask, z),
            None => Some(mask),
        }
    }
}

/// The per-band constants of [`BandDepth::test`] on a D32_FLOAT buffer with depth testing on,
/// read once so that a block loop keeps them in registers. [`D32Test::test`] gives exactly the
/// result and the buffer update of [`BandDepth::test`] for the blocks it accepts.
#[derive(Clone, Copy, Debug)]
pub struct D32Test {
    func: ComparisonFunc,
    write: bool,
    width: u32,
}

impl D32Test {
    /// The constants of `depth` under `ops`, when [`BandDepth::test`] would take its D32 block
    /// path (D32_FLOAT, depth test enabled).
    #[inline]
    pub fn of(depth: &BandDepth<'_>, ops: &DepthStencilOps) -> Option<Self> {
        (depth.kind == DepthKind::D32 && ops.desc.depth_enable).then_some(Self {
            func: ops.desc.depth_func,
            write: ops.depth_write,
            width: depth.width,
        })
    }

    /// A test of `func` (writing when `write`) on a buffer `width` pixels wide, for the
    /// kernels' unit tests.
    #[cfg(test)]
    pub(crate) const fn with(func: ComparisonFunc, write: bool, width: u32) -> Self {
        Self { func, write, width }
    }

    /// The comparison.
    pub fn func(&self) -> ComparisonFunc {
        self.func
    }

    /// Depth writes are on.
    pub fn writes(&self) -> bool {
        self.write
    }

    /// Buffer width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// [`BandDepth::test`] of the block at (`bx`, `by`) of `data` (the band's depth rows) with
    /// clamped depths `z`: the lanes of `mask` that pass. `None`, having changed nothing, when
    /// the block is not wholly inside the buffer (the caller then uses [`BandDepth::test`]).
    #[inline(always)]
    pub fn test(
        &self,
        data: &mut BandMut<'_>,
        bx: u32,
        by: u32,
        mask: Coverage,
        z: f32x8,
    ) -> Option<Coverage> {
        if bx + 4 > self.width {
            return None;
        }
        // Rows `by` and `by + 1` of the band: 16 bytes each.
        let (row0, row1) = data.block_rows_mut(bx, by)?;
        Some(self.test_rows(row0, row1, mask, z))
    }

    /// The test of [`Self::test`] on a block whose two rows of D32 texels are `row0` and
    /// `row1` (16 bytes each, as the memory owner hands them out): the lanes of `mask` that
    /// pass, their depths `z` stored when writes are on.
    #[inline(always)]
    pub fn test_rows(
        &self,
        row0: &mut [u8; 16],
        row1: &mut [u8; 16],
        mask: Coverage,
        z: f32x8,
    ) -> Coverage {
        let stored: f32x8 = bytemuck::cast(read_block_u32(row0, row1));
        let pass = compare(self.func, z, stored) & mask;
        if self.write && pass != 0 {
            let new = lane_select(pass).blend(z, stored);
            write_block_u32(row0, row1, bytemuck::cast(new));
        }
        pass
    }
}

/// Clamps depth to the viewport range (SPEC §5.1's depth clamp) with float min/max rules (NaN → the range minimum):
/// `maxps(z, lo)` returns `lo` for a NaN `z` (the range is finite: the caps layer refuses
/// non-finite viewports).
#[inline(always)]
pub(crate) fn clamp_depth(z: f32x8, range: (f32, f32)) -> f32x8 {
    z.fast_max(f32x8::splat(range.0))
        .fast_min(f32x8::splat(range.1))
}

/// All-ones lanes (as a float mask) where `mask` has a bit.
#[inline(always)]
pub(crate) fn lane_select(mask: Coverage) -> f32x8 {
    let bits = i32x8::from([1, 2, 4, 8, 16, 32, 64, 128]);
    bytemuck::cast((i32x8::splat(i32::from(mask)) & bits).cmp_eq(bits))
}

/// `incoming FUNC stored` on eight lanes as a bitmask, with Rust's NaN rules (every
/// comparison with NaN is false except `NotEqual`).
#[inline]
fn compare(func: ComparisonFunc, a: f32x8, b: f32x8) -> Coverage {
    let bits = |m: f32x8| m.move_mask() as u8;
    match func {
        ComparisonFunc::Never => 0,
        ComparisonFunc::Less => bits(a.cmp_lt(b)),
        ComparisonFunc::Equal => bits(a.cmp_eq(b)),
        ComparisonFunc::LessEqual => bits(a.cmp_le(b)),
        ComparisonFunc::Greater => bits(a.cmp_gt(b)),
        ComparisonFunc::NotEqual => !bits(a.cmp_eq(b)),
        ComparisonFunc::GreaterEqual => bits(a.cmp_ge(b)),
        ComparisonFunc::Always => 0xff,
    }
}

fn stencil_outcome(face: &StencilFaceDesc, stencil_pass: bool, depth_pass: bool) -> StencilOp {
    match (stencil_pass, depth_pass) {
        (false, _) => face.fail_op,
        (true, false) => face.depth_fail_op,
        (true, true) => face.pass_op,
    }
}

/// One stencil operation on an 8-bit value (SPEC §5.5, OM-16).
pub fn apply_stencil_op(op: StencilOp, stored: u8, reference: u8) -> u8 {
    match op {
        StencilOp::Keep => stored,
        StencilOp::Zero => 0,
        StencilOp::Replace => reference,
        StencilOp::IncrSat => stored.saturating_add(1),
        StencilOp::DecrSat => stored.saturating_sub(1),
        StencilOp::Invert => !stored,
        StencilOp::Incr => stored.wrapping_add(1),
        StencilOp::Decr => stored.wrapping_sub(1),
    }
}

/// Every comparison function, for the depth kernels' tests.
#[cfg(test)]
pub(crate) const COMPARISON_FUNCS: [ComparisonFunc; 8] = [
    ComparisonFunc::Never,
    ComparisonFunc::Less,
    ComparisonFunc::Equal,
    ComparisonFunc::LessEqual,
    ComparisonFunc::Greater,
    ComparisonFunc::NotEqual,
    ComparisonFunc::GreaterEqual,
    ComparisonFunc::Always,
];

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_format::{Format, SurfaceMut};

    /// `D32Test::test` gives the lanes and the buffer bytes of `BandDepth::test` on D32_FLOAT
    /// for every comparison, with and without depth writes, NaN and ±0 depths, partial masks,
    /// and declines (changing nothing) blocks that leave the buffer.
    #[test]
    fn d32_test_matches_band_depth_test() {
        let funcs = COMPARISON_FUNCS;
        let values = [0.0f32, -0.0, 0.25, 0.5, 0.75, 1.0, f32::NAN];
        let mut state = 0x9e37_79b9u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let (width, rows, pitch) = (10u32, 5usize, 44usize);
        for case in 0..4_000 {
            let ops = DepthStencilOps {
                desc: DepthStencilDesc {
                    depth_enable: true,
                    depth_func: funcs[case % funcs.len()],
                    ..Default::default()
                },
                stencil_ref: 0,
                depth_write: case % 3 != 0,
                stencil_write: false,
            };
            let start: Vec<u8> = (0..rows * pitch / 4)
                .flat_map(|_| values[next() as usize % values.len()].to_le_bytes())
                .collect();
            let z = f32x8::from([0; 8].map(|_: i32| values[next() as usize % values.len()]));
            let mask = next() as Coverage;
            let (bx, by) = (next() % 12, 16 + next() % 5);
            // A surface of 16 + `rows` rows whose second band of 16 rows is the one tested.
            let start: Vec<u8> = [vec![0u8; 16 * pitch], start].concat();
            fn surface(data: &mut [u8], width: u32, rows: usize, pitch: usize) -> SurfaceMut<'_> {
                let h = (16 + rows) as u32;
                let d = pitch * (16 + rows);
                SurfaceMut::new(Format::D32Float, width, h, 1, pitch, d, data).unwrap()
            }
            let mut want_data = start.clone();
            let mut want_surface = surface(&mut want_data, width, rows, pitch);
            let mut reference = BandDepth {
                data: want_surface.bands_mut(16).nth(1).unwrap(),
                kind: DepthKind::D32,
                width,
            };
            let fast = D32Test::of(&reference, &ops).unwrap();
            let mut got_data = start.clone();
            let mut got_surface = surface(&mut got_data, width, rows, pitch);
            let mut got_band = got_surface.bands_mut(16).nth(1).unwrap();
            let tested = fast.test(&mut got_band, bx, by, mask, z);
            match tested {
                Some(got) => {
                    let want = reference.test(bx, by, mask, z, true, &ops);
                    assert_eq!(got, want, "case {case}");
                    assert_eq!(got_data, want_data, "case {case}");
                }
                None => {
                    assert!(bx + 4 > width || by + 1 >= 16 + rows as u32, "case {case}");
                    assert_eq!(got_data, start, "case {case}");
                }
            }
        }
        let off = DepthStencilOps {
            desc: DepthStencilDesc {
                depth_enable: false,
                ..Default::default()
            },
            stencil_ref: 0,
            depth_write: true,
            stencil_write: false,
        };
        let mut data = vec![0u8; 64];
        let mut surface = SurfaceMut::new(Format::D32Float, 4, 4, 1, 16, 64, &mut data).unwrap();
        let depth = BandDepth {
            data: surface.bands_mut(16).next().unwrap(),
            kind: DepthKind::D32,
            width: 4,
        };
        assert!(D32Test::of(&depth, &off).is_none());
    }
}
