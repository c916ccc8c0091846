//! Property test: mutated scene JSON (byte flips, truncation, deletions, type swaps) never
//! panics in loading or rendering.

use proptest::prelude::*;
use tessera_scene::{RenderOptions, Scene};

fn seeds() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenes");
    [
        "triangle",
        "stencil_mask",
        "instancing",
        "texture_trilinear",
        "level_index32_9_1",
        "tiled_target_tier2",
    ]
    .iter()
    .map(|n| std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap())
    // The tiled buffer and tiled compute-texture scenes (`"tiled": true` on a buffer).
    .chain([crate::tiled_cs::BUFFER_SCENE, crate::tiled_cs::SCENE].map(str::to_owned))
    .collect()
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Truncate(usize),
    Delete(usize, usize),
    SwapType(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<usize>(), 0u8..6).prop_map(|(i, k)| Mutation::SwapType(i, k)),
    ]
}

fn apply(text: &str, m: &Mutation) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    let len = b.len().max(1);
    match *m {
        Mutation::Flip(i, x) => {
            let i = i % len;
            if let Some(c) = b.get_mut(i) {
                *c ^= x.max(1);
            }
        }
        Mutation::Truncate(i) => b.truncate(i % len),
        Mutation::Delete(i, n) => {
            let i = i % len;
            let end = (i + n).min(b.len());
            b.drain(i..end);
        }
        Mutation::SwapType(i, k) => {
            // Replace the value after the i-th ':' by another JSON type.
            let colons: Vec<usize> = b
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == b':')
                .map(|(j, _)| j)
                .collect();
            if let Some(&c) = colons.get(i % colons.len().max(1)) {
                let end = b[c + 1..]
                    .iter()
                    .position(|ch| matches!(ch, b',' | b'}' | b']'))
                    .map_or(b.len(), |p| c + 1 + p);
                let v: &[u8] = match k {
                    0 => b" null",
                    1 => b" \"text\"",
                    2 => b" -1",
                    3 => b" 1e39",
                    4 => b" []",
                    _ => b" {}",
                };
                b.splice(c + 1..end, v.iter().copied());
            }
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn mutated_scenes_never_panic(seed in 0usize..8, muts in prop::collection::vec(mutation(), 1..4)) {
        let seeds = seeds();
        let mut text = seeds[seed % seeds.len()].clone();
        for m in &muts {
            text = String::from_utf8_lossy(&apply(&text, m)).into_owned();
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenes/fuzz.json");
        if let Ok(scene) = Scene::from_str_at(&text, &path) {
            let _ = scene.render(&RenderOptions { threads: Some(1), size: Some((32, 32)), ..Default::default() });
        }
    }
}
