//! tessera-shader: compile and run WGSL over 8 lanes, with exact expected values.

mod atomics;
mod bitfield;
mod calls;
mod compute;
mod control;
mod decompose;
mod device_compute;
mod device_hang;
mod device_hazard;
mod device_msaa;
mod device_pixel_uav;
mod device_profile;
mod device_storage;
mod device_storage_dims;
mod device_storage_srv;
mod errors;
mod harness;
mod hostile;
mod matrix;
mod ops_float;
mod ops_int;
mod packing;
mod pixel;
mod spirv;
mod texture;
mod twins;
