//! Options as a host passes them, checked and given their defaults. A host reads its values
//! into these plain types (through `crate::host::read`), as loosely typed as
//! the host's values are (a JS number is an `f64`, an absent option is `None`), and gets back the
//! core's request types or an [`OptionError`]. So every host applies the same defaults and
//! ranges and reports the same mistake in the same words, and the binding only converts.
//!
//! Numbers are never truncated, clamped or wrapped here (see [`crate::checks`]): a fraction, a
//! negative or an out-of-range count is the caller's error. Clamping that is part of a request's
//! meaning (a search limit above 8) stays with the request.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::PathBuf;

use crate::checks::{fraction, whole, InvalidValue, MAX_SAFE_INTEGER};
use crate::compact::{self, CompactOptions, Compacted, ContentKind};
use crate::error::{Coded, ErrorCode};
use crate::hash::xxh3_hex;
use crate::recovery::{StoreConfig, DEFAULT_RETRIEVE_LINES};
use crate::skills::{
    Eligibility, LoadRequest, PageRequest, PolicyAction, Scope, ScopeDefinitions, SkillInput,
    SkillPolicy, SnapshotOptions, MAX_SEARCH_DEPTH,
};
use crate::tools::{ToolMeta, DEFAULT_TOOL_HITS};

#[cfg(test)]
mod tests;

/// An option that cannot be used: its code, what is wrong with it (naming where it was passed)
/// and what to pass instead. Hosts show it as `CODE: what; todo`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    /// `INVALID_ARGUMENT` for a value of the wrong range, `CONFIG_INVALID` for a bad policy.
    pub code: ErrorCode,
    /// What is wrong, e.g. `options.limit is 0, not an integer from 1 to 4294967295`.
    pub what: String,
    /// What to pass instead.
    pub todo: String,
}

impl OptionError {
    pub(crate) fn new(code: ErrorCode, what: impl fmt::Display, todo: &str) -> OptionError {
        let (what, todo) = (what.to_string(), todo.to_string());
        OptionError { code, what, todo }
    }
}

impl From<InvalidValue> for OptionError {
    fn from(invalid: InvalidValue) -> Self {
        let what = format!("{} {}", invalid.path, invalid.what);
        OptionError::new(ErrorCode::InvalidArgument, what, &invalid.todo)
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.what, self.todo)
    }
}

impl Coded for OptionError {
    fn code(&self) -> ErrorCode {
        self.code
    }

    fn report(&self) -> String {
        crate::error::message(self.code, &self.what, &self.todo)
    }
}

type Checked<T> = Result<T, OptionError>;

/// A count or position: a whole number in `min..=u32::MAX` (what a JS caller can index).
fn count(path: &str, value: Option<f64>, min: u64) -> Checked<Option<usize>> {
    Ok(whole(path, value, min, u32::MAX.into())?.map(|n| n as usize))
}

/// A size (bytes or characters): a whole number in `min..=`[`MAX_SAFE_INTEGER`] (what a JS
/// number holds exactly).
fn size(path: &str, value: Option<f64>, min: u64) -> Checked<Option<u64>> {
    whole(path, value, min, MAX_SAFE_INTEGER).map_err(OptionError::from)
}

/// Options of a skill snapshot (`SkillIndex` and its `build` and `scan`).
#[derive(Debug, Clone, Default)]
pub struct IndexOptions {
    /// Largest SKILL.md that is read, in bytes; at least 1.
    pub max_source_bytes: Option<f64>,
    /// Extra dependencies from config: skill name → names loaded with it.
    pub autoload: Option<HashMap<String, Vec<String>>>,
    /// Fuse static embeddings with BM25F in search.
    pub embeddings: Option<bool>,
}

impl IndexOptions {
    /// The snapshot options these ask for, defaults filled in.
    pub fn snapshot(self) -> Checked<SnapshotOptions> {
        let defaults = SnapshotOptions::default();
        Ok(SnapshotOptions {
            max_source_bytes: size("options.maxSourceBytes", self.max_source_bytes, 1)?
                .unwrap_or(defaults.max_source_bytes),
            autoload: self.autoload.unwrap_or_default(),
            embeddings: self.embeddings.unwrap_or(defaults.embeddings),
        })
    }
}

/// Options of a skill search or browse page.
#[derive(Debug, Clone, Default)]
pub struct PageOptions {
    /// Hits per page, at least 1 (the request clamps it to its maximum).
    pub limit: Option<f64>,
    /// Admit skills hidden from the model.
    pub include_hidden: Option<bool>,
    /// Cap descriptions at this many characters.
    pub description_max: Option<f64>,
    /// Only these names.
    pub only: Option<Vec<String>>,
    /// Never these names.
    pub exclude: Option<Vec<String>>,
    /// Search only: ranked hits to skip, below [`MAX_SEARCH_DEPTH`].
    pub offset: Option<f64>,
}

impl PageOptions {
    /// The request of a ranked search, `offset` included.
    pub fn search(self) -> Checked<PageRequest> {
        let depth = MAX_SEARCH_DEPTH as u64 - 1;
        let offset = whole("options.offset", self.offset, 0, depth)?;
        let request = self.browse()?;
        Ok(PageRequest {
            offset: offset.unwrap_or(0) as usize,
            ..request
        })
    }

    /// The request of an alphabetical listing: `offset` is not one of its options (the cursor
    /// says where a page starts), so it is ignored.
    pub fn browse(self) -> Checked<PageRequest> {
        Ok(PageRequest {
            limit: count("options.limit", self.limit, 1)?,
            description_max: count("options.descriptionMax", self.description_max, 0)?,
            offset: 0,
            eligibility: Eligibility {
                include_hidden: self.include_hidden.unwrap_or(false),
                only: self.only.map(HashSet::from_iter),
                exclude: self.exclude.map(HashSet::from_iter).unwrap_or_default(),
            },
        })
    }
}

/// Options of a skill load.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// First body line of the page (0-based).
    pub offset: Option<f64>,
    /// Byte column inside line `offset`.
    pub column: Option<f64>,
    /// Source revision from a continuation.
    pub rev: Option<String>,
    /// Allow skills hidden from the model.
    pub allow_hidden: Option<bool>,
    /// Include the dependency closure.
    pub with_dependencies: Option<bool>,
}

impl LoadOptions {
    /// The load request these ask for, defaults filled in.
    pub fn request(self) -> Checked<LoadRequest> {
        let defaults = LoadRequest::default();
        let position = |path: &str, value| count(path, value, 0).map(Option::unwrap_or_default);
        Ok(LoadRequest {
            offset: position("options.offset", self.offset)?,
            column: position("options.column", self.column)?,
            rev: self.rev,
            allow_hidden: self.allow_hidden.unwrap_or(defaults.allow_hidden),
            with_dependencies: self.with_dependencies.unwrap_or(defaults.with_dependencies),
        })
    }
}

/// Options of a recovery store.
#[derive(Debug, Clone, Default)]
pub struct StoreOptions {
    /// Most originals in memory, at least 1.
    pub max_entries: Option<f64>,
    /// Most bytes of originals in memory, at least 1.
    pub max_bytes: Option<f64>,
    /// Directory for durable originals; absent keeps them in memory only.
    pub dir: Option<String>,
    /// Total size of blobs allowed in `dir`, at least 1.
    pub disk_budget_bytes: Option<f64>,
}

impl StoreOptions {
    /// The store configuration these ask for. An empty `dir` is refused: it would put blobs
    /// in the process's working directory.
    pub fn config(self) -> Checked<StoreConfig> {
        let defaults = StoreConfig::default();
        if self.dir.as_deref().is_some_and(|dir| dir.trim().is_empty()) {
            return Err(OptionError::new(
                ErrorCode::InvalidArgument,
                "options.dir is empty",
                "pass a directory path, or leave dir out to keep originals in memory",
            ));
        }
        Ok(StoreConfig {
            max_entries: count("options.maxEntries", self.max_entries, 1)?
                .unwrap_or(defaults.max_entries),
            max_bytes: size("options.maxBytes", self.max_bytes, 1)?
                .map_or(defaults.max_bytes, |n| n as usize),
            dir: self.dir.map(PathBuf::from),
            disk_budget_bytes: size("options.diskBudgetBytes", self.disk_budget_bytes, 1)?
                .unwrap_or(defaults.disk_budget_bytes),
        })
    }
}

/// The lines a recovery retrieval asks for, as `(first, count)`: 1-based whole numbers, so 0,
/// negatives and fractions are caller errors rather than something to clamp. Absent, they
/// are line 1 and [`DEFAULT_RETRIEVE_LINES`].
pub fn line_page(start_line: Option<f64>, max_lines: Option<f64>) -> Checked<(usize, usize)> {
    Ok((
        count("startLine", start_line, 1)?.unwrap_or(1),
        count("maxLines", max_lines, 1)?.unwrap_or(DEFAULT_RETRIEVE_LINES),
    ))
}

/// The hit count of a tool search: at least 1, [`DEFAULT_TOOL_HITS`] when absent.
pub fn tool_hits(limit: Option<f64>) -> Checked<usize> {
    Ok(count("limit", limit, 1)?.unwrap_or(DEFAULT_TOOL_HITS))
}

/// The `max` of a description cap, in characters; absent keeps everything.
pub fn description_cap(max: Option<f64>) -> Checked<Option<usize>> {
    Ok(size("max", max, 0)?.map(|n| n as usize))
}

/// One skill as a host lists it: paths as text, flags optional.
#[derive(Debug, Clone, Default)]
pub struct SkillEntry {
    /// The skill's name.
    pub name: String,
    /// What the skill is for.
    pub description: String,
    /// The skill's file.
    pub file_path: Option<String>,
    /// The directory relative references resolve against.
    pub base_dir: Option<String>,
    /// Hidden from the model; absent is false.
    pub disable_model_invocation: Option<bool>,
    /// Dependencies; absent reads them from the file's frontmatter.
    pub requires: Option<Vec<String>>,
}

impl From<SkillEntry> for SkillInput {
    fn from(entry: SkillEntry) -> Self {
        SkillInput {
            name: entry.name,
            description: entry.description,
            file_path: entry.file_path.map(PathBuf::from),
            base_dir: entry.base_dir.map(PathBuf::from),
            disable_model_invocation: entry.disable_model_invocation.unwrap_or(false),
            requires: entry.requires,
        }
    }
}

/// One tool as a host lists it; absent texts are empty.
#[derive(Debug, Clone, Default)]
pub struct ToolEntry {
    /// The tool's name.
    pub name: String,
    /// What the tool does.
    pub description: Option<String>,
    /// Parameter names and descriptions flattened to text.
    pub parameters: Option<String>,
}

impl From<ToolEntry> for ToolMeta {
    fn from(entry: ToolEntry) -> Self {
        ToolMeta {
            name: entry.name,
            description: entry.description.unwrap_or_default(),
            parameters: entry.parameters.unwrap_or_default(),
        }
    }
}

/// Scope definitions and the active profile and group, as a host's config gives them.
#[derive(Debug, Clone, Default)]
pub struct ScopeEntry {
    /// Group name → member names or patterns.
    pub groups: HashMap<String, Vec<String>>,
    /// Profile name → group names.
    pub profiles: HashMap<String, Vec<String>>,
    /// The profile the user chose, if any.
    pub active_profile: Option<String>,
    /// The group the user chose, if any.
    pub active_group: Option<String>,
}

impl ScopeEntry {
    /// The one active scope, and the names among `names` it admits (`None` for all skills).
    pub fn resolve(self, names: &[String]) -> (Scope, Option<Vec<String>>) {
        let definitions = ScopeDefinitions {
            groups: self.groups.into_iter().collect(),
            profiles: self.profiles.into_iter().collect(),
        };
        let active = (self.active_profile.as_deref(), self.active_group.as_deref());
        let scope = definitions.resolve(active.0, active.1);
        let members = definitions.admitted(&scope, names);
        (scope, members)
    }
}

/// One policy rule as a config writes it: a `*` / `?` name pattern and an action's name.
#[derive(Debug, Clone, Default)]
pub struct RuleEntry {
    /// Exact name with `*` and `?` wildcards.
    pub pattern: String,
    /// `allow`, `ask` or `deny`.
    pub action: String,
}

/// A skill policy from its config: a default action and rules, each action `allow`, `ask` or
/// `deny`. Anything else is `CONFIG_INVALID` naming where it was.
pub fn skill_policy(default_action: &str, rules: Vec<RuleEntry>) -> Checked<SkillPolicy> {
    let action = |text: &str, what: &str| {
        PolicyAction::parse(text).ok_or_else(|| {
            OptionError::new(
                ErrorCode::ConfigInvalid,
                format!("{what} must be \"allow\", \"ask\" or \"deny\", got \"{text}\""),
                "fix the action in permission.skill",
            )
        })
    };
    let default = action(default_action, "the default action")?;
    let rules = rules
        .into_iter()
        .enumerate()
        .map(|(i, rule)| Ok((rule.pattern, action(&rule.action, &format!("rule {i}"))?)))
        .collect::<Checked<Vec<_>>>()?;
    Ok(SkillPolicy::new(default, rules))
}

/// Options of one compaction call.
#[derive(Debug, Clone, Default)]
pub struct CompactHostOptions {
    /// A content kind by name; absent, empty or `auto` detects it.
    pub kind: Option<String>,
    /// Name of the tool that produced the output.
    pub tool: Option<String>,
    /// Command line that produced the output.
    pub command: Option<String>,
    /// File the output was read from.
    pub path: Option<String>,
    /// Terms whose lines are always kept.
    pub query: Option<String>,
    /// Inputs smaller than this many bytes pass through.
    pub threshold_bytes: Option<f64>,
    /// Inputs larger than this many bytes pass through.
    pub max_input_bytes: Option<f64>,
    /// Markers name the input's content hash, so its lines can be retrieved.
    pub recoverable: Option<bool>,
    /// 0..=1; lower keeps more.
    pub aggressiveness: Option<f64>,
    /// Per-result budget in estimated tokens.
    pub budget_tokens: Option<f64>,
    /// Hard cap on the view in bytes.
    pub max_output_bytes: Option<f64>,
}

/// A checked compaction call: the engine's options, and whether markers name the input's id.
#[derive(Debug, Clone, Default)]
pub struct CompactRequest {
    /// The engine's options (`recovery_id` is set per input by [`CompactRequest::run`]).
    pub options: CompactOptions,
    /// Markers name `id=<content hash>` of each input.
    pub recoverable: bool,
}

impl CompactHostOptions {
    /// The compaction request these ask for.
    pub fn request(self) -> Checked<CompactRequest> {
        let kind = match self.kind.as_deref() {
            None | Some("auto") | Some("") => None,
            Some(name) => Some(ContentKind::parse(name).ok_or_else(|| {
                OptionError::new(
                    ErrorCode::InvalidArgument,
                    format!("options.kind is an unknown kind \"{name}\""),
                    "use auto, log, test, diagnostics, grep, diff, json, source, tree, table, config, text or binary",
                )
            })?),
        };
        let bytes = |path: &str, value| size(path, value, 0).map(|n| n.map(|n| n as usize));
        let options = CompactOptions {
            kind,
            tool: self.tool,
            command: self.command,
            path: self.path,
            query: self.query,
            threshold_bytes: bytes("options.thresholdBytes", self.threshold_bytes)?,
            max_input_bytes: bytes("options.maxInputBytes", self.max_input_bytes)?,
            recovery_id: None,
            aggressiveness: fraction("options.aggressiveness", self.aggressiveness)?,
            budget_tokens: count("options.budgetTokens", self.budget_tokens, 0)?,
            max_output_bytes: bytes("options.maxOutputBytes", self.max_output_bytes)?,
        };
        let recoverable = self.recoverable.unwrap_or(false);
        Ok(CompactRequest {
            options,
            recoverable,
        })
    }
}

impl CompactRequest {
    /// The engine over `input`, once; an unchanged result's `text` is empty (the caller holds
    /// the input). A recoverable call hashes the input once, for the markers' id, and hands
    /// that hash to the engine as the result's id too.
    pub fn run(&self, input: &[u8]) -> Compacted {
        if !self.recoverable {
            return compact::compact_unchanged_empty(input, &self.options);
        }
        let id = xxh3_hex(input);
        let options = CompactOptions {
            recovery_id: Some(id.clone()),
            ..self.options.clone()
        };
        compact::compact_unchanged_empty_with_id(input, &options, id)
    }
}
