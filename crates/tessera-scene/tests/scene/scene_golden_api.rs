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

/// A written golden goes through `.NAME.PID.tessera-tmp` (the name `.gitignore` matches) and
/// a rename: afterwards the folder holds exactly the golden, whose pixels are the image's,
/// and a failed write leaves nothing behind.
#[test]
fn written_golden_leaves_no_temp_file() {
    let img = RgbaImage::from_fn(3, 2, |x, y| Rgba([x as u8 * 80, y as u8 * 90, 7, 255]));
    let bless = config("atomic", true, false);
    assert_eq!(
        check_with(&bless, "atomic", &img, Tolerance::EXACT).unwrap(),
        CheckOutcome::Written
    );
    let names: Vec<String> = std::fs::read_dir(&bless.golden_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["atomic.png"]);
    let read = image::open(bless.golden_dir.join("atomic.png")).unwrap();
    assert_eq!(read.to_rgba8(), img);
    // A write that fails at the rename (a folder stands where the golden goes) removes its
    // temporary file too.
    let blocked = config("atomic-blocked", true, false);
    std::fs::create_dir_all(blocked.golden_dir.join("blocked.png")).unwrap();
    assert!(matches!(
        check_with(&blocked, "blocked", &img, Tolerance::EXACT),
        Err(GoldenError::Io { .. })
    ));
    let left: Vec<String> = std::fs::read_dir(&blocked.golden_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["blocked.png"]);
    let gitignore =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.gitignore")).unwrap();
    assert!(gitignore.lines().any(|l| l.trim() == "*.tessera-tmp"));
}
