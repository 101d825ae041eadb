//! Arguments from JS, read and checked before anything is borrowed. napi's own conversion
//! errors are reported as `INVALID_ARGUMENT` naming the argument ([`Arg`]); numbers are checked
//! as whole numbers or fractions in range, never truncated or wrapped. A compaction input is held
//! as its JS value until every option has been read ([`read_input`]): reading options runs the
//! caller's getters, which may detach or transfer the input's memory.

use lean_core::{checks, ErrorCode};
use napi::bindgen_prelude::*;
use napi::sys;

use std::collections::HashSet;

use lean_core::skills::{self, SnapshotOptions};

use crate::errors::{clear_pending_exception, from_core, invalid};

pub(crate) use lean_core::checks::{fraction, MAX_SAFE_INTEGER};

type Checked<T> = std::result::Result<T, Error<ErrorCode>>;
use crate::types::{LoadOptions, SearchOptions, SkillIndexOptions, SkillInput};

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
    pub(crate) fn get(
        self,
        name: &str,
        expected: &str,
    ) -> std::result::Result<T, Error<ErrorCode>> {
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
    pub(crate) fn get_object(
        self,
        name: &str,
        expected: &str,
    ) -> std::result::Result<T, Error<ErrorCode>> {
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
    ) -> std::result::Result<Option<T>, Error<ErrorCode>> {
        arg.map(|arg| arg.get_object(name, expected)).transpose()
    }

    /// Like [`Arg::get`] for an optional argument (`undefined` or `null` is `None`).
    pub(crate) fn optional(
        arg: Option<Self>,
        name: &str,
        expected: &str,
    ) -> std::result::Result<Option<T>, Error<ErrorCode>> {
        arg.map(|arg| arg.get(name, expected)).transpose()
    }
}

/// A JS number that must be an integer in `min..=max` (see `lean_core::checks::whole`).
pub(crate) fn integer(path: &str, value: Option<f64>, min: u64, max: u64) -> Checked<Option<u64>> {
    checks::whole(path, value, min, max).map_err(from_core)
}

/// [`integer`] as a count or position in `min..=u32::MAX`.
pub(crate) fn count(path: &str, value: Option<f64>, min: u64) -> Checked<Option<usize>> {
    Ok(integer(path, value, min, u32::MAX.into())?.map(|n| n as usize))
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
pub(crate) fn read_input(value: Unknown) -> std::result::Result<Input, Error<ErrorCode>> {
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

// Options of `SkillIndex` and its methods.

/// `options.maxSourceBytes`, `options.autoload` and `options.embeddings`, checked.
pub(crate) fn snapshot_options(
    options: Option<SkillIndexOptions>,
) -> Result<SnapshotOptions, ErrorCode> {
    let defaults = SnapshotOptions::default();
    let Some(options) = options else {
        return Ok(defaults);
    };
    Ok(SnapshotOptions {
        max_source_bytes: integer(
            "options.maxSourceBytes",
            options.max_source_bytes,
            1,
            MAX_SAFE_INTEGER,
        )?
        .unwrap_or(defaults.max_source_bytes),
        autoload: Arg::optional_object(
            options.autoload,
            "options.autoload",
            "an object mapping skill names to arrays of skill names",
        )?
        .unwrap_or_default(),
        embeddings: options.embeddings.unwrap_or(defaults.embeddings),
    })
}

/// `options` of `search` and `browse` as a core page request; `offset` only for `search`.
pub(crate) fn page_request(
    options: Option<SearchOptions>,
    with_offset: bool,
) -> Result<skills::PageRequest, ErrorCode> {
    let Some(o) = options else {
        return Ok(skills::PageRequest::default());
    };
    let offset = match with_offset {
        true => integer(
            "options.offset",
            o.offset,
            0,
            skills::MAX_SEARCH_DEPTH as u64 - 1,
        )?,
        false => None,
    };
    Ok(skills::PageRequest {
        limit: count("options.limit", o.limit, 1)?,
        description_max: count("options.descriptionMax", o.description_max, 0)?,
        offset: offset.unwrap_or(0) as usize,
        eligibility: skills::Eligibility {
            include_hidden: o.include_hidden.unwrap_or(false),
            only: o.only.map(HashSet::from_iter),
            exclude: o.exclude.map(HashSet::from_iter).unwrap_or_default(),
        },
    })
}

/// `options` of `load`, checked.
pub(crate) fn load_request(options: Option<LoadOptions>) -> Result<skills::LoadRequest, ErrorCode> {
    let defaults = skills::LoadRequest::default();
    let Some(o) = options else {
        return Ok(defaults);
    };
    let position = |path: &str, value| count(path, value, 0).map(Option::unwrap_or_default);
    Ok(skills::LoadRequest {
        offset: position("options.offset", o.offset)?,
        column: position("options.column", o.column)?,
        rev: o.rev,
        allow_hidden: o.allow_hidden.unwrap_or(defaults.allow_hidden),
        with_dependencies: o.with_dependencies.unwrap_or(defaults.with_dependencies),
    })
}

/// The skill list and options of the constructor and of `build`, checked.
pub(crate) fn inputs(
    skills_in: Arg<Vec<SkillInput>>,
    options: Option<Arg<SkillIndexOptions>>,
) -> Result<(Vec<skills::SkillInput>, SnapshotOptions), ErrorCode> {
    let skills_in = skills_in.get(
        "skillsIn",
        "an array of skills ({ name, description, ... })",
    )?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    Ok((
        skills_in
            .into_iter()
            .map(skills::SkillInput::from)
            .collect(),
        snapshot_options(options)?,
    ))
}
