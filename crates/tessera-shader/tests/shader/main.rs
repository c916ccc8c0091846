//! tessera-shader: compile and run WGSL over 8 lanes, with exact expected values.

mod atomics;
mod calls;
mod compute;
mod control;
mod device_compute;
mod device_hang;
mod device_msaa;
mod device_pixel_uav;
mod device_storage;
mod device_storage_dims;
mod errors;
mod harness;
mod hostile;
mod matrix;
mod ops_float;
mod ops_int;
mod pixel;
mod spirv;
mod texture;
mod twins;
