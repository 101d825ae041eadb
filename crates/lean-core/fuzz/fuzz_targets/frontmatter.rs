//! Fuzz target: frontmatter parsing: total, body on a char boundary, requires deduplicated.
//! The invariants live in `lean_core::fuzzing`, shared with `tests/fuzz_invariants.rs`.
#![no_main]

use lean_core::fuzzing;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzzing::check_frontmatter(data);
});
