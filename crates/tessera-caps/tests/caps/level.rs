//! FeatureLevel parsing/printing and D3D11CreateDevice level selection (SPEC §1.1).

use tessera_caps::{CapsError, FeatureLevel, select_feature_level};

#[test]
fn display_and_parse_round_trip() {
    for l in FeatureLevel::ALL {
        assert_eq!(l.to_string().parse::<FeatureLevel>().unwrap(), l);
        assert_eq!(FeatureLevel::from_d3d(l.to_d3d()), Some(l));
        assert_eq!(
            format!("{:#x}", l.to_d3d())
                .parse::<FeatureLevel>()
                .unwrap(),
            l
        );
        assert_eq!(l.to_d3d().to_string().parse::<FeatureLevel>().unwrap(), l);
    }
    assert_eq!(FeatureLevel::L9_1.to_string(), "9_1");
    assert_eq!(
        "0xc200".parse::<FeatureLevel>().unwrap(),
        FeatureLevel::L12_2
    );
    assert_eq!(
        "0x9100".parse::<FeatureLevel>().unwrap(),
        FeatureLevel::L9_1
    );
    assert!(FeatureLevel::L9_3 < FeatureLevel::L10_0);
}

#[test]
fn parse_errors_name_the_valid_levels() {
    let e = "9_4".parse::<FeatureLevel>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown feature level '9_4'; valid levels: 9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, 12_0, 12_1, 12_2"
    );
    for bad in ["", "0x9400", "11", "12_3", "0x", "99999999999999"] {
        assert!(bad.parse::<FeatureLevel>().is_err(), "{bad}");
    }
}

#[test]
fn select_feature_level_follows_d3d11_create_device() {
    use FeatureLevel::*;
    assert_eq!(select_feature_level(&[], L12_1).unwrap(), L11_0);
    assert_eq!(select_feature_level(&[], L10_1).unwrap(), L10_1);
    assert_eq!(select_feature_level(&[], L9_1).unwrap(), L9_1);
    assert_eq!(
        select_feature_level(&[L12_0, L11_1, L9_3], L11_1).unwrap(),
        L11_1
    );
    assert_eq!(select_feature_level(&[L9_3, L11_1], L12_2).unwrap(), L9_3);
    assert!(matches!(
        select_feature_level(&[L12_0], L11_1),
        Err(CapsError::NoFeatureLevel {
            max_supported: L11_1,
            ..
        })
    ));
}
