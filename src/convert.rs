//! Core results to JS values, one way: plain objects and arrays whose properties are defined,
//! not assigned. An assignment walks the prototype chain and calls any setter found there (a
//! caller may have put one on `Object.prototype.text` or `Array.prototype[0]`), so it could
//! both run JS during the conversion and lose the value; a definition does neither. Every
//! property is a writable, enumerable, configurable data property: no accessor and no native
//! state outlives the call that made the object.

use std::ffi::{CStr, CString};

use lean_core::compact::Compacted;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

use crate::errors::{clear_pending_exception, failure, remedy};

/// A count as a JS number (`u32` on the JS side; saturates rather than wraps).
pub(crate) fn js_count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A JS value made in the current call, returned as is.
pub struct Raw(sys::napi_value);

impl TypeName for Raw {
    fn type_name() -> &'static str {
        "CompactResult"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Raw {
    // SAFETY: nothing is dereferenced; the value was made in the env napi converts for, in the
    // same call.
    unsafe fn to_napi_value(_env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        Ok(val.0)
    }
}

type Converted<T> = std::result::Result<T, Error<ErrorCode>>;

pub(crate) fn internal(what: &str) -> Error<ErrorCode> {
    failure(
        ErrorCode::Internal,
        format!("napi refused to {what}"),
        remedy(ErrorCode::Internal),
    )
}

/// Defines `fields` on `target` as plain data properties, in order.
fn define(
    env: &Env,
    target: sys::napi_value,
    fields: &[(&CStr, sys::napi_value)],
) -> Converted<()> {
    let descriptors: Vec<sys::napi_property_descriptor> = fields
        .iter()
        .map(|(name, value)| sys::napi_property_descriptor {
            utf8name: name.as_ptr(),
            name: std::ptr::null_mut(),
            method: None,
            getter: None,
            setter: None,
            value: *value,
            attributes: sys::PropertyAttributes::writable
                | sys::PropertyAttributes::enumerable
                | sys::PropertyAttributes::configurable,
            data: std::ptr::null_mut(),
        })
        .collect();
    // SAFETY: `env` is the env of the current call and `target` and every value were made in
    // it; each name is NUL-terminated and outlives the call, as do the descriptors. With no
    // getter, setter or method, napi keeps no pointer into them.
    let status = unsafe {
        sys::napi_define_properties(env.raw(), target, descriptors.len(), descriptors.as_ptr())
    };
    match status {
        sys::Status::napi_ok => Ok(()),
        _ => Err(internal("define a result's properties")),
    }
}

/// A plain object with `fields`.
fn object(env: &Env, fields: &[(&CStr, sys::napi_value)]) -> Converted<sys::napi_value> {
    let object = Object::new(env).map_err(|_| internal("create an object"))?;
    define(env, object.raw(), fields)?;
    Ok(object.raw())
}

/// An array of `values`, its elements defined like properties.
fn array(env: &Env, values: &[sys::napi_value]) -> Converted<sys::napi_value> {
    let length = u32::try_from(values.len()).map_err(|_| internal("create a long array"))?;
    let array = env
        .create_array(length)
        .map_err(|_| internal("create an array"))?;
    let names: Vec<CString> = (0..values.len())
        .map(|index| CString::new(index.to_string()).expect("digits have no NUL"))
        .collect();
    let fields: Vec<(&CStr, sys::napi_value)> = names
        .iter()
        .map(CString::as_c_str)
        .zip(values.iter().copied())
        .collect();
    define(env, array.raw(), &fields)?;
    Ok(array.raw())
}

/// A plain object whose `text` is `value`, for a napi reference to hold a string.
pub(crate) fn holder<'env>(env: &'env Env, value: sys::napi_value) -> Converted<Unknown<'env>> {
    let object = Object::new(env).map_err(|_| internal("create an object"))?;
    define(env, object.raw(), &[(c"text", value)])?;
    Ok(object.to_unknown())
}

fn string(env: &Env, text: &str) -> Converted<sys::napi_value> {
    Ok(env
        .create_string(text)
        .map_err(|_| internal("create a string"))?
        .raw())
}

fn number(env: &Env, value: f64) -> Converted<sys::napi_value> {
    Ok(env
        .create_double(value)
        .map_err(|_| internal("create a number"))?
        .raw())
}

/// `bytes` as a JS string (U+FFFD for invalid UTF-8). V8 caps a string's length; text longer
/// than that is `OUTPUT_TOO_LARGE_FOR_STRING`, which says to ask for bytes instead.
pub(crate) fn text(env: &Env, bytes: &[u8]) -> Converted<sys::napi_value> {
    let made = if bytes.is_ascii() {
        // One byte a character: a plain copy, where V8's UTF-8 decoder would scan first.
        env.create_string_latin1(bytes).map(|s| s.raw())
    } else {
        env.create_string(String::from_utf8_lossy(bytes))
            .map(|s| s.raw())
    };
    made.map_err(|_| {
        clear_pending_exception(env.raw());
        failure(
            ErrorCode::OutputTooLargeForString,
            format!(
                "the text is {} bytes, more than a JS string can hold",
                bytes.len()
            ),
            "use compactToBuffer to get the bytes, or pass a smaller input",
        )
    })
}

/// A `CompactResult` for `out`, its `text` already a JS value (the view, or the caller's input
/// when unchanged).
pub(crate) fn compact_result(env: &Env, out: &Compacted, text: sys::napi_value) -> Converted<Raw> {
    let mut ranges = Vec::with_capacity(out.ranges.len());
    let mut previous: Option<(&str, sys::napi_value)> = None;
    for range in &out.ranges {
        // Most templates repeat the one before (most are empty): one string for the run.
        let template = match previous {
            Some((same, value)) if same == range.template => value,
            _ => string(env, &range.template)?,
        };
        previous = Some((&range.template, template));
        ranges.push(object(
            env,
            &[
                (
                    c"startLine",
                    number(env, js_count(range.start_line).into())?,
                ),
                (c"endLine", number(env, js_count(range.end_line).into())?),
                (c"template", template),
            ],
        )?);
    }
    let strategies = out
        .strategies
        .iter()
        .map(|name| string(env, name))
        .collect::<Converted<Vec<_>>>()?;
    let changed = out
        .changed
        .into_unknown(env)
        .map_err(|_| internal("create a boolean"))?
        .raw();
    let lines = js_count(out.original_lines).into();
    Ok(Raw(object(
        env,
        &[
            (c"text", text),
            (c"kind", string(env, out.kind.as_str())?),
            (c"changed", changed),
            (c"id", string(env, &out.id)?),
            (c"originalBytes", number(env, out.original_bytes as f64)?),
            (c"outputBytes", number(env, out.output_bytes as f64)?),
            (c"originalLines", number(env, lines)?),
            (c"ranges", array(env, &ranges)?),
            (c"strategies", array(env, &strategies)?),
        ],
    )?))
}
