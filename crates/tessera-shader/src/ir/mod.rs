//! The lane IR: what a naga entry point compiles to, once per shader.
//!
//! Every value is scalarised: a `vec4<f32>` is four registers, a `mat4x4<f32>` sixteen (column
//! by column), a struct its members' registers in order. A register holds one 32-bit value in
//! each of the 8 lanes ([`Lanes`]); its type lives in the op that reads it (`f32`, `i32`, `u32`;
//! `bool` is `0` or `1`). Swizzles, member accesses and constructors cost nothing: they rename
//! registers at compile time. Constants live in the initial register file
//! ([`Program::template`](crate::program::Program::template)), so they are never recomputed.
//!
//! Control flow stays structured ([`Node`]): the interpreter runs a block under an 8-bit lane
//! mask, `if` splits the mask, a loop runs until no lane is left in it, and `break`, `continue`,
//! `return` and `discard` remove lanes from the mask. Ops compute all 8 lanes (none can trap);
//! only [`Op::Store`] and [`Op::Scatter`] (writes to variables and outputs) honour the mask.

mod bits;
mod mem;

pub use bits::Pack;
pub use mem::{AtomicOp, MemOp, MemSpace};

/// A register number (an index into the register file).
pub type R = u32;

/// One register: a 32-bit value per lane (float values as their bits).
pub type Lanes = [u32; 8];

/// Binary `f32` operations (IEEE-754, round to nearest even; no fused multiply-add).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FBin {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b` (IEEE: `x / 0` is ±inf or NaN).
    Div,
    /// WGSL `%`: `a - b * trunc(a / b)`, computed as Rust's `%` (exact `fmod`).
    Rem,
    /// `min(a, b)`: IEEE minNum (a NaN operand yields the other operand; `min(-0, +0) = -0`).
    Min,
    /// `max(a, b)`: IEEE maxNum (a NaN operand yields the other operand; `max(-0, +0) = +0`).
    Max,
    /// `pow(a, b)` (libm `powf`).
    Pow,
    /// `atan2(a, b)` (libm `atan2f`).
    Atan2,
    /// `step(edge = a, x = b)`: `1.0` when `b >= a`, else `0.0`.
    Step,
    /// `ldexp(a, b)`: `a · 2^b` with `b` the bits of an `i32` (libm `ldexpf`, exact).
    Ldexp,
}

/// Unary `f32` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUn {
    /// `-a` (flips the sign bit).
    Neg,
    /// `abs(a)` (clears the sign bit).
    Abs,
    /// `sqrt(a)` (exactly rounded).
    Sqrt,
    /// `floor(a)`.
    Floor,
    /// `ceil(a)`.
    Ceil,
    /// `trunc(a)`.
    Trunc,
    /// `round(a)`: to nearest, ties to even (WGSL).
    Round,
    /// `fract(a) = a - floor(a)`.
    Fract,
    /// `sign(a)`: -1, 0 or 1 (NaN gives 0).
    Sign,
    /// `saturate(a) = clamp(a, 0, 1)` (NaN gives 0).
    Saturate,
    /// `inverseSqrt(a) = 1 / sqrt(a)` (two exactly rounded steps).
    InverseSqrt,
    /// `sin` (libm `sinf`).
    Sin,
    /// `cos` (libm `cosf`).
    Cos,
    /// `tan` (libm `tanf`).
    Tan,
    /// `asin` (libm).
    Asin,
    /// `acos` (libm).
    Acos,
    /// `atan` (libm).
    Atan,
    /// `sinh` (libm).
    Sinh,
    /// `cosh` (libm).
    Cosh,
    /// `tanh` (libm).
    Tanh,
    /// `asinh` (libm).
    Asinh,
    /// `acosh` (libm).
    Acosh,
    /// `atanh` (libm).
    Atanh,
    /// `exp` (libm `expf`).
    Exp,
    /// `exp2` (libm `exp2f`).
    Exp2,
    /// `log` (libm `logf`).
    Log,
    /// `log2` (libm `log2f`).
    Log2,
    /// `quantizeToF16`: to binary16 (round to nearest even, tessera-format's `f32_to_f16`:
    /// past the range ±inf, subnormals kept) and back, exactly.
    QuantizeF16,
    /// `frexp(a).fract` (libm `frexpf`: in `[0.5, 1)` by magnitude, exact for subnormals;
    /// `±0`, `±inf` and NaN return themselves).
    FrexpFract,
    /// `frexp(a).exp` as an `i32` (libm `frexpf`: 0 for `±0`, `±inf` and NaN).
    FrexpExp,
}

/// Binary 32-bit integer operations (two's complement; WGSL's rules for the edge cases).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IBin {
    /// Wrapping `a + b`.
    Add,
    /// Wrapping `a - b`.
    Sub,
    /// Wrapping `a * b`.
    Mul,
    /// `i32` division: `x / 0 = x`, `i32::MIN / -1 = i32::MIN` (WGSL).
    SDiv,
    /// `u32` division: `x / 0 = x` (WGSL).
    UDiv,
    /// `i32` remainder (sign of `a`): `x % 0 = 0`, `i32::MIN % -1 = 0` (WGSL).
    SRem,
    /// `u32` remainder: `x % 0 = 0` (WGSL).
    URem,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// `a << (b & 31)` (WGSL uses the low 5 bits of the shift).
    Shl,
    /// Arithmetic `a >> (b & 31)` (`i32`).
    ShrS,
    /// Logical `a >> (b & 31)` (`u32`).
    ShrU,
    /// Saturating `u32` add: combines byte offsets into storage memory, so that an
    /// out-of-bounds offset stays out of bounds instead of wrapping into the buffer.
    UAddSat,
    /// `min` of `i32`.
    SMin,
    /// `max` of `i32`.
    SMax,
    /// `min` of `u32`.
    UMin,
    /// `max` of `u32`.
    UMax,
    /// `dot4I8Packed(a, b)`: the `i32` sum of the products of the four signed bytes.
    Dot4I8,
    /// `dot4U8Packed(a, b)`: the `u32` sum of the products of the four unsigned bytes.
    Dot4U8,
}

/// Unary 32-bit integer operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IUn {
    /// Wrapping negation (`-i32::MIN = i32::MIN`).
    Neg,
    /// Bitwise not.
    Not,
    /// Wrapping `abs` of `i32` (`abs(i32::MIN) = i32::MIN`, WGSL).
    SAbs,
    /// `sign` of `i32`.
    SSign,
    /// `countOneBits`.
    CountOnes,
    /// `reverseBits`.
    ReverseBits,
    /// `countLeadingZeros`.
    Clz,
    /// `countTrailingZeros`.
    Ctz,
    /// `firstLeadingBit` of `u32`: the index of the most significant 1, `u32::MAX` for 0.
    FirstLeadingBitU,
    /// `firstLeadingBit` of `i32`: the index of the most significant bit that differs from
    /// the sign bit, `-1` for 0 and -1.
    FirstLeadingBitS,
    /// `firstTrailingBit`: the index of the least significant 1, all ones for 0.
    FirstTrailingBit,
    /// `bool` not: `1 - a` on `0`/`1`.
    BoolNot,
}

/// What a comparison compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpKind {
    /// `f32` (IEEE: every comparison with NaN is false except `!=`).
    F,
    /// `i32`.
    S,
    /// `u32` (and `bool`).
    U,
}

/// A comparison; the result is a `bool` register (`0` or `1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

/// Conversions between register types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cvt {
    /// `f32` → `i32`: truncation, saturating at the range ends, NaN → 0 (WGSL).
    F2S,
    /// `f32` → `u32`: truncation, saturating, NaN → 0 (WGSL).
    F2U,
    /// `i32` → `f32`, round to nearest even.
    S2F,
    /// `u32` → `f32`, round to nearest even.
    U2F,
    /// `bool` → `f32` (`1.0` / `0.0`).
    B2F,
    /// 32-bit integer → `bool` (`a != 0`); `bool` → integer needs no op.
    I2B,
    /// `f32` → `bool` (`a != 0.0`; NaN gives true).
    F2B,
    /// `isnan`.
    IsNan,
    /// `isinf`.
    IsInf,
}

/// Which derivative (HLSL `ddx`/`ddy`, coarse or fine; WGSL `dpdx`/`dpdy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deriv {
    /// `dpdxCoarse` (and `dpdx`).
    XCoarse,
    /// `dpdyCoarse` (and `dpdy`).
    YCoarse,
    /// `dpdxFine`.
    XFine,
    /// `dpdyFine`.
    YFine,
}

/// How a texture is sampled (each calls the tessera-sampler function of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleKind {
    /// `textureSample`: implicit LOD from the quad (`tessera_sampler::sample`).
    Implicit,
    /// `textureSampleBias` (`sample_bias`), the bias in [`Op::Sample::extra`].
    Bias,
    /// `textureSampleLevel` (`sample_level`), the LOD in [`Op::Sample::extra`].
    Level,
    /// `textureSampleGrad` (`sample_grad`), the derivatives in [`Op::Sample::grad`].
    Grad,
    /// `textureSampleCompare` (`sample_cmp`), the reference in [`Op::Sample::extra`]; the
    /// result is `dst[0]`.
    Compare,
    /// `textureSampleCompareLevel` (`sample_cmp_level_zero`: WGSL's level is always 0), the
    /// reference in [`Op::Sample::extra`]; the result is `dst[0]`.
    CompareLevelZero,
    /// `textureGather` of component `0..4` (`gather`).
    Gather(u8),
    /// `textureGatherCompare` (`gather_cmp`), the reference in [`Op::Sample::extra`].
    GatherCompare,
}

/// What a texture query returns (WGSL `textureDimensions`, `textureNumLevels`,
/// `textureNumLayers`, `textureNumSamples`; `TextureView::dimensions` / `mip_count` /
/// `samples`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexQuery {
    /// The first `n` of (width, height, depth) of the mip in the level register.
    Size(u8),
    /// The view's mip count.
    Levels,
    /// The view's array layers (cubes for a cube array).
    Layers,
    /// The view's samples per pixel (`textureNumSamples`; 1 for a single-sample view).
    Samples,
}

/// One instruction over 8 lanes.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `dst = a op b` on `f32`.
    FBin(FBin, R, R, R),
    /// `dst = op a` on `f32`.
    FUn(FUn, R, R),
    /// `dst = a op b` on 32-bit integers.
    IBin(IBin, R, R, R),
    /// `dst = op a` on 32-bit integers.
    IUn(IUn, R, R),
    /// `dst = a cmp b` (a `bool`).
    Cmp(Cmp, CmpKind, R, R, R),
    /// `dst = cond ? a : b` per lane (`select(b, a, cond)` in WGSL's argument order).
    Select {
        /// Destination.
        dst: R,
        /// The `bool` condition.
        cond: R,
        /// Value where true.
        a: R,
        /// Value where false.
        b: R,
    },
    /// `dst = convert(a)`.
    Cvt(Cvt, R, R),
    /// `dst = pack(src)` (WGSL `pack*`): [`Pack::components`] registers into one `u32`
    /// (unused ones read the zero register).
    Pack(Pack, R, [R; 4]),
    /// `dst = unpack(src)` (WGSL `unpack*`): one `u32` into [`Pack::components`] registers.
    Unpack(Pack, [R; 4], R),
    /// WGSL `extractBits(e, offset, count)`: `o = min(offset, 32)`, `c = min(count, 32 - o)`;
    /// 0 when `c` is 0, else bits `o..o+c` of `e` moved to bits `0..c`, the rest copies of
    /// bit `c - 1` (`signed`) or zeros.
    ExtractBits {
        /// Destination.
        dst: R,
        /// The value (`i32` or `u32`).
        e: R,
        /// The `u32` offset.
        offset: R,
        /// The `u32` count.
        count: R,
        /// Sign-extend (`i32`).
        signed: bool,
    },
    /// WGSL `insertBits(e, newbits, offset, count)`: `o`, `c` as for `ExtractBits`; `e` when
    /// `c` is 0, else `e` with bits `o..o+c` taken from bits `0..c` of `newbits`.
    InsertBits {
        /// Destination.
        dst: R,
        /// The value.
        e: R,
        /// The bits inserted.
        newbits: R,
        /// The `u32` offset.
        offset: R,
        /// The `u32` count.
        count: R,
    },
    /// `dst = fma(a, b, c)`: the exactly rounded fused `a * b + c` (libm `fmaf`, WGSL `fma`).
    Fma(R, R, R, R),
    /// `dst = a` in every lane (temporaries).
    Copy(R, R),
    /// `dst = a` in the active lanes only (variables and outputs).
    Store(R, R),
    /// `dst = regs[base + clamp(index, 0, len - 1)]` per lane (dynamic indexing of a
    /// contiguous register range; the index is an `i32`/`u32` already scaled to registers).
    Gather {
        /// Destination.
        dst: R,
        /// First register of the range.
        base: R,
        /// Number of registers in the range.
        len: u32,
        /// The per-lane register offset.
        index: R,
    },
    /// `regs[base + clamp(index, 0, len - 1)] = src` in the active lanes.
    Scatter {
        /// First register of the range.
        base: R,
        /// Number of registers in the range.
        len: u32,
        /// The per-lane register offset.
        index: R,
        /// The value stored.
        src: R,
    },
    /// `dst = clamp(index, 0, len - 1) * stride` (an array index turned into a register or
    /// byte offset; WGSL lets an out-of-bounds index read any element, Tessera clamps).
    Index {
        /// Destination (`u32`).
        dst: R,
        /// The index (`i32` or `u32`).
        index: R,
        /// True when the index is an `i32` (negative values clamp to 0).
        signed: bool,
        /// The array's length.
        len: u32,
        /// Registers or bytes per element.
        stride: u32,
    },
    /// `dst = cb[slot]` 32-bit word at byte `offset` (plus the per-lane byte offset `dynamic`);
    /// unbound buffers and reads past the end give 0 (SPEC §4.6).
    LoadCb {
        /// Destination.
        dst: R,
        /// Constant-buffer slot (`@group(0) @binding(slot)`).
        slot: u32,
        /// Byte offset of the word.
        offset: u32,
        /// An optional per-lane byte offset added to `offset`.
        dynamic: Option<R>,
    },
    /// A texture sample through tessera-sampler: `dst[0..4] = sample(t[texture], s[sampler], coords)`.
    Sample {
        /// How the LOD is chosen.
        kind: SampleKind,
        /// Four destination registers (r, g, b, a).
        dst: [R; 4],
        /// Shader-resource slot (`@group(1) @binding(texture)`).
        texture: u32,
        /// Sampler slot (`@group(2) @binding(sampler)`).
        sampler: u32,
        /// Coordinate registers (unused components read a zero register).
        coords: [R; 4],
        /// The bias, LOD or depth-reference register ([`SampleKind`] says which).
        extra: Option<R>,
        /// `ddx` then `ddy` of the coordinates (three each) for [`SampleKind::Grad`].
        grad: Option<Box<[R; 6]>>,
        /// The constant texel offset.
        offset: [i32; 3],
    },
    /// `textureLoad` through tessera-sampler's `load`: integer coordinates `(x, y, z-or-slice,
    /// mip)` as `load` takes them; `dst` receives the raw bits (float formats as `f32`). With
    /// `sample`, a multisampled texture's load through `load_sample`: coordinates `(x, y,
    /// slice)` and the sample-index register.
    Load {
        /// Four destination registers.
        dst: [R; 4],
        /// Shader-resource slot.
        texture: u32,
        /// The `i32` coordinate registers in `load`'s order (unused ones read the zero register).
        coords: [R; 4],
        /// The `i32`/`u32` sample-index register of a multisampled texture.
        sample: Option<R>,
    },
    /// A texture query: `dst[..]` = the view's size, mip count or layer count as `u32` (0 in
    /// every component when the slot is unbound or the mip is outside the view).
    TexQuery {
        /// What is asked.
        query: TexQuery,
        /// Destination registers (as many as the query returns; the rest are unused).
        dst: [R; 3],
        /// Shader-resource slot.
        texture: u32,
        /// The mip level register (`u32`/`i32`) of [`TexQuery::Size`].
        level: R,
    },
    /// `dst = derivative(a)` across the 2×2 quads of the pixel stage.
    Deriv(Deriv, R, R),
    /// A storage-buffer or workgroup-memory access (compute only: run by
    /// [`exec::compute`](crate::exec::compute), which owns the memory).
    Mem(MemOp),
}

/// Structured control flow around ops.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Straight-line ops, run under the current mask.
    Ops(Vec<Op>),
    /// `if cond { accept } else { reject }`: each side runs for its lanes (skipped when none).
    If {
        /// The `bool` condition.
        cond: R,
        /// Lanes where the condition holds.
        accept: Vec<Node>,
        /// The other lanes.
        reject: Vec<Node>,
    },
    /// `loop { body; continuing { continuing; break if break_if } }`.
    Loop {
        /// The loop body.
        body: Vec<Node>,
        /// The continuing block, run after the body (and after `continue`).
        continuing: Vec<Node>,
        /// `break if` at the end of the continuing block.
        break_if: Option<R>,
    },
    /// `switch selector { cases }`: each case runs for the lanes whose selector equals one of
    /// its values (the default case for the lanes no case names); `break` leaves the switch.
    Switch {
        /// The `i32`/`u32` selector.
        selector: R,
        /// The cases in source order (a fall-through chain of empty cases already merged).
        cases: Vec<Case>,
    },
    /// Active lanes leave the innermost loop or switch.
    Break,
    /// Active lanes leave the `n` innermost loops and switches at once: a `return` inside
    /// loops or switches of an inlined call leaves them and the call's one-pass loop.
    BreakOut(u32),
    /// Active lanes skip to the innermost loop's continuing block (through any switch).
    Continue,
    /// Active lanes finish the invocation (outputs were stored before).
    Return,
    /// Active lanes are discarded (`discard`) and finish.
    Kill,
    /// `workgroupBarrier()` / `storageBarrier()`: every invocation of the workgroup finishes
    /// the nodes before it before any starts the nodes after it (compute only).
    Barrier,
}

/// One case of a [`Node::Switch`].
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The selector values (as bits) that choose it.
    pub values: Vec<u32>,
    /// True when it is (or includes) the `default` case.
    pub default: bool,
    /// Its body.
    pub body: Vec<Node>,
}
