//! Binding for capsules (`lean_core::capsule`): the deterministic, extractive distiller the
//! capability layer uses to shorten third-party tool guidelines and skill text, and the
//! structural check a cached capsule must pass before it is used.

use lean_core::capsule;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{string, Val};
use crate::convert::Js;
use crate::errors::guarded;

/// Version of the capsule distiller; cached capsules of another version are remade.
#[napi(catch_unwind)]
pub fn distiller_version() -> Result<u32, ErrorCode> {
    guarded("distillerVersion", || Ok(capsule::DISTILLER_VERSION))
}

/// The capsule of `text`, or null when it would not be shorter (or `text` is empty or over
/// 256 KiB): callers then keep the original.
#[napi(catch_unwind, ts_return_type = "CapsuleInfo | null")]
pub fn distill_capsule(#[napi(ts_arg_type = "string")] text: Val) -> Result<Option<Js>, ErrorCode> {
    let text = string(text, "text")?;
    guarded("distillCapsule", || {
        Ok(capsule::distill(&text).map(|c| lean_core::host::capsule_info(c).into()))
    })
}

/// Null when `capsule` is a valid capsule of `source` (extractive, in order, every rule kept,
/// shorter); otherwise why it is not, so the caller uses the original.
#[napi(catch_unwind)]
pub fn validate_capsule(
    #[napi(ts_arg_type = "string")] source: Val,
    #[napi(ts_arg_type = "string")] capsule_text: Val,
) -> Result<Option<String>, ErrorCode> {
    let source = string(source, "source")?;
    let capsule_text = string(capsule_text, "capsule")?;
    guarded("validateCapsule", || {
        Ok(capsule::validate(&source, &capsule_text)
            .err()
            .map(|why| why.to_string()))
    })
}
