//! Constant expressions of the module (`const` declarations, `var<private>` initialisers) as
//! register bits, evaluated once at compile time.

use naga::{Expression, Handle, Literal, Module};

use super::shape::{Shape, shape_of_handle};
use crate::error::CompileError;

/// The bits of a literal (`bool` as `0`/`1`); 64-bit and 16-bit literals are refused.
pub fn literal_bits(l: &Literal) -> Result<u32, CompileError> {
    Ok(match *l {
        Literal::F32(v) => v.to_bits(),
        Literal::U32(v) => v,
        Literal::I32(v) => v.cast_unsigned(),
        Literal::Bool(b) => u32::from(b),
        Literal::AbstractInt(v) => i32::try_from(v)
            .map_err(|_| unsupported("abstract integer out of the i32 range"))?
            .cast_unsigned(),
        #[expect(
            clippy::cast_possible_truncation,
            reason = "an abstract float that reaches the IR is an f32 value (naga concretises it)"
        )]
        Literal::AbstractFloat(v) => (v as f32).to_bits(),
        _ => return Err(unsupported("a literal other than f32, i32, u32 or bool")),
    })
}

fn unsupported(what: &str) -> CompileError {
    CompileError::Unsupported {
        construct: what.into(),
    }
}

/// The flattened bits of global expression `h` (naga has already evaluated `const` math, so
/// literals, zero values, composes, splats and constant references remain).
pub fn eval_global(module: &Module, h: Handle<Expression>) -> Result<Vec<u32>, CompileError> {
    let mut out = Vec::new();
    eval_into(module, h, &mut out, 0)?;
    Ok(out)
}

fn eval_into(
    module: &Module,
    h: Handle<Expression>,
    out: &mut Vec<u32>,
    depth: u32,
) -> Result<(), CompileError> {
    if depth > 64 {
        return Err(unsupported("constant expression nested deeper than 64"));
    }
    match module.global_expressions[h] {
        Expression::Literal(ref l) => out.push(literal_bits(l)?),
        Expression::Constant(c) => eval_into(module, module.constants[c].init, out, depth + 1)?,
        Expression::ZeroValue(ty) => {
            let n = shape_of_handle(module, ty)?.regs();
            out.extend((0..n).map(|_| 0));
        }
        Expression::Compose { ref components, .. } => {
            for &c in components {
                eval_into(module, c, out, depth + 1)?;
            }
        }
        Expression::Splat { size, value } => {
            let mut one = Vec::new();
            eval_into(module, value, &mut one, depth + 1)?;
            for _ in 0..size as u32 {
                out.extend_from_slice(&one);
            }
        }
        ref e => {
            return Err(CompileError::Unsupported {
                construct: format!("constant expression {e:?}"),
            });
        }
    }
    Ok(())
}

/// The shape and bits of a `const`.
pub fn constant(
    module: &Module,
    c: Handle<naga::Constant>,
) -> Result<(Shape, Vec<u32>), CompileError> {
    let k = &module.constants[c];
    Ok((shape_of_handle(module, k.ty)?, eval_global(module, k.init)?))
}
