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
use std::sync::Once;

use lean_core::ErrorCode;
use napi::bindgen_prelude::*;

/// Guarded calls in flight on any thread (including compaction's helper threads' parents).
static GUARDED_CALLS: AtomicUsize = AtomicUsize::new(0);
static HOOK: Once = Once::new();

/// Test-only fault switch: when this variable names an entry point (comma-separated, or `*`
/// for all), that entry panics inside its guarded region, so tests can prove the boundary
/// holds for every entry, synchronous or not. Read on the JS thread only: reading the
/// environment from a worker could race the host's `setenv`.
const FAULT_SWITCH: &str = "PI_LEAN_TEST_PANIC";

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

/// What a caller can do about an error of this code, when the core gave no advice itself.
fn remedy(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::SkillNotFound => "search the catalog for the exact name",
        ErrorCode::SkillDenied => "the skill policy blocks this skill",
        ErrorCode::SkillApprovalRequired => "ask the user to approve the skill",
        ErrorCode::SkillSourceChanged => "load the skill again from the start",
        ErrorCode::SkillSourceTooLarge => "shorten the SKILL.md or raise the size limit",
        ErrorCode::SkillInvalidUtf8 => "save the SKILL.md as UTF-8",
        ErrorCode::SkillInvalidFrontmatter => "fix the SKILL.md frontmatter",
        ErrorCode::SkillEmptyBody => "add instructions to the SKILL.md",
        ErrorCode::SkillNameMismatch => "make the frontmatter name match the directory",
        ErrorCode::SkillNameCollision => "rename one of the skills",
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

/// Whether the test-only fault switch asks `entry` to panic. Call on the JS thread only.
pub(crate) fn fault_requested(entry: &str) -> bool {
    std::env::var(FAULT_SWITCH).is_ok_and(|names| {
        names
            .split(',')
            .any(|name| name.trim() == "*" || name.trim() == entry)
    })
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

/// Runs `body` for entry point `entry` with panics caught and silenced; `inject` is the
/// test-only fault switch, already read on the JS thread.
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

/// [`guarded_with`] for calls on the JS thread, where the fault switch can be read.
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
