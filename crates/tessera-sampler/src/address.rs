//! Coordinate processing (SPEC §4.2): range reduction, fixed-point conversion, texel selection and
//! per-texel address modes.
//!
//! **Fixed-point scheme (RefDev choice).** A reduced normalised coordinate `u` is scaled by the
//! mip size and converted to a 64-bit fixed-point number with [`FRAC_BITS`] = 8 fractional bits by
//! `floor` of the *exact* product: `u` (an `f32`) times the size (an integer ≤ 2^17) times 256 is
//! computed in `f64`, where it is exact (24 + 17 + 8 bits < 53), and only then truncated toward −∞.
//! So `u = 0.3` on width 5 gives `1.5000000596… · 256 = 384.0000153` → 384 = 1.5 exactly, and the
//! linear footprint starts at texel 1 with weight 0 (TX-02); `u = 0.1999` gives 255.87 → 255, texel
//! 0 (TX-01; round-to-nearest would wrongly give texel 1). NaN converts to 0.
//! Point: `t = fx >> 8`; linear: `g = fx − 128`, `t0 = g >> 8`, `w1 = (g & 255) / 256`.

use tessera_types::desc::AddressMode;

/// Fractional bits of texel-space fixed point (subtexel precision) and of LOD fixed point.
pub const FRAC_BITS: u32 = 8;
/// `1.0` in 8-bit fixed point.
pub const FX_ONE: i64 = 1 << FRAC_BITS;

/// Range reduction of a normalised coordinate by address mode (§4.2 step 1).
#[inline]
pub fn reduce(u: f32, mode: AddressMode) -> f32 {
    match mode {
        AddressMode::Wrap => u - u.floor(),
        AddressMode::Mirror => {
            let h = u * 0.5;
            2.0 * (h - h.trunc())
        }
        AddressMode::Clamp | AddressMode::Border | AddressMode::MirrorOnce => u.clamp(-10.0, 10.0),
    }
}

/// `u · size` in 8-bit fixed point: floor of the exact product (NaN → 0).
#[inline]
pub fn to_fixed(u: f32, size: u32) -> i64 {
    let x = f64::from(u) * f64::from(size) * (FX_ONE as f64);
    x.floor() as i64
}

/// Point selection from a fixed-point texel-space coordinate: `floor(u · size)`.
#[inline]
pub fn point_texel(fx: i64) -> i64 {
    fx >> FRAC_BITS
}

/// Linear selection: left texel `floor(u·size − 0.5)` and the 8-bit weight of the right texel.
#[inline]
pub fn linear_texels(fx: i64) -> (i64, u32) {
    let g = fx - FX_ONE / 2;
    (g >> FRAC_BITS, (g & (FX_ONE - 1)) as u32)
}

/// An 8-bit fixed-point weight as `f32` (exact).
#[inline]
pub fn weight(w: u32) -> f32 {
    w as f32 * (1.0 / FX_ONE as f32)
}

/// Applies an address mode to texel index `t` on an axis of `n` texels (§4.2 step 4).
/// `None` means the border colour is fetched instead.
#[inline]
pub fn address(t: i64, n: u32, mode: AddressMode) -> Option<u32> {
    let n = i64::from(n.max(1));
    let r = match mode {
        AddressMode::Wrap => t.rem_euclid(n),
        AddressMode::Mirror => {
            let t = if t < 0 { -t - 1 } else { t };
            let flip = (t / n) & 1 == 1;
            let t = t % n;
            if flip { n - 1 - t } else { t }
        }
        AddressMode::Clamp => t.clamp(0, n - 1),
        AddressMode::MirrorOnce => {
            let t = if t < 0 { -t - 1 } else { t };
            t.min(n - 1)
        }
        AddressMode::Border => {
            if t < 0 || t >= n {
                return None;
            }
            t
        }
    };
    Some(r as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(u: f32, n: u32, mode: AddressMode) -> Option<u32> {
        address(point_texel(to_fixed(reduce(u, mode), n)), n, mode)
    }

    #[test]
    fn worked_examples_width_5() {
        let c = AddressMode::Clamp;
        assert_eq!(point(0.5, 5, c), Some(2));
        assert_eq!(point(0.2, 5, c), Some(1));
        assert_eq!(point(0.199, 5, c), Some(0));
        assert_eq!(point(0.1999, 5, c), Some(0));
        assert_eq!(point(1.0, 5, c), Some(4));
        assert_eq!(linear_texels(to_fixed(0.5, 5)), (2, 0));
        assert_eq!(linear_texels(to_fixed(0.3, 5)), (1, 0));
        assert_eq!(linear_texels(to_fixed(0.4, 5)), (1, 128));
    }

    #[test]
    fn modes() {
        use AddressMode::*;
        assert_eq!(point(1.25, 4, Wrap), Some(1));
        assert_eq!(point(-0.25, 4, Wrap), Some(3));
        assert_eq!(point(1e6 + 0.25, 4, Wrap), Some(1));
        assert_eq!(point(1.25, 4, Mirror), Some(2));
        assert_eq!(point(-0.25, 4, Mirror), Some(0));
        assert_eq!(point(2.25, 4, Mirror), Some(1));
        assert_eq!(point(-0.25, 4, MirrorOnce), Some(0));
        assert_eq!(point(-1.25, 4, MirrorOnce), Some(3));
        assert_eq!(point(1.25, 4, MirrorOnce), Some(3));
        assert_eq!(point(1.5, 4, Border), None);
        assert_eq!(point(-0.01, 4, Border), None);
        assert_eq!(point(0.99, 4, Border), Some(3));
    }
}
