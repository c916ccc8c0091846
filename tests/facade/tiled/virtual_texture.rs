//! A 16384×16384 RGBA8 virtual texture with its full mip chain (issue #16 part 4): a draw
//! samples a whole-chain view of it on demand (one copy of each mapped tile, not the 1.4 GiB of
//! its subresources), at 4 and at 400 mapped tiles of mip 0.

use tessera::format::Format;

use super::views::plane;
use super::*;

/// Peak resident memory of this process in KiB (`VmHWM`), where Linux reports it.
fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_16384_square_full_chain_view_is_sampled_on_demand() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(16384, 16384, 15, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let packed = r.tiling().packed_mip_desc;
    // RGBA8 tiles are 128×128: mips 0..=7 standard, 8..=14 packed.
    assert_eq!(packed.num_standard_mips, 8);
    let n = packed.num_tiles_for_packed_mips;
    let p = pool(&d, n + 400);
    let tail = c(0, 0, packed.num_standard_mips);
    map(&mut ctx, &r, &p, tail, n, 0);
    // Packed tiles take no UpdateTiles (SPEC §6.2): each packed mip is written whole.
    for mip in packed.num_standard_mips..15 {
        let side = 16384usize >> mip;
        ctx.write_tiled_subresource(&r, mip, &vec![0x80; side * side * 4])
            .unwrap();
    }
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    for (first, count) in [(0, 4), (4, 396)] {
        // Tiles `first..first + count` of mip 0's first tile row (128 tiles across).
        let start = c(first % 128, first / 128, 0);
        map(&mut ctx, &r, &p, start, count, n + first);
        ctx.update_tiles(
            &r,
            start,
            linear(count),
            &vec![0x40; count as usize * 65536],
            0,
        )
        .unwrap();
        let out = plane(&d, |ctx| {
            ctx.ps_set_tiled_shader_resources(0, &[Some(view.clone())])
                .unwrap()
        });
        // The 8×8 plane samples mip 11 (LOD log2(16384 / 8)), in the mapped packed tail.
        assert_eq!(
            out,
            vec![[0x80; 4]; 64],
            "{} mip-0 tiles mapped",
            first + count
        );
        if let Some(kib) = peak_rss_kib() {
            eprintln!(
                "peak RSS after the draw with {} mip-0 tiles mapped: {kib} KiB",
                first + count
            );
        }
    }
}
