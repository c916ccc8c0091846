//! `tessera::golden`: compare, diff, and check's bless / missing / CI / mismatch behaviour.

use image::{Rgba, RgbaImage};
use tessera::golden::{
    CheckOutcome, GoldenConfig, GoldenError, Tolerance, check_with, compare,
    compare_with_threshold, diff_image,
};

fn config(tag: &str, bless: bool, ci: bool) -> GoldenConfig {
    let d = std::env::temp_dir().join(format!("tessera-golden-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    GoldenConfig {
        golden_dir: d.join("golden"),
        output_dir: d.join("out"),
        bless,
        ci,
    }
}

#[test]
fn compare_reports_counts_max_and_psnr() {
    let a = RgbaImage::from_pixel(4, 4, Rgba([10, 20, 30, 255]));
    let mut b = a.clone();
    assert!(compare(&a, &b).unwrap().psnr.is_infinite());
    b.put_pixel(1, 1, Rgba([13, 20, 30, 255]));
    let r = compare(&a, &b).unwrap();
    assert_eq!((r.differing_pixels, r.max_channel_diff), (1, 3));
    assert!(r.psnr > 40.0 && r.psnr.is_finite());
    assert_eq!(
        compare_with_threshold(&a, &b, 3).unwrap().differing_pixels,
        0
    );
    let d = diff_image(&a, &b, 0).unwrap();
    assert_eq!(d.get_pixel(1, 1).0[1], 0);
    assert!(d.get_pixel(1, 1).0[0] >= 128);
    assert!(matches!(
        compare(&a, &RgbaImage::new(2, 2)),
        Err(GoldenError::SizeMismatch { .. })
    ));
}

#[test]
fn check_writes_missing_blesses_and_reports_mismatch() {
    let img = RgbaImage::from_pixel(4, 4, Rgba([1, 2, 3, 255]));
    let ci = config("ci", false, true);
    assert!(matches!(
        check_with(&ci, "x", &img, Tolerance::EXACT),
        Err(GoldenError::Missing { .. })
    ));
    let local = config("local", false, false);
    assert_eq!(
        check_with(&local, "x", &img, Tolerance::EXACT).unwrap(),
        CheckOutcome::Written
    );
    assert_eq!(
        check_with(&local, "x", &img, Tolerance::EXACT).unwrap(),
        CheckOutcome::Matched
    );
    let mut other = img.clone();
    other.put_pixel(0, 0, Rgba([9, 2, 3, 255]));
    let err = check_with(&local, "x", &other, Tolerance::EXACT).unwrap_err();
    let GoldenError::Mismatch(m) = &err else {
        panic!("{err}")
    };
    assert!(m.actual.exists() && m.expected.exists() && m.diff.exists());
    assert!(err.to_string().contains("x.actual.png"));
    let tol = Tolerance {
        max_channel_diff: 8,
        max_diff_pixels: 0,
    };
    assert!(check_with(&local, "x", &other, tol).is_ok());
    let bless = GoldenConfig {
        bless: true,
        ..local.clone()
    };
    assert_eq!(
        check_with(&bless, "x", &other, Tolerance::EXACT).unwrap(),
        CheckOutcome::Written
    );
    assert_eq!(
        check_with(&local, "x", &other, Tolerance::EXACT).unwrap(),
        CheckOutcome::Matched
    );
    let _ = std::fs::remove_dir_all(local.golden_dir.parent().unwrap());
}
