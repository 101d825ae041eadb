//! Small JS functions that build and read the plain objects of compaction, compiled once per
//! env. Every property napi reads or sets is a generic V8 lookup by a name string made from
//! UTF-8 (about 1,500 instructions each, by callgrind): a result object cost ~17K instructions
//! and an options object ~18K, most of a small call, and a dropped range 2.5K through
//! `JSON.parse`. The same objects built and read by JS, where V8's inline caches and object
//! literals apply, cost one function call (~600 instructions) plus a few hundred.
//!
//! The functions are compiled with `napi_run_script` on first use in an env and held by
//! references, freed by an env cleanup hook. The few built-ins they call are taken when they
//! are compiled, so a page that later replaces `String.prototype.slice` (say) cannot change
//! what they build. Where the script cannot run (a host without `napi_run_script`), callers
//! fall back to building through napi; the test-only switch [`NO_HELPERS_SWITCH`] forces that
//! path, so tests can hold both to the same results.

use std::cell::RefCell;
use std::ffi::c_void;
use std::sync::OnceLock;

use napi::sys;

use crate::boundary::{clear_pending_exception, napi_ok as ok};

/// The functions, as one script whose value is `[readOptions, optionNumbers, buildResult]`.
///
/// `readOptions(o)` reads the fields of a compaction options object in the order napi-rs's
/// derived conversion reads them. When each is absent (`undefined`; the derived conversion
/// refuses `null`) or of the one type the field takes, it returns the present strings concatenated (their lengths, in UTF-16
/// units, go to `optionNumbers`) and fills `optionNumbers` (see [`OptionNumbers`]); otherwise
/// it returns `null` and the binding converts the object the derived way, which names the field.
///
/// `buildResult(...)` makes a `CompactResult` with its fields in the declared order. `lines`
/// holds three numbers a dropped range: start, end and its template's length in UTF-16 units
/// within `templates` ([`SAME_TEMPLATE`] for the template of the range before).
const SCRIPT: &str = r#"(() => {
  "use strict";
  const callOf = (method) => Function.prototype.call.bind(method);
  const slice = callOf(String.prototype.slice), split = callOf(String.prototype.split);
  const numbers = new Float64Array(13);
  const textOf = (value, at) => {
    if (typeof value === "string") { numbers[8 + at] = value.length; return value; }
    numbers[8 + at] = -1;
    return "";
  };
  const numberOf = (value, at) => {
    if (value === undefined) { numbers[at] = NaN; return; }
    numbers[at] = value;
    numbers[7] += 1 << at;
  };
  const isText = (value) => value === undefined || typeof value === "string";
  const isNumber = (value) => value === undefined || typeof value === "number";
  function readOptions(o) {
    const kind = o.kind, tool = o.tool, command = o.command, path = o.path, query = o.query;
    const thresholdBytes = o.thresholdBytes, maxInputBytes = o.maxInputBytes, recoverable = o.recoverable;
    const aggressiveness = o.aggressiveness, budgetTokens = o.budgetTokens, maxOutputBytes = o.maxOutputBytes;
    if (!(isText(kind) && isText(tool) && isText(command) && isText(path) && isText(query)
      && isNumber(thresholdBytes) && isNumber(maxInputBytes) && isNumber(aggressiveness)
      && isNumber(budgetTokens) && isNumber(maxOutputBytes)
      && (recoverable === undefined || typeof recoverable === "boolean"))) return null;
    numbers[7] = 0;
    numberOf(thresholdBytes, 0);
    numberOf(maxInputBytes, 1);
    numberOf(aggressiveness, 2);
    numberOf(budgetTokens, 3);
    numberOf(maxOutputBytes, 4);
    numbers[5] = recoverable === undefined ? -1 : recoverable ? 1 : 0;
    return textOf(kind, 0) + textOf(tool, 1) + textOf(command, 2) + textOf(path, 3) + textOf(query, 4);
  }
  function buildResult(text, kind, changed, id, originalBytes, outputBytes, originalLines, lines, templates, strategies) {
    const ranges = [];
    if (lines !== undefined) {
      let at = 0, template = "";
      for (let i = 0; i < lines.length; i += 3) {
        const units = lines[i + 2];
        if (units !== 0xffffffff) { template = slice(templates, at, at + units); at += units; }
        ranges[ranges.length] = { startLine: lines[i], endLine: lines[i + 1], template };
      }
    }
    return { text, kind, changed, id, originalBytes, outputBytes, originalLines, ranges,
      strategies: strategies === "" ? [] : split(strategies, "\n") };
  }
  return [readOptions, numbers, buildResult];
})()"#;

/// `lines[i + 2]` for a range whose template is the one before it (most repeat, most are empty).
pub(crate) const SAME_TEMPLATE: u32 = u32::MAX;

/// The layout of `optionNumbers` after `readOptions`: the five number fields (NaN when absent)
/// in the order thresholdBytes, maxInputBytes, aggressiveness, budgetTokens, maxOutputBytes;
/// `recoverable` (-1 absent, 0 or 1); a bit mask of the present numbers; and the UTF-16 length
/// of each string field (-1 absent) in the order kind, tool, command, path, query.
pub(crate) struct OptionNumbers;

impl OptionNumbers {
    pub(crate) const RECOVERABLE: usize = 5;
    pub(crate) const PRESENT_NUMBERS: usize = 7;
    pub(crate) const TEXT_LENGTHS: usize = 8;
    pub(crate) const LEN: usize = 13;
}

/// One env's compiled functions, held by strong references.
struct Helpers {
    read_options: sys::napi_ref,
    option_numbers: sys::napi_ref,
    build_result: sys::napi_ref,
}

/// Test-only switch: when this variable is set (to anything) as the addon loads, no helpers
/// are compiled and every result and options object goes through napi, the fallback path.
const NO_HELPERS_SWITCH: &str = "PI_LEAN_TEST_NO_JS_HELPERS";
static HELPERS_OFF: OnceLock<bool> = OnceLock::new();

/// Reads [`NO_HELPERS_SWITCH`]; called once as the addon loads (reading the environment during
/// calls could race a `setenv` from another JS thread).
pub(crate) fn read_switch_on_load() {
    HELPERS_OFF.get_or_init(|| std::env::var_os(NO_HELPERS_SWITCH).is_some());
}

thread_local! {
    /// Each env on this thread (one, except where a host runs several) and its helpers;
    /// `None` when the script could not be compiled there, so it is not tried again.
    static HELPERS: RefCell<Vec<(usize, Option<Helpers>)>> = const { RefCell::new(Vec::new()) };
}

/// The helpers of `env` as values of the current call: `[readOptions, optionNumbers,
/// buildResult]`, compiled on first use; `None` where they cannot be had.
pub(crate) fn helpers(env: sys::napi_env) -> Option<[sys::napi_value; 3]> {
    // On the wasm fallback (emnapi) an ArrayBuffer's data pointer is a copy in wasm memory:
    // bytes written through it reach JS only after an explicit sync, so the ranges' Uint32Array
    // arrived as zeros. That build takes the napi path, which reads and writes JS values directly.
    if cfg!(target_family = "wasm") || HELPERS_OFF.get().copied().unwrap_or(false) {
        return None;
    }
    HELPERS.with(|envs| {
        let mut envs = envs.try_borrow_mut().ok()?;
        let index = match envs.iter().position(|(known, _)| *known == env as usize) {
            Some(index) => index,
            None => {
                // SAFETY: `env` is the env of the current call.
                let compiled = unsafe { compile(env) };
                if compiled.is_none() {
                    clear_pending_exception(env);
                }
                // SAFETY: as above; the hook's argument is the env itself.
                let hooked =
                    unsafe { sys::napi_add_env_cleanup_hook(env, Some(forget_env), env.cast()) }
                        == sys::Status::napi_ok;
                if !hooked {
                    // Without the hook the references could outlive the env: drop them now.
                    if let Some(helpers) = compiled {
                        // SAFETY: as above; each reference is deleted once.
                        unsafe { release(env, helpers) };
                    }
                    return None;
                }
                envs.push((env as usize, compiled));
                envs.len() - 1
            }
        };
        let helpers = envs[index].1.as_ref()?;
        let mut values = [std::ptr::null_mut(); 3];
        for (value, reference) in values.iter_mut().zip([
            helpers.read_options,
            helpers.option_numbers,
            helpers.build_result,
        ]) {
            // SAFETY: the reference is a live strong reference created in `env`.
            if unsafe { sys::napi_get_reference_value(env, reference, value) }
                != sys::Status::napi_ok
                || value.is_null()
            {
                return None;
            }
        }
        Some(values)
    })
}

/// Compiles [`SCRIPT`] in `env` and refers to its three values. Safety: `env` is the env of
/// the current call.
unsafe fn compile(env: sys::napi_env) -> Option<Helpers> {
    // SAFETY (every call): `env` is the env of the current call and every value passed was
    // created in it just before.
    unsafe {
        let mut source = std::ptr::null_mut();
        ok(sys::napi_create_string_utf8(
            env,
            SCRIPT.as_ptr().cast(),
            SCRIPT.len() as isize,
            &mut source,
        ))?;
        let mut parts = std::ptr::null_mut();
        ok(sys::napi_run_script(env, source, &mut parts))?;
        let mut references = [std::ptr::null_mut(); 3];
        for (index, reference) in references.iter_mut().enumerate() {
            let mut value = std::ptr::null_mut();
            let got = ok(sys::napi_get_element(env, parts, index as u32, &mut value))
                .and_then(|()| ok(sys::napi_create_reference(env, value, 1, reference)));
            if got.is_none() {
                for made in references.iter().take(index) {
                    sys::napi_delete_reference(env, *made);
                }
                return None;
            }
        }
        let [read_options, option_numbers, build_result] = references;
        Some(Helpers {
            read_options,
            option_numbers,
            build_result,
        })
    }
}

/// Deletes the helpers' references. Safety: they were created in `env`, which is still alive.
unsafe fn release(env: sys::napi_env, helpers: Helpers) {
    for reference in [
        helpers.read_options,
        helpers.option_numbers,
        helpers.build_result,
    ] {
        // SAFETY: as the function's contract says; each reference is deleted once.
        unsafe { sys::napi_delete_reference(env, reference) };
    }
}

/// The env cleanup hook: the env is going away, so its helpers go first.
unsafe extern "C" fn forget_env(arg: *mut c_void) {
    let env: sys::napi_env = arg.cast();
    let _ = std::panic::catch_unwind(|| {
        let helpers = HELPERS.with(|envs| {
            let mut envs = envs.try_borrow_mut().ok()?;
            let index = envs.iter().position(|(known, _)| *known == env as usize)?;
            envs.swap_remove(index).1
        });
        if let Some(helpers) = helpers {
            // SAFETY: cleanup hooks run before the env is torn down.
            unsafe { release(env, helpers) };
        }
    });
}

/// `function(...args)` called with `undefined` as `this`. Safety: every value is of `env` in
/// the current call.
pub(crate) unsafe fn call(
    env: sys::napi_env,
    function: sys::napi_value,
    args: &[sys::napi_value],
) -> Option<sys::napi_value> {
    let mut this = std::ptr::null_mut();
    let mut result = std::ptr::null_mut();
    // SAFETY: as the function's contract says.
    let status = unsafe {
        sys::napi_get_undefined(env, &mut this);
        sys::napi_call_function(env, this, function, args.len(), args.as_ptr(), &mut result)
    };
    if status != sys::Status::napi_ok {
        clear_pending_exception(env);
        return None;
    }
    Some(result)
}
