//! Compaction of tool output: content detection, lossless steps, verbatim line selection, markers.
//!
//! [`compact`] takes raw bytes (invalid UTF-8 tolerated) and returns a shorter view in which every
//! kept line is an original line (after lossless cleanup such as ANSI stripping or grep grouping)
//! and every dropped run is one marker line naming its 1-based original line range, so the
//! recovery store can hand back exactly those bytes. Small or binary input passes through
//! byte-identical, and any internal failure returns the original (fail open).
//!
//! Marker lines look like `[… 412 lines 37-448: "test <*> ... ok" · token_retrieve
//! id=0123456789abcdef startLine=37]` when a recovery id is given, and `[… 412 lines 37-448
//! omitted: "test <*> ... ok"]` otherwise. Line numbers are 1-based and inclusive, counted on `\n`
//! (a final line without one counts), so `RecoveryStore::retrieve(id, 37, 412)` returns exactly
//! the dropped bytes. Kept lines carry their original terminator (`\r\n` stays `\r\n`).
//!
//! Pipeline: detect the kind → (JSON) minify, factor constant fields, skeleton → (lines) clean
//! ANSI/progress, group grep hits by file, rank lines (errors, summaries, structure, warnings,
//! rare templates, head/tail, query), keep within budget, collapse dropped runs into markers
//! that pay for themselves.

mod budget;
mod detect;
mod json;
mod keywords;
mod lines;
mod recognize;
mod select;

pub use select::MAX_QUERY_TERMS;
mod definitions;
mod signals;
mod template_hash;

use crate::hash::xxh3_hex;

/// The display transform applied to kept lines: ANSI escape sequences removed.
pub use lines::strip_ansi;

pub use lines::count_lines;

pub use budget::{
    pi_cut_bytes, pi_sent_bytes, DEFAULT_BUDGET_TOKENS, PI_MAX_BYTES, PI_MAX_LINES,
    PI_NOTICE_MIN_BYTES,
};

/// What kind of tool output a buffer holds; steers which lines count as facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContentKind {
    /// Build and runtime logs.
    Log,
    /// Test runner output (cargo test, pytest, jest, go test, ...).
    Test,
    /// Compiler and linter diagnostics.
    Diagnostics,
    /// `grep`/`rg` matches, `path:line:text`.
    Grep,
    /// Unified diffs and patches.
    Diff,
    /// A JSON document.
    Json,
    /// Source code read from a file.
    Source,
    /// Directory listings and trees.
    Tree,
    /// Column-aligned tables (`ps`, `docker ps`, `ls -l`).
    Table,
    /// Config files (YAML, TOML, INI, ...).
    Config,
    /// Prose and anything else.
    Text,
    /// Bytes that are not text; always passed through unchanged.
    Binary,
}

impl ContentKind {
    /// Every kind, in declaration order.
    pub const ALL: [ContentKind; 12] = [
        ContentKind::Log,
        ContentKind::Test,
        ContentKind::Diagnostics,
        ContentKind::Grep,
        ContentKind::Diff,
        ContentKind::Json,
        ContentKind::Source,
        ContentKind::Tree,
        ContentKind::Table,
        ContentKind::Config,
        ContentKind::Text,
        ContentKind::Binary,
    ];

    /// The kind's stable name (`log`, `test`, ...), as `kind` options and results spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ContentKind::Log => "log",
            ContentKind::Test => "test",
            ContentKind::Diagnostics => "diagnostics",
            ContentKind::Grep => "grep",
            ContentKind::Diff => "diff",
            ContentKind::Json => "json",
            ContentKind::Source => "source",
            ContentKind::Tree => "tree",
            ContentKind::Table => "table",
            ContentKind::Config => "config",
            ContentKind::Text => "text",
            ContentKind::Binary => "binary",
        }
    }

    /// Parses the string form (case-insensitive, a few common aliases). `"auto"` is not a kind:
    /// callers map it to `None` before calling.
    pub fn parse(s: &str) -> Option<Self> {
        let lower = s.trim().to_ascii_lowercase();
        Some(match lower.as_str() {
            "log" | "build" => ContentKind::Log,
            "test" | "tests" => ContentKind::Test,
            "diagnostics" | "diag" | "lint" => ContentKind::Diagnostics,
            "grep" | "rg" | "search" => ContentKind::Grep,
            "diff" | "patch" => ContentKind::Diff,
            "json" | "ndjson" => ContentKind::Json,
            "source" | "code" => ContentKind::Source,
            "tree" | "listing" | "ls" => ContentKind::Tree,
            "table" => ContentKind::Table,
            "config" | "yaml" | "toml" | "ini" => ContentKind::Config,
            "text" | "plain" => ContentKind::Text,
            "binary" => ContentKind::Binary,
            _ => return None,
        })
    }
}

/// Caller's hints and limits for one [`compact`] call.
#[derive(Clone, Debug, Default)]
pub struct CompactOptions {
    /// Forced kind; `None` detects it.
    pub kind: Option<ContentKind>,
    /// Name of the tool that produced the output (e.g. `bash`, `grep`, `read`).
    pub tool: Option<String>,
    /// Command line that produced the output.
    pub command: Option<String>,
    /// File the output was read from.
    pub path: Option<String>,
    /// Lines matching any of these whitespace-separated terms are always kept.
    pub query: Option<String>,
    /// Inputs below this many bytes pass through byte-identical (default 1024).
    pub threshold_bytes: Option<usize>,
    /// Inputs above this many bytes pass through untouched (default 256 MiB).
    pub max_input_bytes: Option<usize>,
    /// When set, markers name `id=<id>` so the model can call `token_retrieve`.
    pub recovery_id: Option<String>,
    /// 0..=1, default 1.0; lower keeps more.
    pub aggressiveness: Option<f64>,
    /// Per-result budget in estimated tokens (default [`DEFAULT_BUDGET_TOKENS`]), filled by
    /// priority: errors and their cause chains, summaries, first instances of templates.
    pub budget_tokens: Option<usize>,
    /// Hard cap on the view in bytes; the cap is never above what Pi itself would send: its
    /// 2,000-line / 50 KB cut of the input and its notice (see [`pi_sent_bytes`]).
    pub max_output_bytes: Option<usize>,
}

/// Inputs smaller than this many bytes pass through unchanged.
pub const DEFAULT_THRESHOLD_BYTES: usize = 1024;
/// Inputs larger than this pass through unchanged (bounded work).
pub const DEFAULT_MAX_INPUT_BYTES: usize = 256 << 20;
/// Most bookkeeping per input line on the line path: the u32 line start, the u32 template id
/// and one byte of packed flags (inputs of very short lines use u16 offsets and, while under
/// 65 536 templates, u16 ids: about 5 bytes). Inputs of millions of 2-byte lines are the memory
/// worst case, so this is checked at compile time; raising it is a deliberate memory trade.
pub const BOOKKEEPING_BYTES_PER_LINE: usize =
    lines::LINE_INDEX_BYTES_PER_LINE + select::SELECT_BYTES_PER_LINE;
const _: () = assert!(BOOKKEEPING_BYTES_PER_LINE <= 9);

/// JSON larger than this is not parsed into a tree (memory bound); it takes the line path.
const MAX_JSON_TREE_BYTES: usize = 32 << 20;

/// A run of original lines replaced by one marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedRange {
    /// 1-based first dropped line of the original input.
    pub start_line: usize,
    /// 1-based last dropped line (inclusive).
    pub end_line: usize,
    /// Dominant template of the run (variable words shown as `<*>`), or a short description.
    pub template: String,
}

/// Result of [`compact`].
#[derive(Clone, Debug)]
pub struct Compacted {
    /// Output bytes; equal to the input when `changed` is false (empty then from
    /// [`compact_unchanged_empty`]).
    pub text: Vec<u8>,
    /// The kind the input was compacted as (detected, or the one asked for).
    pub kind: ContentKind,
    /// False when the input passed through unchanged.
    pub changed: bool,
    /// xxh3 hex of the input: the id under which the recovery store keeps the original.
    pub id: String,
    /// Bytes of the input.
    pub original_bytes: usize,
    /// Bytes of `text`.
    pub output_bytes: usize,
    /// Lines of the input.
    pub original_lines: usize,
    /// The original lines each marker stands for, in order.
    pub ranges: Vec<DroppedRange>,
    /// Names of the steps that changed the output, in order.
    pub strategies: Vec<&'static str>,
}

/// Detects the kind of `input`, honouring a forced kind and the caller's hints.
pub fn detect(input: &[u8], opts: &CompactOptions) -> ContentKind {
    detect::detect(input, opts)
}

/// An unchanged result. Its `text` stays empty here and is filled in by [`compact`] only:
/// [`compact_unchanged_empty`] callers already hold the input.
fn passthrough(input: &[u8], kind: ContentKind, id: String, lines: usize) -> Compacted {
    passthrough_of_len(input.len(), kind, id, lines)
}

fn passthrough_of_len(len: usize, kind: ContentKind, id: String, lines: usize) -> Compacted {
    Compacted {
        text: Vec::new(),
        kind,
        changed: false,
        id,
        original_bytes: len,
        output_bytes: len,
        original_lines: lines,
        ranges: Vec::new(),
        strategies: Vec::new(),
    }
}

/// Compacts `input`. Never panics: any internal failure returns the original unchanged.
/// (Built with the test-only `fuzzing` feature, panics propagate so property tests and
/// fuzzers see them.)
///
/// A long build log keeps its error and loses the repetitive lines; each dropped run is a
/// marker line and a [`DroppedRange`], and the recovery store gives the originals back:
///
/// ```
/// use lean_core::compact::{compact, CompactOptions};
/// use lean_core::recovery::{RecoveryStore, StoreConfig};
///
/// let mut log = String::new();
/// for i in 0..1500 {
///     log += &format!("   Compiling dep{i} v1.0.{i}\n");
/// }
/// log += "error[E0425]: cannot find value `retries` in this scope\n";
///
/// let store = RecoveryStore::open(StoreConfig::default()).unwrap();
/// let id = store.put(log.as_bytes()).unwrap();
/// let options = CompactOptions {
///     command: Some("cargo build".into()),
///     recovery_id: Some(id.clone()),
///     ..Default::default()
/// };
/// let result = compact(log.as_bytes(), &options);
/// assert!(result.changed && result.output_bytes < result.original_bytes);
/// let view = String::from_utf8(result.text).unwrap();
/// assert!(view.contains("cannot find value `retries`"));
///
/// // Every dropped line comes back byte for byte.
/// let range = &result.ranges[0];
/// let count = range.end_line - range.start_line + 1;
/// let original = store.retrieve(&id, range.start_line, count).unwrap();
/// let expected: String = log.lines().skip(range.start_line - 1).take(count).map(|l| format!("{l}\n")).collect();
/// assert_eq!(original.text, expected.as_bytes());
/// ```
pub fn compact(input: &[u8], opts: &CompactOptions) -> Compacted {
    let mut result = compact_unchanged_empty(input, opts);
    if !result.changed {
        result.text = input.to_vec();
    }
    result
}

/// Like [`compact`], but an unchanged result carries no copy of the input: `text` is empty
/// whenever `changed` is false (the caller holds those bytes). Passing a 100 MB input through
/// then costs no memory beyond the input, less than compacting it.
pub fn compact_unchanged_empty(input: &[u8], opts: &CompactOptions) -> Compacted {
    compact_guarded(input, opts, None)
}

/// Like [`compact_unchanged_empty`], for a caller that already holds the input's id
/// (`xxh3_hex(input)`, such as the recovery id it names in `opts`): the input is not hashed a
/// second time. The id must be that hash; the result carries it as given.
pub fn compact_unchanged_empty_with_id(
    input: &[u8],
    opts: &CompactOptions,
    id: String,
) -> Compacted {
    debug_assert_eq!(id, xxh3_hex(input));
    compact_guarded(input, opts, Some(id))
}

/// The one guard: a panic anywhere in [`pipeline`] returns the input unchanged (fail open).
fn compact_guarded(input: &[u8], opts: &CompactOptions, id: Option<String>) -> Compacted {
    if cfg!(feature = "fuzzing") {
        return pipeline(input, opts, id);
    }
    std::panic::catch_unwind(|| pipeline(input, opts, id)).unwrap_or_else(|_| {
        passthrough(
            input,
            opts.kind.unwrap_or(ContentKind::Text),
            xxh3_hex(input),
            count_lines(input),
        )
    })
}

/// [`pipeline`] for an input without an id: the id only labels the result, so on a large
/// input it is hashed on a second thread while the compaction runs.
fn hashed_alongside(input: &[u8], opts: &CompactOptions) -> Compacted {
    std::thread::scope(|scope| {
        let hasher = scope.spawn(|| xxh3_hex(input));
        let mut result = pipeline(input, opts, Some(String::new()));
        result.id = match hasher.join() {
            Ok(id) => id,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        result
    })
}

/// The largest input, in bytes, that the engine reads with these options; a longer one passes
/// through untouched (see [`unread_passthrough`]).
pub fn max_input_bytes(opts: &CompactOptions) -> usize {
    // Line offsets are stored as u32 to keep per-line state small; a larger input (beyond the
    // 256 MiB default budget anyway) is treated as over budget.
    opts.max_input_bytes
        .unwrap_or(DEFAULT_MAX_INPUT_BYTES)
        .min(u32::MAX as usize)
}

/// The result [`compact_unchanged_empty`] gives an input of `len` bytes over
/// [`max_input_bytes`], for a caller that never copied the input out of its own memory: only
/// its hash `id` was taken. Such an input is not scanned, so its line count is 0.
pub fn unread_passthrough(len: usize, id: String, opts: &CompactOptions) -> Compacted {
    passthrough_of_len(len, opts.kind.unwrap_or(ContentKind::Text), id, 0)
}

/// The pipeline: size limits, kind detection, the JSON view or the line path, and the check
/// that the view is worth sending. `id` is the input's hash when the caller has it.
fn pipeline(input: &[u8], opts: &CompactOptions, id: Option<String>) -> Compacted {
    let id = match id {
        Some(id) => id,
        None if input.len() >= select::PARALLEL_MIN_BYTES => return hashed_alongside(input, opts),
        None => xxh3_hex(input),
    };
    let threshold = opts.threshold_bytes.unwrap_or(DEFAULT_THRESHOLD_BYTES);
    let max_input = max_input_bytes(opts);
    if input.len() > max_input {
        return unread_passthrough(input.len(), id, opts);
    }
    if input.len() < threshold {
        // Too small to be worth it: untouched, with the kind it was detected as.
        return passthrough(input, detect(input, opts), id, count_lines(input));
    }
    let kind = detect(input, opts);
    let head = budget::cut_keeps_head(opts);
    let within_cut = || budget::pi_cut_bytes(input, head) >= input.len();
    // Outputs the model sees as Pi's cut shows them: reads of data, config and docs files,
    // settings dumps, help listings, manual pages and indexes. Unless the query names lines
    // past that cut (see `select::select_past_cut`). And a search Pi shows whole when no
    // question says which of its hits matter: each hit is a fact of its own, and a fold of
    // look-alike hits hides the ones the model searched for. And a read of a file whose kind
    // its name does not say (see `detect::is_unknown_kind_read`), unless its content is a
    // config's, whose active settings are known to outrank its comments.
    let unasked_search = kind == ContentKind::Grep && opts.query.is_none() && within_cut();
    let left_to_pi_cut = unasked_search
        || (kind != ContentKind::Config && detect::is_unknown_kind_read(opts))
        || detect::is_data_read(input, opts)
        || (kind == ContentKind::Config && detect::is_settings_dump(input))
        || (matches!(kind, ContentKind::Log | ContentKind::Text)
            && (detect::is_help_listing(input)
                || detect::is_manual_page(input)
                || detect::is_index_listing(input)));
    let past_cut = left_to_pi_cut && opts.query.is_some() && !within_cut();
    if kind == ContentKind::Binary || (left_to_pi_cut && !past_cut) {
        return passthrough(input, kind, id, count_lines(input));
    }
    // A JSON document needs only its line count (the parser counts them as it scans); the line
    // index is built for the line path. Both paths hand their count to the limits.
    let mut json_limits = None;
    // A small document is a small output like any other (principle 1): it reaches the model as
    // printed, not re-laid out.
    // Asked once: the line path's selection asks it too.
    let small = !past_cut && select::is_small(input);
    let json_view = !past_cut && input.len() <= MAX_JSON_TREE_BYTES && !small;
    if json_view {
        // A JSON output opens with its document. Any output may hold one whatever the command
        // (`cargo metadata`, `kubectl get -o json`), and after a few lines the tool printed
        // first: those lines as they are, then the document's view.
        let opening = (kind == ContentKind::Json).then_some((0, 0));
        let after_preface = || {
            detect::json_preface(input).filter(|&(_, lines)| kind != ContentKind::Json || lines > 0)
        };
        let prefaces = opening
            .into_iter()
            .chain(std::iter::once_with(after_preface).flatten());
        for preface in prefaces {
            let Some((result, line_count, limits)) = compact_json(input, preface, opts) else {
                continue;
            };
            // A skeleton over the budget or the cap takes the line path, which fits both.
            if result.text.len() <= limits.json_bytes() {
                return finish(input, ContentKind::Json, id, line_count, result);
            }
            // The parser's line count is the index's: the line path reuses these limits.
            json_limits = Some(limits);
            break;
        }
    }
    // JSON that did not parse as one document (NDJSON, JSON lines logs, truncated output) is
    // ranked like a log: its error records matter.
    let index = lines::LineIndex::new(input, select::PARALLEL_MIN_BYTES);
    let line_count = index.len();
    debug_assert_eq!(line_count, count_lines(input));
    let limits = json_limits.unwrap_or_else(|| budget::Limits::new(input, opts, Some(line_count)));
    debug_assert!(json_limits.is_none_or(|json| {
        let lines = budget::Limits::new(input, opts, Some(line_count));
        json.cap == lines.cap && json.tokens == lines.tokens
    }));
    let line_kind = if kind == ContentKind::Json {
        ContentKind::Log
    } else {
        kind
    };
    let selection = if past_cut {
        select::select_past_cut(input, &index, line_kind, opts, limits, head)
    } else {
        select::select(input, &index, line_kind, opts, limits, small)
    };
    finish(input, kind, id, line_count, selection)
}

fn finish(
    input: &[u8],
    kind: ContentKind,
    id: String,
    line_count: usize,
    selection: select::Selection,
) -> Compacted {
    // A result that is not smaller, or changed nothing, is not worth sending.
    if selection.text.len() >= input.len() || selection.text == input {
        return passthrough(input, kind, id, line_count);
    }
    Compacted {
        output_bytes: selection.text.len(),
        text: selection.text,
        kind,
        changed: true,
        id,
        original_bytes: input.len(),
        original_lines: line_count,
        ranges: selection.ranges,
        strategies: selection.strategies,
    }
}

/// The JSON view of a document and the input's line count; `None` when `input` is not one JSON
/// document after its `preface` (the byte offset where the document starts and the lines
/// before it, see [`detect::json_preface`]), which the view keeps as it is.
fn compact_json(
    input: &[u8],
    preface: (usize, usize),
    opts: &CompactOptions,
) -> Option<(select::Selection, usize, budget::Limits)> {
    let (offset, preface_lines) = preface;
    let document = &input[offset..];
    let root = json::parse(document)?;
    let line_count = preface_lines + root.lines;
    debug_assert_eq!(line_count, count_lines(input));
    let limits = budget::Limits::new(input, opts, Some(line_count));
    let scale = 1.0 + 3.0 * (1.0 - opts.aggressiveness.unwrap_or(1.0).clamp(0.0, 1.0));
    let target = ((8192 + document.len() / 64).min(24 * 1024) as f64 * scale) as usize;
    let mut minified = Vec::with_capacity((document.len() / 2).min(target + 1) + offset);
    minified.extend_from_slice(&input[..offset]);
    if json::minify_within(&root, &mut minified, target + offset) {
        let view = select::Selection {
            text: minified,
            ranges: Vec::new(),
            strategies: vec!["minify-json"],
        };
        return Some((view, line_count, limits));
    }
    drop(minified);
    let mut skeleton = Vec::with_capacity(target * 2);
    let lossy = json::skeleton_within(
        &root,
        opts.query.as_deref(),
        target,
        limits.json_bytes().saturating_sub(offset),
        &mut skeleton,
    );
    skeleton.splice(0..0, input[..offset].iter().copied());
    let mut strategies = vec!["minify-json", "factor-constant-fields"];
    let mut ranges = Vec::new();
    if lossy {
        strategies.push("json-skeleton");
        let start = preface_lines + 1;
        let end = line_count.max(start);
        let marker = match opts.recovery_id.as_deref() {
            Some(rid) => format!(
                "\n[… JSON skeleton: nested values and repeated fields of lines {start}-{end} omitted · token_retrieve id={rid} startLine={start}]"
            ),
            None => format!(
                "\n[… JSON skeleton: nested values and repeated fields of lines {start}-{end} omitted]"
            ),
        };
        skeleton.extend_from_slice(marker.as_bytes());
        ranges.push(DroppedRange {
            start_line: start,
            end_line: end,
            template: "json skeleton".to_string(),
        });
    }
    let view = select::Selection {
        text: skeleton,
        ranges,
        strategies,
    };
    Some((view, line_count, limits))
}
