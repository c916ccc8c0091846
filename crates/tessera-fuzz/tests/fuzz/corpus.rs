//! Runs every file of `corpus/<target>/` through its target. A file's name starts with the
//! outcome it must reach (`rendered-…`, `drew-…`); files listed in `known::FAILURES` still
//! crash in code this crate does not own and must keep failing the recorded way.

use std::path::{Path, PathBuf};

use tessera_fuzz::{TARGETS, Target};
use tessera_testkit::run_case;

use crate::known::FAILURES;

/// `crates/tessera-fuzz/corpus`.
pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The corpus files of `target`, sorted, with their bytes.
pub fn files(target: &Target) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_root().join(target.name);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// The outcome a corpus file's name records: the text before the first `-`.
pub fn expected_outcome(name: &str) -> &str {
    name.split('-').next().unwrap_or("")
}

/// The case id of a corpus file in `known::FAILURES`: `target/file`.
pub fn case(target: &Target, name: &str) -> String {
    format!("{}/{name}", target.name)
}

#[test]
fn every_target_has_a_corpus_of_small_files() {
    let mut total = 0;
    for target in TARGETS {
        let files = files(target);
        assert!(!files.is_empty(), "corpus/{} is empty", target.name);
        for (name, bytes) in &files {
            assert!(
                bytes.len() <= 16 << 10,
                "corpus/{}/{name} is over 16 KiB",
                target.name
            );
        }
        total += files.len();
    }
    assert!(
        total <= 120,
        "{total} corpus files: keep the regression corpus small"
    );
}

#[test]
fn every_corpus_file_reaches_its_recorded_outcome() {
    for target in TARGETS {
        for (name, bytes) in files(target) {
            let want = expected_outcome(&name).to_owned();
            run_case(FAILURES, &case(target, &name), || {
                let got = (target.run)(&bytes);
                assert_eq!(got, want, "corpus/{}/{name}", target.name);
            });
        }
    }
}

#[test]
fn every_known_failure_names_a_corpus_file() {
    for row in FAILURES {
        let (target, name) = row.case.split_once('/').expect("case is target/file");
        let path = corpus_root().join(target).join(name);
        assert!(
            path.is_file(),
            "known failure {} has no corpus file",
            row.case
        );
    }
}
