//! Tessera's memory model: buffers, textures, views and the context operations that move
//! bytes between them (update, map, copy, clear, mip generation, resolve, readback).
//!
//! - [`Buffer`] / [`Texture`] are cheap `Clone + Send + Sync` handles; identity is [`Resource::ptr_eq`].
//! - Storage is one allocation per resource, every subresource tightly packed in D3D subresource
//!   order (`mip + slice * mip_levels`); [`Texture::layout`] gives offsets and pitches.
//! - Creation is validated through `tessera-caps` (feature-level rules) plus the D3D11 structural
//!   rules, and refused with [`ResourceError::OutOfMemory`] before allocating anything too large.
//! - Multisampled textures store `sample_count` consecutive elements per pixel (sample order), so a
//!   row holds `width * sample_count` elements; [`SubresourceLayout::sample_count`] says how many.

#![forbid(unsafe_code)]

mod blit;
mod buffer;
mod buffer_view;
mod clear;
mod clear_view;
mod copy;
mod dds;
mod error;
mod image_io;
mod layout;
mod map;
mod memory;
mod mips;
mod resolve;
mod resolve_unorm8;
mod resource;
mod texture;
pub mod tiled;
mod update;
mod usage;
mod validate;
mod view;

pub use buffer::{Buffer, BufferReadGuard, BufferWriteGuard};
pub use buffer_view::{BufferViewFlags, RAW_UAV_OFFSET_ALIGN_10_X, UavCounter};
pub use clear::{
    clear_depth_stencil_view, clear_render_target_view, clear_unordered_access_view_float,
    clear_unordered_access_view_uint,
};
pub use clear_view::{ClearViewTarget, Rect, check_clear_view, clear_view};
pub use copy::{copy_resource, copy_subresource_region};
pub use dds::{RawImage, decode_dds, encode_dds, load_dds, read_raw, save_dds};
pub use error::ResourceError;
pub use image_io::{
    encode_png, read_depth_gray, read_depth_gray16, read_rgba8, read_rgba16, read_rgba32f,
    save_png, temp_path_for, write_file_atomic,
};
pub use layout::{Box3, SubresourceLayout, calc_subresource};
pub use map::{MapType, Mapped, map, unmap};
pub use memory::{
    DEFAULT_MEMORY_LIMIT_BYTES, MemoryBudget, allocate_zeroed, physical_memory_limit_bytes,
};
pub use mips::generate_mips;
pub use resolve::resolve_subresource;
pub use resource::Resource;
pub use texture::{SubresourceData, Texture, TextureReadGuard, TextureWriteGuard};
pub use update::update_subresource;
pub use view::{
    DepthStencilView, DsvFlags, RenderTargetView, ShaderResourceView, UnorderedAccessView,
    ViewInfo, ViewKind, resolve_view_of_desc,
};
