//! The dropped ranges of a compaction result on their way to JS: an array of plain
//! `{ startLine, endLine, template }` objects, and a large view has 100 to 150 of them.
//! Each property set through napi is a generic V8 store (about 1,600 instructions by callgrind,
//! 7K a range with napi-rs's derived conversion), while V8's JSON parser builds such objects
//! with its own fast paths. So the ranges are written as JSON text and parsed by the
//! `JSON.parse` of the JS realm. Should that not give back an array of as many ranges (a
//! replaced `JSON.parse`, say), they are built property by property instead.

use napi::bindgen_prelude::*;
use napi::sys;

use crate::boundary::{clear_pending_exception, conversion_status, napi_ok as ok};
use crate::types::DroppedRangeInfo;

/// `CompactResult.ranges`: converted by hand (see the module comment).
pub struct DroppedRanges(pub Vec<DroppedRangeInfo>);

impl TypeName for DroppedRanges {
    fn type_name() -> &'static str {
        "Array<DroppedRangeInfo>"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

/// A JS string of `text` (valid UTF-8 from the engine).
unsafe fn js_string(env: sys::napi_env, text: &str) -> Result<sys::napi_value> {
    let mut value = std::ptr::null_mut();
    // SAFETY: `env` is the env napi is converting for; `text` holds `len()` bytes of UTF-8.
    conversion_status(
        unsafe {
            sys::napi_create_string_utf8(env, text.as_ptr().cast(), text.len() as isize, &mut value)
        },
        "create a range's text",
    )?;
    Ok(value)
}

unsafe fn js_u32(env: sys::napi_env, n: u32) -> Result<sys::napi_value> {
    let mut value = std::ptr::null_mut();
    // SAFETY: `env` is the env napi is converting for.
    conversion_status(
        unsafe { sys::napi_create_uint32(env, n, &mut value) },
        "create a line number",
    )?;
    Ok(value)
}

impl ToNapiValue for DroppedRanges {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        if !val.0.is_empty() {
            // SAFETY: `env` is the env napi is converting for.
            if let Some(array) = unsafe { parsed_from_json(env, &val.0) } {
                return Ok(array);
            }
            clear_pending_exception(env);
        }
        // SAFETY: as above.
        unsafe { built_by_property(env, &val.0) }
    }
}

/// The ranges as `JSON.parse` builds them from their JSON text, or `None` when it does not give
/// an array of `ranges.len()` elements.
unsafe fn parsed_from_json(
    env: sys::napi_env,
    ranges: &[DroppedRangeInfo],
) -> Option<sys::napi_value> {
    let text = ranges_json(ranges);
    // SAFETY (every call): `env` is the env napi is converting for, and every value passed was
    // created in it during this conversion.
    unsafe {
        let mut global = std::ptr::null_mut();
        ok(sys::napi_get_global(env, &mut global))?;
        let json = named(env, global, c"JSON")?;
        let parse = named(env, json, c"parse")?;
        let argument = js_string(env, &text).ok()?;
        let mut array = std::ptr::null_mut();
        ok(sys::napi_call_function(
            env, json, parse, 1, &argument, &mut array,
        ))?;
        let mut is_array = false;
        let mut length = 0u32;
        ok(sys::napi_is_array(env, array, &mut is_array))?;
        ok(sys::napi_get_array_length(env, array, &mut length))?;
        (is_array && length as usize == ranges.len()).then_some(array)
    }
}

/// `object[name]`. Safety: `object` is a value of `env` in the current call.
unsafe fn named(
    env: sys::napi_env,
    object: sys::napi_value,
    name: &std::ffi::CStr,
) -> Option<sys::napi_value> {
    let mut value = std::ptr::null_mut();
    // SAFETY: as the function's contract says; `name` is NUL-terminated.
    ok(unsafe { sys::napi_get_named_property(env, object, name.as_ptr(), &mut value) })?;
    Some(value)
}

/// `[{"startLine":…,"endLine":…,"template":"…"},…]`, templates escaped as JSON requires.
fn ranges_json(ranges: &[DroppedRangeInfo]) -> String {
    use std::fmt::Write;
    let mut text =
        String::with_capacity(2 + ranges.iter().map(|r| 48 + r.template.len()).sum::<usize>());
    text.push('[');
    for (index, range) in ranges.iter().enumerate() {
        if index > 0 {
            text.push(',');
        }
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{{\"startLine\":{},\"endLine\":{},\"template\":\"",
            range.start_line, range.end_line
        );
        push_json_escaped(&mut text, &range.template);
        text.push_str("\"}");
    }
    text.push(']');
    text
}

/// `value` as the inside of a JSON string: quotes, backslashes and control characters escaped.
fn push_json_escaped(text: &mut String, value: &str) {
    use std::fmt::Write;
    let mut plain_from = 0;
    for (at, byte) in value.bytes().enumerate() {
        if byte >= 0x20 && byte != b'"' && byte != b'\\' {
            continue;
        }
        text.push_str(&value[plain_from..at]);
        match byte {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            _ => {
                let _ = write!(text, "\\u{byte:04x}");
            }
        }
        plain_from = at + 1;
    }
    text.push_str(&value[plain_from..]);
}

/// The ranges built one property at a time: the names are made once and shared by all the
/// objects, as is each template string that repeats the one before it (most are empty).
unsafe fn built_by_property(
    env: sys::napi_env,
    ranges: &[DroppedRangeInfo],
) -> Result<sys::napi_value> {
    // SAFETY (every call below): `env` is the env napi is converting for, and every value
    // passed was created in it during this conversion.
    unsafe {
        let [start_key, end_key, template_key] = [
            js_string(env, "startLine")?,
            js_string(env, "endLine")?,
            js_string(env, "template")?,
        ];
        let mut array = std::ptr::null_mut();
        conversion_status(
            sys::napi_create_array_with_length(env, ranges.len(), &mut array),
            "create the ranges",
        )?;
        let mut previous: Option<(&str, sys::napi_value)> = None;
        for (index, range) in ranges.iter().enumerate() {
            let template = match previous {
                Some((text, value)) if text == range.template => value,
                _ => js_string(env, &range.template)?,
            };
            previous = Some((&range.template, template));
            let mut object = std::ptr::null_mut();
            conversion_status(sys::napi_create_object(env, &mut object), "create a range")?;
            for (key, value) in [
                (start_key, js_u32(env, range.start_line)?),
                (end_key, js_u32(env, range.end_line)?),
                (template_key, template),
            ] {
                conversion_status(
                    sys::napi_set_property(env, object, key, value),
                    "fill a range",
                )?;
            }
            conversion_status(
                sys::napi_set_element(env, array, index as u32, object),
                "fill the ranges",
            )?;
        }
        Ok(array)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_escapes_what_json_requires_and_nothing_else() {
        let ranges = vec![
            DroppedRangeInfo {
                start_line: 1,
                end_line: 2,
                template: String::new(),
            },
            DroppedRangeInfo {
                start_line: 10,
                end_line: 4_000_000_000,
                template: "say \"<*>\" at C:\\dir\t\u{1}é 🦀".into(),
            },
        ];
        assert_eq!(
            ranges_json(&ranges),
            r#"[{"startLine":1,"endLine":2,"template":""},{"startLine":10,"endLine":4000000000,"template":"say \"<*>\" at C:\\dir\u0009\u0001é 🦀"}]"#
        );
    }
}
