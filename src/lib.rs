//! N-API binding for pi-lean. This is the only file that knows about napi: it wraps the
//! `lean-core` crate, maps core errors to stable JS `code`s and keeps panics from crossing
//! the FFI boundary (`catch_unwind` on every sync entry point, `Result` in every task).
#![deny(clippy::all)]

use napi_derive::napi;

/// Version of the native core, so JS can check it loaded the binary it expects.
#[napi(catch_unwind)]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
