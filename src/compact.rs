//! Compaction for JS: `compact`, `compactToBuffer` and `compactAsync`. Each reads its options
//! first (the core checks them, `lean_core::options::CompactHostOptions`), then reads the input
//! ([`read_input`]), runs the core's request once and converts.
//! An unchanged string result is the caller's own string; an unchanged Buffer's text is a new
//! string of its bytes.

use lean_core::compact;
use lean_core::options::{CompactHostOptions, CompactRequest};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::{sys, UnknownRef};
use napi_derive::napi;

use crate::args::{read_input, read_options, Arg, Input};
use crate::convert::{compact_result, holder, internal, text, Js};
use crate::errors::{guarded, rejected, OffThread};
use crate::into_core;

/// Options of the compaction entries.
#[napi(object, object_to_js = false)]
pub struct CompactOptionsInput {
    /// Force a content kind (`log`, `test`, `grep`, `diff`, `json`, ...); `auto` or absent detects.
    pub kind: Option<String>,
    pub tool: Option<String>,
    pub command: Option<String>,
    pub path: Option<String>,
    pub query: Option<String>,
    /// Inputs smaller than this pass through byte-identical. Default about 1 KB.
    pub threshold_bytes: Option<f64>,
    /// Inputs larger than this pass through untouched.
    pub max_input_bytes: Option<f64>,
    /// When true, markers name `id=<content hash>` so `token_retrieve` can recover the lines.
    pub recoverable: Option<bool>,
    /// 0..=1, default 1; lower keeps more.
    pub aggressiveness: Option<f64>,
    /// Per-result budget in estimated tokens (default 8000).
    pub budget_tokens: Option<f64>,
    /// Hard cap on the view in bytes; never above Pi's own 2,000-line / 50 KB cut.
    pub max_output_bytes: Option<f64>,
}

into_core! {
    CompactOptionsInput => CompactHostOptions {
        kind, tool, command, path, query, threshold_bytes, max_input_bytes, recoverable,
        aggressiveness, budget_tokens, max_output_bytes
    }
}

/// The options of a compaction entry, read from JS and checked by the core.
fn compact_request(options: Option<Arg<CompactOptionsInput>>) -> Result<CompactRequest, ErrorCode> {
    let options: CompactHostOptions = read_options(options)?;
    options.request().map_err(rejected)
}

/// Compacts tool output. Small inputs come back unchanged; any internal failure returns the
/// original (fail open).
#[napi(catch_unwind, ts_return_type = "CompactResult")]
pub fn compact(
    env: Env,
    #[napi(ts_arg_type = "Buffer | string")] input: Unknown,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<Js, ErrorCode> {
    let request = compact_request(options)?;
    let read = read_input(input)?;
    guarded("compact", || {
        let string = matches!(read, Input::String(_)).then(|| input.raw());
        result(&env, request.run(read.bytes()), read.bytes(), string)
    })
}

/// Like `compact`, but returns the exact output bytes (for the CLI, which must not re-encode).
#[napi(catch_unwind)]
pub fn compact_to_buffer(
    #[napi(ts_arg_type = "Buffer | string")] input: Unknown,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
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
        .map_err(|_| internal("read the input string back"))?
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
    #[napi(ts_arg_type = "Buffer | string")] input: Unknown,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<CompactTask, ErrorCode> {
    let request = compact_request(options)?;
    let read = read_input(input)?;
    guarded("compactAsync", || {
        let (input, string) = match read {
            Input::Buffer(buffer) => (buffer.to_vec(), None),
            Input::String(text) => {
                // napi refers to objects only (before Node-API 10): the string goes in a plain
                // object of ours, read back as an own data property, which runs no JS.
                let held = holder(&env, input.raw()).and_then(|holder| {
                    holder.create_ref().map_err(|_| internal("hold the input"))
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
