//! Scalarised types: how many registers a naga type takes and where each component lives in a
//! uniform buffer (WGSL's layout rules, as naga laid them out).

use naga::{ArraySize, Handle, Module, Scalar, ScalarKind, Type, TypeInner, VectorSize};

use crate::MAX_REGISTERS;
use crate::error::CompileError;

/// The length recorded for a runtime-sized array (`array<T>` at the end of a storage buffer):
/// its elements are addressed in bytes and bounds-checked against the bound buffer.
pub const RUNTIME_LEN: u32 = u32::MAX;

/// The scalar type of a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `f32`.
    F,
    /// `i32`.
    S,
    /// `u32`.
    U,
    /// `bool` (`0` / `1`).
    B,
}

/// A type, scalarised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A scalar.
    Scalar(Kind),
    /// `vecN`.
    Vector(u32, Kind),
    /// `matCxR<f32>`: `cols` columns of `rows` components.
    Matrix {
        /// Columns.
        cols: u32,
        /// Rows (components per column).
        rows: u32,
    },
    /// `array<T, len>` with its byte stride (uniform layout).
    Array {
        /// Element.
        elem: Box<Shape>,
        /// Length.
        len: u32,
        /// Byte stride.
        stride: u32,
    },
    /// A struct: members with their byte offsets (uniform layout).
    Struct(Vec<(Shape, u32)>),
}

impl Shape {
    /// Registers the value takes.
    pub fn regs(&self) -> u32 {
        match self {
            Self::Scalar(_) => 1,
            Self::Vector(n, _) => *n,
            Self::Matrix { cols, rows } => cols * rows,
            Self::Array { elem, len, .. } => elem.regs().saturating_mul(*len),
            Self::Struct(m) => m.iter().fold(0u32, |n, (s, _)| n.saturating_add(s.regs())),
        }
    }

    /// The scalar kind of a scalar, vector or matrix (`None` for arrays and structs).
    pub fn kind(&self) -> Option<Kind> {
        match self {
            Self::Scalar(k) | Self::Vector(_, k) => Some(*k),
            Self::Matrix { .. } => Some(Kind::F),
            _ => None,
        }
    }

    /// Byte offset of every register in the uniform layout, in order (saturating, so that an
    /// offset past a storage buffer stays past it).
    pub fn byte_offsets(&self, base: u32, out: &mut Vec<u32>) {
        match self {
            Self::Scalar(_) => out.push(base),
            Self::Vector(n, _) => out.extend((0..*n).map(|c| base.saturating_add(4 * c))),
            Self::Matrix { cols, rows } => {
                let col_stride = column_stride(*rows);
                for c in 0..*cols {
                    out.extend((0..*rows).map(|r| base.saturating_add(c * col_stride + 4 * r)));
                }
            }
            Self::Array { elem, len, stride } => {
                for i in 0..*len {
                    elem.byte_offsets(base.saturating_add(i.saturating_mul(*stride)), out);
                }
            }
            Self::Struct(m) => m
                .iter()
                .for_each(|(s, off)| s.byte_offsets(base.saturating_add(*off), out)),
        }
    }

    /// The shape and register/byte offset of element or member `index` (an `AccessIndex`).
    pub fn child(&self, index: u32) -> Option<(Shape, u32, u32)> {
        match self {
            Self::Vector(n, k) if index < *n => Some((Self::Scalar(*k), index, 4 * index)),
            Self::Matrix { cols, rows } if index < *cols => Some((
                Self::Vector(*rows, Kind::F),
                index * rows,
                index * column_stride(*rows),
            )),
            // Saturating: a constant index far past a runtime-sized array stays out of bounds.
            Self::Array { elem, len, stride } if index < *len => Some((
                (**elem).clone(),
                index.saturating_mul(elem.regs()),
                index.saturating_mul(*stride),
            )),
            Self::Struct(m) => {
                let i = usize::try_from(index).ok()?;
                let (s, off) = m.get(i)?;
                let regs = m[..i].iter().map(|(s, _)| s.regs()).sum();
                Some((s.clone(), regs, *off))
            }
            _ => None,
        }
    }

    /// Element shape, element count, registers and bytes per element (an `Access`).
    pub fn element(&self) -> Option<(Shape, u32, u32, u32)> {
        match self {
            Self::Vector(n, k) => Some((Self::Scalar(*k), *n, 1, 4)),
            Self::Matrix { cols, rows } => Some((
                Self::Vector(*rows, Kind::F),
                *cols,
                *rows,
                column_stride(*rows),
            )),
            Self::Array { elem, len, stride } => {
                Some(((**elem).clone(), *len, elem.regs(), *stride))
            }
            _ => None,
        }
    }
}

/// Byte stride between the columns of an `f32` matrix with `rows` rows (the alignment of
/// `vec<rows>`: 8 for 2 rows, else 16).
fn column_stride(rows: u32) -> u32 {
    if rows == 2 { 8 } else { 16 }
}

fn kind_of(s: Scalar, what: &str) -> Result<Kind, CompileError> {
    match (s.kind, s.width) {
        (ScalarKind::Float, 4) => Ok(Kind::F),
        (ScalarKind::Sint, 4) => Ok(Kind::S),
        (ScalarKind::Uint, 4) => Ok(Kind::U),
        (ScalarKind::Bool, _) => Ok(Kind::B),
        (k, w) => Err(CompileError::Unsupported {
            construct: format!("{k:?} scalar of {w} bytes in {what} (only f32, i32, u32, bool)"),
        }),
    }
}

fn size(v: VectorSize) -> u32 {
    v as u32
}

/// The shape of a naga type; a type past [`MAX_REGISTERS`] is refused before anything is
/// allocated.
pub fn shape_of(module: &Module, inner: &TypeInner) -> Result<Shape, CompileError> {
    let name = || format!("{inner:?}").chars().take(80).collect::<String>();
    let shape = match *inner {
        TypeInner::Scalar(s) => Shape::Scalar(kind_of(s, "a scalar")?),
        // Atomics live only in storage and workgroup memory (naga validates that): a word.
        TypeInner::Atomic(s) => Shape::Scalar(kind_of(s, "an atomic")?),
        TypeInner::Vector { size: n, scalar } => {
            Shape::Vector(size(n), kind_of(scalar, "a vector")?)
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            if kind_of(scalar, "a matrix")? != Kind::F {
                return Err(CompileError::Unsupported {
                    construct: "non-f32 matrix".into(),
                });
            }
            Shape::Matrix {
                cols: size(columns),
                rows: size(rows),
            }
        }
        TypeInner::Array {
            base,
            size: ArraySize::Dynamic,
            stride,
        } => {
            // Only storage buffers end in a runtime-sized array (naga validates that); it is
            // never loaded whole, so it takes no registers: accesses are bounds-checked bytes.
            Shape::Array {
                elem: Box::new(shape_of_handle(module, base)?),
                len: RUNTIME_LEN,
                stride,
            }
        }
        TypeInner::Array { base, size, stride } => {
            let ArraySize::Constant(len) = size else {
                return Err(CompileError::Unsupported {
                    construct: "override-sized array".into(),
                });
            };
            let elem = shape_of_handle(module, base)?;
            let needed = u64::from(elem.regs()) * u64::from(len.get());
            if needed > u64::from(MAX_REGISTERS) {
                return Err(CompileError::TooLarge {
                    what: name(),
                    needed,
                    limit: u64::from(MAX_REGISTERS),
                });
            }
            Shape::Array {
                elem: Box::new(elem),
                len: len.get(),
                stride,
            }
        }
        TypeInner::Struct { ref members, .. } => {
            let mut out = Vec::with_capacity(members.len());
            let mut total = 0u64;
            for m in members {
                let s = shape_of_handle(module, m.ty)?;
                if !matches!(
                    s,
                    Shape::Array {
                        len: RUNTIME_LEN,
                        ..
                    }
                ) {
                    total += u64::from(s.regs());
                }
                if total > u64::from(MAX_REGISTERS) {
                    return Err(CompileError::TooLarge {
                        what: name(),
                        needed: total,
                        limit: u64::from(MAX_REGISTERS),
                    });
                }
                out.push((s, m.offset));
            }
            Shape::Struct(out)
        }
        _ => {
            return Err(CompileError::Unsupported {
                construct: format!("type {}", name()),
            });
        }
    };
    Ok(shape)
}

/// [`shape_of`] of a type handle.
pub fn shape_of_handle(module: &Module, ty: Handle<Type>) -> Result<Shape, CompileError> {
    shape_of(module, &module.types[ty].inner)
}
