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

use crate::errors::{clear_pending_exception, failure};

/// A count as a JS number (`u32` on the JS side; saturates rather than wraps).
pub(crate) fn js_count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

type Converted<T> = Result<T, ErrorCode>;

pub(crate) fn internal(what: &str) -> Error<ErrorCode> {
    failure(
        ErrorCode::Internal,
        format!("napi refused to {what}"),
        ErrorCode::Internal.remedy(),
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

/// A result as plain data, before it becomes JS: every result is built as one
/// of these (with [`obj!`](crate::obj)) and turned into JS by [`Js::value`], one way. An
/// `Absent` field is left out of its object, as napi leaves out a `None` field.
pub enum Js {
    Absent,
    Bool(bool),
    Number(f64),
    Str(String),
    List(Vec<Js>),
    Object(Vec<(&'static CStr, Js)>),
    /// A JS value made earlier in the same call.
    Value(sys::napi_value),
}

/// A plain object of `c"name" => value` fields (each value anything [`IntoJs`]).
#[macro_export]
macro_rules! obj {
    ($($name:literal => $value:expr),* $(,)?) => {
        $crate::convert::Js::Object(vec![$(($name, $crate::convert::IntoJs::js($value))),*])
    };
}

/// A Rust value as [`Js`] data.
pub trait IntoJs {
    fn js(self) -> Js;
}

/// `IntoJs` for each type `=> |value| data`.
macro_rules! into_js {
    ($($type:ty => |$value:ident| $data:expr;)*) => {
        $(impl IntoJs for $type {
            fn js(self) -> Js {
                let $value = self;
                $data
            }
        })*
    };
}

into_js! {
    Js => |js| js;
    bool => |value| Js::Bool(value);
    f64 => |value| Js::Number(value);
    u32 => |value| Js::Number(value.into());
    // Counts are JS numbers up to `u32::MAX` (saturating, never wrapping).
    usize => |count| Js::Number(js_count(count).into());
    String => |text| Js::Str(text);
    &str => |text| Js::Str(text.to_string());
    &String => |text| Js::Str(text.clone());
    &std::path::Path => |path| Js::Str(path.to_string_lossy().into_owned());
    std::path::PathBuf => |path| path.as_path().js();
}

impl<T: IntoJs> IntoJs for Option<T> {
    fn js(self) -> Js {
        self.map_or(Js::Absent, IntoJs::js)
    }
}
impl<T: IntoJs> IntoJs for Vec<T> {
    fn js(self) -> Js {
        Js::List(self.into_iter().map(IntoJs::js).collect())
    }
}
impl<'a, T> IntoJs for &'a Vec<T>
where
    &'a T: IntoJs,
{
    fn js(self) -> Js {
        Js::List(self.iter().map(IntoJs::js).collect())
    }
}

impl Js {
    /// This data as a JS value. Recursion follows the nesting of our own result types (a few
    /// levels), never the depth of anything a caller passed in.
    pub(crate) fn value(self, env: &Env) -> Converted<sys::napi_value> {
        match self {
            Js::Absent => Ok(
                ().into_unknown(env)
                    .map_err(|_| internal("get undefined"))?
                    .raw(),
            ),
            Js::Bool(value) => Ok(value
                .into_unknown(env)
                .map_err(|_| internal("create a boolean"))?
                .raw()),
            Js::Number(value) => number(env, value),
            Js::Value(value) => Ok(value),
            Js::Str(value) => string(env, &value),
            Js::List(items) => {
                let items = items.into_iter().map(|item| item.value(env));
                array(env, &items.collect::<Converted<Vec<_>>>()?)
            }
            Js::Object(fields) => {
                let fields = fields
                    .into_iter()
                    .filter(|(_, value)| !matches!(value, Js::Absent))
                    .map(|(name, value)| Ok((name, value.value(env)?)));
                object(env, &fields.collect::<Converted<Vec<_>>>()?)
            }
        }
    }
}

impl TypeName for Js {
    fn type_name() -> &'static str {
        "Object"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Js {
    // SAFETY: napi calls this with the env of the current call, which is all `value` uses.
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        val.value(&Env::from_raw(env)).map_err(|coded| {
            // Thrown here so the caller sees our code; napi then leaves the pending error be.
            // SAFETY: `env` is the env of the current call.
            unsafe { JsError::from(coded).throw_into(env) };
            Error::new(Status::PendingException, "thrown")
        })
    }
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
pub(crate) fn compact_result(env: &Env, out: &Compacted, text: sys::napi_value) -> Converted<Js> {
    let mut ranges = Vec::with_capacity(out.ranges.len());
    let mut previous: Option<(&str, sys::napi_value)> = None;
    for range in &out.ranges {
        // Most templates repeat the one before (most are empty): one string for the run.
        let template = match previous {
            Some((same, value)) if same == range.template => value,
            _ => string(env, &range.template)?,
        };
        previous = Some((&range.template, template));
        ranges.push(obj! {
            c"startLine" => range.start_line,
            c"endLine" => range.end_line,
            c"template" => Js::Value(template),
        });
    }
    Ok(obj! {
        c"text" => Js::Value(text),
        c"kind" => out.kind.as_str(),
        c"changed" => out.changed,
        c"id" => &out.id,
        c"originalBytes" => out.original_bytes as f64,
        c"outputBytes" => out.output_bytes as f64,
        c"originalLines" => out.original_lines,
        c"ranges" => ranges,
        c"strategies" => out.strategies.clone(),
    })
}
