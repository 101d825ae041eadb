//! The FFI boundary: every exported entry point runs inside [`guarded`], which turns a panic
//! into an `INTERNAL` error instead of letting it abort Node, and keeps panic messages off the
//! host's stderr. Errors leaving the addon share one form, `CODE: what happened; what to do`.
//!
//! The panic hook is per addon (each Rust cdylib links its own std), so it only ever sees
//! panics raised by this addon. It stays silent while any guarded call is in flight (such a
//! panic is caught and returned as an error) and defers to the previous hook otherwise.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::sys;

/// Guarded calls in flight on any thread. A panic on a helper thread that a guarded call spawned
/// (compaction splits large inputs) also happens while its call is counted.
static GUARDED_CALLS: AtomicUsize = AtomicUsize::new(0);
static HOOK: Once = Once::new();

/// Test-only fault switch: when this variable names entry points (comma-separated, or `*`
/// for all), those entries panic inside their guarded region, so tests can prove the boundary
/// holds for every entry, synchronous or not. The environment is read once, when the addon
/// loads: reading it during calls could race a `setenv` from another JS thread.
const FAULT_SWITCH: &str = "PI_LEAN_TEST_PANIC";
static FAULTY_ENTRIES: OnceLock<Vec<String>> = OnceLock::new();

fn faulty_entries() -> &'static [String] {
    FAULTY_ENTRIES.get_or_init(|| {
        std::env::var(FAULT_SWITCH)
            .map(|names| names.split(',').map(|n| n.trim().to_string()).collect())
            .unwrap_or_default()
    })
}

#[napi_derive::module_init]
fn read_fault_switch_on_load() {
    faulty_entries();
    crate::js_helpers::read_switch_on_load();
}

/// An error in the one message form: `CODE: what happened; what to do`.
pub(crate) fn failure(
    code: ErrorCode,
    what: impl std::fmt::Display,
    todo: &str,
) -> Error<ErrorCode> {
    let what = what.to_string();
    // A `;` inside `what` would make the two halves ambiguous to readers and parsers.
    let what = what.trim().replace(';', ",");
    Error::new(code, format!("{code}: {what}; {todo}"))
}

/// Drops a JS exception a failed napi call left pending, so that it is not thrown in place of
/// the coded error (or the fallback) that follows.
pub(crate) fn clear_pending_exception(env: sys::napi_env) {
    let mut pending = false;
    // SAFETY: `env` is the env of the current call.
    unsafe {
        if sys::napi_is_exception_pending(env, &mut pending) == sys::Status::napi_ok && pending {
            let mut discarded = std::ptr::null_mut();
            sys::napi_get_and_clear_last_exception(env, &mut discarded);
        }
    }
}

/// `INTERNAL` unless a raw napi call returned `napi_ok`; `what` says what it was asked to do.
pub(crate) fn napi_status(
    status: sys::napi_status,
    what: &str,
) -> std::result::Result<(), Error<ErrorCode>> {
    if status == sys::Status::napi_ok {
        return Ok(());
    }
    Err(failure(
        ErrorCode::Internal,
        format!("napi refused to {what} (status {status})"),
        remedy(ErrorCode::Internal),
    ))
}

/// `Some` when a napi call succeeded: for paths that fall back to another way on any failure
/// and so need no message.
pub(crate) fn napi_ok(status: sys::napi_status) -> Option<()> {
    (status == sys::Status::napi_ok).then_some(())
}

/// [`napi_status`] for a conversion to JS (`ToNapiValue`), whose errors are napi's own type.
pub(crate) fn conversion_status(status: sys::napi_status, what: &str) -> Result<()> {
    napi_status(status, what).map_err(|error| Error::new(Status::GenericFailure, error.reason))
}

/// What a caller can do about an error of this code, when the core gave no advice itself.
pub(crate) fn remedy(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::SkillNotFound => "search the catalog for the exact name",
        ErrorCode::SkillDenied => "the skill policy blocks this skill",
        ErrorCode::SkillApprovalRequired => "ask the user to approve the skill",
        ErrorCode::SkillSourceChanged => "load the skill again from the start",
        ErrorCode::SkillRevRequired => "pass the continuation's rev, or load from the start",
        ErrorCode::SkillSourceTooLarge => "shorten the SKILL.md or raise the size limit",
        ErrorCode::SkillInvalidUtf8 => "save the SKILL.md as UTF-8",
        ErrorCode::SkillInvalidFrontmatter => "fix the SKILL.md frontmatter",
        ErrorCode::SkillEmptyBody => "add instructions to the SKILL.md",
        ErrorCode::SkillNameMismatch => "make the frontmatter name match the directory",
        ErrorCode::SkillNameCollision => "rename one of the skills",
        ErrorCode::SkillTooManyRequires => "list fewer skills under requires",
        ErrorCode::SkillHidden => "only the user can invoke this skill",
        ErrorCode::SkillIo => "check that the skill file is readable",
        ErrorCode::DependencyCycle => "remove the cycle from the requires lists",
        ErrorCode::DependencyMissing => "install the missing skill or drop it from requires",
        ErrorCode::ConfigInvalid => "fix the configuration",
        ErrorCode::SearchCursorStale => "browse again without a cursor",
        ErrorCode::SearchCursorInvalid => "pass a cursor exactly as returned, or none",
        ErrorCode::RecoveryExpired => "re-run the tool to get the output again",
        ErrorCode::RecoveryIo => "check the recovery directory's permissions and free space",
        ErrorCode::InvalidArgument => "check the argument against the documented types",
        ErrorCode::Internal => "retry, and report it as a pi-lean bug if it repeats",
    }
}

/// A core error in the one form: the core's text is what happened; advice comes from the core
/// when it gave some (`…; advice`), else from [`remedy`].
pub(crate) fn from_core<E: lean_core::error::Coded + std::fmt::Display>(
    err: E,
) -> Error<ErrorCode> {
    let code = err.code();
    let text = err.to_string();
    let prefix = format!("{code}: ");
    let text = text.strip_prefix(&prefix).unwrap_or(&text);
    match text.split_once("; ") {
        Some((what, todo)) if !todo.trim().is_empty() => failure(code, what, todo.trim()),
        _ => failure(code, text, remedy(code)),
    }
}

fn install_quiet_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED_CALLS.load(Ordering::SeqCst) == 0 {
                previous(info);
            }
        }));
    });
}

/// Whether the test-only fault switch asks `entry` to panic.
pub(crate) fn fault_requested(entry: &str) -> bool {
    faulty_entries()
        .iter()
        .any(|name| name == "*" || name == entry)
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Counts a guarded call for as long as it lives, so the hook knows a panic will be caught.
struct InFlight;

impl InFlight {
    fn enter() -> Self {
        install_quiet_hook();
        GUARDED_CALLS.fetch_add(1, Ordering::SeqCst);
        InFlight
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        GUARDED_CALLS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `body` for entry point `entry` with panics caught and silenced; `inject` makes it
/// panic first (the test-only fault switch).
pub(crate) fn guarded_with<T>(
    entry: &str,
    inject: bool,
    body: impl FnOnce() -> std::result::Result<T, Error<ErrorCode>>,
) -> std::result::Result<T, Error<ErrorCode>> {
    let _in_flight = InFlight::enter();
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        if inject {
            panic!("{FAULT_SWITCH} asked {entry} to panic");
        }
        body()
    }));
    outcome.unwrap_or_else(|payload| {
        Err(failure(
            ErrorCode::Internal,
            format!(
                "the native core failed in {entry} ({})",
                panic_text(&*payload)
            ),
            remedy(ErrorCode::Internal),
        ))
    })
}

/// [`guarded_with`] with the entry's own fault switch.
pub(crate) fn guarded<T>(
    entry: &str,
    body: impl FnOnce() -> std::result::Result<T, Error<ErrorCode>>,
) -> std::result::Result<T, Error<ErrorCode>> {
    guarded_with(entry, fault_requested(entry), body)
}

/// A coded error as the JS error object an async task rejects with: `Task::reject` can only
/// return a status-typed error, so the coded one is built as a JS value and carried by it.
pub(crate) fn rejection(env: Env, error: Error<ErrorCode>) -> Error {
    Error::from(JsError::from(error).into_unknown(env))
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

fn js_type_name(env: sys::napi_env, value: sys::napi_value) -> &'static str {
    let mut kind = 0;
    // SAFETY: `env` and `value` come straight from napi for the current call.
    if unsafe { sys::napi_typeof(env, value, &mut kind) } != sys::Status::napi_ok {
        return "a value of unknown type";
    }
    let mut is_array = false;
    if kind == sys::ValueType::napi_object {
        // SAFETY: as above.
        unsafe { sys::napi_is_array(env, value, &mut is_array) };
    }
    match kind {
        sys::ValueType::napi_undefined => "undefined",
        sys::ValueType::napi_null => "null",
        sys::ValueType::napi_boolean => "a boolean",
        sys::ValueType::napi_number => "a number",
        sys::ValueType::napi_string => "a string",
        sys::ValueType::napi_symbol => "a symbol",
        sys::ValueType::napi_function => "a function",
        sys::ValueType::napi_bigint => "a bigint",
        _ if is_array => "an array",
        _ => "an object",
    }
}

impl<T: FromNapiValue> FromNapiValue for Arg<T> {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> Result<Self> {
        // SAFETY: forwarded from napi's own call with the same env and value.
        let converted = unsafe { T::from_napi_value(env, value) };
        if converted.is_err() {
            // Some conversions fail by letting a JS TypeError pend ("Cannot convert undefined
            // or null to object"); it would be thrown instead of our coded error.
            clear_pending_exception(env);
        }
        Ok(Arg {
            value: converted.map_err(|error| error.reason),
            js_type: js_type_name(env, value),
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

/// `INVALID_ARGUMENT` for `path`, in the one message form.
pub(crate) fn invalid(path: &str, what: impl std::fmt::Display, todo: &str) -> Error<ErrorCode> {
    failure(ErrorCode::InvalidArgument, format!("{path} {what}"), todo)
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

/// A JS number that must be an integer in `min..=max`: never truncated, never wrapped.
pub(crate) fn integer(
    path: &str,
    value: Option<f64>,
    min: u64,
    max: u64,
) -> std::result::Result<Option<u64>, Error<ErrorCode>> {
    let Some(number) = value else {
        return Ok(None);
    };
    if number.is_finite() && number.fract() == 0.0 && number >= min as f64 && number <= max as f64 {
        Ok(Some(number as u64))
    } else {
        Err(invalid(
            path,
            format_args!("is {number}, not an integer from {min} to {max}"),
            &format!("pass a whole number from {min} to {max}"),
        ))
    }
}

/// A JS number that must lie in `0..=1`.
pub(crate) fn fraction(
    path: &str,
    value: Option<f64>,
) -> std::result::Result<Option<f64>, Error<ErrorCode>> {
    match value {
        Some(number) if !(0.0..=1.0).contains(&number) => Err(invalid(
            path,
            format_args!("is {number}, outside 0 to 1"),
            "pass a number from 0 to 1",
        )),
        other => Ok(other),
    }
}

/// Largest integer a JS number holds exactly: the bound for byte counts.
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// Work queued on the libuv pool by an async entry point. The value that implements it owns
/// every input (copied or moved in before the entry returns), so the worker never reads
/// memory the caller can still detach, mutate or free.
pub trait Work: Send + Sized + 'static {
    type Output: Send + Sized + 'static;
    type JsValue: ToNapiValue + TypeName;
    /// The name the fault switch and `INTERNAL` messages use for the worker half.
    const ENTRY: &'static str;

    /// Runs on a worker thread.
    fn run(&mut self) -> std::result::Result<Self::Output, Error<ErrorCode>>;

    /// Runs on the JS thread, turning the output into what the promise resolves to.
    fn finish(output: Self::Output) -> std::result::Result<Self::JsValue, Error<ErrorCode>>;
}

/// The one napi `Task` behind every async entry: both halves run inside [`guarded`], and a
/// failure rejects the promise with the same `code` and message form a sync call throws.
pub struct OffThread<W: Work> {
    work: W,
    /// Why `compute` failed, with its code, for `reject` to hand to JS (napi's `compute` can
    /// only return a status-typed error).
    failed: Option<Error<ErrorCode>>,
}

impl<W: Work> OffThread<W> {
    pub(crate) fn task(work: W) -> AsyncTask<Self> {
        AsyncTask::new(OffThread { work, failed: None })
    }
}

impl<W: Work> Task for OffThread<W> {
    type Output = W::Output;
    type JsValue = W::JsValue;

    fn compute(&mut self) -> Result<Self::Output> {
        let work = &mut self.work;
        // A panic escaping compute would abort Node: it runs on a libuv worker.
        guarded(W::ENTRY, || work.run()).map_err(|error| {
            let status_error = Error::new(Status::GenericFailure, error.reason.clone());
            self.failed = Some(error);
            status_error
        })
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> Result<Self::JsValue> {
        guarded_with(W::ENTRY, false, || W::finish(output)).map_err(|error| rejection(env, error))
    }

    fn reject(&mut self, env: Env, err: Error) -> Result<Self::JsValue> {
        let coded = self.failed.take().unwrap_or_else(|| {
            failure(ErrorCode::Internal, err.reason, remedy(ErrorCode::Internal))
        });
        Err(rejection(env, coded))
    }
}
