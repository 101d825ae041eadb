//! Memory bounds of the compactor: per-line bookkeeping stays small, so inputs of millions of
//! tiny lines (the worst case for per-line state) stay within a small multiple of their size.

use lean_core::compact::{compact, CompactOptions, BOOKKEEPING_BYTES_PER_LINE};

#[test]
fn per_line_bookkeeping_is_at_most_nine_bytes() {
    // u32 line start + u32 template id + one byte of packed flags. Read through black_box so
    // the check runs as a test (the crate also asserts it at compile time).
    let bytes = std::hint::black_box(BOOKKEEPING_BYTES_PER_LINE);
    assert!(bytes <= 9, "{bytes} bytes of bookkeeping per line");
}

#[test]
fn tiny_lines_compact_and_keep_their_ends() {
    let mut input = Vec::new();
    for i in 0..200_000u32 {
        input.extend_from_slice(if i % 7 == 0 { b"ab\n" } else { b"9x\n" });
    }
    let out = compact(&input, &CompactOptions::default());
    assert!(out.changed);
    assert_eq!(out.original_lines, 200_000);
    assert!(out.text.len() < 4096);
    let last = out.ranges.last().expect("a dropped range");
    assert!(last.end_line <= 200_000);
}
