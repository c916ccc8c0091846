//! FL-01..FL-10: texture and buffer creation limits per feature level.

use super::*;
use FeatureLevel::*;
use tessera_caps::*;

#[test]
fn fl01_fl02_texture2d_dimension() {
    for (level, max) in [
        (L9_1, 2048),
        (L9_2, 2048),
        (L9_3, 4096),
        (L10_0, 8192),
        (L10_1, 8192),
        (L11_0, 16384),
        (L12_2, 16384),
    ] {
        let c = caps(level);
        assert_eq!(c.validate_texture(&tex2d(max, max)), Ok(()), "{level}");
        assert_eq!(
            c.validate_texture(&tex2d(max + 1, 16)),
            Err(CapsError::TextureDimension {
                level,
                kind: "Texture2D",
                limit: max,
                value: max + 1
            })
        );
    }
    let e = caps(L9_1).validate_texture(&tex2d(2049, 16)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "feature level 9_1 allows at most 2048 texels per Texture2D dimension; the texture uses 2049"
    );
    assert!(caps(L9_3).validate_texture(&tex2d(4097, 1)).is_err());
}

#[test]
fn fl03_cube_dimension() {
    for level in [L9_1, L9_2] {
        assert_eq!(caps(level).validate_texture(&cube(512)), Ok(()));
        assert_eq!(
            caps(level).validate_texture(&cube(1024)),
            Err(CapsError::TextureDimension {
                level,
                kind: "TextureCube",
                limit: 512,
                value: 1024
            })
        );
    }
    assert_eq!(caps(L9_3).validate_texture(&cube(4096)), Ok(()));
    assert!(matches!(
        caps(L9_3).validate_texture(&cube(8192)),
        Err(CapsError::TextureDimension { limit: 4096, .. })
    ));
}

#[test]
fn fl04_non_pow2_needs_one_mip() {
    for level in NINE {
        let c = caps(level);
        assert_eq!(c.validate_texture(&tex2d(300, 200)), Ok(()));
        for mips in [2, 0] {
            let t = TextureDesc {
                mip_levels: mips,
                ..tex2d(300, 200)
            };
            assert_eq!(
                c.validate_texture(&t),
                Err(CapsError::NonPowerOfTwo {
                    level,
                    reason: "mipmapped textures",
                    width: 300,
                    height: 200,
                    depth: 1
                })
            );
        }
        assert_eq!(
            c.validate_texture(&TextureDesc {
                mip_levels: 0,
                ..tex2d(256, 128)
            }),
            Ok(())
        );
    }
    assert_eq!(
        caps(L10_0).validate_texture(&TextureDesc {
            mip_levels: 0,
            ..tex2d(300, 200)
        }),
        Ok(())
    );
}

#[test]
fn fl06_arrays_and_cubes_at_9x() {
    for level in NINE {
        let c = caps(level);
        assert_eq!(
            c.validate_texture(&TextureDesc {
                array_size: 1,
                ..tex2d(64, 64)
            }),
            Ok(())
        );
        assert_eq!(
            c.validate_texture(&TextureDesc {
                array_size: 2,
                ..tex2d(64, 64)
            }),
            Err(CapsError::TextureArraySize {
                level,
                limit: 1,
                value: 2
            })
        );
        assert_eq!(c.validate_texture(&cube(256)), Ok(()));
        assert_eq!(
            c.validate_texture(&cube(300)),
            Err(CapsError::NonPowerOfTwo {
                level,
                reason: "cube textures",
                width: 300,
                height: 300,
                depth: 1
            })
        );
        assert!(matches!(
            c.validate_texture(&TextureDesc {
                array_size: 12,
                ..cube(256)
            }),
            Err(CapsError::TextureArraySize {
                limit: 6,
                value: 12,
                ..
            })
        ));
    }
}

#[test]
fn fl07_array_size() {
    for (level, max) in [(L10_0, 512), (L10_1, 512), (L11_0, 2048), (L12_1, 2048)] {
        let c = caps(level);
        assert_eq!(
            c.validate_texture(&TextureDesc {
                array_size: max,
                ..tex2d(64, 64)
            }),
            Ok(())
        );
        assert_eq!(
            c.validate_texture(&TextureDesc {
                array_size: max + 1,
                ..tex2d(64, 64)
            }),
            Err(CapsError::TextureArraySize {
                level,
                limit: max,
                value: max + 1
            })
        );
    }
}

#[test]
fn fl08_texture3d() {
    let c = caps(L9_1);
    assert_eq!(c.validate_texture(&tex3d(256, 256, 256)), Ok(()));
    assert_eq!(
        c.validate_texture(&tex3d(512, 512, 512)),
        Err(CapsError::TextureDimension {
            level: L9_1,
            kind: "Texture3D",
            limit: 256,
            value: 512
        })
    );
    for level in NINE {
        assert_eq!(
            caps(level).validate_texture(&tex3d(100, 64, 64)),
            Err(CapsError::NonPowerOfTwo {
                level,
                reason: "volume textures",
                width: 100,
                height: 64,
                depth: 64
            })
        );
    }
    assert_eq!(caps(L10_0).validate_texture(&tex3d(2048, 100, 64)), Ok(()));
    assert!(matches!(
        caps(L10_0).validate_texture(&tex3d(2049, 1, 1)),
        Err(CapsError::TextureDimension {
            limit: 2048,
            value: 2049,
            ..
        })
    ));
}

#[test]
fn fl09_texture1d() {
    for level in NINE {
        for w in [1, 64, 2048] {
            assert!(matches!(
                caps(level).validate_texture(&tex1d(w)),
                Err(CapsError::Unsupported {
                    feature: "CreateTexture1D",
                    ..
                })
            ));
        }
    }
    assert_eq!(caps(L10_0).validate_texture(&tex1d(8192)), Ok(()));
    assert_eq!(
        caps(L10_0).validate_texture(&tex1d(8193)),
        Err(CapsError::TextureDimension {
            level: L10_0,
            kind: "Texture1D",
            limit: 8192,
            value: 8193
        })
    );
}

#[test]
fn fl10_buffer_bind_flags() {
    let buf = |bind| BufferDesc {
        byte_width: 256,
        bind_flags: bind,
        ..Default::default()
    };
    let c = caps(L9_1);
    assert_eq!(
        c.validate_buffer(&buf(BindFlags::VERTEX_BUFFER | BindFlags::INDEX_BUFFER)),
        Err(CapsError::BufferBindFlags {
            level: L9_1,
            bind_flags: 0x3
        })
    );
    assert_eq!(c.validate_buffer(&buf(BindFlags::VERTEX_BUFFER)), Ok(()));
    assert_eq!(
        c.validate_buffer(&buf(BindFlags::SHADER_RESOURCE)),
        Err(CapsError::BufferBindFlags {
            level: L9_1,
            bind_flags: 0x8
        })
    );
    assert_eq!(
        caps(L10_0).validate_buffer(&buf(BindFlags::VERTEX_BUFFER | BindFlags::INDEX_BUFFER)),
        Ok(())
    );
    assert_eq!(
        caps(L10_0).validate_buffer(&buf(BindFlags::SHADER_RESOURCE)),
        Ok(())
    );
}
