//! The text input of compaction as JS passed it: a Buffer, whose bytes napi lends without a
//! copy, or a string, which stays inside V8 until it is known to be needed. Reading a JS
//! string means copying it out as UTF-8; an input over the engine's size limit is never
//! read, so it is measured and hashed in bounded pieces instead of copied whole.

use lean_core::hash::{xxh3_hex, Xxh3HexStream};
use lean_core::utf16::{utf16_to_utf8, utf16_to_utf8_into};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;
use std::cell::RefCell;

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
    /// Its length in UTF-16 units, which V8 knows without a pass over the characters. Its
    /// UTF-8 length lies between `units` and `3 * units` bytes (a lone surrogate is the
    /// 3 bytes of U+FFFD), and is measured only when those bounds do not settle a question.
    units: usize,
}

/// UTF-16 units read per piece when a string is hashed without being copied whole: at most
/// 3 MiB of UTF-8, which bounds the extra memory whatever the string's size.
const PIECE_UNITS: u32 = 1 << 20;

/// Strings longer than this many units are read through a Latin-1 copy first (see
/// [`JsText::read`]): above it the copy's size matters more than the extra pass.
const LATIN1_FIRST_FROM_UNITS: usize = 1 << 20;

thread_local! {
    /// The UTF-16 copy and the UTF-8 of the last string read within [`LATIN1_FIRST_FROM_UNITS`]
    /// units, kept on the JS thread for the next read: at most 2 MiB and 3 MiB. A fresh buffer of
    /// that size is a fresh mapping from the allocator, and faulting its pages in cost as much as
    /// the engine's work (half of each call on a 632 KB non-ASCII JSON string, by perf).
    static READ_BUFFERS: RefCell<(Vec<u16>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl FromNapiValue for TextInput {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        let mut kind = 0;
        // SAFETY: `env` and `value` come straight from napi for the current call.
        unsafe { sys::napi_typeof(env, value, &mut kind) };
        if kind == sys::ValueType::napi_string {
            let mut units = 0;
            // SAFETY: as above; a null buffer asks only for the length in UTF-16 units, which
            // napi answers from the string's header (the UTF-8 length would be a full pass).
            let status = unsafe {
                sys::napi_get_value_string_utf16(env, value, std::ptr::null_mut(), 0, &mut units)
            };
            if status != sys::Status::napi_ok {
                return Err(Error::new(Status::StringExpected, "expected a string"));
            }
            return Ok(TextInput::String(JsText { env, value, units }));
        }
        // SAFETY: as above.
        let buffer = unsafe { Buffer::from_napi_value(env, value) }?;
        Ok(TextInput::Buffer(buffer, value))
    }
}

impl JsText {
    /// Its length in UTF-8 bytes: a pass over the string, so only asked when the bounds
    /// `units..=3 * units` leave a question open.
    pub(crate) fn utf8_len(&self) -> std::result::Result<usize, Error<ErrorCode>> {
        let mut utf8_len = 0;
        // SAFETY: `env` and `value` are valid for the current call; a null buffer asks only
        // for the length.
        napi_status(
            unsafe {
                sys::napi_get_value_string_utf8(
                    self.env,
                    self.value,
                    std::ptr::null_mut(),
                    0,
                    &mut utf8_len,
                )
            },
            "measure a string",
        )?;
        Ok(utf8_len)
    }

    /// The JS value itself, to hand back from the call that received it.
    pub(crate) fn value(&self) -> sys::napi_value {
        self.value
    }

    /// `use_bytes` of the whole string as UTF-8 when it is at most `limit` bytes long, else
    /// `None` (nothing copied). The UTF-8 length is measured only when the bounds
    /// `units..=3 * units` leave the question open. The bytes are only lent: strings within
    /// [`LATIN1_FIRST_FROM_UNITS`] units are read into the thread's kept buffers.
    pub(crate) fn with_read_within<R>(
        &self,
        limit: usize,
        use_bytes: impl FnOnce(&[u8]) -> R,
    ) -> std::result::Result<Option<R>, Error<ErrorCode>> {
        if self.units > limit || (self.units.saturating_mul(3) > limit && self.utf8_len()? > limit)
        {
            return Ok(None);
        }
        if self.units > LATIN1_FIRST_FROM_UNITS {
            return Ok(Some(use_bytes(&self.read()?)));
        }
        READ_BUFFERS.with(|buffers| match buffers.try_borrow_mut() {
            Ok(mut buffers) => {
                let (utf16, utf8) = &mut *buffers;
                self.copy_utf16_into(utf16)?;
                utf16_to_utf8_into(utf16, utf8);
                Ok(Some(use_bytes(utf8)))
            }
            // Taken only by a read nested in `use_bytes` (none exists): it gets fresh buffers.
            Err(_) => Ok(Some(use_bytes(&self.read()?))),
        })
    }

    /// The whole string as UTF-8 (U+FFFD for a lone surrogate, the bytes of
    /// `Buffer.from(string)`). It is copied out as UTF-16, a plain widening copy in V8 that
    /// holds every character exactly, and encoded here, where ASCII runs are narrowed a block at
    /// a time: one pass proves and converts. (A Latin-1 copy would need a second proof, V8's
    /// UTF-8 length, a character-by-character pass, since it keeps only the low byte of a
    /// character above U+00FF.) This is several times faster than V8's own UTF-8 writer.
    ///
    /// A UTF-16 copy is twice the string's size, so a long string (the memory worst case) is
    /// first copied as Latin-1, one byte a character: when that is ASCII and the string has as
    /// many UTF-8 bytes as units, it is the UTF-8, and the peak stays one copy.
    pub(crate) fn read(&self) -> std::result::Result<Vec<u8>, Error<ErrorCode>> {
        if self.units > LATIN1_FIRST_FROM_UNITS {
            let latin1 = self.copy_out::<u8>(|buf, size, written| unsafe {
                sys::napi_get_value_string_latin1(self.env, self.value, buf.cast(), size, written)
            })?;
            // An ASCII Latin-1 copy can still hide characters above U+00FF (their low byte is
            // what it holds); the UTF-8 length tells.
            if latin1.is_ascii() && self.utf8_len()? == self.units {
                return Ok(latin1);
            }
        }
        let mut utf16 = Vec::new();
        self.copy_utf16_into(&mut utf16)?;
        Ok(utf16_to_utf8(&utf16))
    }

    /// The whole string's UTF-16 units into `units`, replacing what it held.
    fn copy_utf16_into(&self, units: &mut Vec<u16>) -> std::result::Result<(), Error<ErrorCode>> {
        self.copy_out_into(units, |buf, size, written| unsafe {
            sys::napi_get_value_string_utf16(self.env, self.value, buf, size, written)
        })
    }

    /// The whole string through one of napi's string getters, which writes one element per
    /// UTF-16 unit and a terminating NUL.
    /// (A closure rather than a function pointer: napi's functions are Rust functions in the
    /// native build and `extern "C"` ones in the wasm build.)
    fn copy_out<T: Copy>(
        &self,
        getter: impl FnOnce(*mut T, usize, *mut usize) -> sys::napi_status,
    ) -> std::result::Result<Vec<T>, Error<ErrorCode>> {
        let mut elements = Vec::new();
        self.copy_out_into(&mut elements, getter)?;
        Ok(elements)
    }

    /// [`JsText::copy_out`] into `elements`, replacing what it held.
    fn copy_out_into<T: Copy>(
        &self,
        elements: &mut Vec<T>,
        getter: impl FnOnce(*mut T, usize, *mut usize) -> sys::napi_status,
    ) -> std::result::Result<(), Error<ErrorCode>> {
        elements.clear();
        elements.reserve(self.units + 1);
        let mut written = 0;
        // SAFETY (the getters): `env` and `value` are valid for the current call; the buffer
        // holds `units + 1` elements, room for every unit and the NUL napi adds, and napi never
        // writes more than the size it is given.
        napi_status(
            getter(elements.as_mut_ptr(), self.units + 1, &mut written),
            "copy a string",
        )?;
        // SAFETY: napi initialised `written` elements (at most the size given, less the NUL).
        unsafe { elements.set_len(written.min(self.units)) };
        Ok(())
    }

    /// The id of the string's UTF-8 bytes: from one copy when that is small, else in pieces
    /// (see [`JsText::hash_in_pieces`]).
    pub(crate) fn hash(&self) -> std::result::Result<String, Error<ErrorCode>> {
        match self.with_read_within(3 * PIECE_UNITS as usize, xxh3_hex)? {
            Some(id) => Ok(id),
            None => self.hash_in_pieces(),
        }
    }

    /// The id ([`lean_core::hash::xxh3_hex`]) of the string's UTF-8 bytes, read a bounded piece
    /// at a time (`String.prototype.slice`, which V8 answers without copying) so that the
    /// whole string is never copied. A piece never ends between the two halves of a surrogate
    /// pair, so the pieces' bytes are exactly the whole string's.
    /// Should the pieces not add up to the string's UTF-8 length (a page that replaced
    /// `String.prototype.slice`, say), the string is read whole instead.
    pub(crate) fn hash_in_pieces(&self) -> std::result::Result<String, Error<ErrorCode>> {
        let pieces = self.hash_pieces(PIECE_UNITS);
        // A failed call may have left a JS exception pending; what follows must not throw it.
        clear_pending_exception(self.env);
        match pieces {
            Ok((id, bytes)) if bytes == self.utf8_len()? => Ok(id),
            _ => Ok(xxh3_hex(&self.read()?)),
        }
    }

    /// The id of the string read `piece_units` at a time, and how many bytes that read.
    fn hash_pieces(
        &self,
        piece_units: u32,
    ) -> std::result::Result<(String, usize), Error<ErrorCode>> {
        let env = self.env;
        let units = u32::try_from(self.units).unwrap_or(u32::MAX);
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
