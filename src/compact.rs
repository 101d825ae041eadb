//! Compaction for JS: `compact`, `compactToBuffer` and `compactAsync`. Options are checked
//! and mapped to `lean_core::compact::CompactOptions`; the engine does the rest. An unchanged
//! result hands the caller's own input back instead of a copy (see [`ResultText`]).

use lean_core::compact::{self, CompactOptions, ContentKind};
use lean_core::hash::xxh3_hex;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;
use napi_derive::napi;

use crate::boundary::{
    failure, fraction, guarded, integer, Arg, OffThread, TextInput, Work, MAX_SAFE_INTEGER,
};
use crate::types::{js_count, CompactOptionsInput, CompactResult, DroppedRangeInfo};

fn core_compact_options(
    input: &[u8],
    options: Option<CompactOptionsInput>,
) -> Result<CompactOptions, ErrorCode> {
    let options = options.unwrap_or_default();
    let kind = match options.kind.as_deref() {
        None | Some("auto") | Some("") => None,
        Some(name) => Some(ContentKind::parse(name).ok_or_else(|| {
            failure(
                ErrorCode::InvalidArgument,
                format!("options.kind is an unknown kind \"{name}\""),
                "use auto, log, test, diagnostics, grep, diff, json, source, tree, table, config, text or binary",
            )
        })?),
    };
    // Byte counts are whole numbers up to what a JS number holds exactly.
    let bytes = |path: &str, value: Option<f64>| {
        integer(path, value, 0, MAX_SAFE_INTEGER).map(|n| n.map(|n| n as usize))
    };
    Ok(CompactOptions {
        kind,
        tool: options.tool,
        command: options.command,
        path: options.path,
        query: options.query,
        threshold_bytes: bytes("options.thresholdBytes", options.threshold_bytes)?,
        max_input_bytes: bytes("options.maxInputBytes", options.max_input_bytes)?,
        recovery_id: options
            .recoverable
            .unwrap_or(false)
            .then(|| xxh3_hex(input)),
        aggressiveness: fraction("options.aggressiveness", options.aggressiveness)?,
        budget_tokens: integer(
            "options.budgetTokens",
            options.budget_tokens,
            0,
            u32::MAX.into(),
        )?
        .map(|n| n as usize),
        max_output_bytes: bytes("options.maxOutputBytes", options.max_output_bytes)?,
    })
}

/// An unchanged input, for a result to hand back instead of a copy.
pub(crate) enum CallerInput {
    /// A Buffer: its bytes become the JS string directly, without a Rust copy in between.
    Buffer(Buffer),
    /// A JS string: handed back as the very same value, so passing it through costs only the
    /// transient UTF-8 copy the engine read (napi could not lend the string's own memory).
    /// Valid only within the synchronous call that received it.
    String(sys::napi_value),
}

/// A result's text on its way to JS: the compacted text, or for an unchanged result the
/// caller's input itself (see [`CallerInput`]), so passing a large input through costs no more
/// than compacting it.
pub struct ResultText(TextSource);

enum TextSource {
    Owned(String),
    Input(CallerInput),
}

impl TypeName for ResultText {
    fn type_name() -> &'static str {
        "String"
    }

    fn value_type() -> ValueType {
        ValueType::String
    }
}

impl ToNapiValue for ResultText {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        match val.0 {
            TextSource::Owned(text) => unsafe { String::to_napi_value(env, text) },
            TextSource::Input(CallerInput::String(value)) => Ok(value),
            TextSource::Input(CallerInput::Buffer(buf)) => match std::str::from_utf8(&buf) {
                Ok(text) => unsafe { <&str>::to_napi_value(env, text) },
                Err(_) => unsafe {
                    String::to_napi_value(env, String::from_utf8_lossy(&buf).into_owned())
                },
            },
        }
    }
}

/// The text of a result: the compacted bytes (moved when valid UTF-8), or for an unchanged
/// result the input itself (see [`ResultText`]).
/// `input` is `None` when the caller's input must not be read again (async results, whose
/// input may have changed meanwhile): `out.text` then holds every byte, unchanged or not.
fn result_text(out: &mut compact::Compacted, input: Option<CallerInput>) -> ResultText {
    match input {
        Some(input) if !out.changed => ResultText(TextSource::Input(input)),
        _ => ResultText(TextSource::Owned(
            String::from_utf8(std::mem::take(&mut out.text))
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        )),
    }
}

fn compact_result(mut out: compact::Compacted, input: Option<CallerInput>) -> CompactResult {
    CompactResult {
        text: result_text(&mut out, input),
        kind: out.kind.as_str().to_string(),
        changed: out.changed,
        id: out.id,
        original_bytes: out.original_bytes as f64,
        output_bytes: out.output_bytes as f64,
        original_lines: js_count(out.original_lines),
        ranges: out
            .ranges
            .into_iter()
            .map(|r| DroppedRangeInfo {
                start_line: js_count(r.start_line),
                end_line: js_count(r.end_line),
                template: r.template,
            })
            .collect(),
        strategies: out.strategies.iter().map(|s| s.to_string()).collect(),
    }
}

pub(crate) fn input_bytes(input: &TextInput) -> &[u8] {
    match input {
        Either::A(buf) => buf,
        Either::B(text) => text.0.as_bytes(),
    }
}

/// Compacts tool output. Small inputs come back unchanged; any internal failure returns the
/// original (fail open).
#[napi(catch_unwind)]
pub fn compact(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<CompactResult, ErrorCode> {
    let caller_value = input.js_value();
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compact", || {
        let core_options = core_compact_options(input_bytes(&input), options)?;
        // A recoverable call already hashed the input for its recovery id: the result's id is
        // the same hash, so the engine need not compute it again.
        let out = match core_options.recovery_id.clone() {
            Some(id) => {
                compact::compact_unchanged_empty_with_id(input_bytes(&input), &core_options, id)
            }
            None => compact::compact_unchanged_empty(input_bytes(&input), &core_options),
        };
        let unchanged = match input {
            Either::A(buf) => CallerInput::Buffer(buf),
            // The copy napi made is dropped here; the caller's own string goes back.
            Either::B(_) => CallerInput::String(caller_value),
        };
        Ok(compact_result(out, Some(unchanged)))
    })
}

/// Like `compact`, but returns the exact output bytes (for the CLI, which must not re-encode).
#[napi(catch_unwind)]
pub fn compact_to_buffer(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<Buffer, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactToBuffer", || {
        let core_options = core_compact_options(input_bytes(&input), options)?;
        let out = compact::compact_unchanged_empty(input_bytes(&input), &core_options);
        if out.changed {
            return Ok(out.text.into());
        }
        // Unchanged: hand the input back rather than a copy of it.
        Ok(match input {
            Either::A(buf) => buf,
            Either::B(text) => text.0.into_bytes().into(),
        })
    })
}

/// The input as bytes the task owns. A Buffer is copied before the call returns: the caller
/// may detach, mutate or drop it while the task runs, and the task must neither read freed
/// memory nor hash different bytes from the ones it compacts. A string is already a copy.
fn owned_bytes(input: TextInput) -> Vec<u8> {
    match input {
        Either::A(buf) => buf.to_vec(),
        Either::B(text) => text.0.into_bytes(),
    }
}

/// `compactAsync`: the engine on the libuv pool, over bytes the task owns.
pub struct CompactWork {
    input: Vec<u8>,
    /// Validated before the task is queued, so bad options fail synchronously with a code.
    options: CompactOptions,
}

impl Work for CompactWork {
    type Output = compact::Compacted;
    type JsValue = CompactResult;
    const ENTRY: &'static str = "compactAsync:worker";

    fn run(&mut self) -> Result<compact::Compacted, ErrorCode> {
        Ok(compact::compact(&self.input, &self.options))
    }

    fn finish(output: compact::Compacted) -> Result<CompactResult, ErrorCode> {
        Ok(compact_result(output, None))
    }
}

/// Off-thread `compact` for large inputs (runs on the libuv pool). Options are checked
/// before queuing: an unknown kind throws `INVALID_ARGUMENT` like the sync variant. The
/// input is copied first, so the task never reads memory the caller still controls.
#[napi(catch_unwind, ts_return_type = "Promise<CompactResult>")]
pub fn compact_async(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<AsyncTask<OffThread<CompactWork>>, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactAsync", || {
        let input = owned_bytes(input);
        let options = core_compact_options(&input, options)?;
        Ok(OffThread::task(CompactWork { input, options }))
    })
}
