//! Size limits of one compacted view: the per-result token budget, estimated without a
//! tokenizer, and the hard cap at the size of what Pi itself would have sent (its built-in
//! 2,000-line / 50 KB cut: the tail for `bash` and most tools, the head for `read`).
//!
//! A view never exceeds the cap; it fits the budget by priority (see `select`), so pi-lean is
//! never worse than stock Pi on any single result.

use super::CompactOptions;

/// Default per-result budget in estimated tokens.
pub const DEFAULT_BUDGET_TOKENS: usize = 8000;
/// Pi's built-in truncation limits (`DEFAULT_MAX_LINES`, `DEFAULT_MAX_BYTES` in its
/// `core/tools/truncate.js`).
pub const PI_MAX_LINES: usize = 2000;
/// Pi's byte cap (50 KB) on what its tools send of an output.
pub const PI_MAX_BYTES: usize = 50 * 1024;

/// Weight of each byte in quarter tokens: letters and spaces 1, digits and punctuation 2
/// (o200k splits numbers into groups of up to three digits and most punctuation into its own
/// token). Over the shared corpus `sum / 4` lands within about ±30% of o200k per file.
/// [`estimate_tokens`] computes the same sum without a lookup; this table is its definition.
#[cfg(test)]
static BYTE_WEIGHT: [u8; 256] = {
    let mut table = [1u8; 256];
    let mut b = 0usize;
    while b < 128 {
        let byte = b as u8;
        if !(byte.is_ascii_alphabetic() || byte == b' ' || byte == b'\n') {
            table[b] = 2;
        }
        b += 1;
    }
    table
};

/// Estimated tokens of `bytes`, no tokenizer on the hot path: a quarter token per byte and
/// another for each ASCII byte that is not a letter, a space or a newline (the weights of
/// `BYTE_WEIGHT`), rounded up.
pub(crate) fn estimate_tokens(bytes: &[u8]) -> usize {
    quarter_tokens(bytes).div_ceil(4)
}

/// The sum of the weights of `bytes` in quarter tokens (see [`estimate_tokens`]): additive, so
/// the weight of a view is the sum of its parts'. Counting the heavy bytes is a compare per
/// byte, which vectorizes, where a table lookup per byte does not.
#[inline]
pub(crate) fn quarter_tokens(bytes: &[u8]) -> usize {
    quarter_tokens_by_blocks(bytes)
}

/// The count of [`quarter_tokens`], inlined into each of its compilations.
#[inline(always)]
fn quarter_tokens_by_blocks(bytes: &[u8]) -> usize {
    let heavy = |b: u8| -> u8 {
        let letter = (b | 0x20).wrapping_sub(b'a') < 26;
        u8::from(b < 0x80 && !letter && b != b' ' && b != b'\n')
    };
    // Whole blocks of 128 keep the counts in byte lanes and leave no byte-by-byte tail per
    // block (a block of 255 left 31 bytes of one after the vector steps); only the input's
    // last partial block is counted on its own.
    const BLOCK: usize = 128;
    let count = |block: &[u8]| usize::from(block.iter().fold(0u8, |count, &b| count + heavy(b)));
    let blocks = bytes.chunks_exact(BLOCK);
    let rest = blocks.remainder();
    let heavy_bytes: usize = blocks.map(count).sum::<usize>() + count(rest);
    bytes.len() + heavy_bytes
}

/// Estimated tokens of `bytes` as [`estimate_tokens`] counts them, but with a run of two or
/// more of one padding byte (blanks, `-`, `=`, `_`, `.`, `*`, `#`, `~`, `+`) weighing a token
/// per 16 bytes, as o200k takes such runs in long pieces: a table padded into columns, or
/// ruled with `-[ RECORD 5 ]-----…`, is far smaller than a quarter or half token a byte. Over
/// the eval corpora's 483 outputs of 500 tokens or more this is nearer o200k (mean error 12%
/// against 15%). Only the small-output gate uses it (is this output within the budget as the
/// model reads it?); budgets keep the plain estimate, whose bounds per byte the planners use.
pub(crate) fn estimate_tokens_padded(bytes: &[u8]) -> usize {
    let mut quarters = quarter_tokens(bytes);
    // Only a run of two or more of one padding byte changes the count, and every such run
    // starts at a pair of equal padding bytes. Most stretches of output hold no such pair:
    // they are passed over a block at a time, with compares that vectorize. A block that
    // holds one goes from pair to pair (a run is stepped over whole from its first byte, and
    // may end past the block); a block starts where no run of more than one byte is open, so
    // its first pair of a run is where the run starts.
    const BLOCK: usize = 32;
    let padding = |b: u8| {
        (b == b' ')
            | (b == b'-')
            | (b == b'=')
            | (b == b'_')
            | (b == b'.')
            | (b == b'*')
            | (b == b'#')
            | (b == b'~')
            | (b == b'+')
    };
    let pair = |a: u8, b: u8| (a == b) & padding(a);
    let mut weigh_run = |at: usize| {
        let b = bytes[at];
        let run = bytes[at..].iter().take_while(|&&c| c == b).count();
        if run >= 2 {
            let weight = if b == b' ' { 1 } else { 2 };
            quarters = quarters - run * weight + 4 * run.div_ceil(16);
        }
        at + run
    };
    let mut i = 0;
    while let Some(block) = bytes.get(i..i + BLOCK + 1) {
        // Byte k: whether the block's bytes k and k + 1 are one padding byte twice (compares
        // that vectorize), then bit k of `pairs`, eight flags at a time.
        let mut flags = [0u8; BLOCK];
        for (flag, (&a, &b)) in flags.iter_mut().zip(block.iter().zip(&block[1..])) {
            *flag = u8::from(pair(a, b));
        }
        let mut pairs = flags
            .chunks_exact(8)
            .enumerate()
            .fold(0u32, |bits, (k, eight)| {
                bits | gather_flags(eight.try_into().expect("eight flags")) << (8 * k)
            });
        if pairs == 0 {
            i += BLOCK;
            continue;
        }
        let mut end = i + BLOCK;
        while pairs != 0 {
            let past = weigh_run(i + pairs.trailing_zeros() as usize);
            end = end.max(past);
            // The pairs within the run just weighed are part of it.
            let weighed = past - i;
            pairs = if weighed >= BLOCK {
                0
            } else {
                pairs & u32::MAX << weighed
            };
        }
        i = end;
    }
    // The last bytes, fewer than a block's, one at a time.
    while i < bytes.len() {
        i = if padding(bytes[i]) {
            weigh_run(i)
        } else {
            i + 1
        };
    }
    quarters.div_ceil(4)
}

/// Eight flags of 0 or 1 as the low eight bits, the first flag lowest: the multiplication
/// moves flag k to bit 56 + k, and no two of its partial products meet or carry there.
#[inline(always)]
fn gather_flags(flags: [u8; 8]) -> u32 {
    (u64::from_le_bytes(flags).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Whether `estimate_tokens(bytes) <= limit`, without counting when the length alone says:
/// every byte weighs between a quarter and a half token.
pub(crate) fn estimate_within(bytes: &[u8], limit: usize) -> bool {
    if bytes.len().div_ceil(2) <= limit {
        return true;
    }
    if bytes.len().div_ceil(4) > limit {
        return false;
    }
    estimate_tokens(bytes) <= limit
}

/// Fewest bytes of the notice Pi appends to a cut output (`\n\n[Showing lines 1-9 of 20.
/// Full output: /tmp/….log]`, or read's `[Line 1 is …, exceeds 50.0KB limit. Use bash: …]`).
pub const PI_NOTICE_MIN_BYTES: usize = 60;

/// Bytes Pi itself would send for `input`: its cut plus, when it cut anything, the shortest
/// notice it appends.
pub fn pi_sent_bytes(input: &[u8], head: bool) -> usize {
    pi_sent_bytes_of(input, head, None)
}

/// [`pi_sent_bytes`] for a caller that already counted `input`'s lines (as
/// `recovery::count_lines` does), so that an input within the byte limit is not counted again.
fn pi_sent_bytes_of(input: &[u8], head: bool, line_count: Option<usize>) -> usize {
    let cut = pi_cut_bytes_of(input, head, line_count);
    if cut < input.len() {
        cut + PI_NOTICE_MIN_BYTES
    } else {
        cut
    }
}

/// Size in bytes of Pi's own cut of `input`: the last (or, for `read`, first) lines within
/// 2,000 lines and 50 KB, joined by `\n` without a final one, as Pi's truncation returns them.
/// A single last line longer than the byte limit is cut to it (Pi keeps its end); a first
/// line longer than the limit gives an empty head cut (Pi then shows only a notice).
pub fn pi_cut_bytes(input: &[u8], head: bool) -> usize {
    pi_cut_bytes_of(input, head, None)
}

/// Whether Pi's cut of this result keeps its head (a `read`) rather than its tail (a command's
/// output).
pub(crate) fn cut_keeps_head(opts: &CompactOptions) -> bool {
    opts.tool
        .as_deref()
        .is_some_and(|t| t.eq_ignore_ascii_case("read"))
}

/// How many lines of `input` Pi's cut shows (see [`pi_cut_bytes`]): its first ones for a
/// `head` cut, else its last ones (the last of them only its end when it alone is over the
/// byte limit).
pub(crate) fn pi_cut_lines(input: &[u8], head: bool) -> usize {
    let cut = pi_cut_bytes(input, head);
    if cut == 0 {
        return 0;
    }
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    let cut = cut.min(body.len());
    let kept = if head {
        &body[..cut]
    } else {
        &body[body.len() - cut..]
    };
    memchr::memchr_iter(b'\n', kept).count() + 1
}

/// [`pi_cut_bytes`], given `input`'s line count when the caller has it.
fn pi_cut_bytes_of(input: &[u8], head: bool, line_count: Option<usize>) -> usize {
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    if input.is_empty() {
        return 0;
    }
    // Over the byte limit, the line count cannot make the whole input fit: it is not counted.
    // Within it, the newlines Pi splits on are those of `body`: one fewer than the lines of a
    // non-empty input, whether or not it ends in a newline.
    if input.len() <= PI_MAX_BYTES {
        let newlines = match line_count {
            Some(lines) => lines - 1,
            None => memchr::memchr_iter(b'\n', body).count(),
        };
        debug_assert_eq!(newlines, memchr::memchr_iter(b'\n', body).count());
        if newlines < PI_MAX_LINES {
            return input.len();
        }
    }
    // Pi keeps whole lines while both limits hold. The size of the last (first) k lines is
    // fixed by where the k-th line from the end starts (from the start ends), so it is found
    // by counting newlines in the 50 KB window next to that end, not by walking each line.
    let len = body.len();
    let all_within_bytes = len <= PI_MAX_BYTES;
    if head {
        // A newline at or before the byte limit ends a line that fits.
        let window = &body[..len.min(PI_MAX_BYTES + 1)];
        match nth_newline(window, PI_MAX_LINES, false) {
            Ok(at) => at,
            // Fewer newlines than the line limit, and all within the byte limit: every line.
            Err(_) if all_within_bytes => len,
            // The last newline in the window ends the last line that fits; without one, the
            // first line is over the limit and nothing fits.
            Err(_) => memchr::memrchr(b'\n', window).unwrap_or(0),
        }
    } else {
        // A line that starts within the byte limit of the end fits: the newline before it is
        // at or after `len - PI_MAX_BYTES - 1`.
        let from = len.saturating_sub(PI_MAX_BYTES + 1);
        let window = &body[from..];
        match nth_newline(window, PI_MAX_LINES, true) {
            Ok(at) => len - (from + at + 1),
            Err(_) if all_within_bytes => len,
            // The window's first newline starts the first line that fits; without one, the
            // last line alone is over the limit and Pi keeps its end.
            Err(_) => {
                memchr::memchr(b'\n', window).map_or(PI_MAX_BYTES, |at| len - (from + at + 1))
            }
        }
    }
}

/// Position of the `n`-th newline (from 1) of `hay`, counted from its end when `from_end`, or
/// the number of newlines when there are fewer. Blocks are counted whole (a vectorized count)
/// and only the block holding that newline is walked.
fn nth_newline(hay: &[u8], n: usize, from_end: bool) -> Result<usize, usize> {
    const BLOCK: usize = 4096;
    let mut seen = 0usize;
    let blocks = hay.len().div_ceil(BLOCK);
    for b in 0..blocks {
        let (start, end) = if from_end {
            (
                hay.len().saturating_sub((b + 1) * BLOCK),
                hay.len() - b * BLOCK,
            )
        } else {
            (b * BLOCK, hay.len().min((b + 1) * BLOCK))
        };
        let block = &hay[start..end];
        let count = memchr::memchr_iter(b'\n', block).count();
        if seen + count >= n {
            let k = n - seen - 1;
            let at = if from_end {
                memchr::memrchr_iter(b'\n', block).nth(k)
            } else {
                memchr::memchr_iter(b'\n', block).nth(k)
            };
            return Ok(start + at.expect("the block holds that many newlines"));
        }
        seen += count;
    }
    Err(seen)
}

/// Pi's byte limit when its cut of `input` (`pi_cut` bytes sent) stopped short of it only
/// because the next line was too long to fit (a minified file, a huge JSON line), else 0. Pi
/// then drops that line and everything beyond it; a view excerpts the long line instead and
/// keeps the short lines around it, within the same 2,000 lines and 50 KB.
fn cut_short_by_a_long_line(input: &[u8], head: bool, pi_cut: usize) -> usize {
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    let kept = pi_cut.min(body.len());
    if kept >= body.len() || pi_cut >= PI_MAX_BYTES / 2 {
        return 0;
    }
    // The line Pi did not take: after the head it kept, or before the tail.
    let next_line = if head {
        let from = (kept + usize::from(kept > 0)).min(body.len());
        let rest = &body[from..];
        memchr::memchr(b'\n', rest).unwrap_or(rest.len())
    } else {
        let until = body.len().saturating_sub(kept + usize::from(kept > 0));
        let before = &body[..until];
        until - memchr::memrchr(b'\n', before).map_or(0, |at| at + 1)
    };
    if kept + next_line > PI_MAX_BYTES {
        PI_MAX_BYTES.min(input.len())
    } else {
        0
    }
}

/// The limits one call works within.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Soft target in estimated tokens, filled by priority.
    pub tokens: usize,
    /// Hard cap in bytes: never exceeded.
    pub cap: usize,
}

impl Limits {
    /// The most bytes a JSON view may have: within the cap, and within the budget counted at
    /// chars/4 (JSON is mostly quotes and separators, which the estimate weighs double).
    pub(crate) fn json_bytes(&self) -> usize {
        self.cap
            .min(self.tokens.saturating_mul(4).saturating_add(3))
    }

    /// The limits for `input`; `line_count` is its line count when the caller already has it
    /// (it saves a count of the input's newlines).
    pub(crate) fn new(input: &[u8], opts: &CompactOptions, line_count: Option<usize>) -> Limits {
        let head = cut_keeps_head(opts);
        let pi_cut = pi_sent_bytes_of(input, head, line_count);
        let pi_cut = pi_cut.max(cut_short_by_a_long_line(input, head, pi_cut));
        let cap = opts.max_output_bytes.map_or(pi_cut, |m| m.min(pi_cut));
        let scale = 1.0 + 3.0 * (1.0 - opts.aggressiveness.unwrap_or(1.0).clamp(0.0, 1.0));
        let tokens = (opts.budget_tokens.unwrap_or(DEFAULT_BUDGET_TOKENS) as f64 * scale) as usize;
        Limits {
            tokens: tokens.max(64),
            cap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pi's `truncateTail` / `truncateHead`, transcribed for the test: join the kept lines.
    fn pi_cut(input: &str, head: bool) -> String {
        let mut lines: Vec<&str> = input.split('\n').collect();
        if input.ends_with('\n') {
            lines.pop();
        }
        if lines.len() <= PI_MAX_LINES && input.len() <= PI_MAX_BYTES {
            return input.to_string();
        }
        let mut out: Vec<&str> = Vec::new();
        let mut size = 0usize;
        let order: Vec<&str> = if head {
            lines.clone()
        } else {
            lines.iter().rev().copied().collect()
        };
        for line in order {
            let cost = line.len() + usize::from(!out.is_empty());
            if out.len() >= PI_MAX_LINES || size + cost > PI_MAX_BYTES {
                break;
            }
            out.push(line);
            size += cost;
        }
        if !head {
            out.reverse();
        }
        out.join("\n")
    }

    #[test]
    fn cut_size_matches_pis_truncation() {
        let many_short: String = (0..5000).map(|i| format!("line {i}\n")).collect();
        let few_long: String = (0..300)
            .map(|i| format!("{i} {}\n", "x".repeat(400)))
            .collect();
        let small = "a\nb\nc".to_string();
        for input in [&many_short, &few_long, &small] {
            for head in [false, true] {
                assert_eq!(
                    pi_cut_bytes(input.as_bytes(), head),
                    pi_cut(input, head).len()
                );
            }
        }
        let huge_last_line = format!("a\n{}", "y".repeat(80_000));
        assert_eq!(pi_cut_bytes(huge_last_line.as_bytes(), false), PI_MAX_BYTES);
        let huge_first_line = format!("{}\nb\n", "y".repeat(80_000));
        assert_eq!(pi_cut_bytes(huge_first_line.as_bytes(), true), 0);
    }

    #[test]
    fn cut_size_matches_pis_truncation_at_the_limits() {
        // Lines of varied lengths around both limits: just under, at and over 2,000 lines and
        // 50 KB, lines crossing the counting blocks, with and without a final newline.
        let mut next = crate::compact::select::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for case in 0..120u64 {
            let lines = [1999usize, 2000, 2001, 2500, 40, 900][(case % 6) as usize];
            let widest = [8u64, 25, 26, 60, 300, 5000][(case / 6 % 6) as usize];
            let mut input = String::new();
            for i in 0..lines {
                let width = (next() % (widest + 1)) as usize;
                input.push_str(&"z".repeat(width));
                if i + 1 < lines || case % 2 == 0 {
                    input.push('\n');
                }
            }
            for head in [false, true] {
                let cut = pi_cut(&input, head);
                assert_eq!(
                    pi_cut_bytes(input.as_bytes(), head),
                    cut.len(),
                    "case {case}, head {head}"
                );
                if !cut.is_empty() {
                    assert_eq!(
                        pi_cut_lines(input.as_bytes(), head),
                        // An input that fits whole is returned with its final newline.
                        cut.strip_suffix('\n').unwrap_or(&cut).split('\n').count(),
                        "lines, case {case}, head {head}"
                    );
                }
            }
        }
        // Exactly at the byte limit and one over, as one line and as many.
        for len in [
            PI_MAX_BYTES - 1,
            PI_MAX_BYTES,
            PI_MAX_BYTES + 1,
            PI_MAX_BYTES + 2,
        ] {
            let one = "q".repeat(len);
            let many: String = (0..len / 10).map(|_| "123456789\n").collect::<String>() + "x";
            for input in [&one, &many] {
                for head in [false, true] {
                    let expected = if !head && input.len() > PI_MAX_BYTES && !input.contains('\n') {
                        PI_MAX_BYTES
                    } else {
                        pi_cut(input, head).len()
                    };
                    assert_eq!(
                        pi_cut_bytes(input.as_bytes(), head),
                        expected,
                        "{len} {head}"
                    );
                }
            }
        }
    }

    #[test]
    fn estimate_is_cheap_and_in_range() {
        assert_eq!(estimate_tokens(b""), 0);
        // The weight rule equals the table for every byte, alone and in long runs.
        for b in 0..=255u8 {
            for len in [1usize, 4, 255, 256, 1000] {
                let quarters = usize::from(BYTE_WEIGHT[b as usize]) * len;
                assert_eq!(
                    estimate_tokens(&vec![b; len]),
                    quarters.div_ceil(4),
                    "{b} x {len}"
                );
            }
        }
        // Mixed bytes in long runs (counted 32 at a time where the CPU can) and short ones.
        let mut next = crate::compact::select::xorshift(0x51a3_7c0d_e4b2_9f61u64);
        for len in [3usize, 31, 255, 256, 257, 1000, 4099] {
            let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let quarters: usize = bytes
                .iter()
                .map(|&b| usize::from(BYTE_WEIGHT[b as usize]))
                .sum();
            assert_eq!(estimate_tokens(&bytes), quarters.div_ceil(4), "{len}");
        }
        assert_eq!(estimate_tokens(b"abcd"), 1);
        // Digits and punctuation weigh double.
        assert_eq!(estimate_tokens(b"1234"), 2);
    }

    /// The padded estimate, which passes over blocks without padding runs, equals the plain
    /// run-by-run count over generated texts of padding, repeats and other bytes.
    #[test]
    fn padded_estimate_skips_blocks_without_changing_the_count() {
        fn run_by_run(bytes: &[u8]) -> usize {
            let mut quarters = quarter_tokens(bytes);
            let mut i = 0;
            while i < bytes.len() {
                let b = bytes[i];
                let run = bytes[i..].iter().take_while(|&&c| c == b).count();
                if run >= 2 && b" -=_.*#~+".contains(&b) {
                    let weight = if b == b' ' { 1 } else { 2 };
                    quarters = quarters - run * weight + 4 * run.div_ceil(16);
                }
                i += run;
            }
            quarters.div_ceil(4)
        }
        let mut next = crate::compact::select::xorshift(0x3c6e_f372_fe94_f82bu64);
        for case in 0..3_000 {
            let len = (next() % 400) as usize;
            let alphabet: &[u8] = [&b"ab -=_.*#~+\n"[..], b"abcdefgh12 ", b"aa  --xy"][case % 3];
            let mut bytes = Vec::with_capacity(len);
            while bytes.len() < len {
                let b = alphabet[(next() % alphabet.len() as u64) as usize];
                let repeat = if next().is_multiple_of(4) {
                    1 + (next() % 40) as usize
                } else {
                    1
                };
                bytes.extend(std::iter::repeat_n(b, repeat));
            }
            assert_eq!(
                estimate_tokens_padded(&bytes),
                run_by_run(&bytes),
                "case {case}"
            );
        }
    }

    #[test]
    fn a_padded_run_weighs_a_token_per_16_bytes() {
        let plain = estimate_tokens(b"name");
        assert_eq!(estimate_tokens_padded(b"name"), plain);
        // Forty blanks between two words: ten tokens by the byte, three as a run.
        let padded = format!("name{}value", " ".repeat(40));
        assert_eq!(
            estimate_tokens_padded(padded.as_bytes()),
            (4 + 12 + 5usize).div_ceil(4)
        );
        // A rule of 100 dashes: fifty tokens by the byte, seven as runs of 16.
        assert_eq!(estimate_tokens_padded("-".repeat(100).as_bytes()), 7);
        // One blank between words and a single dash are no runs.
        assert_eq!(estimate_tokens_padded(b"a b-c"), estimate_tokens(b"a b-c"));
        // Padding of n bytes anywhere between words adds at most a token per 16 of them
        // (and one for the piece it splits), where the plain estimate adds n / 4 or n / 2.
        let mut next = crate::compact::select::xorshift(0x9add_ed00_1234_5678u64);
        for _ in 0..2_000 {
            let len = 1 + (next() % 300) as usize;
            let words: Vec<u8> = (0..len)
                .map(|_| b"abc xyz1,"[(next() % 9) as usize])
                .collect();
            let at = (next() as usize) % (len + 1);
            let pad = b" -=_.*#~+"[(next() % 9) as usize];
            let n = 2 + (next() % 200) as usize;
            let mut padded = words[..at].to_vec();
            padded.extend(std::iter::repeat_n(pad, n));
            padded.extend_from_slice(&words[at..]);
            let grew = estimate_tokens_padded(&padded) - estimate_tokens_padded(&words);
            assert!(grew <= n.div_ceil(16) + 2, "{n} x {pad}: +{grew}");
        }
    }

    #[test]
    fn estimate_within_agrees_with_the_count() {
        for text in [&b"abcd efgh"[..], b"1234 5678, 90!", b"", b"x"] {
            for copies in [1usize, 3, 40, 500] {
                let bytes = text.repeat(copies);
                let tokens = estimate_tokens(&bytes);
                for limit in [
                    0,
                    tokens.saturating_sub(1),
                    tokens,
                    tokens + 1,
                    2 * tokens + 9,
                ] {
                    assert_eq!(estimate_within(&bytes, limit), tokens <= limit, "{limit}");
                }
            }
        }
    }
}
