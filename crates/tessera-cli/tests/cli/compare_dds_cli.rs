//! `tessera compare` of DDS files: per-channel maxima in the format's units, the total line,
//! exit codes 0/1/2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tessera::format::Format;
use tessera::resource::{RawImage, encode_dds};

use crate::common::scratch;

fn write(dir: &Path, name: &str, format: Format, w: u32, data: Vec<u8>) -> PathBuf {
    let p = dir.join(name);
    let img = RawImage {
        format,
        width: w,
        height: 1,
        data,
    };
    std::fs::write(&p, encode_dds(&img).unwrap()).unwrap();
    p
}

fn compare(a: &Path, b: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .arg("compare")
        .arg(a)
        .arg(b)
        .args(extra)
        .output()
        .unwrap()
}

fn half(bits: [u16; 4]) -> Vec<u8> {
    bits.iter().flat_map(|b| b.to_le_bytes()).collect()
}

#[test]
fn float_channels_differ_in_ulps_and_total_is_printed() {
    let dir = scratch("float");
    let f = Format::R16G16B16A16Float;
    // R: +1.0 (0x3C00) vs 3 ULPs up; G: the smallest negative (0x8001) vs the smallest positive
    // (0x0001) is 2 ULPs across zero (sign-magnitude mapped to an ordered integer).
    let a = write(
        &dir,
        "a.dds",
        f,
        2,
        [half([0x3C00, 0x8001, 0, 0]), half([0; 4])].concat(),
    );
    let b = write(
        &dir,
        "b.dds",
        f,
        2,
        [half([0x3C03, 0x0001, 0, 0]), half([0; 4])].concat(),
    );
    let o = compare(&a, &b, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(
        out,
        "format: R16G16B16A16_FLOAT 2x1\nmax R difference: 3 ulp\nmax G difference: 2 ulp\n\
         max B difference: 0 ulp\nmax A difference: 0 ulp\n\
         differing pixels: 1 of 2 (50.00%)\nresult: differ\n"
    );
    let o = compare(&a, &b, &["--tolerance", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("differing pixels: 0 of 2 (0.00%)"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Channels are named by their field, not by memory order: B5G6R5's R field is bits 11..16,
/// and a difference there is reported as R.
#[test]
fn channels_are_named_by_field_not_memory_order() {
    let dir = scratch("b5g6r5");
    let f = Format::B5G6R5Unorm;
    let a = write(&dir, "a.dds", f, 1, (31u16 << 11).to_le_bytes().to_vec());
    let b = write(&dir, "b.dds", f, 1, (28u16 << 11).to_le_bytes().to_vec());
    let out = String::from_utf8_lossy(&compare(&a, &b, &[]).stdout).into_owned();
    assert!(
        out.contains(
            "max R difference: 3 code\nmax G difference: 0 code\nmax B difference: 0 code\n"
        ),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 128-bit texels are read whole: the A channel of R32G32B32A32_FLOAT lies at bits 96..128.
#[test]
fn four_channel_f32_is_compared_per_channel() {
    let dir = scratch("rgba32f");
    let f = Format::R32G32B32A32Float;
    let px = |a: f32| {
        [0.0f32, 0.0, 0.0, a]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect()
    };
    let a = write(&dir, "a.dds", f, 1, px(1.0));
    let b = write(
        &dir,
        "b.dds",
        f,
        1,
        px(f32::from_bits(1.0f32.to_bits() + 5)),
    );
    let out = String::from_utf8_lossy(&compare(&a, &b, &[]).stdout).into_owned();
    assert!(
        out.contains("max B difference: 0 ulp\nmax A difference: 5 ulp\n"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn depth_and_stencil_are_separate_codes() {
    let dir = scratch("depth");
    let f = Format::D24UnormS8Uint;
    let a = write(&dir, "a.dds", f, 1, (0x05_000010u32).to_le_bytes().to_vec());
    let b = write(&dir, "b.dds", f, 1, (0x07_000013u32).to_le_bytes().to_vec());
    let o = compare(&a, &b, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("max Depth difference: 3 code\nmax Stencil difference: 2 code\n"),
        "{out}"
    );
    let same = compare(&a, &a, &[]);
    assert_eq!(same.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn format_or_size_mismatch_is_an_error_naming_both_files() {
    let dir = scratch("mismatch");
    let a = write(&dir, "a.dds", Format::R8G8B8A8Unorm, 1, vec![0; 4]);
    let b = write(&dir, "b.dds", Format::R32Float, 1, vec![0; 4]);
    let c = write(&dir, "c.dds", Format::R8G8B8A8Unorm, 2, vec![0; 8]);
    let o = compare(&a, &b, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!(
            "error: {} is R8G8B8A8Unorm but {} is R32Float; compare needs one format\n",
            a.display(),
            b.display()
        )
    );
    let o = compare(&a, &c, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!(
            "error: {} is 1x1 but {} is 2x1; compare needs one size\n",
            a.display(),
            c.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}
