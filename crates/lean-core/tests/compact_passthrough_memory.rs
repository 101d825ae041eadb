//! Passing an over-limit input through must cost no more memory than compacting it. Measured
//! with a counting allocator (peak live heap bytes during the call), not with a clock.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use lean_core::compact::{compact, compact_unchanged_empty, CompactOptions};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(now, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak heap bytes allocated on top of what was live when `f` started.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let out = f();
    (out, PEAK.load(Ordering::SeqCst) - base)
}

// One test function: the counters are process-wide, so nothing may run beside it.
#[test]
fn passing_through_costs_no_more_than_compacting() {
    let mut input = Vec::new();
    let mut i = 0u64;
    while input.len() < 8 << 20 {
        input.extend_from_slice(
            format!(
                "INFO compiling crate dep{} v1.{}.0 in {} ms\n",
                i % 500,
                i % 7,
                i % 97
            )
            .as_bytes(),
        );
        i += 1;
    }
    let over_limit = CompactOptions {
        max_input_bytes: Some(1024),
        ..CompactOptions::default()
    };
    let (compacted, compacting_peak) =
        peak_during(|| compact_unchanged_empty(&input, &CompactOptions::default()));
    assert!(compacted.changed);
    let (passed, passthrough_peak) = peak_during(|| compact_unchanged_empty(&input, &over_limit));
    assert!(!passed.changed);
    assert!(passed.text.is_empty());
    assert_eq!(passed.original_bytes, input.len());
    assert!(
        passthrough_peak <= compacting_peak,
        "pass-through peak {passthrough_peak} B > compacting peak {compacting_peak} B"
    );
    assert!(
        passthrough_peak < 4096,
        "pass-through allocated {passthrough_peak} B"
    );
    // The copying entry point still returns the input itself.
    assert_eq!(compact(&input, &over_limit).text, input);
}
