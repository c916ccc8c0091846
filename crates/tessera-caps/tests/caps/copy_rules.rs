//! SPEC §2.2 copy restrictions at 9_x, one rule per test: each case breaks exactly one rule
//! (the same copy passes at 10_0, its neighbour without the offending property passes at
//! 9_x) and the refusal names that rule.

use FeatureLevel::*;
use tessera_caps::*;
use tessera_format::Format;

const NINE: [FeatureLevel; 3] = [L9_1, L9_2, L9_3];

fn tex3d(mip_levels: u32, bind_flags: BindFlags) -> TextureDesc {
    TextureDesc {
        dimension: TextureDimension::D3,
        depth: 16,
        mip_levels,
        ..TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, bind_flags)
    }
}

fn staging(t: TextureDesc) -> TextureDesc {
    TextureDesc {
        usage: Usage::Staging,
        bind_flags: BindFlags::NONE,
        cpu_access: CpuAccess::READ | CpuAccess::WRITE,
        ..t
    }
}

fn copy(kind: CopyKind, src: TextureDesc, dst: TextureDesc) -> CopyDesc {
    CopyDesc {
        kind,
        src: ResourceDesc::Texture(src),
        dst: ResourceDesc::Texture(dst),
    }
}

/// The rule a copy is refused by at `level`, or "ok".
fn rule(level: FeatureLevel, c: &CopyDesc) -> &'static str {
    match Caps::for_level(level).validate_copy(c) {
        Ok(()) => "ok",
        Err(e) => e.rule(),
    }
}

const SR_RT: BindFlags = BindFlags(BindFlags::SHADER_RESOURCE.0 | BindFlags::RENDER_TARGET.0);

#[test]
fn texture3d_to_staging_refused_at_9_x() {
    // Not SHADER_RESOURCE-only, one mip, GPU to CPU: only the Texture3D rule applies.
    let src = tex3d(1, SR_RT);
    let c = copy(CopyKind::Resource, src, staging(src));
    for level in NINE {
        assert_eq!(
            Caps::for_level(level).validate_copy(&c),
            Err(CapsError::Copy {
                level,
                rule: COPY_RULE_TEX3D_TO_STAGING,
                reason: "Texture3D cannot be copied to a staging resource at 9_x".into(),
            })
        );
    }
    assert_eq!(rule(L10_0, &c), "ok");
    // The same copy of a Texture2D passes at 9_x.
    let t2 = TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, SR_RT);
    assert_eq!(rule(L9_1, &copy(CopyKind::Resource, t2, staging(t2))), "ok");
}

#[test]
fn mipmapped_volume_staging_to_staging_refused_at_9_x() {
    // Staging to staging: no GPU rule applies, only the mipmapped-volume rule.
    let mipped = staging(tex3d(2, BindFlags::NONE));
    let c = copy(CopyKind::SubresourceRegion, mipped, mipped);
    for level in NINE {
        assert_eq!(rule(level, &c), COPY_RULE_MIPPED_TEX3D, "{level}");
    }
    assert_eq!(rule(L10_0, &c), "ok");
    let single = staging(tex3d(1, BindFlags::NONE));
    assert_eq!(
        rule(L9_1, &copy(CopyKind::SubresourceRegion, single, single)),
        "ok"
    );
}

#[test]
fn default_texture3d_to_default_refused_at_9_x() {
    // One mip, CopyResource, GPU to GPU: only "Texture2D and Buffer GPU to GPU" applies.
    let v = tex3d(1, BindFlags::SHADER_RESOURCE);
    let c = copy(CopyKind::Resource, v, v);
    for level in NINE {
        assert_eq!(rule(level, &c), COPY_RULE_GPU_TO_GPU, "{level}");
    }
    assert_eq!(rule(L10_0, &c), "ok");
    let t2 = TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    assert_eq!(rule(L9_1, &copy(CopyKind::Resource, t2, t2)), "ok");
    let buf = BufferDesc {
        byte_width: 64,
        bind_flags: BindFlags::VERTEX_BUFFER,
        ..BufferDesc::default()
    };
    let buffers = CopyDesc {
        kind: CopyKind::Resource,
        src: ResourceDesc::Buffer(buf),
        dst: ResourceDesc::Buffer(buf),
    };
    assert_eq!(rule(L9_1, &buffers), "ok");
}

#[test]
fn shader_resource_only_to_staging_refused_at_9_x() {
    // A Texture2D: the only rule left is the SHADER_RESOURCE-only one.
    let sr = TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let c = copy(CopyKind::Resource, sr, staging(sr));
    for level in NINE {
        assert_eq!(rule(level, &c), COPY_RULE_SRV_ONLY_TO_STAGING, "{level}");
    }
    assert_eq!(rule(L10_0, &c), "ok");
    let sr_rt = TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, SR_RT);
    assert_eq!(
        rule(L9_1, &copy(CopyKind::Resource, sr_rt, staging(sr_rt))),
        "ok"
    );
}

#[test]
fn copy_structure_count_refused_at_9_x() {
    for level in NINE {
        assert_eq!(
            Caps::for_level(level).validate_copy_structure_count(),
            Err(CapsError::Unsupported {
                level,
                feature: "CopyStructureCount",
                rule: "SPEC §2.2 CopyStructureCount",
            })
        );
    }
    assert_eq!(
        Caps::for_level(L10_0).validate_copy_structure_count(),
        Ok(())
    );
    assert_eq!(
        Caps::for_level(L11_0).validate_copy_structure_count(),
        Ok(())
    );
}
