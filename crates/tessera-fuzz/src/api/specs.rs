//! Fuzzer-chosen values and their mapping onto Tessera's descriptors: small wrappers that
//! derive `Arbitrary` and pick mostly ordinary values with a few hostile edges.

use arbitrary::Arbitrary;
use tessera::Format;
use tessera::caps::{FeatureLevel, SubresourceRange};

use super::enums::view_dimension;

/// The largest ordinary texture extent the target creates. Render targets this small keep
/// every draw cheap (a 32×32 target has 1024 pixels): the device's per-draw budget bounds
/// vertex work, not pixels.
pub(crate) const SMALL_EXTENT: u32 = 32;

/// A texture extent: mostly `0..=SMALL_EXTENT`, else an edge every level refuses (over the
/// 16384 maximum), so a hostile size is exercised without allocating it.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct Extent(u8);

impl Extent {
    /// The extent in texels.
    pub(crate) fn get(self) -> u32 {
        match self.0 {
            250 => 16_385,
            251 => 1 << 20,
            252 => u32::MAX,
            253 => 1 << 31,
            v => u32::from(v) % (SMALL_EXTENT + 1),
        }
    }
}

/// A byte count or offset: mostly small, sometimes an overflow edge.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct Bytes(u16);

impl Bytes {
    /// The value.
    pub(crate) fn get(self) -> u32 {
        match self.0 {
            0xfff0 => u32::MAX,
            0xfff1 => u32::MAX - 3,
            0xfff2 => 1 << 31,
            0xfff3 => 1 << 30,
            v => u32::from(v) % 4096,
        }
    }
}

/// Any format of `Format::ALL`, or `Unknown`.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct FormatPick(u8);

impl FormatPick {
    /// The format.
    pub(crate) fn get(self) -> Format {
        let all = Format::ALL;
        all.get(usize::from(self.0) % (all.len() + 1))
            .copied()
            .unwrap_or(Format::Unknown)
    }
}

/// Any feature level.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct LevelPick(u8);

impl LevelPick {
    /// The level.
    pub(crate) fn get(self) -> FeatureLevel {
        FeatureLevel::ALL[usize::from(self.0) % FeatureLevel::ALL.len()]
    }
}

/// Chooses one of `items` by a fuzzer byte.
pub(crate) fn pick<T: Copy>(items: &[T], i: u8) -> T {
    items[usize::from(i) % items.len()]
}

/// A count within a view's range: small, or D3D's −1 ("to the end"), or an overflow edge.
pub(crate) fn range_count(v: u8) -> u32 {
    match v {
        255 => u32::MAX,
        254 => u32::MAX - 1,
        v => u32::from(v % 8),
    }
}

/// A start within a view's range: small, or an overflow edge.
pub(crate) fn range_start(v: u8) -> u32 {
    match v {
        255 => u32::MAX,
        254 => 1 << 31,
        v => u32::from(v % 8),
    }
}

/// A view descriptor.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct ViewSpec {
    format: FormatPick,
    dimension: u8,
    first_mip: u8,
    mips: u8,
    first_slice: u8,
    slices: u8,
}

impl ViewSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> tessera::caps::ViewDesc {
        tessera::caps::ViewDesc {
            format: self.format.get(),
            dimension: view_dimension(self.dimension),
            range: SubresourceRange {
                most_detailed_mip: range_start(self.first_mip),
                mip_levels: range_count(self.mips),
                first_array_slice: range_start(self.first_slice),
                array_size: range_count(self.slices),
            },
        }
    }
}

/// A float the fuzzer chose, with NaN, infinities and huge values as they come.
pub(crate) fn float(bits: u32) -> f32 {
    f32::from_bits(bits)
}

/// A float that is mostly ordinary (`-2..2` in steps of 1/64), sometimes any bit pattern.
pub(crate) fn tame_float(v: i16) -> f32 {
    if v == i16::MIN {
        f32::NAN
    } else if v == i16::MAX {
        f32::INFINITY
    } else {
        f32::from(v % 256) / 64.0
    }
}
