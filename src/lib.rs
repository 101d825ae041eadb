//! N-API binding for pi-lean: the only crate that knows about napi. It converts, and nothing
//! else: `lean_core::host` reads arguments and options (types and paths in messages),
//! `lean_core::options` checks them and fills defaults, the core does the work, and
//! `lean_core::host` shapes each answer as plain data, which this crate makes into JS values.
//!
//! Two rules hold at this boundary:
//! - **No JS runs while Rust holds a pointer into JS memory.** An entry reads and checks every
//!   argument and option first (reading an option may run the caller's getter, and a getter can
//!   detach or transfer a Buffer's memory); only then does it borrow or copy the input, and from
//!   there to the end of the borrow it calls nothing that can run JS. An async entry copies its
//!   input before it queues, and holds JS values only by napi references.
//! - **Results are plain data**, built one way (`convert`): every property is defined, never
//!   assigned through setters (so no napi array conversion for lists: an assigned element
//!   would reach a setter on `Array.prototype`), and no accessor or native state outlives the
//!   call. Their TypeScript shapes, and those of the argument objects, are in `src/results.d.ts`.
//!
//! A panic never crosses FFI: every entry runs inside `errors::guarded`, async ones on both
//! halves (`errors::OffThread`).
//!
//! - `args`: arguments as [`args::Val`] for the core to read, and the compaction input
//!   ([`args::read_input`]), read last.
//! - `convert`: plain data to JS values, the one way (`convert::Js`).
//! - `errors`: coded JS errors, the panic guard, the one async task.
//! - one file per exported family: `compact`, `skills`, `policy`, `recovery`, `tools`,
//!   `capabilities`.
#![deny(clippy::all)]

// Public so the exported items count as used in every build (napi registers them at load).
mod args;
pub mod capabilities;
pub mod compact;
mod convert;
mod errors;
pub mod policy;
pub mod recovery;
pub mod skills;
pub mod tools;

use lean_core::hash::xxh3_hex;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use errors::guarded;

/// Version of the native core, so JS can check it loaded the binary it expects.
#[napi(catch_unwind)]
pub fn core_version() -> Result<String, ErrorCode> {
    guarded("coreVersion", || Ok(env!("CARGO_PKG_VERSION").to_string()))
}

/// xxh3-64 of a string or Buffer as 16 hex digits (the id scheme used everywhere).
#[napi(catch_unwind)]
pub fn content_hash(
    #[napi(ts_arg_type = "Buffer | string")] input: args::Val,
) -> Result<String, ErrorCode> {
    let input = args::read_input(input)?;
    guarded("contentHash", || Ok(xxh3_hex(input.bytes())))
}
