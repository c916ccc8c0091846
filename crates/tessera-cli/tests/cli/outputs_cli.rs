//! `tessera render` outputs: `-o` by extension (.png, .dds, others refused), `--all-outputs`,
//! the summary line and `--quiet`, and the help's example files.

use std::path::Path;

use crate::common::{bin, root, scratch};

/// stderr without the debug layer's `warning[...]` lines (the scenes' own messages).
fn own_lines(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|l| !l.starts_with("warning["))
        .map(str::to_owned)
        .collect()
}

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn dds_output_is_the_exact_target_and_summary_is_one_line() {
    let dir = scratch("dds");
    let out = dir.join("depth.dds");
    let s = bin()
        .args(["render", "--threads", "2", "-o"])
        .arg(&out)
        .arg(root().join("assets/scenes/depth_test.json"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&s.stderr);
    assert!(s.status.success(), "{stderr}");
    let lines = own_lines(&s.stderr);
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with(&format!("wrote {} (128x128) in ", out.display()))
            && lines[0].ends_with(" ms"),
        "{stderr}"
    );
    let raw = tessera::resource::load_dds(&out).unwrap();
    assert_eq!(raw.format, tessera::format::Format::R8G8B8A8Unorm);
    assert_eq!((raw.width, raw.height), (128, 128));
    let golden = image::open(root().join("assets/golden/depth_test.png"))
        .unwrap()
        .to_rgba8();
    assert_eq!(
        raw.data,
        golden.into_raw(),
        "DDS bytes = the golden's RGBA8"
    );
    assert_eq!(files(&dir), ["depth.dds"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_extension_is_refused_before_rendering() {
    let dir = scratch("ext");
    let out = dir.join("x.jpg");
    let s = bin()
        .args(["render", "-o"])
        .arg(&out)
        .arg(root().join("assets/scenes/triangle.json"))
        .output()
        .unwrap();
    assert_eq!(s.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&s.stderr),
        format!(
            "error: cannot write output `{}`: unknown extension; use .png or .dds\n",
            out.display()
        )
    );
    assert!(files(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unwritable_output_says_it_is_the_output() {
    let out = Path::new("/nonexistent-dir-tessera/x.png");
    let s = bin()
        .args(["render", "-o"])
        .arg(out)
        .arg(root().join("assets/scenes/triangle.json"))
        .output()
        .unwrap();
    assert_eq!(s.status.code(), Some(2));
    let stderr = own_lines(&s.stderr).join("\n");
    assert!(
        stderr.starts_with("error: cannot write output `/nonexistent-dir-tessera/x.png`: i/o: "),
        "{stderr}"
    );
}

#[test]
fn all_outputs_writes_dds_and_png_per_target_quietly() {
    let dir = scratch("all");
    let s = bin()
        .args(["render", "--quiet", "--level", "11_0", "--all-outputs"])
        .arg(&dir)
        .arg(root().join("assets/scenes/level_mrt_9_1.json"))
        .output()
        .unwrap();
    assert!(
        s.status.success() && own_lines(&s.stderr).is_empty(),
        "{}",
        String::from_utf8_lossy(&s.stderr)
    );
    let names = files(&dir);
    assert_eq!(names.len(), 4, "{names:?}");
    for n in &names {
        assert!(n.ends_with(".dds") || n.ends_with(".png"), "{names:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_target_names_the_outputs_in_good_grammar() {
    let dir = scratch("target");
    let s = bin()
        .args(["render", "--target", "nope", "-o"])
        .arg(dir.join("x.png"))
        .arg(root().join("assets/scenes/triangle.json"))
        .output()
        .unwrap();
    assert_eq!(s.status.code(), Some(2));
    assert_eq!(
        own_lines(&s.stderr),
        ["error: no output target `nope`; the scene writes 1 output (color)"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_examples_name_files_that_exist() {
    let s = bin().args(["render", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&s.stdout);
    let inputs: Vec<&str> = help
        .split_whitespace()
        .filter(|w| w.starts_with("assets/"))
        .collect();
    assert!(inputs.len() >= 4, "{help}");
    for i in inputs {
        assert!(root().join(i).is_file(), "help names missing file {i}");
    }
}
