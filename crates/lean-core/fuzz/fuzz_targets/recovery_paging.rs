//! Fuzz target: recovery paging: pages of any size advance and rebuild the original.
//! The invariants live in `lean_core::fuzzing`, shared with `tests/fuzz_invariants.rs`.
#![no_main]

use lean_core::fuzzing;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzing::check_paging(data);
});
