//! [`Words32`]: byte offsets and reads of 32-bit texels for 8 lanes at once.

use wide::i32x8;

use super::surface::Surface;

/// The 8-lane address unit of one linear surface of 32-bit texels whose memory holds every
/// texel and is < 4 GiB: byte offsets are computed in 32 bits without overflow, and reads at
/// offsets it computed are in bounds (the reads still clamp, which never changes an offset
/// and lets the compiler drop bounds checks). Out-of-range coordinates are the caller's
/// contract (the sampler's address modes resolve them first).
#[derive(Clone, Copy, Debug)]
pub struct Words32<'a> {
    data: &'a [u8],
    pitch: u32,
}

/// The little-endian word at byte `o` of `d`, 0 past the end.
#[inline(always)]
pub(super) fn read(d: &[u8], o: usize) -> i32 {
    d.get(o..o + 4)
        .and_then(<[u8]>::first_chunk::<4>)
        .map_or(0, |b| i32::from_le_bytes(*b))
}

impl<'a> Words32<'a> {
    /// `Some` when `s` has 4-byte elements, every texel lies inside its memory and that memory
    /// is < 4 GiB.
    #[inline]
    pub fn of(s: &Surface<'a>) -> Option<Self> {
        let data = s.as_bytes();
        let pitch = u32::try_from(s.row_pitch()).ok()?;
        let len = u32::try_from(data.len()).ok()?;
        let end =
            u64::from(s.height().checked_sub(1)?) * u64::from(pitch) + u64::from(s.width()) * 4;
        (s.layout().element_bytes() == 4 && end <= u64::from(len)).then_some(Self { data, pitch })
    }

    /// The unit of a surface that passed [`Words32::of`] before (its checks are not repeated).
    #[inline]
    pub fn trusted(s: &Surface<'a>) -> Self {
        Self {
            data: s.as_bytes(),
            pitch: s.row_pitch() as u32,
        }
    }

    /// Byte offsets (as `u32` bits) of the rows `y`.
    #[inline(always)]
    fn rows(&self, y: i32x8) -> i32x8 {
        if self.pitch.is_power_of_two() {
            y << self.pitch.trailing_zeros()
        } else {
            let p = self.pitch as i32;
            let y = y.to_array();
            i32x8::new([
                y[0].wrapping_mul(p),
                y[1].wrapping_mul(p),
                y[2].wrapping_mul(p),
                y[3].wrapping_mul(p),
                y[4].wrapping_mul(p),
                y[5].wrapping_mul(p),
                y[6].wrapping_mul(p),
                y[7].wrapping_mul(p),
            ])
        }
    }

    /// Byte offsets of the texels (x, y) of 8 lanes.
    #[inline(always)]
    pub fn offsets(&self, x: i32x8, y: i32x8) -> i32x8 {
        self.rows(y) + (x << 2)
    }

    /// Byte offsets of the texels (x, y0) and (x, y1) of 8 lanes (a column pair of taps).
    #[inline(always)]
    pub fn column_offsets(&self, x: i32x8, y0: i32x8, y1: i32x8) -> (i32x8, i32x8) {
        let c = x << 2;
        (self.rows(y0) + c, self.rows(y1) + c)
    }

    /// Byte offsets of the four taps (x0, y0), (x1, y0), (x0, y1), (x1, y1) of 8 lanes.
    #[inline(always)]
    pub fn quad_offsets(&self, x0: i32x8, x1: i32x8, y0: i32x8, y1: i32x8) -> [i32x8; 4] {
        let (c0, c1, r0, r1) = (x0 << 2, x1 << 2, self.rows(y0), self.rows(y1));
        [r0 + c0, r0 + c1, r1 + c0, r1 + c1]
    }

    /// One word per lane at byte offsets `o` from this unit.
    #[inline(always)]
    pub fn words(&self, o: i32x8) -> i32x8 {
        words(self.data, o)
    }

    /// Two adjacent words per lane at byte offsets `o` from this unit: (first, second). Each
    /// offset is a texel that is not the last of its row, so both words are in bounds.
    #[inline(always)]
    pub fn pairs(&self, o: i32x8) -> (i32x8, i32x8) {
        pairs(self.data, o)
    }

    /// The memory, for gathers at offsets this unit computed (e.g. 8-byte texel pairs).
    #[inline(always)]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }
}

/// One word per lane at byte offsets `o` of `d` (clamped to `d`, which never changes an offset
/// a unit computed).
#[inline(always)]
pub(super) fn words(d: &[u8], o: i32x8) -> i32x8 {
    let Some(lim) = d.len().checked_sub(4) else {
        return i32x8::ZERO;
    };
    let o = o.to_array();
    let w = |l: usize| read(d, (o[l] as u32 as usize).min(lim));
    i32x8::new([w(0), w(1), w(2), w(3), w(4), w(5), w(6), w(7)])
}

/// Two adjacent words per lane at byte offsets `o` of `d`: (first, second), clamped as
/// [`words`].
#[inline(always)]
pub(super) fn pairs(d: &[u8], o: i32x8) -> (i32x8, i32x8) {
    let Some(lim) = d.len().checked_sub(8) else {
        return (i32x8::ZERO, i32x8::ZERO);
    };
    let o = o.to_array();
    let p = |l: usize| (o[l] as u32 as usize).min(lim);
    let (a, b) = (|l: usize| read(d, p(l)), |l: usize| read(d, p(l) + 4));
    (
        i32x8::new([a(0), a(1), a(2), a(3), a(4), a(5), a(6), a(7)]),
        i32x8::new([b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)]),
    )
}
