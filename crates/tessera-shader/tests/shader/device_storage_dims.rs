//! Storage textures other than 2D through the device: `texture_storage_1d`, `_2d_array` and
//! `_3d` bound as Texture1D, Texture2DArray and Texture3D UAVs (a view's array slices or W
//! slices addressed through `tessera_format::memory`), texels outside the view dropped, other
//! slices and mips untouched, the same bytes at 1, 2 and 8 threads; the dimension rule as a
//! typed error.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, SubresourceRange, TextureDesc, TextureDimension, ViewDesc, ViewDimension,
};
use tessera::{Device, DeviceDesc, Error, FeatureLevel, Format, Texture};
use tessera_shader::{CompileOptions, WgslComputeShader};

fn device(threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(FeatureLevel::L11_0)
    })
    .unwrap()
}

/// An R32_UINT UAV texture of `dimension`, `(w, h, depth)`, `array_size` slices, `mips` mips,
/// every word `0xEEEE_EEEE` (so untouched texels show).
fn texture(
    d: &Device,
    dimension: TextureDimension,
    size: [u32; 3],
    array_size: u32,
    mips: u32,
) -> Texture {
    let desc = TextureDesc {
        dimension,
        width: size[0],
        height: size[1],
        depth: size[2],
        mip_levels: mips,
        array_size,
        ..TextureDesc::tex2d(1, 1, Format::R32Uint, BindFlags::UNORDERED_ACCESS)
    };
    let t = d.create_texture(&desc, None).unwrap();
    t.write().bytes_mut().fill(0xEE);
    t
}

/// Runs `src` over `groups` with a UAV of `tex` (`view`) in slot 0.
fn run(
    d: &Device,
    src: &str,
    tex: &Texture,
    view: &ViewDesc,
    groups: [u32; 3],
) -> tessera::Result<()> {
    let cs = WgslComputeShader::new(src, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let cs = d.create_compute_shader(Arc::new(cs))?;
    let uav = d.create_unordered_access_view(tex, Some(view))?;
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs))?;
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[0])?;
    ctx.dispatch(groups[0], groups[1], groups[2])
}

/// The words of subresource `sub`.
fn words(tex: &Texture, sub: u32) -> Vec<u32> {
    tex.read()
        .subresource_bytes(sub)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

const UNTOUCHED: u32 = 0xEEEE_EEEE;

fn view(dimension: ViewDimension, mip: u32, first: u32, count: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension,
        range: SubresourceRange {
            most_detailed_mip: mip,
            mip_levels: 1,
            first_array_slice: first,
            array_size: count,
        },
    }
}

#[test]
fn texture_storage_1d_writes_a_texture1d_uav() {
    let src = "
@group(3) @binding(0) var t: texture_storage_1d<r32uint, write>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
    // 16 invocations over a 10-texel mip 0: x >= 10 is dropped.
    textureStore(t, i, vec4<u32>(i * 3u + textureDimensions(t) * 1000u, 0u, 0u, 0u));
}";
    let want: Vec<u32> = (0..10).map(|x| x * 3 + 10_000).collect();
    for threads in [1, 2, 8] {
        let d = device(threads);
        let tex = texture(&d, TextureDimension::D1, [10, 1, 1], 1, 2);
        run(
            &d,
            src,
            &tex,
            &view(ViewDimension::Texture1D, 0, 0, 1),
            [1, 1, 1],
        )
        .unwrap();
        assert_eq!(words(&tex, 0), want, "{threads} threads");
        assert_eq!(words(&tex, 1), [UNTOUCHED; 5], "mip 1 untouched");
    }
}

/// Writes `(x, y, layer)` packed, plus the view's layer count, to every texel of the view
/// (and past it: those are dropped).
const ARRAY_SRC: &str = "
@group(3) @binding(0) var t: texture_storage_2d_array<r32uint, read_write>;
@compute @workgroup_size(8, 4, 1) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(t);
    let layers = textureNumLayers(t);
    let old = textureLoad(t, id.xy, id.z);
    textureStore(t, id.xy, i32(id.z), vec4<u32>(
        id.x + 16u * id.y + 256u * id.z + 4096u * layers + 65536u * (size.x * 16u + size.y)
            + (old.x & 1u) * 0x01000000u, 0u, 0u, 0u));
}";

#[test]
fn texture_storage_2d_array_writes_the_views_slices_of_its_mip() {
    // 4 slices of 6 x 3 with 2 mips; the UAV sees mip 1 (3 x 1) of slices 1 and 2.
    let want = |layer: u32| -> Vec<u32> {
        (0..3)
            .map(|x| {
                x + 256 * layer + 4096 * 2 + 65536 * (3 * 16 + 1) + 0x0100_0000 * (UNTOUCHED & 1)
            })
            .collect()
    };
    let mut first: Option<Vec<u8>> = None;
    for threads in [1, 2, 8] {
        let d = device(threads);
        let tex = texture(&d, TextureDimension::D2, [6, 3, 1], 4, 2);
        let v = view(ViewDimension::Texture2DArray, 1, 1, 2);
        // 8 x 4 x 3 invocations: x >= 3, y >= 1 and layer 2 are outside the view.
        run(&d, ARRAY_SRC, &tex, &v, [1, 1, 3]).unwrap();
        for slice in 0..4 {
            // Subresource = mip + slice * 2.
            assert_eq!(
                words(&tex, 2 * slice),
                [UNTOUCHED; 18],
                "slice {slice} mip 0"
            );
            let mip1 = words(&tex, 2 * slice + 1);
            match slice {
                1 | 2 => assert_eq!(mip1, want(slice - 1), "slice {slice} mip 1"),
                _ => assert_eq!(mip1, [UNTOUCHED; 3], "slice {slice} mip 1"),
            }
        }
        let bytes = tex.read().bytes().to_vec();
        match &first {
            None => first = Some(bytes),
            Some(f) => assert!(f == &bytes, "{threads} threads differ"),
        }
    }
}

#[test]
fn texture_storage_3d_writes_the_w_slices_of_a_texture3d_uav() {
    let src = "
@group(3) @binding(0) var t: texture_storage_3d<r32uint, write>;
@compute @workgroup_size(4, 4, 4) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let s = textureDimensions(t);
    textureStore(t, id, vec4<u32>(id.x + 10u * id.y + 100u * id.z + 1000u * (s.x + s.y + s.z), 0u, 0u, 0u));
}";
    for threads in [1, 2, 8] {
        let d = device(threads);
        let tex = texture(&d, TextureDimension::D3, [4, 3, 5], 1, 1);
        // W slices 1..4 of the 5: the shader's z = 0..3 are depth slices 1..3.
        run(
            &d,
            src,
            &tex,
            &view(ViewDimension::Texture3D, 0, 1, 3),
            [1, 1, 1],
        )
        .unwrap();
        let got = words(&tex, 0);
        for z in 0..5u32 {
            for y in 0..3u32 {
                for x in 0..4u32 {
                    let at = (z * 12 + y * 4 + x) as usize;
                    let want = match z {
                        1..=3 => x + 10 * y + 100 * (z - 1) + 1000 * (4 + 3 + 3),
                        _ => UNTOUCHED,
                    };
                    assert_eq!(got[at], want, "({x}, {y}, {z}) at {threads} threads");
                }
            }
        }
    }
}

#[test]
fn a_storage_texture_of_another_dimension_is_a_typed_error() {
    let d = device(2);
    let cases = [
        (
            ARRAY_SRC,
            ViewDimension::Texture2D,
            "a texture_storage_2d_array takes a Texture2DArray UAV",
        ),
        (
            "@group(3) @binding(0) var t: texture_storage_3d<r32uint, write>;
@compute @workgroup_size(1) fn main() { textureStore(t, vec3<u32>(0u), vec4<u32>(1u)); }",
            ViewDimension::Texture2DArray,
            "a texture_storage_3d takes a Texture3D UAV",
        ),
        (
            "@group(3) @binding(0) var t: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() { textureStore(t, vec2<u32>(0u), vec4<u32>(1u)); }",
            ViewDimension::Texture2DArray,
            "a texture_storage_2d takes a Texture2D UAV",
        ),
    ];
    for (src, dim, rule) in cases {
        let slices = if dim == ViewDimension::Texture2D {
            1
        } else {
            2
        };
        let tex = texture(&d, TextureDimension::D2, [4, 4, 1], slices, 1);
        let v = view(dim, 0, 0, slices);
        match run(&d, src, &tex, &v, [1, 1, 1]) {
            Err(Error::UavFormat {
                rule: r, slot: 0, ..
            }) => assert_eq!(r, rule),
            other => panic!("{rule}: {other:?}"),
        }
        assert_eq!(words(&tex, 0), [UNTOUCHED; 16], "{rule}: nothing written");
    }
}
