//! Runtime SIMD dispatch (issue #19, `docs/simd.md`): which instruction set the hot loops run
//! with, chosen once per process (or per device) and never changing a result.
//!
//! The hot loops are written once over `wide`'s 8-lane types. A dispatched kernel is an
//! `#[inline(always)]` body run through [`Lanes::run`]: on the AVX2 path the body is inlined into
//! a function compiled with the x86-64-v3 features (AVX2, FMA, BMI1/2, …) by `fearless_simd`'s
//! safe `vectorize` (the crate holds the one `unsafe` call, behind the runtime-detected token),
//! so LLVM may use 256-bit VEX instructions there; on the baseline path the same body is
//! inlined into the caller. Only what is inlined into the body gets the features: a function it
//! calls out of line is compiled for the baseline (see `docs/simd.md`).
//!
//! Same bytes on every path: the bodies use only exactly rounded IEEE operations and integer
//! arithmetic, `wide` picks its implementation from compile-time features (so enabling AVX2 in a
//! function does not switch `mul_add` to FMA), and rustc never contracts `a * b + c`.

use std::fmt;
use std::sync::OnceLock;

/// The environment variable that forces the process's default path: `baseline` or `avx2`.
pub const SIMD_ENV: &str = "TESSERA_SIMD";

/// An instruction-set path of the dispatched kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimdPath {
    /// The build's own target features (SSE2 on a default x86-64 build, NEON on aarch64).
    Baseline,
    /// x86-64-v3 (AVX2 + FMA + BMI1/2): only on an x86-64 CPU that has it.
    Avx2,
}

/// A SIMD path that cannot be used: an unknown name, or one the CPU lacks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimdError {
    /// The name is none of `baseline`, `avx2`.
    #[error("unknown SIMD path `{value}` (from {source_name}); expected `baseline` or `avx2`")]
    Unknown {
        /// What was given.
        value: String,
        /// Where it came from (`TESSERA_SIMD`, `--simd`, …).
        source_name: String,
    },
    /// The path exists but this CPU (or target) does not support it.
    #[error("SIMD path `{path}` is not supported by this CPU (it supports: {supported})")]
    Unsupported {
        /// The path asked for.
        path: SimdPath,
        /// The paths this CPU runs.
        supported: String,
    },
}

impl SimdPath {
    /// Every path, baseline first.
    pub const ALL: [SimdPath; 2] = [SimdPath::Baseline, SimdPath::Avx2];

    /// The path's name as `TESSERA_SIMD` and `--simd` spell it.
    pub fn name(self) -> &'static str {
        match self {
            SimdPath::Baseline => "baseline",
            SimdPath::Avx2 => "avx2",
        }
    }

    /// Parses a path name; `source_name` says where the value came from, for the error.
    pub fn parse(value: &str, source_name: &str) -> Result<Self, SimdError> {
        match value {
            "baseline" => Ok(SimdPath::Baseline),
            "avx2" => Ok(SimdPath::Avx2),
            _ => Err(SimdError::Unknown {
                value: value.to_owned(),
                source_name: source_name.to_owned(),
            }),
        }
    }

    /// Whether this CPU runs the path (detected once per process).
    pub fn supported(self) -> bool {
        Lanes::new(self).is_ok()
    }

    /// The best path this CPU runs.
    pub fn detect() -> Self {
        if SimdPath::Avx2.supported() {
            SimdPath::Avx2
        } else {
            SimdPath::Baseline
        }
    }

    /// The names of the paths this CPU runs, comma-separated.
    pub fn supported_names() -> String {
        let names: Vec<&str> = Self::ALL
            .iter()
            .filter(|p| p.supported())
            .map(|p| p.name())
            .collect();
        names.join(", ")
    }
}

impl fmt::Display for SimdPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Proof that the CPU runs a [`SimdPath`], and the way into it: [`Lanes::run`]. Made once per
/// process ([`Lanes::process`]) or per device, and carried by value into the draws.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    avx2: Option<fearless_simd::Avx2>,
}

impl PartialEq for Lanes {
    fn eq(&self, other: &Self) -> bool {
        self.path() == other.path()
    }
}

impl Lanes {
    /// The baseline path: the build's own features, on any CPU.
    pub const BASELINE: Lanes = Lanes {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        avx2: None,
    };

    /// The token for `path`, or [`SimdError::Unsupported`] where this CPU lacks it.
    pub fn new(path: SimdPath) -> Result<Self, SimdError> {
        match path {
            SimdPath::Baseline => Ok(Lanes::BASELINE),
            SimdPath::Avx2 => Self::avx2().ok_or_else(|| SimdError::Unsupported {
                path,
                supported: "baseline".to_owned(),
            }),
        }
    }

    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    fn avx2() -> Option<Self> {
        fearless_simd::Level::new()
            .as_avx2()
            .map(|t| Lanes { avx2: Some(t) })
    }

    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    fn avx2() -> Option<Self> {
        None
    }

    /// The process's default: `TESSERA_SIMD` when set (an unknown or unsupported value is an
    /// error), else the best path the CPU runs. Read once; every later call returns the same.
    pub fn process() -> Result<Self, SimdError> {
        static PROCESS: OnceLock<Result<Lanes, SimdError>> = OnceLock::new();
        PROCESS
            .get_or_init(|| match std::env::var(SIMD_ENV) {
                Ok(v) => Lanes::new(SimdPath::parse(&v, SIMD_ENV)?),
                Err(_) => Lanes::new(SimdPath::detect()),
            })
            .clone()
    }

    /// [`Lanes::process`], or the baseline where `TESSERA_SIMD` is invalid (for the kernels that
    /// have no way to report an error; the device and the CLI report it when they start).
    pub fn process_or_baseline() -> Self {
        Self::process().unwrap_or(Lanes::BASELINE)
    }

    /// The AVX2 path's token, for kernels written on `fearless_simd`'s 256-bit types (run
    /// inside its `vectorize`); `None` on the baseline path.
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    pub fn avx2_token(self) -> Option<fearless_simd::Avx2> {
        self.avx2
    }

    /// The path this token runs.
    pub fn path(self) -> SimdPath {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if self.avx2.is_some() {
            return SimdPath::Avx2;
        }
        SimdPath::Baseline
    }

    /// Runs `f` on this path: inside a function compiled with the x86-64-v3 features on the AVX2
    /// path (what `f` inlines gets them), or directly on the baseline path. Callers mark the
    /// closure `#[inline(always)]`: otherwise LLVM keeps it out of line, compiled for the
    /// baseline, and the AVX2 function is only a call to it (measured: no change at all).
    #[inline(always)]
    pub fn run<R>(self, f: impl FnOnce() -> R) -> R {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(t) = self.avx2 {
            return fearless_simd::Simd::vectorize(t, f);
        }
        f()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_typed_errors() {
        for p in SimdPath::ALL {
            assert_eq!(SimdPath::parse(p.name(), "test"), Ok(p));
            assert_eq!(p.to_string(), p.name());
        }
        assert_eq!(
            SimdPath::parse("avx512", SIMD_ENV),
            Err(SimdError::Unknown {
                value: "avx512".into(),
                source_name: "TESSERA_SIMD".into(),
            })
        );
        // Names are exact: no case folding, no trimming.
        assert!(SimdPath::parse("AVX2", "x").is_err());
        assert!(SimdPath::parse(" baseline", "x").is_err());
        let msg = SimdPath::parse("sse9", "--simd").unwrap_err().to_string();
        assert_eq!(
            msg,
            "unknown SIMD path `sse9` (from --simd); expected `baseline` or `avx2`"
        );
    }

    #[test]
    fn baseline_always_runs_and_avx2_follows_the_cpu() {
        assert_eq!(
            Lanes::new(SimdPath::Baseline).unwrap().path(),
            SimdPath::Baseline
        );
        assert_eq!(Lanes::BASELINE.path(), SimdPath::Baseline);
        #[cfg(target_arch = "x86_64")]
        let cpu = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("bmi2");
        #[cfg(not(target_arch = "x86_64"))]
        let cpu = false;
        assert_eq!(SimdPath::Avx2.supported(), cpu);
        match Lanes::new(SimdPath::Avx2) {
            Ok(l) => assert_eq!(l.path(), SimdPath::Avx2),
            Err(e) => assert_eq!(
                e,
                SimdError::Unsupported {
                    path: SimdPath::Avx2,
                    supported: "baseline".into()
                }
            ),
        }
        let best = if cpu {
            SimdPath::Avx2
        } else {
            SimdPath::Baseline
        };
        assert_eq!(SimdPath::detect(), best);
    }

    #[test]
    fn run_returns_the_closures_value_on_every_path() {
        for p in SimdPath::ALL.into_iter().filter(|p| p.supported()) {
            let lanes = Lanes::new(p).unwrap();
            let v = lanes.run(
                #[inline(always)]
                || (1..=10).map(|i| i as f32 * 0.1).sum::<f32>(),
            );
            assert_eq!(
                v.to_bits(),
                (1..=10).map(|i| i as f32 * 0.1).sum::<f32>().to_bits()
            );
        }
    }
}
