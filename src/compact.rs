//! Compaction for JS: `compact`, `compactToBuffer` and `compactAsync`. Each reads its options
//! first (`lean_core::host::read`, then `lean_core::options::CompactHostOptions` checks them),
//! then reads the input ([`read_input`]), runs the core's request once and converts.
//! An unchanged string result is the caller's own string; an unchanged Buffer's text is a new
//! string of its bytes.

use lean_core::compact;
use lean_core::host::read;
use lean_core::options::CompactRequest;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::{sys, UnknownRef};
use napi_derive::napi;

use crate::args::{raw, read_input, Input, Val};
use crate::convert::{compact_result, holder, text, Js};
use crate::errors::{coded, guarded, internal, OffThread};

/// The options of a compaction entry, read from JS and checked by the core.
fn compact_request(options: Option<Val>) -> Result<CompactRequest, ErrorCode> {
    let options = read::compact_options(options.as_ref()).map_err(coded)?;
    options.request().map_err(coded)
}

/// Compacts tool output. Small inputs come back unchanged; any internal failure returns the
/// original (fail open).
#[napi(catch_unwind, ts_return_type = "CompactResult")]
pub fn compact(
    env: Env,
    #[napi(ts_arg_type = "Buffer | string")] input: Val,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<Val>,
) -> Result<Js, ErrorCode> {
    let request = compact_request(options)?;
    let read = read_input(input)?;
    guarded("compact", || {
        let string = matches!(read, Input::String(_)).then(|| raw(input));
        result(&env, request.run(read.bytes()), read.bytes(), string)
    })
}

/// Like `compact`, but returns the exact output bytes (for the CLI, which must not re-encode).
#[napi(catch_unwind)]
pub fn compact_to_buffer(
    #[napi(ts_arg_type = "Buffer | string")] input: Val,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<Val>,
) -> Result<Buffer, ErrorCode> {
    let request = compact_request(options)?;
    let read = read_input(input)?;
    guarded("compactToBuffer", || {
        let out = request.run(read.bytes());
        Ok(match (out.changed, read) {
            (true, _) => out.text.into(),
            // Unchanged: hand the input back rather than a copy of it.
            (false, Input::Buffer(buffer)) => buffer,
            (false, Input::String(text)) => text.into_bytes().into(),
        })
    })
}

/// A `CompactResult` for `out` over `input`. An unchanged string input's `text` is the caller's
/// own string (`string`); an unchanged Buffer's is a new string of its bytes.
fn result(
    env: &Env,
    out: compact::Compacted,
    input: &[u8],
    string: Option<sys::napi_value>,
) -> Result<Js, ErrorCode> {
    let text = match (out.changed, string) {
        (true, _) => text(env, &out.text)?,
        (false, Some(string)) => string,
        (false, None) => text(env, input)?,
    };
    compact_result(env, &out, text)
}

/// The string `compactAsync` holds, read back from its holder object on the JS thread.
fn held_string(env: &Env, held: &UnknownRef) -> Result<sys::napi_value, ErrorCode> {
    let holder = held.get_value(env).and_then(Object::from_unknown);
    let string = holder.and_then(|holder| holder.get_named_property_unchecked::<Unknown>("text"));
    Ok(string
        .map_err(|_| internal("napi refused to read the input string back"))?
        .raw())
}

/// `compactAsync`'s task: the engine's output with the input copy it ran over.
type CompactTask = AsyncTask<OffThread<(compact::Compacted, Vec<u8>), Js>>;

/// Off-thread `compact` for large inputs (runs on the libuv pool). Options are checked and the
/// input copied before queuing: an unknown kind throws `INVALID_ARGUMENT` like the sync
/// variant, and the task never reads memory the caller still controls.
#[napi(catch_unwind, ts_return_type = "Promise<CompactResult>")]
pub fn compact_async(
    env: Env,
    #[napi(ts_arg_type = "Buffer | string")] input: Val,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<Val>,
) -> Result<CompactTask, ErrorCode> {
    let request = compact_request(options)?;
    let read = read_input(input)?;
    guarded("compactAsync", || {
        let (input, string) = match read {
            Input::Buffer(buffer) => (buffer.to_vec(), None),
            Input::String(text) => {
                // napi refers to objects only (before Node-API 10): the string goes in a plain
                // object of ours, read back as an own data property, which runs no JS.
                let held = holder(&env, raw(input)).and_then(|holder| {
                    holder
                        .create_ref()
                        .map_err(|_| internal("napi refused to hold the input"))
                })?;
                (text.into_bytes(), Some(held))
            }
        };
        Ok(OffThread::task(
            "compactAsync:worker",
            string,
            move || Ok((request.run(&input), input)),
            |env, (out, input), held| {
                let string = held.map(|held| held_string(env, held)).transpose()?;
                result(env, out, &input, string)
            },
        ))
    })
}
