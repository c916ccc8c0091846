//! `tessera compare`: compare two PNGs (the logic is `tessera::golden`) or two DDS files
//! (per channel in the format's own units, `dds`).

mod dds;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use image::RgbaImage;
use tessera::golden::{Tolerance, compare_with_threshold, diff_image};
use tessera_scene::input::{InputPolicy, decode_image, read_file};

use crate::render::{fail, write_png_atomic};

/// Arguments of `tessera compare`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera compare out.png assets/golden/depth_test.png\n  \
    tessera compare a.png b.png --tolerance 2 --max-diff-pixels 10 --diff diff.png\n  \
    tessera compare a.dds b.dds --tolerance 1\n\n\
    Two .dds files are compared per channel in the format's own units: ULPs for float\n\
    channels, code differences for UNORM/SNORM/UINT/SINT, depth and stencil separately\n\
    (--tolerance is then in those units; a format or size mismatch is an error).\n\
    Prints the number of differing pixels, the largest channel difference and the PSNR.\n\
    A pixel differs when one of its RGBA channels differs by more than --tolerance.\n\
    Exit code: 0 when at most --max-diff-pixels pixels differ, 1 otherwise, 2 on error\n\
    (unreadable file, different sizes). The diff image shows differing pixels in red\n\
    (brighter = larger difference) over a dimmed grey copy of the first image.")]
pub struct CompareArgs {
    /// First image (PNG or JPEG).
    #[arg(value_name = "A")]
    a: PathBuf,

    /// Second image.
    #[arg(value_name = "B")]
    b: PathBuf,

    /// Per-channel difference (0..=255) still counted as equal.
    #[arg(long, value_name = "T", default_value_t = 0)]
    tolerance: u8,

    /// Differing pixels allowed before the images count as different.
    #[arg(long, value_name = "N", default_value_t = 0)]
    max_diff_pixels: u64,

    /// Write a diff image here.
    #[arg(long, value_name = "PNG")]
    diff: Option<PathBuf>,
}

/// Reads an image to compare. Images are untrusted input: regular files only, bounded in
/// size, dimensions and decode allocation by the default [`InputPolicy`].
fn open_image(p: &Path) -> Result<RgbaImage, String> {
    let policy = InputPolicy::default();
    read_file(p, None, &policy)
        .and_then(|bytes| decode_image(&bytes, p, &policy))
        .map(|i| i.to_rgba8())
        .map_err(|e| e.to_string())
}

/// `differing pixels: N of TOTAL (P%)`.
fn total_line(differing: u64, total: u64) -> String {
    let pct = if total == 0 {
        0.0
    } else {
        differing as f64 * 100.0 / total as f64
    };
    format!("differing pixels: {differing} of {total} ({pct:.2}%)")
}

fn is_dds(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("dds"))
}

/// Compares two DDS files channel by channel.
fn run_dds(args: &CompareArgs) -> ExitCode {
    let (a, b) = match (dds::open(&args.a), dds::open(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return fail(e),
    };
    let tol = u64::from(args.tolerance);
    let r = match dds::compare(&a, &b, (&args.a, &args.b), tol) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    println!("format: {} {}x{}", a.format.name(), a.width, a.height);
    for c in &r.channels {
        println!("max {} difference: {} {}", c.name, c.max, c.unit);
    }
    println!("{}", total_line(r.differing, r.total));
    if r.differing <= args.max_diff_pixels {
        println!("result: match");
        ExitCode::SUCCESS
    } else {
        println!("result: differ");
        ExitCode::from(1)
    }
}

/// Runs `tessera compare`.
pub fn run(args: &CompareArgs) -> ExitCode {
    if is_dds(&args.a) || is_dds(&args.b) {
        return run_dds(args);
    }
    let (a, b) = match (open_image(&args.a), open_image(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return fail(e),
    };
    let report = match compare_with_threshold(&a, &b, args.tolerance) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let tol = Tolerance {
        max_channel_diff: args.tolerance,
        max_diff_pixels: args.max_diff_pixels,
    };
    let psnr = if report.psnr.is_infinite() {
        "inf".to_owned()
    } else {
        format!("{:.2}", report.psnr)
    };
    let total = u64::from(a.width()) * u64::from(a.height());
    println!("{}", total_line(report.differing_pixels, total));
    println!("max channel difference: {}", report.max_channel_diff);
    println!("psnr: {psnr} dB");
    if let Some(path) = &args.diff {
        let d = match diff_image(&a, &b, args.tolerance) {
            Ok(d) => d,
            Err(e) => return fail(e),
        };
        if let Err(e) = write_png_atomic(&d, path) {
            return fail(e);
        }
    }
    if report.within(tol) {
        println!("result: match");
        ExitCode::SUCCESS
    } else {
        println!("result: differ");
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn devices_and_folders_are_refused_without_reading() {
        let e = super::open_image(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e,
            "/dev/zero: is a character device; only regular files are read"
        );
        let e = super::open_image(Path::new("/")).unwrap_err();
        assert_eq!(e, "/: is a directory; only regular files are read");
    }
}
