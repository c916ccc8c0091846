//! Atomics on storage and workgroup memory: the same bytes at 1, 2 and 8 threads, with the
//! values a serial run in workgroup, batch and lane order gives (computed here).

use crate::compute::{cs, run};

#[test]
fn used_results_follow_invocation_order() {
    // atomicAdd's returned slot orders the dispatch: invocations get slots in
    // (workgroup, local index) order, so out[slot] is the invocation's global index.
    let p = cs("
@group(3) @binding(0) var<storage, read_write> count: atomic<u32>;
@group(3) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(12)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if gid.x % 3u != 1u {
        let slot = atomicAdd(&count, 1u);
        out[slot] = gid.x;
    }
}");
    assert!(p.uses.ordered_atomics);
    let r = run(&p, &[vec![0], vec![0; 64]], &[], [5, 1, 1]);
    let picked: Vec<u32> = (0..60).filter(|g| g % 3 != 1).collect();
    assert_eq!(r[0], vec![picked.len() as u32]);
    let mut want = picked.clone();
    want.resize(64, 0);
    assert_eq!(r[1], want);
}

#[test]
fn unused_results_run_in_parallel_with_exact_totals() {
    let p = cs("
@group(3) @binding(0) var<storage, read_write> hist: array<atomic<u32>, 8>;
@group(3) @binding(1) var<storage, read_write> s: array<atomic<i32>, 2>;
@group(3) @binding(2) var<storage, read_write> o: array<atomic<u32>, 6>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = gid.x * 2654435761u;
    atomicAdd(&hist[v >> 29u], 1u);
    atomicSub(&o[0], 3u);
    atomicMax(&o[1], v);
    atomicMin(&o[2], v | 1u);
    atomicOr(&o[3], 1u << (gid.x % 32u));
    atomicXor(&o[4], v);
    atomicAnd(&o[5], ~(1u << (gid.x % 31u)));
    atomicMin(&s[0], i32(v));
    atomicMax(&s[1], i32(v));
}");
    assert!(!p.uses.ordered_atomics);
    let groups = 1500u32; // more than one parallel batch of workgroups
    let n = groups * 64;
    let mut hist = vec![0u32; 8];
    let mut o = vec![1_000_000_000u32, 0, u32::MAX, 0, 0, u32::MAX];
    let mut s = [i32::MAX, i32::MIN];
    let r = run(
        &p,
        &[
            hist.clone(),
            s.iter().map(|&x| x.cast_unsigned()).collect(),
            o.clone(),
        ],
        &[],
        [groups, 1, 1],
    );
    // Each word takes one commutative operation: the serial reference is exact.
    for g in 0..n {
        let v = g.wrapping_mul(2654435761);
        hist[(v >> 29) as usize] += 1;
        o[0] = o[0].wrapping_sub(3);
        o[1] = o[1].max(v);
        o[2] = o[2].min(v | 1);
        o[3] |= 1 << (g % 32);
        o[4] ^= v;
        o[5] &= !(1 << (g % 31));
        s[0] = s[0].min(v.cast_signed());
        s[1] = s[1].max(v.cast_signed());
    }
    assert_eq!(hist.iter().sum::<u32>(), n);
    assert_eq!(r[0], hist);
    assert_eq!(r[1], s.map(i32::cast_unsigned).to_vec());
    assert_eq!(r[2], o);
}

#[test]
fn exchange_and_compare_exchange_in_order() {
    // Each invocation swaps its id into a word and records the previous occupant; then a
    // compare-exchange claims a lock word only for the invocation that sees it free.
    let p = cs("
struct R { prev: u32, won: u32, }
@group(3) @binding(0) var<storage, read_write> word: atomic<u32>;
@group(3) @binding(1) var<storage, read_write> lock: atomic<u32>;
@group(3) @binding(2) var<storage, read_write> out: array<R>;
@compute @workgroup_size(8, 2)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wg: vec3<u32>) {
    let i = wg.x * 16u + li;
    let prev = atomicExchange(&word, i + 100u);
    let r = atomicCompareExchangeWeak(&lock, 0u, i + 1u);
    out[i] = R(prev, select(0u, 1u, r.exchanged) + r.old_value * 10u);
}");
    let r = run(&p, &[vec![7], vec![0], vec![0; 64]], &[], [2, 1, 1]);
    assert_eq!(r[0], vec![31 + 100]);
    assert_eq!(r[1], vec![1]);
    let mut want = Vec::new();
    for i in 0..32u32 {
        let prev = if i == 0 { 7 } else { i - 1 + 100 };
        let won = if i == 0 { 1 } else { 10 };
        want.extend([prev, won]);
    }
    assert_eq!(r[2], want);
}

#[test]
fn workgroup_atomics_and_atomic_load_store() {
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
@group(3) @binding(1) var<storage, read_write> flag: atomic<u32>;
var<workgroup> total: atomic<u32>;
var<workgroup> order: atomic<u32>;
@compute @workgroup_size(20)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    atomicAdd(&total, li);
    let pos = atomicAdd(&order, 1u);
    workgroupBarrier();
    if li == 19u {
        out[wg.x * 2u] = atomicLoad(&total);
        atomicStore(&flag, atomicLoad(&flag) + wg.x + 1u);
    }
    if pos == 5u { out[wg.x * 2u + 1u] = li; }
}");
    let r = run(&p, &[vec![0; 6], vec![0]], &[], [3, 1, 1]);
    assert_eq!(r[0], vec![190, 5, 190, 5, 190, 5]);
    assert_eq!(r[1], vec![6]);
}
