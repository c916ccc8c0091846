//! The seed writer for cargo-fuzz (`#[ignore]`d: it writes files). Run it with
//! `cargo test -p tessera-fuzz --test fuzz -- --ignored write_seed_corpora`; it fills
//! `fuzz/corpus/<target>/` (git-ignored) with inputs Tessera itself makes: the scene files of
//! `assets/scenes`, the models and images of `models` (written here), and device-call
//! sequences found by a seeded random search, a few per outcome the search reaches.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tessera_fuzz::api;
use tessera_testkit::Rng;

use crate::models;

/// `fuzz/corpus` of the workspace.
fn seed_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus")
}

fn write(target: &str, name: &str, bytes: &[u8]) {
    let dir = seed_root().join(target);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), bytes).unwrap();
}

/// Every scene of `assets/scenes`, as it is.
fn scene_seeds() -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenes");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            write("scene_json", &name, &std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    n
}

/// Random byte strings, kept while an outcome has fewer than `per_outcome` seeds.
pub fn api_search(tries: usize, per_outcome: usize) -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = Rng::new(0xa91);
    let mut kept: BTreeMap<&'static str, Vec<Vec<u8>>> = BTreeMap::new();
    for _ in 0..tries {
        let len = 8 + (rng.u64() % 1024) as usize;
        let bytes = rng.bytes(len);
        let outcome = api(&bytes).name();
        let slot = kept.entry(outcome).or_default();
        if slot.len() < per_outcome {
            slot.push(bytes);
        }
    }
    kept.into_iter()
        .flat_map(|(k, v)| v.into_iter().map(move |b| (k, b)))
        .collect()
}

#[test]
#[ignore = "writes fuzz/corpus; run by hand before fuzzing"]
fn write_seed_corpora() {
    let scenes = scene_seeds();
    let api_seeds = api_search(4000, 8);
    write("ply", "ascii.ply", &models::ply_ascii());
    write("ply", "binary.ply", &models::ply_binary());
    write("gltf", "quad.gltf", &models::gltf(false));
    write("gltf", "textured.gltf", &models::gltf(true));
    write("glb", "quad.glb", &models::glb(false));
    write("glb", "textured.glb", &models::glb(true));
    write("image", "2x2.png", &models::png());
    write("image", "8x8.jpg", &models::jpeg());
    for (i, (outcome, bytes)) in api_seeds.iter().enumerate() {
        write("api", &format!("{outcome}-{i:03}"), bytes);
    }
    assert!(scenes > 0 && !api_seeds.is_empty(), "no seeds written");
    eprintln!("seeds: {scenes} scenes, {} api inputs", api_seeds.len());
}

/// Prints `outcome  path` for every file under `$TESSERA_FUZZ_CLASSIFY` (a folder named after
/// a target, e.g. `fuzz/artifacts/api`): the prefix a regression-corpus copy must carry.
#[test]
#[ignore = "reads $TESSERA_FUZZ_CLASSIFY; a tool for adding files to the regression corpus"]
fn classify() {
    let dir =
        PathBuf::from(std::env::var("TESSERA_FUZZ_CLASSIFY").expect("set TESSERA_FUZZ_CLASSIFY"));
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let target = tessera_fuzz::TARGETS
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} is not a target"));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let outcome = (target.run)(&std::fs::read(&path).unwrap());
        println!("{outcome}\t{}", path.display());
    }
}
