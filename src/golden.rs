//! Golden-image testing: compare a rendered image with `assets/golden/<name>.png`.
//!
//! - [`compare`] / [`compare_with_threshold`] measure two images ([`ComparisonReport`]).
//! - [`diff_image`] highlights differing pixels (red by magnitude over a dimmed grey copy).
//! - [`check`] compares with the stored golden: on mismatch it writes
//!   `<out>/<name>.actual.png`, `.expected.png` and `.diff.png` and returns an error naming
//!   them. `TESSERA_BLESS=1` writes or refreshes the golden. A missing golden fails when
//!   `CI=true`; otherwise it is written and the check passes with a note on stderr.
//! - Paths belong to the caller: goldens live in `<your crate>/tests/golden/<name>.png` and
//!   failure images go to `<your crate>/target/golden/`, where "your crate" is the
//!   `CARGO_MANIFEST_DIR` cargo sets while it runs your tests ([`GoldenConfig::from_env`]).
//!   `TESSERA_GOLDEN_DIR` / `TESSERA_GOLDEN_OUT` override them, and [`check_with`] takes an
//!   explicit [`GoldenConfig`] (e.g. [`GoldenConfig::in_dirs`]).
//!
//! ```no_run
//! # let image = image::RgbaImage::new(4, 4);
//! tessera::golden::check("quad", &image, tessera::golden::Tolerance::EXACT).unwrap();
//! ```

use std::path::{Path, PathBuf};

use image::{Rgba, RgbaImage};

use crate::debug::{Message, MessageId, Severity};

/// How much two images may differ and still match. Default: exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tolerance {
    /// A pixel differs when some channel differs by more than this.
    pub max_channel_diff: u8,
    /// How many differing pixels are allowed.
    pub max_diff_pixels: u64,
}

impl Tolerance {
    /// Bit-exact.
    pub const EXACT: Self = Self {
        max_channel_diff: 0,
        max_diff_pixels: 0,
    };
}

/// What a comparison found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComparisonReport {
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
    /// Pixels where some channel differs by more than the threshold used.
    pub differing_pixels: u64,
    /// Largest per-channel difference (0..=255).
    pub max_channel_diff: u8,
    /// Peak signal-to-noise ratio over all RGBA channels in dB (`f64::INFINITY` if identical).
    pub psnr: f64,
}

impl ComparisonReport {
    /// Whether the images match within `t` (the report must use `t.max_channel_diff` as its
    /// threshold, as [`compare_with_threshold`] does).
    pub fn within(&self, t: Tolerance) -> bool {
        self.differing_pixels <= t.max_diff_pixels
    }
}

impl std::fmt::Display for ComparisonReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} differing pixels of {}, max channel difference {}, PSNR {}",
            self.differing_pixels,
            u64::from(self.width) * u64::from(self.height),
            self.max_channel_diff,
            if self.psnr.is_infinite() {
                "inf".to_owned()
            } else {
                format!("{:.2} dB", self.psnr)
            }
        )
    }
}

/// Why a golden check (or a comparison) failed.
#[derive(Debug, thiserror::Error)]
pub enum GoldenError {
    /// The images have different sizes.
    #[error("size mismatch: {a_w}x{a_h} vs {b_w}x{b_h}")]
    SizeMismatch {
        /// First width.
        a_w: u32,
        /// First height.
        a_h: u32,
        /// Second width.
        b_w: u32,
        /// Second height.
        b_h: u32,
    },
    /// The image differs from its golden (actual/expected/diff PNGs were written).
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
    /// The golden is missing and `CI=true`.
    #[error("golden `{}` is missing (CI=true); run with TESSERA_BLESS=1 to create it", path.display())]
    Missing {
        /// The expected golden path.
        path: PathBuf,
    },
    /// The render stored error or corruption messages the test does not expect (a golden of a
    /// render the device refused in part is no golden).
    #[error("{} unexpected error message(s) in the info queue:\n{}", messages.len(), messages.join("\n"))]
    UnexpectedMessages {
        /// The messages, one line each (`error[ID]: Call: text`).
        messages: Vec<String>,
    },
    /// Reading or writing an image failed.
    #[error("{}: {message}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// Details of a golden mismatch.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Golden name.
    pub name: String,
    /// The measurements.
    pub report: ComparisonReport,
    /// Where the actual image was written.
    pub actual: PathBuf,
    /// Where the expected image was copied.
    pub expected: PathBuf,
    /// Where the diff image was written.
    pub diff: PathBuf,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "golden `{}` mismatch: {}; see {} (expected {}, diff {})",
            self.name,
            self.report,
            self.actual.display(),
            self.expected.display(),
            self.diff.display()
        )
    }
}

/// Compares exactly (threshold 0).
pub fn compare(a: &RgbaImage, b: &RgbaImage) -> Result<ComparisonReport, GoldenError> {
    compare_with_threshold(a, b, 0)
}

/// Compares, counting a pixel as differing when some channel differs by more than `threshold`.
pub fn compare_with_threshold(
    a: &RgbaImage,
    b: &RgbaImage,
    threshold: u8,
) -> Result<ComparisonReport, GoldenError> {
    if a.dimensions() != b.dimensions() {
        return Err(GoldenError::SizeMismatch {
            a_w: a.width(),
            a_h: a.height(),
            b_w: b.width(),
            b_h: b.height(),
        });
    }
    let (mut differing, mut max, mut sq) = (0u64, 0u8, 0u64);
    for (pa, pb) in a.pixels().zip(b.pixels()) {
        let mut pmax = 0u8;
        for c in 0..4 {
            let d = pa.0[c].abs_diff(pb.0[c]);
            pmax = pmax.max(d);
            sq += u64::from(d) * u64::from(d);
        }
        max = max.max(pmax);
        if pmax > threshold {
            differing += 1;
        }
    }
    let n = (u64::from(a.width()) * u64::from(a.height()) * 4).max(1);
    let mse = sq as f64 / n as f64;
    #[expect(
        clippy::disallowed_methods,
        reason = "PSNR is a report figure, never a pixel"
    )]
    let psnr = if sq == 0 {
        f64::INFINITY
    } else {
        10.0 * (255.0f64 * 255.0 / mse).log10()
    };
    Ok(ComparisonReport {
        width: a.width(),
        height: a.height(),
        differing_pixels: differing,
        max_channel_diff: max,
        psnr,
    })
}

/// A diff image: a dimmed grey copy of `a`, with pixels differing by more than `threshold`
/// painted red, brighter the larger the difference. Sizes must match.
pub fn diff_image(a: &RgbaImage, b: &RgbaImage, threshold: u8) -> Result<RgbaImage, GoldenError> {
    if a.dimensions() != b.dimensions() {
        return Err(GoldenError::SizeMismatch {
            a_w: a.width(),
            a_h: a.height(),
            b_w: b.width(),
            b_h: b.height(),
        });
    }
    Ok(RgbaImage::from_fn(a.width(), a.height(), |x, y| {
        let (pa, pb) = (a.get_pixel(x, y).0, b.get_pixel(x, y).0);
        let d = (0..4).map(|c| pa[c].abs_diff(pb[c])).max().unwrap_or(0);
        if d > threshold {
            let r = 128 + (u16::from(d) * 127 / 255) as u8;
            Rgba([r, 0, 0, 255])
        } else {
            let luma =
                (u32::from(pa[0]) * 299 + u32::from(pa[1]) * 587 + u32::from(pa[2]) * 114) / 1000;
            let g = (luma / 3) as u8;
            Rgba([g, g, g, 255])
        }
    }))
}

/// Where goldens are read and failure images written, and the bless/CI switches.
#[derive(Clone, Debug)]
pub struct GoldenConfig {
    /// Folder of `<name>.png` goldens.
    pub golden_dir: PathBuf,
    /// Folder for actual/expected/diff images of failures.
    pub output_dir: PathBuf,
    /// Write (refresh) goldens instead of comparing.
    pub bless: bool,
    /// A missing golden is an error.
    pub ci: bool,
}

impl GoldenConfig {
    /// The goldens of the crate whose manifest folder is `crate_dir`: `<crate_dir>/tests/golden`,
    /// failure images in `<crate_dir>/target/golden`, then the environment's overrides
    /// ([`GoldenConfig::in_dirs`]).
    pub fn for_crate(crate_dir: impl AsRef<Path>) -> Self {
        let dir = crate_dir.as_ref();
        Self::in_dirs(dir.join("tests/golden"), dir.join("target/golden"))
    }

    /// Goldens in `golden_dir`, failure images in `output_dir`, unless `TESSERA_GOLDEN_DIR` or
    /// `TESSERA_GOLDEN_OUT` name others; `TESSERA_BLESS=1` blesses, `CI=true` makes a missing
    /// golden an error.
    pub fn in_dirs(golden_dir: impl Into<PathBuf>, output_dir: impl Into<PathBuf>) -> Self {
        let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        Self {
            golden_dir: var("TESSERA_GOLDEN_DIR").map_or_else(|| golden_dir.into(), PathBuf::from),
            output_dir: var("TESSERA_GOLDEN_OUT").map_or_else(|| output_dir.into(), PathBuf::from),
            bless: std::env::var("TESSERA_BLESS").is_ok_and(|v| v == "1" || v == "true"),
            ci: std::env::var("CI").is_ok_and(|v| v == "true" || v == "1"),
        }
    }

    /// The calling crate's goldens: [`GoldenConfig::for_crate`] of the `CARGO_MANIFEST_DIR`
    /// that cargo sets for `cargo test` and `cargo run` (the crate under test, not Tessera),
    /// or of the current folder when the binary runs outside cargo.
    pub fn from_env() -> Self {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR")
            .filter(|v| !v.is_empty())
            .map_or_else(|| PathBuf::from("."), PathBuf::from);
        Self::for_crate(dir)
    }
}

/// How a passing check passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckOutcome {
    /// Matched the stored golden.
    Matched,
    /// The golden was written (bless mode or first run outside CI).
    Written,
}

/// Checks `image` against golden `name` of the calling crate ([`GoldenConfig::from_env`]:
/// `<your crate>/tests/golden/<name>.png`).
pub fn check(name: &str, image: &RgbaImage, tolerance: Tolerance) -> Result<(), GoldenError> {
    check_with(&GoldenConfig::from_env(), name, image, tolerance).map(|_| ())
}

fn save(img: &RgbaImage, path: &Path) -> Result<(), GoldenError> {
    let io = |message: String| GoldenError::Io {
        path: path.to_owned(),
        message,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| io(e.to_string()))?;
    }
    // Through `.NAME.PID.tessera-tmp` and a rename (the name `.gitignore` matches): a killed
    // run leaves either the old golden or the new one, never half a PNG.
    let png = tessera_resource::encode_png(&image::DynamicImage::ImageRgba8(img.clone()))
        .map_err(|e| io(e.to_string()))?;
    tessera_resource::write_file_atomic(path, &png).map_err(|e| io(e.to_string()))
}

/// Checks `image` against golden `name` with an explicit configuration.
pub fn check_with(
    config: &GoldenConfig,
    name: &str,
    image: &RgbaImage,
    tolerance: Tolerance,
) -> Result<CheckOutcome, GoldenError> {
    let path = config.golden_dir.join(format!("{name}.png"));
    if config.bless {
        save(image, &path)?;
        return Ok(CheckOutcome::Written);
    }
    if !path.exists() {
        if config.ci {
            return Err(GoldenError::Missing { path });
        }
        save(image, &path)?;
        eprintln!("note: golden `{}` was missing; wrote it", path.display());
        return Ok(CheckOutcome::Written);
    }
    let expected = image::open(&path)
        .map_err(|e| GoldenError::Io {
            path: path.clone(),
            message: e.to_string(),
        })?
        .to_rgba8();
    let report = match compare_with_threshold(image, &expected, tolerance.max_channel_diff) {
        Ok(r) if r.within(tolerance) => return Ok(CheckOutcome::Matched),
        Ok(r) => r,
        Err(GoldenError::SizeMismatch { .. }) => ComparisonReport {
            width: image.width(),
            height: image.height(),
            differing_pixels: u64::from(image.width()) * u64::from(image.height()),
            max_channel_diff: 255,
            psnr: 0.0,
        },
        Err(e) => return Err(e),
    };
    let out = &config.output_dir;
    let actual = out.join(format!("{name}.actual.png"));
    let expected_out = out.join(format!("{name}.expected.png"));
    let diff = out.join(format!("{name}.diff.png"));
    save(image, &actual)?;
    save(&expected, &expected_out)?;
    if let Ok(d) = diff_image(image, &expected, tolerance.max_channel_diff) {
        save(&d, &diff)?;
    }
    Err(GoldenError::Mismatch(Box::new(Mismatch {
        name: name.to_owned(),
        report,
        actual,
        expected: expected_out,
        diff,
    })))
}

/// Fails on any error or corruption message whose ID is not in `expected` (warnings pass):
/// run it on the info-queue messages of every golden render, beside [`check`].
pub fn check_messages(messages: &[Message], expected: &[MessageId]) -> Result<(), GoldenError> {
    let unexpected: Vec<String> = messages
        .iter()
        .filter(|m| m.severity <= Severity::Error && !expected.contains(&m.id))
        .map(ToString::to_string)
        .collect();
    if unexpected.is_empty() {
        Ok(())
    } else {
        Err(GoldenError::UnexpectedMessages {
            messages: unexpected,
        })
    }
}
