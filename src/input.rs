//! The text input of compaction as JS passed it: a Buffer, whose bytes napi lends without a
//! copy, or a string, which stays inside V8 until it is known to be needed. Reading a JS
//! string means copying it out as UTF-8; an input over the engine's size limit is never
//! read, so it is measured and hashed in bounded pieces instead of copied whole.

use lean_core::hash::{xxh3_hex, Xxh3HexStream};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

use crate::boundary::{clear_pending_exception, napi_status};

/// A `Buffer | string` argument.
pub enum TextInput {
    /// The caller's Buffer, and its JS value (to hand back or hold on to).
    Buffer(Buffer, sys::napi_value),
    /// The caller's string, not yet copied.
    String(JsText),
}

/// A JS string not yet copied out of V8, valid within the synchronous call that received it.
pub struct JsText {
    env: sys::napi_env,
    value: sys::napi_value,
    /// Its length in UTF-8 bytes (lone surrogates count as the 3 bytes of U+FFFD, as when read).
    utf8_len: usize,
}

/// UTF-16 units read per piece when a string is hashed without being copied whole: at most
/// 3 MiB of UTF-8, which bounds the extra memory whatever the string's size.
const PIECE_UNITS: u32 = 1 << 20;

impl FromNapiValue for TextInput {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut kind = 0;
        // SAFETY: `env` and `value` come straight from napi for the current call.
        unsafe { sys::napi_typeof(env, value, &mut kind) };
        if kind == sys::ValueType::napi_string {
            let mut utf8_len = 0;
            // SAFETY: as above; a null buffer asks only for the length, nothing is copied.
            let status = unsafe {
                sys::napi_get_value_string_utf8(env, value, std::ptr::null_mut(), 0, &mut utf8_len)
            };
            if status != sys::Status::napi_ok {
                return Err(Error::new(Status::StringExpected, "expected a string"));
            }
            return Ok(TextInput::String(JsText {
                env,
                value,
                utf8_len,
            }));
        }
        // SAFETY: as above.
        let buffer = unsafe { Buffer::from_napi_value(env, value) }?;
        Ok(TextInput::Buffer(buffer, value))
    }
}

impl JsText {
    /// Its length in UTF-8 bytes, known without copying it.
    pub(crate) fn utf8_len(&self) -> usize {
        self.utf8_len
    }

    /// The JS value itself, to hand back from the call that received it.
    pub(crate) fn value(&self) -> sys::napi_value {
        self.value
    }

    /// The whole string as UTF-8: one copy of it.
    pub(crate) fn read(&self) -> std::result::Result<String, Error<ErrorCode>> {
        // As many UTF-8 bytes as UTF-16 units means every character is ASCII, where the
        // Latin-1 copy (a plain memory copy in V8) is already the UTF-8; most tool output is.
        if self.named_number("length").ok() == u32::try_from(self.utf8_len).ok() {
            if let Some(ascii) = self.read_latin1() {
                return Ok(ascii);
            }
        }
        // SAFETY (both getters): `env` and `value` are valid for the current call; `copy_out`
        // passes a buffer of the size it names.
        let bytes = self.copy_out(|buf, size, written| unsafe {
            sys::napi_get_value_string_utf8(self.env, self.value, buf, size, written)
        })?;
        // V8 writes well-formed UTF-8 (U+FFFD for lone surrogates); checked all the same.
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// The string's Latin-1 copy, if it is ASCII (then byte for byte its UTF-8).
    fn read_latin1(&self) -> Option<String> {
        let bytes = self
            .copy_out(|buf, size, written| unsafe {
                sys::napi_get_value_string_latin1(self.env, self.value, buf, size, written)
            })
            .ok()
            .filter(|bytes| bytes.len() == self.utf8_len)?;
        // Checked, not assumed: a wrong guess costs a scan, never invalid UTF-8.
        String::from_utf8(bytes).ok()
    }

    /// The whole string through one of napi's string getters, into `utf8_len` bytes: enough
    /// for its UTF-8, and for its Latin-1 when it is ASCII.
    /// (A closure rather than a function pointer: napi's functions are Rust functions in the
    /// native build and `extern "C"` ones in the wasm build.)
    fn copy_out(
        &self,
        getter: impl FnOnce(*mut std::ffi::c_char, usize, *mut usize) -> sys::napi_status,
    ) -> std::result::Result<Vec<u8>, Error<ErrorCode>> {
        let mut bytes: Vec<u8> = Vec::with_capacity(self.utf8_len + 1);
        let mut written = 0;
        // The buffer holds `utf8_len + 1` bytes, room for every byte and the NUL napi adds, and
        // napi never writes more than the size it is given.
        napi_status(
            getter(bytes.as_mut_ptr().cast(), self.utf8_len + 1, &mut written),
            "copy a string",
        )?;
        // SAFETY: napi initialised `written` bytes (at most the size given, less the NUL).
        unsafe { bytes.set_len(written.min(self.utf8_len)) };
        Ok(bytes)
    }

    /// The id of the string's UTF-8 bytes: from one copy when that is small, else in pieces
    /// (see [`JsText::hash_in_pieces`]).
    pub(crate) fn hash(&self) -> std::result::Result<String, Error<ErrorCode>> {
        if self.utf8_len <= 3 * PIECE_UNITS as usize {
            Ok(xxh3_hex(self.read()?.as_bytes()))
        } else {
            self.hash_in_pieces()
        }
    }

    /// The id ([`lean_core::hash::xxh3_hex`]) of the string's UTF-8 bytes, read a bounded piece
    /// at a time (`String.prototype.slice`, which V8 answers without copying) so that the
    /// whole string is never copied. A piece never ends between the two halves of a surrogate
    /// pair, so the pieces' bytes are exactly the whole string's.
    /// Should the pieces not add up to the string's UTF-8 length (a page that replaced
    /// `String.prototype.slice`, say), the string is read whole instead.
    pub(crate) fn hash_in_pieces(&self) -> std::result::Result<String, Error<ErrorCode>> {
        match self.hash_pieces(PIECE_UNITS) {
            Ok((id, bytes)) if bytes == self.utf8_len => Ok(id),
            _ => {
                // A failed call may have left a JS exception pending; the whole read must not
                // throw it.
                clear_pending_exception(self.env);
                Ok(xxh3_hex(self.read()?.as_bytes()))
            }
        }
    }

    /// The id of the string read `piece_units` at a time, and how many bytes that read.
    fn hash_pieces(
        &self,
        piece_units: u32,
    ) -> std::result::Result<(String, usize), Error<ErrorCode>> {
        let env = self.env;
        let units = self.named_number("length")?;
        let slice = self.named_property("slice")?;
        let char_code_at = self.named_property("charCodeAt")?;
        let mut stream = Xxh3HexStream::default();
        let mut bytes: Vec<u8> = vec![0; piece_units as usize * 3 + 1];
        let mut start = 0u32;
        let mut total = 0usize;
        while start < units {
            let mut end = start.saturating_add(piece_units).min(units);
            if end < units && end - start > 1 {
                let last = self.call_number(char_code_at, &[end - 1])?;
                if (0xD800..0xDC00).contains(&last) {
                    end -= 1; // a high surrogate: keep the pair together in the next piece
                }
            }
            let piece = self.call(slice, &[start, end])?;
            let mut written = 0;
            // SAFETY: `bytes` holds 3 bytes per UTF-16 unit of the piece plus the NUL.
            napi_status(
                unsafe {
                    sys::napi_get_value_string_utf8(
                        env,
                        piece,
                        bytes.as_mut_ptr().cast(),
                        bytes.len(),
                        &mut written,
                    )
                },
                "read a piece of a string",
            )?;
            stream.update(&bytes[..written]);
            total += written;
            start = end;
        }
        Ok((stream.finish(), total))
    }

    fn named_property(&self, name: &str) -> std::result::Result<sys::napi_value, Error<ErrorCode>> {
        let name = std::ffi::CString::new(name).expect("property names have no NUL");
        let mut value = std::ptr::null_mut();
        // SAFETY: `env` and `value` are valid for the current call; napi boxes the primitive
        // string to read its property.
        napi_status(
            unsafe {
                sys::napi_get_named_property(self.env, self.value, name.as_ptr(), &mut value)
            },
            "read a string property",
        )?;
        Ok(value)
    }

    fn named_number(&self, name: &str) -> std::result::Result<u32, Error<ErrorCode>> {
        let value = self.named_property(name)?;
        self.number(value)
    }

    fn number(&self, value: sys::napi_value) -> std::result::Result<u32, Error<ErrorCode>> {
        let mut number = 0u32;
        // SAFETY: as above.
        napi_status(
            unsafe { sys::napi_get_value_uint32(self.env, value, &mut number) },
            "read a number",
        )?;
        Ok(number)
    }

    fn call(
        &self,
        function: sys::napi_value,
        args: &[u32],
    ) -> std::result::Result<sys::napi_value, Error<ErrorCode>> {
        let mut argv = Vec::with_capacity(args.len());
        for &arg in args {
            let mut value = std::ptr::null_mut();
            // SAFETY: as above.
            napi_status(
                unsafe { sys::napi_create_uint32(self.env, arg, &mut value) },
                "create a number",
            )?;
            argv.push(value);
        }
        let mut result = std::ptr::null_mut();
        // SAFETY: `function` is a built-in string method read from this string, called on it.
        napi_status(
            unsafe {
                sys::napi_call_function(
                    self.env,
                    self.value,
                    function,
                    argv.len(),
                    argv.as_ptr(),
                    &mut result,
                )
            },
            "call a string method",
        )?;
        Ok(result)
    }

    fn call_number(
        &self,
        function: sys::napi_value,
        args: &[u32],
    ) -> std::result::Result<u32, Error<ErrorCode>> {
        let result = self.call(function, args)?;
        self.number(result)
    }
}
