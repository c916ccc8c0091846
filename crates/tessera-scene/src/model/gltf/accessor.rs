//! Accessor data, checked before it is read: the accessor's type and component type must be
//! one this loader reads for its semantic, the stride must hold an element and be a multiple
//! of the component size, and every element must lie inside the buffer view (which
//! [`super::data`] has already checked against its buffer). Sparse accessors are refused.

use std::path::Path;

use gltf::json::accessor::{ComponentType, Type};
use gltf::json::validation::Checked;

use crate::error::SceneError;

/// What an attribute or index accessor is used for: decides the types it may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Semantic {
    /// POSITION: VEC3 FLOAT.
    Position,
    /// NORMAL: VEC3 FLOAT.
    Normal,
    /// TEXCOORD_0: VEC2 FLOAT, or normalized UNSIGNED_BYTE / UNSIGNED_SHORT.
    TexCoord,
    /// Indices: SCALAR UNSIGNED_BYTE / UNSIGNED_SHORT / UNSIGNED_INT.
    Indices,
}

impl Semantic {
    fn name(self) -> &'static str {
        match self {
            Self::Position => "POSITION",
            Self::Normal => "NORMAL",
            Self::TexCoord => "TEXCOORD_0",
            Self::Indices => "indices",
        }
    }

    fn allows(self, ty: Type, ct: ComponentType, normalized: bool) -> bool {
        use ComponentType as C;
        match self {
            Self::Position | Self::Normal => ty == Type::Vec3 && ct == C::F32,
            Self::TexCoord => {
                ty == Type::Vec2 && (ct == C::F32 || (normalized && matches!(ct, C::U8 | C::U16)))
            }
            Self::Indices => ty == Type::Scalar && matches!(ct, C::U8 | C::U16 | C::U32),
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Self::Position | Self::Normal => "VEC3 FLOAT",
            Self::TexCoord => "VEC2 FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT",
            Self::Indices => "SCALAR UNSIGNED_BYTE/UNSIGNED_SHORT/UNSIGNED_INT",
        }
    }
}

/// Checked accessor data: `count` elements of `components` values, `stride` bytes apart.
pub(super) struct Elements<'a> {
    bytes: &'a [u8],
    count: usize,
    stride: usize,
    components: usize,
    ct: ComponentType,
}

fn comp_size(ct: ComponentType) -> usize {
    match ct {
        ComponentType::I8 | ComponentType::U8 => 1,
        ComponentType::I16 | ComponentType::U16 => 2,
        ComponentType::U32 | ComponentType::F32 => 4,
    }
}

fn type_name(ty: Type) -> &'static str {
    match ty {
        Type::Scalar => "SCALAR",
        Type::Vec2 => "VEC2",
        Type::Vec3 => "VEC3",
        Type::Vec4 => "VEC4",
        Type::Mat2 => "MAT2",
        Type::Mat3 => "MAT3",
        Type::Mat4 => "MAT4",
    }
}

fn comp_name(ct: ComponentType) -> &'static str {
    match ct {
        ComponentType::I8 => "BYTE",
        ComponentType::U8 => "UNSIGNED_BYTE",
        ComponentType::I16 => "SHORT",
        ComponentType::U16 => "UNSIGNED_SHORT",
        ComponentType::U32 => "UNSIGNED_INT",
        ComponentType::F32 => "FLOAT",
    }
}

/// Checks accessor `index` for `semantic` and returns its elements. `views` are the buffer
/// views' bytes (already bounded by their buffers).
pub(super) fn elements<'a>(
    root: &gltf::json::Root,
    views: &[&'a [u8]],
    index: usize,
    semantic: Semantic,
    origin: &Path,
) -> Result<Elements<'a>, SceneError> {
    let at = format!("accessors[{index}] ({})", semantic.name());
    let bad = |rule: String| SceneError::Malformed {
        file: origin.to_owned(),
        at: at.clone(),
        rule,
    };
    let acc = root.accessors.get(index).ok_or_else(|| {
        bad(format!(
            "no accessor {index} ({} accessors)",
            root.accessors.len()
        ))
    })?;
    if acc.sparse.is_some() {
        return Err(bad("sparse accessors are not supported".into()));
    }
    let (Checked::Valid(ty), Checked::Valid(ct)) = (acc.type_, acc.component_type) else {
        return Err(bad("unknown accessor type or component type".into()));
    };
    let ct = ct.0;
    if !semantic.allows(ty, ct, acc.normalized) {
        return Err(bad(format!(
            "{} {}{} where {} is required",
            type_name(ty),
            comp_name(ct),
            if acc.normalized { " normalized" } else { "" },
            semantic.expected()
        )));
    }
    let count = acc.count.0;
    let Some(view_index) = acc.buffer_view else {
        return Err(bad(
            "an accessor without a bufferView is not supported".into()
        ));
    };
    let view_index = view_index.value();
    let (Some(view), Some(&bytes)) = (root.buffer_views.get(view_index), views.get(view_index))
    else {
        return Err(bad(format!("no buffer view {view_index}")));
    };
    let csize = comp_size(ct) as u64;
    let elem = csize * ty.multiplicity() as u64;
    let stride = view.byte_stride.map_or(elem, |s| s.0 as u64);
    if stride < elem || stride % csize != 0 {
        return Err(bad(format!(
            "byte stride {stride} must be at least the element size {elem} and a multiple of {csize}"
        )));
    }
    let offset = acc.byte_offset.map_or(0, |o| o.0);
    if count > 0 {
        let end = (count - 1)
            .checked_mul(stride)
            .and_then(|x| x.checked_add(offset))
            .and_then(|x| x.checked_add(elem));
        if end.is_none_or(|end| end > bytes.len() as u64) {
            return Err(bad(format!(
                "{count} elements of {elem} bytes, stride {stride}, from offset {offset} run past the {}-byte buffer view {view_index}",
                bytes.len()
            )));
        }
    }
    Ok(Elements {
        bytes: &bytes[offset.min(bytes.len() as u64) as usize..],
        count: count as usize,
        stride: stride as usize,
        components: ty.multiplicity(),
        ct,
    })
}

impl Elements<'_> {
    fn component(&self, i: usize, c: usize) -> f32 {
        let at = i * self.stride + c * comp_size(self.ct);
        let b = &self.bytes[at..];
        match self.ct {
            ComponentType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            ComponentType::U8 => f32::from(b[0]) * 255.0_f32.recip(),
            ComponentType::U16 => f32::from(u16::from_le_bytes([b[0], b[1]])) * 65535.0_f32.recip(),
            _ => 0.0,
        }
    }

    /// The elements as `N` floats each (normalized integers mapped to 0..=1).
    pub(super) fn floats<const N: usize>(&self) -> Vec<[f32; N]> {
        debug_assert_eq!(N, self.components);
        (0..self.count)
            .map(|i| std::array::from_fn(|c| self.component(i, c)))
            .collect()
    }

    /// The elements as unsigned integers (index accessors).
    pub(super) fn indices(&self) -> Vec<u32> {
        (0..self.count)
            .map(|i| {
                let b = &self.bytes[i * self.stride..];
                match self.ct {
                    ComponentType::U8 => u32::from(b[0]),
                    ComponentType::U16 => u32::from(u16::from_le_bytes([b[0], b[1]])),
                    _ => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                }
            })
            .collect()
    }
}
