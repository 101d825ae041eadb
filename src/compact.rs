//! Compaction for JS: `compact`, `compactToBuffer` and `compactAsync`. Options are checked
//! and mapped to `lean_core::compact::CompactOptions`; the engine does the rest. An unchanged
//! result hands the caller's own input back instead of a copy (see [`ResultText`]).

use lean_core::compact::{self, CompactOptions, ContentKind};
use lean_core::hash::xxh3_hex;
use lean_core::utf16::utf16_to_utf8;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;
use napi_derive::napi;

use crate::boundary::{
    failure, fraction, guarded, integer, napi_ok, Arg, OffThread, Work, MAX_SAFE_INTEGER,
};
use crate::input::TextInput;
use crate::js_helpers::{self, OptionNumbers};
use crate::result_text::{result_text, CallerInput, CompactReturn, ResultParts};
use crate::types::CompactOptionsInput;

/// The options argument of the compaction entries. It is read by the env's `readOptions`
/// helper (see [`js_helpers`]) when every field has a type it takes, which costs a tenth of
/// napi-rs's derived conversion; otherwise by that conversion, whose errors name the field.
pub struct OptionsArg(CompactOptionsInput);

impl FromNapiValue for OptionsArg {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        // SAFETY: `env` and `value` come straight from napi for the current call.
        if let Some(options) = unsafe { read_by_helper(env, value) } {
            return Ok(OptionsArg(options));
        }
        // SAFETY: as above.
        unsafe { CompactOptionsInput::from_napi_value(env, value) }.map(OptionsArg)
    }
}

/// The options as `readOptions` reads them, or `None` when it did not (a field of another
/// type, a getter that threw, no helpers in this env). Safety: `env` and `value` are of the
/// current call.
unsafe fn read_by_helper(
    env: sys::napi_env,
    value: sys::napi_value,
) -> Option<CompactOptionsInput> {
    let [read_options, numbers_array, _] = js_helpers::helpers(env)?;
    // SAFETY (every call): the values are of `env` in the current call.
    unsafe {
        let texts = js_helpers::call(env, read_options, &[value])?;
        let mut kind = 0;
        sys::napi_typeof(env, texts, &mut kind);
        if kind != sys::ValueType::napi_string {
            return None; // null: a field the derived conversion must report
        }
        let mut array_type = 0;
        let mut length = 0;
        let mut data = std::ptr::null_mut();
        let (mut buffer, mut offset) = (std::ptr::null_mut(), 0);
        let status = sys::napi_get_typedarray_info(
            env,
            numbers_array,
            &mut array_type,
            &mut length,
            &mut data,
            &mut buffer,
            &mut offset,
        );
        if status != sys::Status::napi_ok
            || array_type != sys::TypedarrayType::float64_array
            || length != OptionNumbers::LEN
            || data.is_null()
        {
            return None;
        }
        // Copied out at once: the array belongs to JS.
        let numbers: [f64; OptionNumbers::LEN] = std::ptr::read_unaligned(data.cast());
        let mut units = 0;
        napi_ok(sys::napi_get_value_string_utf16(
            env,
            texts,
            std::ptr::null_mut(),
            0,
            &mut units,
        ))?;
        let mut text = vec![0u16; units + 1];
        let mut written = 0;
        napi_ok(sys::napi_get_value_string_utf16(
            env,
            texts,
            text.as_mut_ptr(),
            text.len(),
            &mut written,
        ))?;
        text.truncate(written);
        let mut at = 0usize;
        let mut strings = [None, None, None, None, None];
        for (index, string) in strings.iter_mut().enumerate() {
            let units = numbers[OptionNumbers::TEXT_LENGTHS + index];
            if units < 0.0 {
                continue;
            }
            let end = at
                .checked_add(units as usize)
                .filter(|&end| end <= text.len())?;
            *string = Some(String::from_utf8(utf16_to_utf8(&text[at..end])).ok()?);
            at = end;
        }
        let present = numbers[OptionNumbers::PRESENT_NUMBERS] as u32;
        let number = |index: usize| (present & (1 << index) != 0).then_some(numbers[index]);
        let [kind, tool, command, path, query] = strings;
        Some(CompactOptionsInput {
            kind,
            tool,
            command,
            path,
            query,
            threshold_bytes: number(0),
            max_input_bytes: number(1),
            recoverable: match numbers[OptionNumbers::RECOVERABLE] {
                n if n < 0.0 => None,
                n => Some(n > 0.0),
            },
            aggressiveness: number(2),
            budget_tokens: number(3),
            max_output_bytes: number(4),
        })
    }
}

/// The engine's options from JS, checked. `recovery_id` is left for [`with_recovery_id`]: the
/// input's bytes may not have been read yet.
fn core_compact_options(options: Option<OptionsArg>) -> Result<(CompactOptions, bool), ErrorCode> {
    let options = options.map(|options| options.0).unwrap_or_default();
    let recoverable = options.recoverable.unwrap_or(false);
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
    let options = CompactOptions {
        kind,
        tool: options.tool,
        command: options.command,
        path: options.path,
        query: options.query,
        threshold_bytes: bytes("options.thresholdBytes", options.threshold_bytes)?,
        max_input_bytes: bytes("options.maxInputBytes", options.max_input_bytes)?,
        recovery_id: None,
        aggressiveness: fraction("options.aggressiveness", options.aggressiveness)?,
        budget_tokens: integer(
            "options.budgetTokens",
            options.budget_tokens,
            0,
            u32::MAX.into(),
        )?
        .map(|n| n as usize),
        max_output_bytes: bytes("options.maxOutputBytes", options.max_output_bytes)?,
    };
    Ok((options, recoverable))
}

/// `options` with markers naming `input`'s id when the caller asked for recoverable views.
fn with_recovery_id(
    (mut options, recoverable): (CompactOptions, bool),
    input: &[u8],
) -> CompactOptions {
    if recoverable {
        options.recovery_id = Some(xxh3_hex(input));
    }
    options
}

fn compact_result(out: compact::Compacted, input: CallerInput) -> CompactReturn {
    let (text, deferred) = result_text(out.changed, &out.id, out.text, input);
    let parts = ResultParts {
        text,
        kind: out.kind.as_str(),
        changed: out.changed,
        id: out.id,
        original_bytes: out.original_bytes,
        output_bytes: out.output_bytes,
        original_lines: out.original_lines,
        ranges: out.ranges,
        strategies: out.strategies,
    };
    CompactReturn::new(parts, deferred)
}

pub(crate) fn input_bytes(input: &Either<Buffer, String>) -> &[u8] {
    match input {
        Either::A(buf) => buf,
        Either::B(text) => text.as_bytes(),
    }
}

/// Compacts tool output. Small inputs come back unchanged; any internal failure returns the
/// original (fail open). A string over `maxInputBytes` is never copied out of V8: it is hashed
/// in pieces and handed back as the same value.
#[napi(catch_unwind, ts_return_type = "CompactResult")]
pub fn compact(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<OptionsArg>,
    >,
) -> Result<CompactReturn, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compact", || {
        let options = core_compact_options(options)?;
        match input {
            TextInput::String(text) => {
                let limit = compact::max_input_bytes(&options.0);
                let out = match text
                    .with_read_within(limit, |bytes| compact_bytes(bytes, options.clone()))?
                {
                    // The view is built from a copy; the caller's own string goes back.
                    Some(out) => out,
                    None => {
                        let id = text.hash_in_pieces()?;
                        compact::unread_passthrough(text.utf8_len()?, id, &options.0)
                    }
                };
                Ok(compact_result(out, CallerInput::String(text.value())))
            }
            TextInput::Buffer(buffer, value) => {
                let out = compact_bytes(&buffer, options);
                Ok(compact_result(out, CallerInput::Buffer(buffer, value)))
            }
        }
    })
}

/// The engine over `input`. A recoverable call hashes the input once, for the markers' id,
/// and hands that hash to the engine as the result's id too.
fn compact_bytes(input: &[u8], options: (CompactOptions, bool)) -> compact::Compacted {
    let options = with_recovery_id(options, input);
    match options.recovery_id.clone() {
        Some(id) => compact::compact_unchanged_empty_with_id(input, &options, id),
        None => compact::compact_unchanged_empty(input, &options),
    }
}

/// Like `compact`, but returns the exact output bytes (for the CLI, which must not re-encode).
#[napi(catch_unwind)]
pub fn compact_to_buffer(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<OptionsArg>,
    >,
) -> Result<Buffer, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactToBuffer", || {
        let options = core_compact_options(options)?;
        let input = match input {
            TextInput::Buffer(buffer, _) => Either::A(buffer),
            TextInput::String(text) => Either::B(text.read()?),
        };
        let bytes = match &input {
            Either::A(buffer) => &buffer[..],
            Either::B(bytes) => &bytes[..],
        };
        let out = compact_bytes(bytes, options);
        if out.changed {
            return Ok(out.text.into());
        }
        // Unchanged: hand the input back rather than a copy of it.
        Ok(match input {
            Either::A(buf) => buf,
            Either::B(bytes) => bytes.into(),
        })
    })
}

/// `compactAsync`: the engine on the libuv pool, over bytes the task owns.
pub struct CompactWork {
    input: Vec<u8>,
    /// Validated before the task is queued, so bad options fail synchronously with a code.
    options: (CompactOptions, bool),
}

impl Work for CompactWork {
    /// The result, and the input when it came back unchanged (the result's text then).
    type Output = (compact::Compacted, Vec<u8>);
    type JsValue = CompactReturn;
    const ENTRY: &'static str = "compactAsync:worker";

    fn run(&mut self) -> Result<Self::Output, ErrorCode> {
        let input = std::mem::take(&mut self.input);
        Ok((compact_bytes(&input, self.options.clone()), input))
    }

    fn finish((out, input): Self::Output) -> Result<CompactReturn, ErrorCode> {
        Ok(compact_result(out, CallerInput::Owned(input)))
    }
}

/// Off-thread `compact` for large inputs (runs on the libuv pool). Options are checked
/// before queuing: an unknown kind throws `INVALID_ARGUMENT` like the sync variant. The
/// input is copied first, so the task never reads memory the caller still controls.
#[napi(catch_unwind, ts_return_type = "Promise<CompactResult>")]
pub fn compact_async(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<TextInput>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<OptionsArg>,
    >,
) -> Result<AsyncTask<OffThread<CompactWork>>, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactAsync", || {
        let options = core_compact_options(options)?;
        let input = match input {
            TextInput::Buffer(buffer, _) => buffer.to_vec(),
            TextInput::String(text) => text.read()?,
        };
        Ok(OffThread::task(CompactWork { input, options }))
    })
}
