//! Arguments from JS, read before anything is borrowed. napi's own conversion errors are
//! reported as `INVALID_ARGUMENT` naming the argument ([`Arg`]). Objects JS passes are declared
//! with [`into_core!`](crate::into_core) into the core's `lean_core::options` types of the same fields,
//! which check them and fill their defaults. A compaction input is held as its JS value until
//! every option has been read ([`read_input`]): reading options runs the caller's getters, which
//! may detach or transfer the input's memory.

use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

use crate::errors::{clear_pending_exception, invalid};

/// `From` a `#[napi(object)]` struct JS passes into the core type with the same fields, so the
/// binding only moves them and the core checks them.
#[macro_export]
macro_rules! into_core {
    ($($js:ident => $core:ty { $($field:ident),* $(,)? })*) => {
        $(impl From<$js> for $core {
            fn from(js: $js) -> Self {
                Self { $($field: js.$field),* }
            }
        })*
    };
}

/// An argument as JS passed it, converted but not yet accepted. napi's own conversion errors
/// (`InvalidArg`, `StringExpected`, …) would reach JS with napi's codes before any of our
/// code runs; taking arguments as `Arg<T>` moves that failure into the entry point, which
/// reports it as `INVALID_ARGUMENT` naming the argument.
pub struct Arg<T> {
    /// The converted value, or napi's reason for refusing it.
    value: std::result::Result<T, String>,
    /// The JS type of what was passed, for messages and for object checks (napi reads the
    /// fields of a string or number as if it were an empty object).
    js_type: &'static str,
}

fn js_type_name(value: &Unknown) -> &'static str {
    match value.get_type() {
        Ok(ValueType::Undefined) => "undefined",
        Ok(ValueType::Null) => "null",
        Ok(ValueType::Boolean) => "a boolean",
        Ok(ValueType::Number) => "a number",
        Ok(ValueType::String) => "a string",
        Ok(ValueType::Symbol) => "a symbol",
        Ok(ValueType::Function) => "a function",
        Ok(ValueType::BigInt) => "a bigint",
        Ok(ValueType::Object) if value.is_array().unwrap_or(false) => "an array",
        Ok(ValueType::Object) => "an object",
        _ => "a value of unknown type",
    }
}

impl<T: FromNapiValue> FromNapiValue for Arg<T> {
    // SAFETY: napi calls this with the env and a value of the current call, which is all the
    // body relies on.
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        // SAFETY: forwarded from napi's own call with the same env and value.
        let value = unsafe { Unknown::from_raw_unchecked(env, value) };
        let converted = T::from_unknown(value);
        let js_type = js_type_name(&value);
        Ok(Arg {
            value: converted.map_err(|error| {
                // A getter that threw leaves its error pending: napi-rs throws it in place of
                // ours, so the caller sees their own error. Anything else napi left pending
                // ("Cannot convert undefined or null to object") would hide our coded error.
                if error.status != Status::PendingException {
                    clear_pending_exception(env);
                }
                error.reason
            }),
            js_type,
        })
    }
}

/// What a napi conversion message says was expected, in JS terms.
fn js_expectation(reason: &str) -> Option<&'static str> {
    let target = reason
        .rsplit_once("rust type ")?
        .1
        .trim_matches(|c| c == '`' || c == ' ');
    Some(match target {
        "String" => "a string",
        "bool" => "a boolean",
        "f64" | "f32" | "u32" | "i32" | "i64" | "u64" => "a number",
        t if t.starts_with("Vec") => "an array",
        _ => return None,
    })
}

impl<T> Arg<T> {
    /// The value, or `INVALID_ARGUMENT` naming `name` and saying it should be `expected`.
    pub(crate) fn get(self, name: &str, expected: &str) -> Result<T, ErrorCode> {
        let js_type = self.js_type;
        self.value.map_err(|reason| {
            let todo = format!("pass {expected}");
            if let Some((head, place)) = reason.rsplit_once(" on ") {
                if let Some((_, field)) = place.split_once('.') {
                    let path = format!("{name}.{field}");
                    return match js_expectation(head) {
                        Some(kind) => invalid(
                            &path,
                            format_args!("is not {kind}"),
                            &format!("pass {kind} as {path}"),
                        ),
                        None => invalid(&path, "has the wrong type", &todo),
                    };
                }
            }
            if let Some(field) = reason.strip_prefix("Missing field ") {
                let field = field.replace('`', "");
                return invalid(name, format_args!("lacks the field {field}"), &todo);
            }
            if js_type == "an array" {
                return invalid(name, "has an element of the wrong type", &todo);
            }
            invalid(name, format_args!("is {js_type}, not {expected}"), &todo)
        })
    }

    /// Like [`Arg::get`] for an argument that must be a plain object (options, inputs).
    pub(crate) fn get_object(self, name: &str, expected: &str) -> Result<T, ErrorCode> {
        if self.js_type != "an object" {
            return Err(invalid(
                name,
                format_args!("is {}, not {expected}", self.js_type),
                &format!("pass {expected}"),
            ));
        }
        self.get(name, expected)
    }

    /// [`Arg::get_object`] for an optional argument (`undefined` or `null` is `None`).
    pub(crate) fn optional_object(
        arg: Option<Self>,
        name: &str,
        expected: &str,
    ) -> Result<Option<T>, ErrorCode> {
        arg.map(|arg| arg.get_object(name, expected)).transpose()
    }

    /// Like [`Arg::get`] for an optional argument (`undefined` or `null` is `None`).
    pub(crate) fn optional(
        arg: Option<Self>,
        name: &str,
        expected: &str,
    ) -> Result<Option<T>, ErrorCode> {
        arg.map(|arg| arg.get(name, expected)).transpose()
    }
}

/// An optional options object as the core's options type `C` of the same fields (absent is
/// `C`'s default, every option absent); the core then checks it.
pub(crate) fn read_options<T, C: From<T> + Default>(
    options: Option<Arg<T>>,
) -> Result<C, ErrorCode> {
    let options = Arg::optional_object(options, "options", "an options object")?;
    Ok(options.map(C::from).unwrap_or_default())
}

/// A compaction or hashing input, read from its JS value once the options are read.
pub(crate) enum Input {
    /// The caller's Buffer, lent without a copy. Nothing may run JS while it is held.
    Buffer(Buffer),
    /// A copy of the caller's string as UTF-8 (U+FFFD for a lone surrogate, the bytes of
    /// `Buffer.from(string)`).
    String(String),
}

impl Input {
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Input::Buffer(buffer) => buffer,
            Input::String(text) => text.as_bytes(),
        }
    }
}

/// Reads a `Buffer | string` argument named `name`. Call it only after every option of the
/// call has been read, and run no JS while the result is held.
pub(crate) fn read_input(value: Unknown) -> Result<Input, ErrorCode> {
    let expected = "a Buffer or a string";
    let wrong = |value: &Unknown| {
        invalid(
            "input",
            format_args!("is {}, not {expected}", js_type_name(value)),
            &format!("pass {expected}"),
        )
    };
    match value.get_type() {
        Ok(ValueType::String) => String::from_unknown(value)
            .map(Input::String)
            .map_err(|_| wrong(&value)),
        Ok(ValueType::Object) => Buffer::from_unknown(value).map(Input::Buffer).map_err(|_| {
            clear_pending_exception(value.value().env);
            wrong(&value)
        }),
        _ => Err(wrong(&value)),
    }
}
