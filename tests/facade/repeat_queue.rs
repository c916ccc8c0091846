//! The 9_x texture-repeat limit through the info queue: an error message over the limit (the
//! image stays D3D11's), none at the limit, and a strict device refuses the draw and leaves
//! the target as it was.

use tessera::debug::{MessageId, Severity};
use tessera::{Device, DeviceDesc, Error, FeatureLevel as L};

use crate::shaders::{repeat_draw_on, spanning};

fn strict(level: L) -> Device {
    Device::new(&DeviceDesc {
        strict: true,
        threads: Some(2),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

#[test]
fn over_the_limit_is_an_error_message_at_the_limit_nothing() {
    for (level, limit) in [(L::L9_1, 128.0f32), (L::L9_2, 2048.0), (L::L9_3, 8192.0)] {
        let d = tessera_testkit::device(level);
        let (r, _) = repeat_draw_on(&d, &spanning(limit));
        r.unwrap();
        assert!(
            d.info_queue().is_empty(),
            "{level}: {:?}",
            d.info_queue().messages()
        );
        let (r, _) = repeat_draw_on(&d, &spanning(limit + 72.0));
        r.unwrap();
        let m = d.info_queue().take();
        assert_eq!(m.len(), 1, "{level}");
        assert_eq!(
            (m[0].id, m[0].severity),
            (MessageId::TextureRepeatExceeded, Severity::Error)
        );
        let text = &m[0].text;
        assert!(text.contains(&format!("limit is {limit}")), "{text}");
        assert!(
            text.contains(&format!("spans {} repeats", limit + 72.0)),
            "{text}"
        );
        assert!(text.contains(level.name()), "{text}");
    }
}

#[test]
fn a_strict_device_refuses_the_draw_and_keeps_the_target() {
    let d = strict(L::L9_1);
    let (r, untouched) = repeat_draw_on(&d, &spanning(200.0));
    assert!(
        matches!(&r, Err(Error::Strict(m)) if m.id == MessageId::TextureRepeatExceeded),
        "{r:?}"
    );
    assert!(
        untouched.iter().all(|&b| b == 0),
        "the refused draw left no pixel"
    );
    // Within the limit the strict device draws.
    let (r, drawn) = repeat_draw_on(&d, &spanning(100.0));
    r.unwrap();
    assert!(drawn.iter().any(|&b| b != 0));
}
