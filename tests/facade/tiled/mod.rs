//! The tiled-resources preview through the device (issue #16 part 2, TESTCASES TR-*): the
//! gate, creation, mappings through the context, tile copies/updates and readback with the
//! NULL rules of each tier, and the Tier-1 info-queue messages.

mod compute;
mod create;
mod data;
mod layouts;
mod mappings;
mod mips;
mod ms_views;
mod ops;
mod pixel_uavs;
mod probe;
mod sampling;
mod sampling_reports;
mod shapes;
mod sharing;
mod status;
mod target_views;
mod targets;
mod tier1;
mod uav_clears;
mod views;
mod virtual_texture;
mod volume;
mod volume_targets;
mod volume_views;

use tessera::caps::{BindFlags, BufferDesc, CapsOptions, MiscFlags, TextureDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::{
    TilePool, TileRegionSize, TiledResourceCoordinate, UpdateTileMappings,
};
use tessera::tiled::{Tier1NullRead, TiledResource};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel};

/// A device at `level` with the tiled preview at `tier` (`None`: preview off).
pub fn device_at(
    level: FeatureLevel,
    tier: Option<u32>,
    null_read: Tier1NullRead,
) -> tessera::Result<Device> {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: tier,
            ..CapsOptions::default()
        },
        tiled_null_read: null_read,
        threads: Some(1),
        ..DeviceDesc::at(level)
    })
}

/// A device at 11_1 with the preview at `tier`, NULL reads zero.
pub fn device(tier: u32) -> Device {
    device_at(FeatureLevel::L11_1, Some(tier), Tier1NullRead::Zero).unwrap()
}

/// A `MISC_TILED` Texture2D(Array) description (default usage, SRV bind).
pub fn tiled_tex(w: u32, h: u32, mips: u32, arrays: u32, format: Format) -> TextureDesc {
    TextureDesc {
        mip_levels: mips,
        array_size: arrays,
        misc_flags: MiscFlags::TILED,
        ..TextureDesc::tex2d(w, h, format, BindFlags::SHADER_RESOURCE)
    }
}

/// A `MISC_TILED` buffer of `bytes`.
pub fn tiled_buf(bytes: u32) -> BufferDesc {
    BufferDesc {
        byte_width: bytes,
        bind_flags: BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::TILED,
        ..BufferDesc::default()
    }
}

/// A tile pool of `tiles` tiles.
pub fn pool(d: &Device, tiles: u32) -> TilePool {
    d.create_tile_pool(&BufferDesc {
        byte_width: tiles * 65536,
        misc_flags: MiscFlags::TILE_POOL,
        ..BufferDesc::default()
    })
    .unwrap()
}

/// Subresource `sub`, tile (x, y).
pub fn c(x: u32, y: u32, sub: u32) -> TiledResourceCoordinate {
    TiledResourceCoordinate {
        x,
        y,
        z: 0,
        subresource: sub,
    }
}

/// `n` tiles walked linearly.
pub fn linear(n: u32) -> TileRegionSize {
    TileRegionSize {
        num_tiles: n,
        ..TileRegionSize::default()
    }
}

/// Maps `n` resource tiles from `start` to pool tiles `first..first + n`.
pub fn map(
    ctx: &mut DeviceContext,
    r: &TiledResource,
    p: &TilePool,
    start: TiledResourceCoordinate,
    n: u32,
    first: u32,
) {
    ctx.update_tile_mappings(
        r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[start]),
            sizes: Some(&[linear(n)]),
            pool: Some(p),
            num_ranges: 1,
            pool_starts: Some(&[first]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
}

/// The IDs of the device's stored messages, oldest first.
pub fn ids(d: &Device) -> Vec<MessageId> {
    d.info_queue().messages().iter().map(|m| m.id).collect()
}

/// A DEFAULT buffer of `bytes`.
pub fn buffer(d: &Device, bytes: u32) -> tessera::Buffer {
    d.create_buffer(
        &BufferDesc {
            byte_width: bytes,
            ..BufferDesc::default()
        },
        None,
    )
    .unwrap()
}

/// Texel (x, y) of a tightly packed RGBA8 image `w` wide holds (x, y, x ^ y, 0xA5) (low bytes).
pub fn pattern(w: u32, h: u32) -> Vec<u8> {
    (0..h)
        .flat_map(|y| (0..w).flat_map(move |x| [x as u8, y as u8, (x ^ y) as u8, 0xA5]))
        .collect()
}
