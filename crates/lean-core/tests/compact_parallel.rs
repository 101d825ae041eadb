//! Inputs of 1 MiB or more are compacted with a second thread (keyword scan, template hashing,
//! ranking and line splitting in halves). The result must not depend on scheduling: the same
//! input always gives the same bytes and ranges, and every dropped range stays in bounds.

use lean_core::compact::{compact, CompactOptions, ContentKind};

fn large_log() -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0u64;
    while out.len() < 3 << 20 {
        i += 1;
        let line = match i % 50 {
            0 => format!(
                "src/m{}.c:{}:3: error: implicit declaration of 'f{}'\n",
                i % 7,
                i,
                i % 11
            ),
            1..=5 => format!(
                "src/m{}.c:{}:9: warning: unused variable 'v{}'\n",
                i % 7,
                i,
                i % 3
            ),
            _ => format!("   Compiling crate_{} v0.{}.{}\n", i % 900, i % 20, i % 9),
        };
        out.extend_from_slice(line.as_bytes());
    }
    out.extend_from_slice(b"make: *** [Makefile:42: all] Error 2\n");
    out
}

fn large_grep() -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0u64;
    while out.len() < 3 << 20 {
        i += 1;
        let line = format!(
            "crates/p{}/src/m{}.rs:{}:    let r = memchr(b, &h[{}..]);\n",
            i / 40,
            i % 13,
            i,
            i % 100
        );
        out.extend_from_slice(line.as_bytes());
    }
    out
}

#[test]
fn large_inputs_compact_deterministically() {
    for (input, kind) in [
        (large_log(), None),
        (large_grep(), Some(ContentKind::Grep)),
        (large_log(), Some(ContentKind::Source)),
    ] {
        let opts = CompactOptions {
            kind,
            ..Default::default()
        };
        let first = compact(&input, &opts);
        // Four compactions at once compete for the cores, so their helper threads are
        // scheduled differently from the first run's; each reads a copy at another alignment.
        std::thread::scope(|scope| {
            let runs: Vec<_> = (1..=4)
                .map(|offset| {
                    let (input, opts) = (&input, &opts);
                    scope.spawn(move || {
                        let mut copy = vec![0u8; offset];
                        copy.extend_from_slice(input);
                        compact(&copy[offset..], opts)
                    })
                })
                .collect();
            for run in runs {
                let again = run.join().expect("no panic");
                assert_eq!(first.text, again.text);
                assert_eq!(first.ranges, again.ranges);
                assert_eq!(first.id, again.id);
            }
        });
        assert_eq!(first.id, lean_core::hash::xxh3_hex(&input));
        let mut last_end = 0;
        for range in &first.ranges {
            assert!(range.start_line > last_end && range.end_line >= range.start_line);
            assert!(range.end_line <= first.original_lines);
            last_end = range.end_line;
        }
    }
}
