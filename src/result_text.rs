//! The text of a compaction result on its way to JS. A compacted view is a new string. An
//! unchanged result hands back the caller's input rather than a copy: a string is the very same
//! JS value, and a large Buffer (or the copy an async task owned) becomes a string only when
//! `text` is first read, through an accessor on the result. So passing a large input through
//! costs no more memory than compacting it, unless the caller asks for the text.

use lean_core::compact;
use lean_core::hash::xxh3_hex;
use lean_core::utf16::{checked_utf8_to_utf16, utf8_to_utf16};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::boundary::{conversion_status, failure, napi_ok as ok, napi_status, remedy};
use crate::js_helpers;
use crate::result_ranges::DroppedRanges;
use crate::types::{js_count, CompactResult, DroppedRangeInfo};

/// Unchanged inputs from this size up get a deferred `text`; below it the string costs less
/// than the accessor's bookkeeping.
const DEFER_MIN_BYTES: usize = 64 * 1024;

/// An unchanged input, for a result to hand back instead of a copy.
pub(crate) enum CallerInput {
    /// The caller's Buffer and its JS value, in the synchronous call that received them.
    Buffer(Buffer, sys::napi_value),
    /// The caller's string, handed back as the same value. Valid only within the synchronous
    /// call that received it.
    String(sys::napi_value),
    /// The bytes an async task copied and owns.
    Owned(Vec<u8>),
}

/// The `text` field of a [`CompactResult`].
pub struct ResultText(TextSource);

enum TextSource {
    /// A new string from ASCII bytes, created as Latin-1: a plain copy into a one-byte string,
    /// where creating it from UTF-8 would first scan the bytes in V8.
    Ascii(Vec<u8>),
    /// A new string from other bytes, UTF-8 not yet checked (U+FFFD for what is invalid).
    Utf8(Vec<u8>),
    /// The caller's own string value.
    Same(sys::napi_value),
    /// Filled in by [`CompactReturn`] with an accessor; `undefined` until then.
    Deferred,
}

impl ResultText {
    /// A new string holding `bytes` (U+FFFD for invalid UTF-8).
    pub(crate) fn owned(bytes: Vec<u8>) -> Self {
        if bytes.is_ascii() {
            return ResultText(TextSource::Ascii(bytes));
        }
        ResultText(TextSource::Utf8(bytes))
    }
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
            TextSource::Ascii(bytes) => {
                let mut value = std::ptr::null_mut();
                // SAFETY: `env` is the env napi is converting for; `bytes` holds `len()` bytes.
                conversion_status(
                    unsafe {
                        sys::napi_create_string_latin1(
                            env,
                            bytes.as_ptr().cast(),
                            bytes.len() as isize,
                            &mut value,
                        )
                    },
                    "create the result's text (is it longer than a JS string can be?)",
                )?;
                Ok(value)
            }
            TextSource::Utf8(bytes) => {
                // Created from its UTF-16, encoded here: V8's UTF-8 decoder would first
                // measure the text and then decode it byte by byte. The check for valid UTF-8
                // is part of the encoding; only invalid bytes take the lossy way.
                let units = checked_utf8_to_utf16(&bytes)
                    .unwrap_or_else(|| utf8_to_utf16(&String::from_utf8_lossy(&bytes)));
                drop(bytes);
                let mut value = std::ptr::null_mut();
                // SAFETY: `env` is the env napi is converting for; `units` holds `len()` units.
                conversion_status(
                    unsafe {
                        sys::napi_create_string_utf16(
                            env,
                            units.as_ptr(),
                            units.len() as isize,
                            &mut value,
                        )
                    },
                    "create the result's text (is it longer than a JS string can be?)",
                )?;
                Ok(value)
            }
            TextSource::Same(value) => Ok(value),
            TextSource::Deferred => unsafe { <()>::to_napi_value(env, ()) },
        }
    }
}

/// A result as `compact` and `compactAsync` return it: its parts, plus the source of a
/// deferred `text`.
pub struct CompactReturn {
    parts: ResultParts,
    deferred: Option<Deferred>,
}

/// The fields of a [`CompactResult`] as the engine gave them, converted only on the way out.
pub(crate) struct ResultParts {
    pub(crate) text: ResultText,
    pub(crate) kind: &'static str,
    pub(crate) changed: bool,
    pub(crate) id: String,
    pub(crate) original_bytes: usize,
    pub(crate) output_bytes: usize,
    pub(crate) original_lines: usize,
    pub(crate) ranges: Vec<compact::DroppedRange>,
    pub(crate) strategies: Vec<&'static str>,
}

/// Where a deferred `text` comes from.
pub(crate) enum Deferred {
    /// The caller's Buffer; `id` is the hash of the bytes it held when compacted.
    Buffer {
        value: sys::napi_value,
        id: String,
    },
    Owned(Vec<u8>),
}

impl CompactReturn {
    /// `parts` as JS gets them, with the text `deferred` holds when there is one (see
    /// [`result_text`]).
    pub(crate) fn new(parts: ResultParts, deferred: Option<Deferred>) -> Self {
        CompactReturn { parts, deferred }
    }
}

/// The `text` of a result: the compacted `view` when `changed`, else the caller's `input` (of
/// hash `id`), deferred to an accessor when it is large.
pub(crate) fn result_text(
    changed: bool,
    id: &str,
    view: Vec<u8>,
    input: CallerInput,
) -> (ResultText, Option<Deferred>) {
    if changed {
        return (ResultText::owned(view), None);
    }
    let deferred = match input {
        CallerInput::String(value) => return (ResultText(TextSource::Same(value)), None),
        CallerInput::Buffer(buffer, value) if buffer.len() >= DEFER_MIN_BYTES => Deferred::Buffer {
            value,
            id: id.to_string(),
        },
        CallerInput::Buffer(buffer, _) => return (ResultText::owned(buffer.to_vec()), None),
        CallerInput::Owned(bytes) if bytes.len() >= DEFER_MIN_BYTES => Deferred::Owned(bytes),
        CallerInput::Owned(bytes) => return (ResultText::owned(bytes), None),
    };
    (ResultText(TextSource::Deferred), Some(deferred))
}

impl TypeName for CompactReturn {
    fn type_name() -> &'static str {
        "CompactResult"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for CompactReturn {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let ResultParts {
            text,
            kind,
            changed,
            id,
            original_bytes,
            output_bytes,
            original_lines,
            ranges,
            strategies,
        } = val.parts;
        // SAFETY: `env` is the env napi is converting for.
        let text = unsafe { ResultText::to_napi_value(env, text) }?;
        let built = ResultFields {
            text,
            kind,
            changed,
            id: &id,
            original_bytes: original_bytes as f64,
            output_bytes: output_bytes as f64,
            original_lines: js_count(original_lines),
            ranges: &ranges,
            strategies: &strategies,
        };
        // SAFETY: as above; `text` was made in this env.
        let object = match unsafe { built_by_helper(env, &built) } {
            Some(object) => object,
            // SAFETY: as above.
            None => unsafe {
                CompactResult::to_napi_value(
                    env,
                    CompactResult {
                        text: ResultText(TextSource::Same(text)),
                        kind: kind.to_string(),
                        changed,
                        id,
                        original_bytes: original_bytes as f64,
                        output_bytes: output_bytes as f64,
                        original_lines: js_count(original_lines),
                        ranges: DroppedRanges(
                            ranges
                                .into_iter()
                                .map(|r| DroppedRangeInfo {
                                    start_line: js_count(r.start_line),
                                    end_line: js_count(r.end_line),
                                    template: r.template,
                                })
                                .collect(),
                        ),
                        strategies: strategies.iter().map(|s| s.to_string()).collect(),
                    },
                )
            }?,
        };
        if let Some(deferred) = val.deferred {
            // SAFETY: as above; `object` was just created in this env.
            unsafe { install(env, object, deferred) }?;
        }
        Ok(object)
    }
}

/// The fields of a result with its text already a JS value, for [`built_by_helper`].
struct ResultFields<'a> {
    text: sys::napi_value,
    kind: &'static str,
    changed: bool,
    id: &'a str,
    original_bytes: f64,
    output_bytes: f64,
    original_lines: u32,
    ranges: &'a [compact::DroppedRange],
    strategies: &'a [&'static str],
}

/// The result object as the env's `buildResult` helper makes it (see [`js_helpers`]), or
/// `None` where the helpers cannot be had or the call failed. Safety: `env` is the env napi
/// is converting for and `fields.text` a value made in it.
unsafe fn built_by_helper(env: sys::napi_env, fields: &ResultFields) -> Option<sys::napi_value> {
    let [_, _, build_result] = js_helpers::helpers(env)?;
    // SAFETY (every call): `env` is the env of the current call and every value passed was
    // made in it.
    unsafe {
        let mut changed = std::ptr::null_mut();
        ok(sys::napi_get_boolean(env, fields.changed, &mut changed))?;
        let mut numbers = [std::ptr::null_mut(); 3];
        ok(sys::napi_create_double(
            env,
            fields.original_bytes,
            &mut numbers[0],
        ))?;
        ok(sys::napi_create_double(
            env,
            fields.output_bytes,
            &mut numbers[1],
        ))?;
        ok(sys::napi_create_uint32(
            env,
            fields.original_lines,
            &mut numbers[2],
        ))?;
        let (lines, templates) = ranges_for_helper(env, fields.ranges)?;
        let strategies = fields.strategies.join("\n");
        debug_assert!(fields.strategies.iter().all(|s| !s.contains('\n')));
        let args = [
            fields.text,
            js_text(env, fields.kind)?,
            changed,
            js_text(env, fields.id)?,
            numbers[0],
            numbers[1],
            numbers[2],
            lines,
            templates,
            js_text(env, &strategies)?,
        ];
        js_helpers::call(env, build_result, &args)
    }
}

/// `buildResult`'s `lines` (a Uint32Array) and `templates` (one string) for `ranges`, both
/// `undefined` when there are none. Safety: `env` is the env of the current call.
unsafe fn ranges_for_helper(
    env: sys::napi_env,
    ranges: &[compact::DroppedRange],
) -> Option<(sys::napi_value, sys::napi_value)> {
    let mut undefined = std::ptr::null_mut();
    // SAFETY: as the function's contract says.
    ok(unsafe { sys::napi_get_undefined(env, &mut undefined) })?;
    if ranges.is_empty() {
        return Some((undefined, undefined));
    }
    let mut numbers = Vec::with_capacity(ranges.len() * 3);
    let mut templates = String::new();
    let mut previous: Option<&str> = None;
    for range in ranges {
        numbers.push(js_count(range.start_line));
        numbers.push(js_count(range.end_line));
        let template = range.template.as_str();
        if previous == Some(template) {
            numbers.push(js_helpers::SAME_TEMPLATE);
            continue;
        }
        let units = if template.is_ascii() {
            template.len()
        } else {
            template.encode_utf16().count()
        };
        numbers.push(
            u32::try_from(units)
                .ok()
                .filter(|&n| n != js_helpers::SAME_TEMPLATE)?,
        );
        templates.push_str(template);
        previous = Some(template);
    }
    let bytes = numbers.len() * std::mem::size_of::<u32>();
    let mut data = std::ptr::null_mut();
    let mut buffer = std::ptr::null_mut();
    let mut lines = std::ptr::null_mut();
    // SAFETY: as the function's contract says; the new ArrayBuffer holds `bytes` writable
    // bytes at `data`, which nothing else refers to yet.
    unsafe {
        ok(sys::napi_create_arraybuffer(
            env,
            bytes,
            &mut data,
            &mut buffer,
        ))?;
        if data.is_null() {
            return None;
        }
        std::ptr::copy_nonoverlapping(numbers.as_ptr().cast::<u8>(), data.cast::<u8>(), bytes);
        ok(sys::napi_create_typedarray(
            env,
            sys::TypedarrayType::uint32_array,
            numbers.len(),
            buffer,
            0,
            &mut lines,
        ))?;
        Some((lines, js_text(env, &templates)?))
    }
}

/// A JS string of `text`: ASCII as Latin-1 (a plain copy), the rest from UTF-8. Safety: `env`
/// is the env of the current call.
unsafe fn js_text(env: sys::napi_env, text: &str) -> Option<sys::napi_value> {
    let mut value = std::ptr::null_mut();
    // SAFETY: as the function's contract says; `text` holds `len()` bytes.
    let status = unsafe {
        if text.is_ascii() {
            sys::napi_create_string_latin1(
                env,
                text.as_ptr().cast(),
                text.len() as isize,
                &mut value,
            )
        } else {
            sys::napi_create_string_utf8(env, text.as_ptr().cast(), text.len() as isize, &mut value)
        }
    };
    (status == sys::Status::napi_ok).then_some(value)
}

/// What the accessor holds between the result's creation and its first read.
struct Pending {
    source: Option<Held>,
    /// The result object, weakly: the text is cached on it, and only on it.
    owner: sys::napi_ref,
}

enum Held {
    Buffer { buffer: sys::napi_ref, id: String },
    Owned(Vec<u8>),
}

/// Defines `text` on `object` as an accessor reading `deferred`, freed with the object.
unsafe fn install(env: sys::napi_env, object: sys::napi_value, deferred: Deferred) -> Result<()> {
    let source = match deferred {
        Deferred::Buffer { value, id } => {
            let mut buffer = std::ptr::null_mut();
            // SAFETY: `value` is the caller's Buffer in the current call.
            conversion_status(
                unsafe { sys::napi_create_reference(env, value, 1, &mut buffer) },
                "hold the input Buffer",
            )?;
            Held::Buffer { buffer, id }
        }
        Deferred::Owned(bytes) => Held::Owned(bytes),
    };
    let mut owner = std::ptr::null_mut();
    // SAFETY: `object` is valid; a count of 0 makes the reference weak.
    if let Err(error) = conversion_status(
        unsafe { sys::napi_create_reference(env, object, 0, &mut owner) },
        "refer to the result",
    ) {
        release_held(env, source);
        return Err(error);
    }
    let pending = Box::into_raw(Box::new(Pending {
        source: Some(source),
        owner,
    }));
    // The finalizer comes first: once it is in place, every later path frees `pending` with
    // the object.
    // SAFETY: `pending` is a live allocation that only `finalize_pending` frees.
    if let Err(error) = conversion_status(
        unsafe {
            sys::napi_add_finalizer(
                env,
                object,
                pending.cast(),
                Some(finalize_pending),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        },
        "attach the result's finalizer",
    ) {
        // SAFETY: nothing else refers to `pending` yet.
        free_pending(env, *unsafe { Box::from_raw(pending) });
        return Err(error);
    }
    let accessor = sys::napi_property_descriptor {
        utf8name: c"text".as_ptr(),
        name: std::ptr::null_mut(),
        method: None,
        getter: Some(read_text),
        setter: None,
        value: std::ptr::null_mut(),
        attributes: sys::PropertyAttributes::enumerable | sys::PropertyAttributes::configurable,
        data: pending.cast(),
    };
    // SAFETY: `object` is valid and `accessor` lives through the call.
    conversion_status(
        unsafe { sys::napi_define_properties(env, object, 1, &accessor) },
        "define the result's text",
    )
}

fn release_held(env: sys::napi_env, held: Held) {
    if let Held::Buffer { buffer, .. } = held {
        // SAFETY: the reference was created in this env and is deleted once.
        unsafe { sys::napi_delete_reference(env, buffer) };
    }
}

fn free_pending(env: sys::napi_env, pending: Pending) {
    let Pending { source, owner } = pending;
    if let Some(held) = source {
        release_held(env, held);
    }
    // SAFETY: as above.
    unsafe { sys::napi_delete_reference(env, owner) };
}

unsafe extern "C" fn finalize_pending(env: sys::napi_env, data: *mut c_void, _hint: *mut c_void) {
    // SAFETY: `data` is the `Pending` that `install` leaked for this object, freed only here.
    let pending = unsafe { Box::from_raw(data.cast::<Pending>()) };
    let _ = catch_unwind(AssertUnwindSafe(|| free_pending(env, *pending)));
}

/// Throws a coded error (`CODE: what; todo`) from an accessor; the caller returns null.
fn throw(env: sys::napi_env, error: Error<ErrorCode>) {
    let code = std::ffi::CString::new(error.status.as_str()).unwrap_or_default();
    let message = std::ffi::CString::new(error.reason).unwrap_or_default();
    // SAFETY: `env` is the accessor's env; both strings are NUL-terminated.
    unsafe { sys::napi_throw_error(env, code.as_ptr(), message.as_ptr()) };
}

/// The `text` accessor: decodes the held bytes, caches the string on the result (replacing the
/// accessor with a plain property) and lets the bytes go.
unsafe extern "C" fn read_text(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut this = std::ptr::null_mut();
        let mut data = std::ptr::null_mut();
        let mut argc = 0;
        // SAFETY: `info` is this call's callback info.
        unsafe {
            sys::napi_get_cb_info(
                env,
                info,
                &mut argc,
                std::ptr::null_mut(),
                &mut this,
                &mut data,
            )
        };
        if data.is_null() {
            return std::ptr::null_mut();
        }
        // SAFETY: `data` is the `Pending` installed with this accessor; the object holding the
        // accessor keeps it alive, and JS runs one accessor at a time.
        let pending = unsafe { &mut *data.cast::<Pending>() };
        let text = match decode(env, pending.source.as_ref()) {
            Ok(text) => text,
            Err(error) => {
                throw(env, error);
                return std::ptr::null_mut();
            }
        };
        if is_owner(env, pending.owner, this) {
            let cached = sys::napi_property_descriptor {
                utf8name: c"text".as_ptr(),
                name: std::ptr::null_mut(),
                method: None,
                getter: None,
                setter: None,
                value: text,
                attributes: sys::PropertyAttributes::writable
                    | sys::PropertyAttributes::enumerable
                    | sys::PropertyAttributes::configurable,
                data: std::ptr::null_mut(),
            };
            // SAFETY: `this` is the result object; `cached` lives through the call.
            if unsafe { sys::napi_define_properties(env, this, 1, &cached) } == sys::Status::napi_ok
            {
                if let Some(held) = pending.source.take() {
                    release_held(env, held);
                }
            }
        }
        text
    }));
    outcome.unwrap_or_else(|_| {
        throw(
            env,
            failure(
                ErrorCode::Internal,
                "the native core failed reading a result's text",
                remedy(ErrorCode::Internal),
            ),
        );
        std::ptr::null_mut()
    })
}

fn is_owner(env: sys::napi_env, owner: sys::napi_ref, this: sys::napi_value) -> bool {
    let mut object = std::ptr::null_mut();
    let mut same = false;
    // SAFETY: `owner` is a live reference in this env; a collected owner reads as null.
    unsafe {
        sys::napi_get_reference_value(env, owner, &mut object) == sys::Status::napi_ok
            && !object.is_null()
            && sys::napi_strict_equals(env, object, this, &mut same) == sys::Status::napi_ok
            && same
    }
}

/// The held bytes as a JS string. A Buffer is checked against the hash it had when compacted:
/// text decoded from a Buffer the caller changed since would not be the result's input.
fn decode(
    env: sys::napi_env,
    source: Option<&Held>,
) -> std::result::Result<sys::napi_value, Error<ErrorCode>> {
    let bytes: &[u8] = match source {
        None => {
            return Err(failure(
                ErrorCode::Internal,
                "the result's text was already handed to another object",
                "read it from the result itself",
            ))
        }
        Some(Held::Owned(bytes)) => bytes,
        Some(Held::Buffer { buffer, id }) => {
            let mut value = std::ptr::null_mut();
            let mut data = std::ptr::null_mut();
            let mut len = 0;
            // SAFETY: `buffer` is a strong reference to the caller's Buffer.
            napi_status(
                unsafe { sys::napi_get_reference_value(env, *buffer, &mut value) },
                "read the input Buffer",
            )?;
            // SAFETY: `value` is the caller's Buffer, just read from its reference.
            napi_status(
                unsafe { sys::napi_get_buffer_info(env, value, &mut data, &mut len) },
                "read the input Buffer",
            )?;
            let bytes = if len == 0 || data.is_null() {
                &[][..]
            } else {
                // SAFETY: napi reports `len` readable bytes at `data`, kept alive by the reference.
                unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) }
            };
            if xxh3_hex(bytes) != *id {
                return Err(failure(
                    ErrorCode::InvalidArgument,
                    "the input Buffer changed after compact returned (written, resized or detached), so it no longer holds the result's text",
                    "read result.text before changing the Buffer, or compact a copy",
                ));
            }
            bytes
        }
    };
    // Borrowed when the bytes are valid UTF-8, so only invalid input is copied (with U+FFFD).
    let text = String::from_utf8_lossy(bytes);
    let mut value = std::ptr::null_mut();
    napi_status(
        // SAFETY: `text` is valid UTF-8 of `len()` bytes.
        unsafe {
            sys::napi_create_string_utf8(env, text.as_ptr().cast(), text.len() as isize, &mut value)
        },
        "create the result's text (is it longer than a JS string can be?)",
    )?;
    Ok(value)
}
