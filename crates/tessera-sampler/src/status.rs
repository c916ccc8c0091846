//! Residency feedback of tiled resources (SPEC §6.8, D3D11.3 §5.9 "CheckAccessFullyMapped"):
//! the `*_status` variants of sample, sample_b/l/d, sample_c, gather and load return, besides
//! the value, a per-lane [`AccessStatus`] that says whether any texel of **non-zero weight**
//! (any mip of a trilinear blend, every anisotropic probe; all four gather texels; the loaded
//! texel) came from a NULL tile. Zero-weight texels never count: the per-lane core does not
//! fetch them at all, so the tiled fetcher that records the flag (`fetch::TiledStatus`) sees
//! exactly the texels that count.
//!
//! Cost: an untiled view (or an unbound slot) runs the ordinary call (SIMD fast path included)
//! and reports fully mapped, as D3D does for non-tiled resources; only a tiled view's status
//! call runs the per-lane core with the status fetcher (never the fast path), so the untiled
//! and the status-free tiled paths are unchanged.

use wide::{f32x8, i32x8, u32x8};

use crate::api::{Path, ZERO4, drive, implicit, lane, lanes, load, load_one, reduction};
use crate::core::{Ctx, Lods, Reduction, quantize_ref};
use crate::fetch::{Fetch, TiledStatus, with_decode};
use crate::view::{Sampler, TextureView, border_for};

/// Per-lane residency feedback of one access (HLSL's `out uint status`): lane `k` is "not fully
/// mapped" when a texel it read with non-zero weight lay on a NULL tile. Several accesses
/// combine with [`AccessStatus::or`] (D3D ORs the status of the instructions of one access).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AccessStatus(u8);

impl AccessStatus {
    /// Every lane fully mapped (what a non-tiled resource always reports).
    pub const FULLY_MAPPED: Self = Self(0);

    /// A status whose bit `k` set means lane `k` read a NULL tile.
    pub const fn from_unmapped_lanes(mask: u8) -> Self {
        Self(mask)
    }

    /// Bit `k` set: lane `k` read a NULL tile.
    pub const fn unmapped_lanes(self) -> u8 {
        self.0
    }

    /// Both accesses' feedback together (a lane is unmapped if either access was).
    #[must_use]
    pub const fn or(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

/// `CheckAccessFullyMapped(status)` per lane: true where every texel of non-zero weight was
/// mapped (D3D's 0xFFFFFFFF), false where one lay on a NULL tile (SPEC §6.8).
pub fn check_access_fully_mapped(status: AccessStatus) -> [bool; 8] {
    core::array::from_fn(|l| status.0 & (1 << l) == 0)
}

/// Where a status sample takes its LOD from (the `Sample*` family in one enum).
#[derive(Clone, Copy, Debug)]
pub enum SampleLod {
    /// `Sample`: implicit LOD from the quad's coarse derivatives.
    Implicit,
    /// `SampleBias`: implicit LOD plus a per-lane shader bias.
    Bias(f32x8),
    /// `SampleLevel`: explicit LOD per lane.
    Level(f32x8),
    /// `SampleGrad`: explicit derivatives `(ddx, ddy)` (normalised units).
    Grad([f32x8; 3], [f32x8; 3]),
}

/// The LOD arrays of a [`SampleLod`], held while a call borrows them as [`Lods`].
struct LodArrays {
    lod: SampleLod,
    a: [f32; 8],
    dx: [[f32; 8]; 3],
    dy: [[f32; 8]; 3],
}

impl LodArrays {
    fn new(lod: SampleLod) -> Self {
        let (mut a, mut dx, mut dy) = ([0.0; 8], [[0.0; 8]; 3], [[0.0; 8]; 3]);
        match lod {
            SampleLod::Implicit => {}
            SampleLod::Bias(v) | SampleLod::Level(v) => a = v.to_array(),
            SampleLod::Grad(x, y) => {
                dx = x.map(|v| v.to_array());
                dy = y.map(|v| v.to_array());
            }
        }
        Self { lod, a, dx, dy }
    }

    fn lods(&self, coords: [f32x8; 4]) -> Lods<'_> {
        match self.lod {
            SampleLod::Implicit => implicit(coords, None),
            SampleLod::Bias(_) => implicit(coords, Some(&self.a)),
            SampleLod::Level(_) => Lods::Level(&self.a),
            SampleLod::Grad(..) => Lods::Grad {
                ddx: &self.dx,
                ddy: &self.dy,
            },
        }
    }
}

/// The per-lane core over a tiled view with the status fetcher: each lane's value and whether
/// it read a NULL tile.
fn drive_tiled(
    v: &TextureView<'_>,
    s: &Sampler,
    coords: [f32x8; 4],
    lods: Lods<'_>,
    (offset, cmp_ref, clamp): ([i32; 3], Option<f32x8>, Option<f32x8>),
) -> ([f32x8; 4], AccessStatus) {
    let Some(tiles) = v.tiled else {
        return (ZERO4, AccessStatus::FULLY_MAPPED);
    };
    if v.format.is_integer() {
        return (ZERO4, AccessStatus::FULLY_MAPPED);
    }
    let c = lanes(coords);
    let r = cmp_ref.map(|r| r.to_array());
    let cl = clamp.map(|r| r.to_array());
    let red = if cmp_ref.is_some() {
        Reduction::Avg
    } else {
        reduction(s)
    };
    let mut out = [[0.0f32; 8]; 4];
    let mut mask = 0u8;
    with_decode!(
        v.format,
        |decode| TiledStatus {
            decode,
            tiles,
            unmapped: false
        },
        |f| {
            let mut ctx = Ctx {
                view: v,
                s,
                fetch: f,
                border: border_for(v.format, s.desc.border_color),
                red,
                cmp: None,
            };
            for l in 0..8 {
                if let Some(r) = &r {
                    ctx.cmp = Some((s.desc.comparison_func, quantize_ref(v.format, r[l])));
                }
                let clamp = cl.as_ref().map_or(f32::MIN, |c| c[l]);
                let res = ctx.sample(lane(&c, l), lods.req(l), offset, clamp);
                if ctx.fetch.take_unmapped() {
                    mask |= 1 << l;
                }
                for i in 0..4 {
                    out[i][l] = res[i];
                }
            }
        }
    );
    (out.map(f32x8::new), AccessStatus(mask))
}

/// `Sample*(s, coords, …, clamp, out status)`: the value of [`crate::sample`] /
/// [`crate::sample_bias`] / [`crate::sample_level`] / [`crate::sample_grad`] (per `lod`), with
/// the per-sample LOD clamp `clamp` (`_cl`, view mip space; `None` = no clamp, like HLSL's 0.0)
/// and the residency feedback.
pub fn sample_status(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    lod: SampleLod,
    offset: [i32; 3],
    clamp: Option<f32x8>,
) -> ([f32x8; 4], AccessStatus) {
    let arrays = LodArrays::new(lod);
    let lods = arrays.lods(coords);
    match view {
        Some(v) if v.tiled.is_some() => drive_tiled(v, s, coords, lods, (offset, None, clamp)),
        _ => (
            drive(view, s, coords, lods, offset, None, clamp, Path::Auto),
            AccessStatus::FULLY_MAPPED,
        ),
    }
}

/// `SampleCmp` / `SampleCmpLevelZero` (`level_zero`) with the per-sample clamp and the
/// residency feedback (the value of [`crate::sample_cmp`] / [`crate::sample_cmp_level_zero`]).
pub fn sample_cmp_status(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    reference: f32x8,
    level_zero: bool,
    offset: [i32; 3],
    clamp: Option<f32x8>,
) -> (f32x8, AccessStatus) {
    let zero = [0.0f32; 8];
    let lods = if level_zero {
        Lods::Level(&zero)
    } else {
        implicit(coords, None)
    };
    let (v, st) = match view {
        Some(v) if v.tiled.is_some() => {
            drive_tiled(v, s, coords, lods, (offset, Some(reference), clamp))
        }
        _ => (
            drive(
                view,
                s,
                coords,
                lods,
                offset,
                Some(reference),
                clamp,
                Path::PerLane,
            ),
            AccessStatus::FULLY_MAPPED,
        ),
    };
    (v[0], st)
}

/// `Gather*` / `GatherCmp*` (`reference`) with the residency feedback: all four footprint
/// texels count (a gather returns each of them). Same values as [`crate::gather`] /
/// [`crate::gather_cmp`].
pub fn gather_status(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    component: u8,
    offset: [i32; 3],
    reference: Option<f32x8>,
) -> ([f32x8; 4], AccessStatus) {
    let tiled = view.and_then(|v| v.tiled.map(|t| (v, t)));
    let Some((v, tiles)) = tiled.filter(|(v, _)| !v.format.is_integer()) else {
        let out = match reference {
            Some(r) => crate::gather_cmp(view, s, coords, r, offset),
            None => crate::gather(view, s, coords, component, offset),
        };
        return (out, AccessStatus::FULLY_MAPPED);
    };
    let c = lanes(coords);
    let r = reference.map(|r| r.to_array());
    let comp = usize::from(if reference.is_some() {
        0
    } else {
        component.min(3)
    });
    let mut out = [[0.0f32; 8]; 4];
    let mut mask = 0u8;
    with_decode!(
        v.format,
        |decode| TiledStatus {
            decode,
            tiles,
            unmapped: false
        },
        |f| {
            let mut ctx = Ctx {
                view: v,
                s,
                fetch: f,
                border: border_for(v.format, s.desc.border_color),
                red: Reduction::Avg,
                cmp: None,
            };
            for l in 0..8 {
                if let Some(r) = &r {
                    ctx.cmp = Some((s.desc.comparison_func, quantize_ref(v.format, r[l])));
                }
                let res = ctx.gather(lane(&c, l), comp, offset);
                if ctx.fetch.take_unmapped() {
                    mask |= 1 << l;
                }
                for i in 0..4 {
                    out[i][l] = res[i];
                }
            }
        }
    );
    (out.map(f32x8::new), AccessStatus(mask))
}

/// `Load(coords, offset, out status)`: the bits of [`crate::load`] and the residency feedback
/// (the loaded texel's tile; an out-of-range load reads nothing and counts as mapped).
pub fn load_status(
    view: Option<&TextureView<'_>>,
    coords: [i32x8; 4],
    offset: [i32; 3],
) -> ([u32x8; 4], AccessStatus) {
    let Some(v) = view.filter(|v| v.tiled.is_some()) else {
        return (load(view, coords, offset), AccessStatus::FULLY_MAPPED);
    };
    let c = coords.map(|v| v.to_array());
    let mut out = [[0u32; 8]; 4];
    let mut mask = 0u8;
    for l in 0..8 {
        let mut unmapped = false;
        let r = load_one::<true>(
            v,
            [c[0][l], c[1][l], c[2][l], c[3][l]],
            offset,
            &mut unmapped,
        );
        if unmapped {
            mask |= 1 << l;
        }
        for i in 0..4 {
            out[i][l] = r[i];
        }
    }
    (out.map(u32x8::new), AccessStatus(mask))
}
