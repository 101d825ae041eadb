//! N-API binding for pi-lean: the only crate that knows about napi. It maps JS arguments to
//! `lean-core` calls and converts the answers back; no domain rule lives here.
//!
//! - `boundary`: panics caught and silenced, errors in one form with stable `code`s,
//!   arguments checked as [`boundary::Arg`] (a wrong type is `INVALID_ARGUMENT` naming it),
//!   and the one off-thread task behind every async entry.
//! - `types`: the plain objects that cross the boundary and their conversions.
//! - `skills`: `SkillIndex` (search, browse, load) and `capDescription`.
//! - `policy`: `SkillPolicy`, `matchSkillPattern`, `resolveSkillScope`.
//! - `compact`: `compact`, `compactToBuffer`, `compactAsync`; `input` reads their text input
//!   (a string only as far as needed), `result_text` hands an unchanged input back and
//!   `result_ranges` converts the dropped ranges; `js_helpers` holds the small JS functions
//!   that read the options and build the result where napi's property calls cost more.
//! - `recovery`: `RecoveryStore`.
//! - `tools`: `ToolIndex`.
//! - `capabilities`: the capsule distiller and validator for capability routing.
#![deny(clippy::all)]

// Public so the exported items count as used in every build (napi registers them at load).
mod boundary;
pub mod capabilities;
pub mod compact;
pub mod input;
pub mod js_helpers;
pub mod policy;
pub mod recovery;
pub mod result_ranges;
pub mod result_text;
pub mod skills;
pub mod tools;
pub mod types;

use lean_core::hash::xxh3_hex;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use boundary::{guarded, Arg};

/// Version of the native core, so JS can check it loaded the binary it expects.
#[napi(catch_unwind)]
pub fn core_version() -> Result<String, ErrorCode> {
    guarded("coreVersion", || Ok(env!("CARGO_PKG_VERSION").to_string()))
}

/// xxh3-64 of a string or Buffer as 16 hex digits (the id scheme used everywhere).
#[napi(catch_unwind)]
pub fn content_hash(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<input::TextInput>,
) -> Result<String, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    guarded("contentHash", || match input {
        input::TextInput::Buffer(buffer, _) => Ok(xxh3_hex(&buffer)),
        input::TextInput::String(text) => text.hash(),
    })
}
