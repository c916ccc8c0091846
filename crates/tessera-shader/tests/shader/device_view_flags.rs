//! Buffer view flags through the device (issue #18): the D3D11 creation rules of RAW,
//! APPEND and COUNTER views as typed errors with an info-queue message, the
//! `pUAVInitialCounts` rule, and `CopyStructureCount`'s values and refusals.

use tessera::caps::{BindFlags, BufferDesc, MiscFlags, SubresourceRange, TextureDesc, ViewDesc};
use tessera::resource::ResourceError;
use tessera::{
    Buffer, BufferViewFlags, Device, DeviceDesc, Error, FeatureLevel, Format, UnorderedAccessView,
};

fn device(level: FeatureLevel) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(1),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

/// A 64-byte buffer with `misc` flags (stride 16 when structured), UAV and SRV bindable.
fn buffer(d: &Device, misc: MiscFlags) -> Buffer {
    let structured = misc.contains(MiscFlags::BUFFER_STRUCTURED);
    let desc = BufferDesc {
        byte_width: 64,
        bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
        misc_flags: misc,
        structure_byte_stride: if structured { 16 } else { 0 },
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, None).unwrap()
}

fn view(format: Format, first: u32, count: u32) -> ViewDesc {
    ViewDesc {
        format,
        dimension: tessera::caps::ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: count,
        },
    }
}

const FLAGS: BufferViewFlags = BufferViewFlags {
    raw: false,
    append: false,
    counter: false,
};

/// The rule and value of a `BufferViewFlags` refusal, checking its info-queue message.
fn refusal<T: std::fmt::Debug>(d: &Device, r: tessera::Result<T>, call: &str) -> (String, u64) {
    let m = d.info_queue().messages();
    let last = m.last().expect("a stored message");
    assert_eq!(last.call, call);
    match r {
        Err(Error::Resource(ResourceError::BufferViewFlags {
            rule, level, value, ..
        })) => {
            assert_eq!(level, d.caps().level());
            assert!(last.text.contains(rule), "{}", last.text);
            (rule.to_string(), value)
        }
        other => panic!("expected a BufferViewFlags refusal, got {other:?}"),
    }
}

#[test]
fn raw_views_need_r32_typeless_and_allow_raw_views() {
    let d = device(FeatureLevel::L11_0);
    let raw = buffer(&d, MiscFlags::BUFFER_ALLOW_RAW_VIEWS);
    let plain = buffer(&d, MiscFlags::default());
    let rawf = BufferViewFlags::RAW;
    let r =
        d.create_unordered_access_view_with_flags(&raw, Some(&view(Format::R32Uint, 0, 16)), rawf);
    let (rule, _) = refusal(&d, r, "CreateUnorderedAccessView");
    assert_eq!(rule, "a RAW buffer view has format R32_TYPELESS");
    let r = d.create_shader_resource_view_with_flags(
        &plain,
        Some(&view(Format::R32Typeless, 0, 16)),
        rawf,
    );
    let (rule, value) = refusal(&d, r, "CreateShaderResourceView");
    assert!(
        rule.starts_with("a RAW buffer view needs a buffer created with BUFFER_ALLOW_RAW_VIEWS")
    );
    assert_eq!(value, 0);
    // R32_TYPELESS without RAW.
    let r = d.create_unordered_access_view(&raw, Some(&view(Format::R32Typeless, 0, 16)));
    let (rule, _) = refusal(&d, r, "CreateUnorderedAccessView");
    assert!(rule.starts_with("an R32_TYPELESS buffer view needs the RAW flag"));
    // Accepted: elements in 4-byte units, the range checked in them (16 words = 64 bytes).
    let ok = d
        .create_unordered_access_view_with_flags(
            &raw,
            Some(&view(Format::R32Typeless, 3, 13)),
            rawf,
        )
        .unwrap();
    assert_eq!(
        (ok.range().first_array_slice, ok.range().array_size),
        (3, 13)
    );
    assert_eq!(ok.flags(), rawf);
    assert!(ok.counter().is_none());
    assert!(
        d.create_unordered_access_view_with_flags(
            &raw,
            Some(&view(Format::R32Typeless, 3, 14)),
            rawf
        )
        .is_err()
    );
}

#[test]
fn append_and_counter_need_a_structured_uav() {
    let d = device(FeatureLevel::L11_0);
    let raw = buffer(&d, MiscFlags::BUFFER_ALLOW_RAW_VIEWS);
    let st = buffer(&d, MiscFlags::BUFFER_STRUCTURED);
    for flags in [BufferViewFlags::APPEND, BufferViewFlags::COUNTER] {
        let r = d.create_unordered_access_view_with_flags(
            &raw,
            Some(&view(Format::R32Uint, 0, 16)),
            flags,
        );
        let (rule, value) = refusal(&d, r, "CreateUnorderedAccessView");
        assert!(rule.starts_with("APPEND / COUNTER need a structured-buffer UAV"));
        assert_eq!(value, u64::from(MiscFlags::BUFFER_ALLOW_RAW_VIEWS.0));
        let ok = d
            .create_unordered_access_view_with_flags(&st, None, flags)
            .unwrap();
        assert_eq!(ok.counter().map(|c| c.get()), Some(0));
    }
    let both = BufferViewFlags {
        append: true,
        counter: true,
        ..FLAGS
    };
    let r = d.create_unordered_access_view_with_flags(&st, None, both);
    let (rule, value) = refusal(&d, r, "CreateUnorderedAccessView");
    assert!(rule.starts_with("D3D11_BUFFER_UAV_FLAG_APPEND and _COUNTER are exclusive"));
    assert_eq!(value, 6);
    let raw_append = BufferViewFlags {
        raw: true,
        append: true,
        ..FLAGS
    };
    let r = d.create_unordered_access_view_with_flags(
        &raw,
        Some(&view(Format::R32Typeless, 0, 16)),
        raw_append,
    );
    let (rule, value) = refusal(&d, r, "CreateUnorderedAccessView");
    assert!(rule.starts_with("RAW excludes APPEND and COUNTER"));
    assert_eq!(value, 3);
    // SRVs take RAW only; texture views take no flags.
    let r = d.create_shader_resource_view_with_flags(&st, None, BufferViewFlags::APPEND);
    let (rule, _) = refusal(&d, r, "CreateShaderResourceView");
    assert!(rule.starts_with("D3D11_BUFFEREX_SRV_FLAG has RAW only"));
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(4, 4, Format::R32Typeless, BindFlags::UNORDERED_ACCESS),
            None,
        )
        .unwrap();
    let r = d.create_unordered_access_view_with_flags(&tex, None, BufferViewFlags::RAW);
    let (rule, _) = refusal(&d, r, "CreateUnorderedAccessView");
    assert_eq!(
        rule,
        "RAW / APPEND / COUNTER are flags of buffer views only"
    );
}

#[test]
fn levels_10_x_refuse_counters_and_align_raw_uavs_9_x_has_none() {
    let d = device(FeatureLevel::L10_0);
    let st = buffer(&d, MiscFlags::BUFFER_STRUCTURED);
    let r = d.create_unordered_access_view_with_flags(&st, None, BufferViewFlags::APPEND);
    let (rule, value) = refusal(&d, r, "CreateUnorderedAccessView");
    assert!(rule.starts_with("APPEND / COUNTER UAVs need feature level 11_0"));
    assert_eq!(value, 2);
    let desc = BufferDesc {
        byte_width: 512,
        bind_flags: BindFlags::UNORDERED_ACCESS,
        misc_flags: MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
        ..BufferDesc::default()
    };
    let raw = d.create_buffer(&desc, None).unwrap();
    let r = d.create_unordered_access_view_with_flags(
        &raw,
        Some(&view(Format::R32Typeless, 4, 8)),
        BufferViewFlags::RAW,
    );
    let (rule, value) = refusal(&d, r, "CreateUnorderedAccessView");
    assert!(rule.starts_with("a raw UAV's first byte (FirstElement * 4) is a multiple of 256"));
    assert_eq!(value, 16);
    d.create_unordered_access_view_with_flags(
        &raw,
        Some(&view(Format::R32Typeless, 64, 8)),
        BufferViewFlags::RAW,
    )
    .unwrap();
    // 11_0 has no such alignment rule.
    let d11 = device(FeatureLevel::L11_0);
    let raw11 = d11.create_buffer(&desc, None).unwrap();
    d11.create_unordered_access_view_with_flags(
        &raw11,
        Some(&view(Format::R32Typeless, 4, 8)),
        BufferViewFlags::RAW,
    )
    .unwrap();
    // 9_x: no raw (or structured) buffers, and no buffer SRVs or UAVs, to take the flags.
    let d9 = device(FeatureLevel::L9_3);
    let r = d9.create_buffer(
        &BufferDesc {
            byte_width: 64,
            bind_flags: BindFlags::VERTEX_BUFFER,
            misc_flags: MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
            ..BufferDesc::default()
        },
        None,
    );
    assert!(matches!(r, Err(Error::Caps(_))), "{r:?}");
}

fn counter_uav(d: &Device) -> (Buffer, UnorderedAccessView) {
    let b = buffer(d, MiscFlags::BUFFER_STRUCTURED);
    let u = d
        .create_unordered_access_view_with_flags(&b, None, BufferViewFlags::APPEND)
        .unwrap();
    (b, u)
}

#[test]
fn initial_counts_set_keep_and_are_ignored_by_plain_views() {
    let d = device(FeatureLevel::L11_1);
    let mut c = d.immediate_context();
    let (b, u) = counter_uav(&d);
    let plain = d.create_unordered_access_view(&b, None).unwrap();
    let (_b2, u2) = counter_uav(&d);
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[7])
        .unwrap();
    assert_eq!(u.counter().unwrap().get(), 7);
    // u32::MAX (D3D's -1) keeps; an empty list (NULL) keeps every counter.
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[u32::MAX])
        .unwrap();
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[])
        .unwrap();
    assert_eq!(u.counter().unwrap().get(), 7);
    // The pixel stage's list does the same, per entry; a plain view ignores its entry.
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[], None)),
        1,
        Some(&[Some(u2.clone()), Some(plain), None]),
        &[3, 9, 4],
    )
    .unwrap();
    assert_eq!(u2.counter().unwrap().get(), 3);
    // Too few entries: refused, nothing set.
    let r = c.cs_set_unordered_access_views(0, &[Some(u.clone()), None], &[1]);
    assert!(matches!(
        r,
        Err(Error::UavCounter {
            call: "CSSetUnorderedAccessViews",
            limit: 2,
            value: 1,
            ..
        })
    ));
    assert_eq!(u.counter().unwrap().get(), 7);
    let m = d.info_queue().messages();
    assert_eq!(m.last().unwrap().call, "CSSetUnorderedAccessViews");
}

fn le_words(b: &Buffer) -> Vec<u32> {
    b.read()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn copy_structure_count_writes_the_counter_and_refuses_d3d_s_cases() {
    let d = device(FeatureLevel::L11_0);
    let mut c = d.immediate_context();
    let (b, u) = counter_uav(&d);
    c.cs_set_unordered_access_views(0, &[Some(u.clone())], &[0x0102_0304])
        .unwrap();
    let dst = d
        .create_buffer(
            &BufferDesc {
                byte_width: 16,
                bind_flags: BindFlags::SHADER_RESOURCE,
                ..BufferDesc::default()
            },
            Some(&[0xEE; 16]),
        )
        .unwrap();
    c.copy_structure_count(&dst, 4, &u).unwrap();
    assert_eq!(
        &dst.read()[..],
        &[
            0xEE, 0xEE, 0xEE, 0xEE, 4, 3, 2, 1, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE
        ]
    );
    u.counter().unwrap().set(0);
    c.copy_structure_count(&dst, 12, &u).unwrap();
    assert_eq!(
        le_words(&dst),
        vec![0xEEEE_EEEE, 0x0102_0304, 0xEEEE_EEEE, 0]
    );
    let rule_of = |r: tessera::Result<()>| match r {
        Err(Error::UavCounter {
            call: "CopyStructureCount",
            rule,
            limit,
            value,
            ..
        }) => (rule, limit, value),
        other => panic!("{other:?}"),
    };
    let plain = d.create_unordered_access_view(&b, None).unwrap();
    let (rule, limit, value) = rule_of(c.copy_structure_count(&dst, 0, &plain));
    assert!(
        rule.starts_with(
            "the source UAV was created with D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER"
        )
    );
    assert_eq!((limit, value), (6, 0));
    let (rule, _, value) = rule_of(c.copy_structure_count(&dst, 2, &u));
    assert_eq!(
        (rule, value),
        ("DstAlignedByteOffset is a multiple of 4", 2)
    );
    let (_, limit, value) = rule_of(c.copy_structure_count(&dst, 16, &u));
    assert_eq!((limit, value), (16, 20));
    let imm = d
        .create_buffer(
            &BufferDesc {
                byte_width: 16,
                bind_flags: BindFlags::SHADER_RESOURCE,
                usage: tessera::caps::Usage::Immutable,
                ..BufferDesc::default()
            },
            Some(&[0; 16]),
        )
        .unwrap();
    assert!(matches!(
        c.copy_structure_count(&imm, 0, &u),
        Err(Error::Resource(ResourceError::UsageNotAllowed { .. }))
    ));
    assert_eq!(
        le_words(&dst),
        vec![0xEEEE_EEEE, 0x0102_0304, 0xEEEE_EEEE, 0]
    );
    let m = d.info_queue().messages();
    assert_eq!(m.len(), 4);
    assert!(m.iter().all(|m| m.call == "CopyStructureCount"));
}

#[test]
fn a_raw_uav_clears_its_words_with_the_first_uint_and_refuses_floats() {
    let d = device(FeatureLevel::L11_0);
    let mut c = d.immediate_context();
    let desc = BufferDesc {
        byte_width: 16,
        bind_flags: BindFlags::UNORDERED_ACCESS,
        misc_flags: MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
        ..BufferDesc::default()
    };
    let b = d.create_buffer(&desc, Some(&[0xEE; 16])).unwrap();
    let u = d
        .create_unordered_access_view_with_flags(
            &b,
            Some(&view(Format::R32Typeless, 1, 2)),
            BufferViewFlags::RAW,
        )
        .unwrap();
    c.clear_unordered_access_view_uint(&u, [0x0A0B_0C0D, 1, 2, 3])
        .unwrap();
    assert_eq!(
        le_words(&b),
        vec![0xEEEE_EEEE, 0x0A0B_0C0D, 0x0A0B_0C0D, 0xEEEE_EEEE]
    );
    assert!(matches!(
        c.clear_unordered_access_view_float(&u, [1.0; 4]),
        Err(Error::Resource(ResourceError::FormatNotSupported {
            format: Format::R32Typeless,
            ..
        }))
    ));
}
