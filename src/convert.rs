//! Results to JS values, one way: `lean_core::host` shapes every result as plain [`Data`], and
//! this module makes it plain objects and arrays whose properties are defined, not assigned.
//! An assignment walks the prototype chain and calls any setter found there (a caller may have
//! put one on `Object.prototype.text` or `Array.prototype[0]`), so it could both run JS during
//! the conversion and lose the value; a definition does neither. Every property is a writable,
//! enumerable, configurable data property: no accessor and no native state outlives the call
//! that made the object.

use std::ffi::{CStr, CString};

use lean_core::compact::Compacted;
use lean_core::host::{compact_fields, Data};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

use crate::errors::{clear_pending_exception, failure, internal};

type Converted<T> = Result<T, ErrorCode>;

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
        _ => Err(internal("napi refused to define a result's properties")),
    }
}

/// A plain object with `fields`.
fn object(env: &Env, fields: &[(&CStr, sys::napi_value)]) -> Converted<sys::napi_value> {
    let object = Object::new(env).map_err(|_| internal("napi refused to create an object"))?;
    define(env, object.raw(), fields)?;
    Ok(object.raw())
}

/// An array of `values`, its elements defined like properties.
fn array(env: &Env, values: &[sys::napi_value]) -> Converted<sys::napi_value> {
    let length = u32::try_from(values.len()).map_err(|_| internal("an array is too long"))?;
    let array = env
        .create_array(length)
        .map_err(|_| internal("napi refused to create an array"))?;
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

/// Makes [`Data`] into JS values. A string equal to the one made just before is that same
/// value again: most dropped ranges' templates repeat the previous one (most are empty).
struct Maker<'env> {
    env: &'env Env,
    last: Option<(String, sys::napi_value)>,
}

impl Maker<'_> {
    /// `data` as a JS value. Recursion follows the nesting of our own result types (a few
    /// levels), never the depth of anything a caller passed in.
    fn value(&mut self, data: Data) -> Converted<sys::napi_value> {
        let env = self.env;
        let made = match data {
            Data::Absent => ().into_unknown(env).map(|v| v.raw()),
            Data::Bool(value) => value.into_unknown(env).map(|v| v.raw()),
            Data::Number(value) => env.create_double(value).map(|v| v.raw()),
            Data::Str(text) => match &self.last {
                Some((last, value)) if *last == text => Ok(*value),
                _ => {
                    let value = string(env, &text)?;
                    self.last = Some((text, value));
                    Ok(value)
                }
            },
            Data::List(items) => {
                let items = items.into_iter().map(|item| self.value(item));
                return array(env, &items.collect::<Converted<Vec<_>>>()?);
            }
            Data::Object(fields) => return object(env, &self.fields(fields)?),
        };
        made.map_err(|_| internal("napi refused to create a value"))
    }

    /// `fields` as JS values, absent ones left out.
    fn fields(
        &mut self,
        fields: Vec<(&'static CStr, Data)>,
    ) -> Converted<Vec<(&'static CStr, sys::napi_value)>> {
        let fields = fields
            .into_iter()
            .filter(|(_, v)| !matches!(v, Data::Absent));
        fields.map(|(name, v)| Ok((name, self.value(v)?))).collect()
    }
}

/// A result for JS: core data, or a value made earlier in the same call.
pub enum Js {
    Data(Data),
    Made(sys::napi_value),
}

impl From<Data> for Js {
    fn from(data: Data) -> Self {
        Js::Data(data)
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
        let env = Env::from_raw(env);
        let made = match val {
            Js::Data(data) => Maker {
                env: &env,
                last: None,
            }
            .value(data),
            Js::Made(value) => Ok(value),
        };
        made.map_err(|coded| {
            // Thrown here so the caller sees our code; napi then leaves the pending error be.
            // SAFETY: `env` is the env of the current call.
            unsafe { JsError::from(coded).throw_into(env.raw()) };
            Error::new(Status::PendingException, "thrown")
        })
    }
}

/// A plain object whose `text` is `value`, for a napi reference to hold a string.
pub(crate) fn holder<'env>(env: &'env Env, value: sys::napi_value) -> Converted<Unknown<'env>> {
    let object = Object::new(env).map_err(|_| internal("napi refused to create an object"))?;
    define(env, object.raw(), &[(c"text", value)])?;
    Ok(object.to_unknown())
}

fn string(env: &Env, text: &str) -> Converted<sys::napi_value> {
    let made = env.create_string(text).map(|s| s.raw());
    made.map_err(|_| internal("napi refused to create a string"))
}

/// Longest text made into a string through a UTF-16 copy of ours (a view is far smaller; an
/// unchanged input may not be, and a second copy of it is not worth holding).
const WIDE_WRITE_MAX_BYTES: usize = 1 << 20;

/// `bytes` as a JS string (U+FFFD for invalid UTF-8). V8 caps a string's length; text longer
/// than that is `OUTPUT_TOO_LARGE_FOR_STRING`, which says to ask for bytes instead.
pub(crate) fn text(env: &Env, bytes: &[u8]) -> Converted<sys::napi_value> {
    let made = if bytes.is_ascii() {
        // One byte a character: a plain copy, where V8's UTF-8 decoder would scan first.
        env.create_string_latin1(bytes).map(|s| s.raw())
    } else if bytes.len() <= WIDE_WRITE_MAX_BYTES {
        // V8 decodes UTF-8 a character at a time once it meets one that is not ASCII (a
        // marker's `…` is one); UTF-16 made by the core, ASCII a block at a time, is copied.
        let text = String::from_utf8_lossy(bytes);
        env.create_string_utf16(lean_core::utf16::utf16_from_str(&text))
            .map(|s| s.raw())
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
    let mut fields = vec![(c"text", text)];
    fields.extend(Maker { env, last: None }.fields(compact_fields(out))?);
    Ok(Js::Made(object(env, &fields)?))
}
