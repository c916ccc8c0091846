//! Sample storage of multisampled subresources: each sample a plane (docs/memory.md).
//!
//! A multisampled 2D subresource of `n` samples is `n` planes, one after the other, each
//! laid out exactly like the single-sample subresource (same row pitch, same tight rows), so
//! sample `s` of pixel (x, y) is element (x, y) of plane `s`. A single-sample subresource is
//! its one plane, so every single-sample address is unchanged. In a [`Layout`] the planes are
//! the slices (`depth` = sample count, `depth_pitch` = bytes of one plane): MSAA resources are
//! always 2D with one slice, so the slice index is free to be the sample index.

use super::layout::Layout;
use super::surface::{Surface, SurfaceMut};
use crate::{Format, FormatError};

/// The layout of `samples` tightly packed sample planes of `width` × `height` texels of
/// `format`: slice `s` is sample `s` (`InvalidLayout` for zero samples, as for a zero extent).
pub fn sample_planes(
    format: Format,
    width: u32,
    height: u32,
    samples: u32,
) -> Result<Layout, FormatError> {
    Layout::tight(format, width, height, samples)
}

impl<'a> Surface<'a> {
    /// Bytes of sample `s` of pixel (x, y) of a surface of sample planes ([`sample_planes`]),
    /// if the memory holds them: element (x, y) of plane `s`.
    #[inline]
    pub fn sample(&self, x: u32, y: u32, s: u32) -> Option<&'a [u8]> {
        self.element(x, y, s)
    }

    /// Plane `p` (a sample plane, or a depth slice) as a one-slice surface of the same format,
    /// width, height and row pitch; `None` past the last.
    pub fn plane(&self, p: u32) -> Option<Surface<'a>> {
        let l = self.layout();
        if p >= l.depth() {
            return None;
        }
        let one = Layout::linear(
            l.format(),
            l.width(),
            l.height(),
            1,
            l.row_pitch(),
            l.depth_pitch(),
        )
        .ok()?;
        let start = l.offset(0, 0, p);
        Surface::from_layout(one, self.as_bytes().get(start..)?).ok()
    }
}

impl<'a> SurfaceMut<'a> {
    /// Mutable bytes of sample `s` of pixel (x, y) ([`Surface::sample`] for writes).
    #[inline]
    pub fn sample_mut(&mut self, x: u32, y: u32, s: u32) -> Option<&mut [u8]> {
        self.element_mut(x, y, s)
    }

    /// Plane `p` (a depth slice: the W slice of a Texture3D mip a draw renders into) as a
    /// one-slice surface of the same format, width, height and row pitch, over its own bytes
    /// only ([`Surface::plane`] for writes, consuming the surface); `InvalidLayout` past the
    /// last plane.
    pub fn into_plane(self, p: u32) -> Result<SurfaceMut<'a>, FormatError> {
        let (l, data) = self.into_parts();
        if p >= l.depth() {
            return Err(FormatError::InvalidLayout {
                format: l.format(),
                reason: "a plane (depth slice) past the surface's depth",
            });
        }
        let one = Layout::linear(
            l.format(),
            l.width(),
            l.height(),
            1,
            l.row_pitch(),
            l.depth_pitch(),
        )?;
        let start = l.offset(0, 0, p).min(data.len());
        let end = start.saturating_add(one.bytes_needed()).min(data.len());
        SurfaceMut::from_layout(one, data.get_mut(start..end).unwrap_or_default())
    }

    /// Every plane (sample plane or depth slice) as its own one-slice surface, in order, over
    /// disjoint bytes: how the pipeline gets one target per sample, each split into bands like a
    /// single-sample target. A surface of one slice gives itself.
    pub fn planes_mut(&mut self) -> Result<Vec<SurfaceMut<'_>>, FormatError> {
        let l = self.layout();
        let one = Layout::linear(
            l.format(),
            l.width(),
            l.height(),
            1,
            l.row_pitch(),
            l.depth_pitch(),
        )?;
        let (mut rest, mut out) = (self.as_bytes_mut(), Vec::with_capacity(l.depth() as usize));
        for p in 0..l.depth() {
            let len = if p + 1 < l.depth() {
                l.depth_pitch()
            } else {
                rest.len()
            };
            let Some((head, tail)) = rest.split_at_mut_checked(len.min(rest.len())) else {
                return Err(FormatError::BufferTooSmall {
                    format: l.format(),
                    needed: l.bytes_needed(),
                    got: 0,
                });
            };
            out.push(SurfaceMut::from_layout(one, head)?);
            rest = tail;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sample `s` of pixel (x, y) is element (x, y) of plane `s`: plane 0 is byte for byte the
    /// single-sample layout, and the planes split into disjoint surfaces of one slice.
    #[test]
    fn samples_are_planes_of_the_single_sample_layout() {
        let (w, h, n) = (3u32, 2u32, 4u32);
        let l = sample_planes(Format::R32Uint, w, h, n).unwrap();
        let single = Layout::tight(Format::R32Uint, w, h, 1).unwrap();
        assert_eq!((l.row_pitch(), l.depth_pitch()), (12, 24));
        assert_eq!(l.bytes_needed(), 24 * 4);
        let mut data = vec![0u8; l.bytes_needed()];
        {
            let mut s = SurfaceMut::from_layout(l, &mut data).unwrap();
            for p in 0..n {
                s.sample_mut(2, 1, p)
                    .unwrap()
                    .copy_from_slice(&[p as u8 + 1; 4]);
            }
        }
        // Pixel (2, 1) = byte 12 + 8 of each 24-byte plane.
        for p in 0..n as usize {
            assert_eq!(data[24 * p + 20..24 * p + 24], [p as u8 + 1; 4]);
        }
        let s = Surface::from_layout(l, &data).unwrap();
        assert_eq!(s.sample(2, 1, 3), Some(&[4u8; 4][..]));
        assert_eq!(s.sample(2, 1, 4), None);
        let plane0 = s.plane(0).unwrap();
        assert_eq!(plane0.layout(), single);
        assert_eq!(plane0.texel(2, 1, 0), &[1u8; 4]);
        assert_eq!(s.plane(2).unwrap().texel(2, 1, 0), &[3u8; 4]);
        assert!(s.plane(4).is_none());
        let mut whole = SurfaceMut::from_layout(l, &mut data).unwrap();
        let planes = whole.planes_mut().unwrap();
        assert_eq!(planes.len(), 4);
        for (p, plane) in planes.iter().enumerate() {
            assert_eq!(plane.layout(), single);
            assert_eq!(plane.texel(2, 1, 0), &[p as u8 + 1; 4]);
        }
        assert!(matches!(
            sample_planes(Format::R32Uint, w, h, 0),
            Err(FormatError::InvalidLayout { .. })
        ));
    }

    /// A depth slice of a 3D surface given up as its own surface covers that slice's bytes
    /// only: writes land in it, the other slices keep theirs.
    #[test]
    fn into_plane_is_one_depth_slice() {
        let l = Layout::tight(Format::R8Uint, 2, 2, 3).unwrap();
        let mut data = vec![0u8; l.bytes_needed()];
        let s = SurfaceMut::from_layout(l, &mut data).unwrap();
        let mut slice = s.into_plane(1).unwrap();
        assert_eq!(
            slice.layout(),
            Layout::tight(Format::R8Uint, 2, 2, 1).unwrap()
        );
        slice.texel_mut(1, 1, 0).copy_from_slice(&[9]);
        assert_eq!(data, [0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0]);
        let s = SurfaceMut::from_layout(l, &mut data).unwrap();
        assert!(matches!(
            s.into_plane(3),
            Err(FormatError::InvalidLayout { .. })
        ));
    }
}
