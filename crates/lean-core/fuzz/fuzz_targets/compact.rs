//! Fuzz target: compaction over every kind and option bit: id, sizes, ranges and markers stay consistent.
//! The invariants live in `lean_core::fuzzing`, shared with `tests/fuzz_invariants.rs`.
#![no_main]

use lean_core::fuzzing;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (input, options) = fuzzing::compact_case(data);
    fuzzing::check_compact(&input, &options);
});
