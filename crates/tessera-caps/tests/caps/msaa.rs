//! Multisampling rules: the standard sample patterns (RS-17), `CheckMultisampleQualityLevels`
//! per format and level, and the `DXGI_SAMPLE_DESC` of texture creation (SPEC §1.3, §2.1, §3.8).

use FeatureLevel::*;
use tessera_caps::*;
use tessera_format::Format;

fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

fn msaa(format: Format, bind: BindFlags, count: u32, quality: u32) -> TextureDesc {
    TextureDesc {
        sample_desc: SampleDesc { count, quality },
        ..TextureDesc::tex2d(64, 64, format, bind)
    }
}

/// RS-17: 4× samples 0..3 at (-2,-6), (6,-2), (-6,2), (2,6) / 16; 8× sample 7 at (7,-7);
/// 16× sample 12 at (-8,0); every pattern equals caps.toml's table, lies in [-8, 7] and puts
/// no two samples at one place. The centre pattern stacks every sample at (0, 0).
#[test]
fn rs17_standard_sample_patterns() {
    assert_eq!(
        standard_sample_positions(4),
        Some(&[[-2, -6], [6, -2], [-6, 2], [2, 6]][..])
    );
    assert_eq!(standard_sample_positions(8).map(|p| p[7]), Some([7, -7]));
    assert_eq!(standard_sample_positions(16).map(|p| p[12]), Some([-8, 0]));
    assert_eq!(standard_sample_positions(2), Some(&[[4, 4], [-4, -4]][..]));
    assert_eq!(standard_sample_positions(1), Some(&[[0, 0]][..]));
    for n in [0, 3, 32] {
        assert_eq!(standard_sample_positions(n), None, "{n} samples");
        assert_eq!(center_sample_positions(n), None, "{n} samples");
    }
    let table = &caps_table().meta.standard_sample_positions_1_16th;
    assert_eq!(table.len(), SAMPLE_COUNTS.len());
    for n in SAMPLE_COUNTS {
        let p = standard_sample_positions(n).unwrap();
        let want: Vec<[i8; 2]> = table[&n.to_string()]
            .iter()
            .map(|&[x, y]| [x as i8, y as i8])
            .collect();
        assert_eq!(p, &want[..], "{n}x against caps.toml");
        assert_eq!(p.len(), n as usize);
        assert!(p.iter().flatten().all(|&v| (-8..=7).contains(&v)));
        let mut distinct = p.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), p.len(), "{n}x has two samples at one place");
        assert_eq!(
            center_sample_positions(n),
            Some(&vec![[0, 0]; n as usize][..])
        );
    }
    assert_eq!(
        STANDARD_MULTISAMPLE_PATTERN,
        caps_table().meta.standard_multisample_pattern
    );
    assert_eq!(
        CENTER_MULTISAMPLE_PATTERN,
        caps_table().meta.center_multisample_pattern
    );
}

/// Quality levels: 1 for every count with a pattern where formats.json lists the format as a
/// multisampled render target at that count, 0 where it does not (9_x R8_UNORM, a BC format,
/// 32 samples, 3 samples), `InvalidDesc` for 0 and for more than 32 samples.
#[test]
fn quality_levels_per_format_count_and_level() {
    let q = |l, f, n| caps(l).check_multisample_quality_levels(f, n);
    for l in [L10_1, L11_0, L12_2] {
        for n in [1, 2, 4, 8, 16] {
            assert_eq!(q(l, Format::R8G8B8A8Unorm, n), Ok(1), "{l} {n}x");
            assert_eq!(q(l, Format::D32Float, n), Ok(1), "{l} {n}x D32");
        }
        assert_eq!(
            q(l, Format::R8G8B8A8Unorm, 32),
            Ok(0),
            "{l}: no 32x pattern"
        );
        assert_eq!(q(l, Format::R8G8B8A8Unorm, 3), Ok(0));
        assert_eq!(q(l, Format::Bc1Unorm, 1), Ok(0), "BC is no render target");
        assert_eq!(q(l, Format::Bc1Unorm, 4), Ok(0));
    }
    // 9_1: R8_UNORM renders, but not multisampled.
    assert_eq!(q(L9_1, Format::R8Unorm, 1), Ok(1));
    for n in [2, 4, 8, 16] {
        assert_eq!(q(L9_1, Format::R8Unorm, n), Ok(0), "9_1 R8 {n}x");
    }
    assert_eq!(q(L9_1, Format::R8G8B8A8Unorm, 4), Ok(1));
    for bad in [0, 33, 64] {
        assert!(
            matches!(q(L11_0, Format::R8G8B8A8Unorm, bad), Err(CapsError::InvalidDesc { ref reason, .. }) if reason.contains(&bad.to_string())),
            "{bad} samples"
        );
    }
}

/// Creation with more than one sample: 2D, one mip, a render-target or depth bind, no UAV, a
/// count with quality levels, quality below the levels or (10_1+) a pattern value.
#[test]
fn texture_sample_desc_rules() {
    let rt = BindFlags::RENDER_TARGET;
    let rgba = Format::R8G8B8A8Unorm;
    let ok = |l: FeatureLevel, d: &TextureDesc| caps(l).validate_texture(d);
    for n in [2, 4, 8, 16] {
        assert_eq!(ok(L11_0, &msaa(rgba, rt, n, 0)), Ok(()), "{n}x");
        assert_eq!(
            ok(
                L11_0,
                &msaa(Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL, n, 0)
            ),
            Ok(())
        );
    }
    let invalid = |r: Result<(), CapsError>| matches!(r, Err(CapsError::InvalidDesc { .. }));
    // Quality: below 1 level, or a pattern value from 10_1 on.
    assert!(invalid(ok(L11_0, &msaa(rgba, rt, 4, 1))));
    assert_eq!(
        ok(L11_0, &msaa(rgba, rt, 4, STANDARD_MULTISAMPLE_PATTERN)),
        Ok(())
    );
    assert_eq!(
        ok(L10_1, &msaa(rgba, rt, 4, CENTER_MULTISAMPLE_PATTERN)),
        Ok(())
    );
    assert!(invalid(ok(
        L10_0,
        &msaa(rgba, rt, 4, STANDARD_MULTISAMPLE_PATTERN)
    )));
    assert!(
        invalid(ok(L11_0, &msaa(rgba, rt, 1, 1))),
        "single-sample quality 1"
    );
    assert!(invalid(ok(
        L11_0,
        &msaa(rgba, rt, 1, STANDARD_MULTISAMPLE_PATTERN)
    )));
    // Counts: not a power of two, over 32; 32 has no levels.
    assert!(invalid(ok(L11_0, &msaa(rgba, rt, 3, 0))));
    assert!(invalid(ok(L11_0, &msaa(rgba, rt, 64, 0))));
    assert!(matches!(
        ok(L11_0, &msaa(rgba, rt, 32, 0)),
        Err(CapsError::FormatUnsupported {
            format: Format::R8G8B8A8Unorm,
            ..
        })
    ));
    assert!(matches!(
        ok(L9_1, &msaa(Format::R8Unorm, rt, 4, 0)),
        Err(CapsError::FormatUnsupported {
            format: Format::R8Unorm,
            ..
        })
    ));
    // Shape and binds.
    let mips = TextureDesc {
        mip_levels: 2,
        ..msaa(rgba, rt, 4, 0)
    };
    assert!(invalid(ok(L11_0, &mips)));
    let array = TextureDesc {
        array_size: 2,
        ..msaa(rgba, rt, 4, 0)
    };
    assert_eq!(
        ok(L11_0, &array),
        Ok(()),
        "MSAA arrays are allowed at 10_0+"
    );
    assert!(invalid(ok(
        L11_0,
        &msaa(rgba, BindFlags::SHADER_RESOURCE, 4, 0)
    )));
    assert!(invalid(ok(
        L11_0,
        &msaa(rgba, rt | BindFlags::UNORDERED_ACCESS, 4, 0)
    )));
    assert_eq!(
        ok(L11_0, &msaa(rgba, rt | BindFlags::SHADER_RESOURCE, 4, 0)),
        Ok(())
    );
    // Typeless: any count with a pattern.
    assert_eq!(ok(L11_0, &msaa(Format::R8G8B8A8Typeless, rt, 8, 0)), Ok(()));
    assert!(matches!(
        ok(L11_0, &msaa(Format::R8G8B8A8Typeless, rt, 32, 0)),
        Err(CapsError::FormatUnsupported { .. })
    ));
}
