//! Helpers shared by the integration tests' generators.

use lean_core::compact::{compact, CompactOptions};

/// xorshift64*: a small deterministic source for generators, so every run checks the same
/// cases and a failure names its seed.
pub struct Rng(u64);

#[allow(dead_code)] // each test crate uses its own subset
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    /// Uniform in `lo..hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo)
    }
    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// How many generated cases a property test runs: the environment variable `var` when set (an
/// explore run), else `default` (the fixed seeds `npm test` runs).
#[allow(dead_code)]
pub fn cases(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `check` on `cases` seeds from `base` and fails naming the first few failing seeds.
#[allow(dead_code)]
pub fn check_seeds(cases: u64, base: u64, check: impl Fn(u64) -> Result<(), String>) {
    let failures: Vec<String> = (0..cases)
        .filter_map(|c| check(base + c).err().map(|e| format!("seed {c}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {cases} failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The view of `text` as the output of bash running `command`, with a recovery id; `None` when
/// the engine left it unchanged.
#[allow(dead_code)]
pub fn view_of(text: &str, command: &str) -> Option<String> {
    view_with(
        text,
        CompactOptions {
            tool: Some("bash".into()),
            command: Some(command.into()),
            recovery_id: Some(lean_core::hash::xxh3_hex(text.as_bytes())),
            ..Default::default()
        },
    )
}

/// The view of `text` as the output of bash running `command`, with `query` as the words of
/// the user's prompt (the caller passes them without their punctuation) and a recovery id;
/// `None` when the engine left it unchanged.
#[allow(dead_code)]
pub fn asked_view_of(text: &str, command: &str, query: &str) -> Option<String> {
    view_with(
        text,
        CompactOptions {
            tool: Some("bash".into()),
            command: Some(command.into()),
            query: Some(query.into()),
            recovery_id: Some(lean_core::hash::xxh3_hex(text.as_bytes())),
            ..Default::default()
        },
    )
}

/// The view of `text` as a `read` of `path`, with `query` as the words of the user's prompt;
/// `None` when the engine left it unchanged.
#[allow(dead_code)]
pub fn read_view(text: &str, path: &str, query: Option<&str>) -> Option<String> {
    view_with(
        text,
        CompactOptions {
            tool: Some("read".into()),
            path: Some(path.into()),
            query: query.map(str::to_string),
            ..Default::default()
        },
    )
}

#[allow(dead_code)]
fn view_with(text: &str, opts: CompactOptions) -> Option<String> {
    let result = compact(text.as_bytes(), &opts);
    result
        .changed
        .then(|| String::from_utf8_lossy(&result.text).into_owned())
}

/// Fails naming the first of `wanted` that is no whole line of `view`.
#[allow(dead_code)]
pub fn keeps_lines(view: &str, wanted: &[String]) -> Result<(), String> {
    match wanted
        .iter()
        .find(|w| !view.lines().any(|line| line == w.as_str()))
    {
        Some(lost) => Err(format!("lost {lost:?}")),
        None => Ok(()),
    }
}

/// What the model is shown of a `read` of `path`: the view, or Pi's cut of `text` when the
/// engine leaves it to that cut.
#[allow(dead_code)]
pub fn read_as_shown(text: &str, path: &str, query: Option<&str>) -> String {
    read_view(text, path, query).unwrap_or_else(|| {
        let cut = lean_core::compact::pi_cut_bytes(text.as_bytes(), true);
        text[..cut].to_string()
    })
}

/// Fails unless `block` (lines joined by `\n`) stands in `view` as whole lines, in a row.
#[allow(dead_code)]
pub fn keeps_block(view: &str, block: &str) -> Result<(), String> {
    if format!("\n{view}\n").contains(&format!("\n{block}\n")) {
        Ok(())
    } else {
        Err(format!("lost the block {block:?}"))
    }
}

/// The hidden line range `(first, last)` of a marker line, from 1 (`[… 871 lines 4-874:`, or
/// `… 4-874 omitted` without a recovery id).
#[allow(dead_code)]
pub fn hidden_range(marker: &str) -> Option<(usize, usize)> {
    let rest = marker.strip_prefix("[… ")?;
    let after_lines = rest.split_once(" lines ")?.1;
    let range = after_lines.split([' ', ':', ']']).next()?;
    let (a, b) = range.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Verbs that generated function names start with.
#[allow(dead_code)]
pub const VERBS: &[&str] = &[
    "parse", "render", "flush", "load", "store", "check", "merge", "split", "resolve", "emit",
    "build", "scan", "fetch", "apply", "reset", "drain",
];
/// Nouns that generated names end with.
#[allow(dead_code)]
pub const NOUNS: &[&str] = &[
    "args", "config", "token", "buffer", "entry", "index", "options", "state", "table", "chunk",
    "frame", "header", "record", "scope", "value", "queue",
];
