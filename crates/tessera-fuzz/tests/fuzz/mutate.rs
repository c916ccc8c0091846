//! A deterministic mutation smoke test: every corpus file (but the known failures) is
//! mutated a fixed number of times by a tiny mutator on the kit's SplitMix64 `Rng` (bit flips, byte inserts and
//! deletes, chunk duplication, splices with another file of the target) and run through its
//! target, so `cargo test` exercises each target a little without nightly.

use std::collections::BTreeSet;

use tessera_fuzz::TARGETS;
use tessera_testkit::{Rng, expected_failure};

use crate::corpus::{case, files};
use crate::known::FAILURES;

/// Mutants per corpus file.
const MUTANTS_PER_FILE: usize = 500;

/// The longest mutant (longer inputs are cut).
const MAX_LEN: usize = 16 << 10;

/// `0..n` from the kit's SplitMix64 stream (`n > 0`).
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.u64() % n as u64) as usize
}

/// Applies one random mutation to `data`; `other` is a splice partner.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8]) {
    let len = data.len();
    match below(rng, 6) {
        0 if len > 0 => {
            let i = below(rng, len);
            data[i] ^= 1 << below(rng, 8);
        }
        1 => {
            let i = below(rng, len + 1);
            let byte = [0, 0xff, b'"', b'{', b'-', b'9', rng.u64() as u8][below(rng, 7)];
            data.insert(i, byte);
        }
        2 if len > 0 => {
            let i = below(rng, len);
            let n = 1 + below(rng, (len - i).min(16));
            data.drain(i..i + n);
        }
        3 if len > 0 => {
            let i = below(rng, len);
            let n = 1 + below(rng, (len - i).min(32));
            let chunk = data[i..i + n].to_vec();
            let at = below(rng, len + 1);
            data.splice(at..at, chunk);
        }
        4 if !other.is_empty() => {
            let cut = below(rng, len + 1);
            let from = below(rng, other.len());
            data.truncate(cut);
            data.extend_from_slice(&other[from..]);
        }
        _ if len > 0 => {
            let i = below(rng, len);
            data[i] = rng.u64() as u8;
        }
        _ => data.push(rng.u64() as u8),
    }
    data.truncate(MAX_LEN);
}

#[test]
fn mutated_corpus_files_never_panic_and_reach_an_outcome() {
    for target in TARGETS {
        let files = files(target);
        let mut outcomes = BTreeSet::new();
        for (n, (name, bytes)) in files.iter().enumerate() {
            if expected_failure(FAILURES, &case(target, name)).is_some() {
                continue;
            }
            let mut rng = Rng::new(0x7e55_e7a0 ^ (n as u64) << 32);
            for _ in 0..MUTANTS_PER_FILE {
                let mut data = bytes.clone();
                let other = &files[below(&mut rng, files.len())].1;
                for _ in 0..1 + below(&mut rng, 4) {
                    mutate(&mut rng, &mut data, other);
                }
                let outcome = (target.run)(&data);
                assert!(
                    !outcome.is_empty(),
                    "{}/{name}: a mutant has no outcome",
                    target.name
                );
                outcomes.insert(outcome);
            }
        }
        assert!(
            outcomes.len() >= 2,
            "{}: every mutant reached the same outcome ({outcomes:?}); the smoke test explores nothing",
            target.name
        );
    }
}
