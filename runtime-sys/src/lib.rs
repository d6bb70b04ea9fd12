//! Raw FFI to the C shim over the IREE runtime (`csrc/iree_shim.h`).
//!
//! Everything here is `unsafe` to call; the safe API lives in the `engine`
//! crate. The IREE runtime itself is built from source by `build.rs`.
#![allow(non_camel_case_types, non_upper_case_globals, non_snake_case)]

include!(concat!(env!("OUT_DIR"), "/bindings.rs"));
