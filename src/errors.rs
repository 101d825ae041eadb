//! Errors and the panic guard of the FFI boundary. Every exported entry point runs inside
//! [`guarded`], which turns a panic into an `INTERNAL` error instead of letting it abort Node,
//! and keeps panic messages off the host's stderr. Errors leaving the addon share one form,
//! `CODE: what happened; what to do`, with a stable `code`. [`OffThread`] is the one napi task
//! behind every async entry, guarded on both halves.
//!
//! The panic hook is per addon (each Rust cdylib links its own std), so it only ever sees
//! panics raised by this addon. It stays silent while any guarded call is in flight (such a
//! panic is caught and returned as an error) and defers to the previous hook otherwise.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

use lean_core::error::{message, Coded};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi::{sys, UnknownRef};

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
}

/// An error in the one message form: `CODE: what happened; what to do`.
pub(crate) fn failure(
    code: ErrorCode,
    what: impl std::fmt::Display,
    todo: &str,
) -> Error<ErrorCode> {
    Error::new(code, message(code, &what.to_string(), todo))
}

/// An `INTERNAL` error: a bug, or napi refusing something it should not.
pub(crate) fn internal(what: impl std::fmt::Display) -> Error<ErrorCode> {
    failure(ErrorCode::Internal, what, ErrorCode::Internal.remedy())
}

/// A core error (or a refused option) in the one message form, with its code.
pub(crate) fn coded(err: impl Coded) -> Error<ErrorCode> {
    Error::new(err.code(), err.report())
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
    body: impl FnOnce() -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    let _in_flight = InFlight::enter();
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        if inject {
            panic!("{FAULT_SWITCH} asked {entry} to panic");
        }
        body()
    }));
    outcome.unwrap_or_else(|payload| {
        let text = panic_text(&*payload);
        Err(internal(format!(
            "the native core failed in {entry} ({text})"
        )))
    })
}

/// [`guarded_with`] with the entry's own fault switch.
pub(crate) fn guarded<T>(
    entry: &str,
    body: impl FnOnce() -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    guarded_with(entry, fault_requested(entry), body)
}

/// A coded error as the JS error object an async task rejects with: `Task::reject` can only
/// return a status-typed error, so the coded one is built as a JS value and carried by it.
pub(crate) fn rejection(env: Env, error: Error<ErrorCode>) -> Error {
    Error::from(JsError::from(error).into_unknown(env))
}

/// What a worker computes, and what turns its output into the promise's value on the JS thread
/// (given the JS value the task holds, if any).
type Run<O> = Box<dyn FnOnce() -> Result<O, ErrorCode> + Send>;
type Finish<O, J> = Box<dyn FnOnce(&Env, O, Option<&UnknownRef>) -> Result<J, ErrorCode> + Send>;

/// The one napi `Task` behind every async entry: both halves run inside [`guarded`], and a
/// failure rejects the promise with the same `code` and message form a sync call throws. The
/// task owns every input (copied or moved in before the entry returns), so the worker never
/// reads memory the caller can still detach, mutate or free.
pub struct OffThread<O, J> {
    /// The worker's name for the fault switch and `INTERNAL` messages.
    entry: &'static str,
    run: Option<Run<O>>,
    finish: Option<Finish<O, J>>,
    /// A JS value the result may hand back, let go once the promise settled either way.
    held: Option<UnknownRef>,
    /// Why `compute` failed, with its code, for `reject` to hand to JS (napi's `compute` can
    /// only return a status-typed error).
    failed: Option<Error<ErrorCode>>,
}

impl<O: Send + 'static, J: ToNapiValue + TypeName> OffThread<O, J> {
    pub(crate) fn task(
        entry: &'static str,
        held: Option<UnknownRef>,
        run: impl FnOnce() -> Result<O, ErrorCode> + Send + 'static,
        finish: impl FnOnce(&Env, O, Option<&UnknownRef>) -> Result<J, ErrorCode> + Send + 'static,
    ) -> AsyncTask<Self> {
        AsyncTask::new(OffThread {
            entry,
            run: Some(Box::new(run)),
            finish: Some(Box::new(finish)),
            held,
            failed: None,
        })
    }
}

fn spent() -> Error<ErrorCode> {
    internal("a task ran twice")
}

impl<O: Send + 'static, J: ToNapiValue + TypeName> Task for OffThread<O, J> {
    type Output = O;
    type JsValue = J;

    fn compute(&mut self) -> Result<O> {
        let run = self.run.take();
        // A panic escaping compute would abort Node: it runs on a libuv worker.
        guarded(self.entry, || run.ok_or_else(spent)?()).map_err(|error| {
            let status_error = Error::new(Status::GenericFailure, error.reason.clone());
            self.failed = Some(error);
            status_error
        })
    }

    fn resolve(&mut self, env: Env, output: O) -> Result<J> {
        let (finish, held) = (self.finish.take(), self.held.as_ref());
        guarded_with(self.entry, false, || {
            finish.ok_or_else(spent)?(&env, output, held)
        })
        .map_err(|error| rejection(env, error))
    }

    fn finally(self, env: Env) -> Result<()> {
        if let Some(held) = self.held {
            let _ = held.unref(&env);
        }
        Ok(())
    }

    fn reject(&mut self, env: Env, err: Error) -> Result<J> {
        let coded = self.failed.take().unwrap_or_else(|| internal(err.reason));
        Err(rejection(env, coded))
    }
}
