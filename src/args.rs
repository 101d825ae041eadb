//! Arguments from JS: each is taken as a [`Val`], which `lean_core::host::read` reads into the
//! core's types (checking them and naming any mistake by its path), before anything is
//! borrowed. A compaction input is held as its JS value until every option has been read
//! ([`read_input`]): reading options runs the caller's getters, which may detach or transfer
//! the input's memory.

use lean_core::host::{read, HostValue, Kind, Unreadable};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

use crate::errors::{clear_pending_exception, coded};

/// A JS argument or field as the core reads it. Taking arguments as `Val` keeps napi's own
/// conversion errors (with napi's codes) out: the core reports every mistake as
/// `INVALID_ARGUMENT` naming the argument.
#[derive(Clone, Copy)]
pub struct Val<'env>(Unknown<'env>);

impl FromNapiValue for Val<'_> {
    // SAFETY: napi calls this with the env and a value of the current call, which is all the
    // body relies on.
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        // SAFETY: forwarded from napi's own call with the same env and value.
        Ok(Val(unsafe { Unknown::from_napi_value(env, value) }?))
    }
}

impl Val<'_> {
    /// A napi call's outcome. A getter that threw leaves its error pending: napi-rs throws it
    /// in place of ours, so the caller sees their own error. Anything else napi left pending
    /// would hide our coded error, so it is dropped.
    fn settled<T>(&self, outcome: Result<T>) -> std::result::Result<T, Unreadable> {
        outcome.map_err(|error| {
            if error.status != Status::PendingException {
                clear_pending_exception(self.0.value().env);
            }
            Unreadable
        })
    }
}

impl HostValue for Val<'_> {
    fn kind(&self) -> Kind {
        match self.0.get_type() {
            Ok(ValueType::Undefined) => Kind::Undefined,
            Ok(ValueType::Null) => Kind::Null,
            Ok(ValueType::Boolean) => Kind::Bool,
            Ok(ValueType::Number) => Kind::Number,
            Ok(ValueType::String) => Kind::String,
            Ok(ValueType::Symbol) => Kind::Symbol,
            Ok(ValueType::Function) => Kind::Function,
            Ok(ValueType::BigInt) => Kind::BigInt,
            Ok(ValueType::Object) if self.0.is_array().unwrap_or(false) => Kind::Array,
            Ok(ValueType::Object) => Kind::Object,
            _ => Kind::Unknown,
        }
    }

    fn number(&self) -> Option<f64> {
        f64::from_unknown(self.0).ok()
    }

    fn boolean(&self) -> Option<bool> {
        bool::from_unknown(self.0).ok()
    }

    fn string(&self) -> Option<String> {
        String::from_unknown(self.0).ok()
    }

    fn field(&self, key: &str) -> std::result::Result<Self, Unreadable> {
        let object = Object::from_unknown(self.0);
        self.settled(object.and_then(|o| o.get_named_property_unchecked::<Unknown>(key)))
            .map(Val)
    }

    fn length(&self) -> std::result::Result<u32, Unreadable> {
        self.settled(Array::from_unknown(self.0).map(|array| array.len()))
    }

    fn element(&self, index: u32) -> std::result::Result<Self, Unreadable> {
        let array = Array::from_unknown(self.0);
        let element = self.settled(array.and_then(|array| array.get::<Unknown>(index)))?;
        element.map(Val).ok_or(Unreadable)
    }

    fn keys(&self) -> std::result::Result<Vec<String>, Unreadable> {
        self.settled(Object::from_unknown(self.0).and_then(|object| Object::keys(&object)))
    }
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

/// Reads a `Buffer | string` input. Call it only after every option of the call has been
/// read, and run no JS while the result is held.
pub(crate) fn read_input(input: Val) -> Result<Input, ErrorCode> {
    let wrong = || coded(read::wrong("input", input.kind(), "a Buffer or a string"));
    match input.kind() {
        Kind::String => utf8_of(input).map(Input::String).ok_or_else(wrong),
        Kind::Object => Buffer::from_unknown(input.0)
            .map(Input::Buffer)
            .map_err(|_| {
                clear_pending_exception(input.0.value().env);
                wrong()
            }),
        _ => Err(wrong()),
    }
}

/// Longest string input read through a UTF-16 copy: 16 Mi units, a 32 MiB copy while it is
/// encoded. A longer one is read as napi-rs reads any string (V8 writes its UTF-8), which
/// holds no second copy of it.
const WIDE_READ_MAX_UNITS: usize = 1 << 24;

/// A string input as UTF-8 (U+FFFD for a lone surrogate), the bytes `Buffer.from(string)`
/// gives. V8 counts a string's UTF-8 length in one read of it and writes it, a character at a
/// time, in a second; its UTF-16 copy is a plain copy (or widening), which the core encodes
/// with ASCII taken a block at a time (`lean_core::utf16`). Neither napi call runs JS, and the
/// copy is ours: no pointer into JS memory is held.
fn utf8_of(input: Val) -> Option<String> {
    let (env, raw) = (input.0.value().env, input.0.raw());
    let mut units = 0usize;
    // SAFETY: `env` and `raw` are the current call's env and a string value of it; with a null
    // buffer napi only stores the string's length in UTF-16 units into `units`.
    let status =
        unsafe { sys::napi_get_value_string_utf16(env, raw, std::ptr::null_mut(), 0, &mut units) };
    if status != sys::Status::napi_ok {
        return None;
    }
    if units > WIDE_READ_MAX_UNITS {
        return input.string();
    }
    let mut wide = vec![0u16; units + 1];
    let mut copied = 0usize;
    // SAFETY: as above; `wide` is `units + 1` writable units, napi writes at most that many (the
    // string and a NUL) and stores the count before the NUL in `copied`.
    let status = unsafe {
        sys::napi_get_value_string_utf16(env, raw, wide.as_mut_ptr(), units + 1, &mut copied)
    };
    if status != sys::Status::napi_ok || copied > units {
        return None;
    }
    Some(lean_core::utf16::utf8_from_utf16_lossy(&wide[..copied]))
}

/// The JS value of an argument, for an entry that hands it back.
pub(crate) fn raw(value: Val) -> sys::napi_value {
    value.0.raw()
}

/// A string argument named `path`.
pub(crate) fn string(value: Val, path: &str) -> Result<String, ErrorCode> {
    read::string(Some(&value), path).map_err(coded)
}

/// An array of strings named `path`, described to the caller as `expected`.
pub(crate) fn strings(value: Val, path: &str, expected: &str) -> Result<Vec<String>, ErrorCode> {
    read::strings(Some(&value), path, expected).map_err(coded)
}
