//! N-API binding for pi-lean. This is the only file that knows about napi: it wraps the
//! `lean-core` crate, maps core errors to stable JS `code`s (`error.code === "SKILL_NOT_FOUND"`)
//! and keeps panics from crossing the FFI boundary: every entry point, and every async task's
//! work, runs inside [`boundary::guarded`]. Arguments arrive as [`boundary::Arg`] and are
//! checked here, so a wrong type or number is `INVALID_ARGUMENT` naming the argument.
#![deny(clippy::all)]

mod boundary;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use boundary::{
    failure, fraction, from_core, guarded, guarded_with, integer, invalid, Arg, MAX_SAFE_INTEGER,
};
use lean_core::compact::{self, CompactOptions, ContentKind};
use lean_core::hash::xxh3_hex;
use lean_core::recovery::{RecoveryStore as CoreStore, StoreConfig};
use lean_core::skills::{self, Catalog, SearchIndex, SkillMeta};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

fn js_count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Version of the native core, so JS can check it loaded the binary it expects.
#[napi(catch_unwind)]
pub fn core_version() -> Result<String, ErrorCode> {
    guarded("coreVersion", || Ok(env!("CARGO_PKG_VERSION").to_string()))
}

/// xxh3-64 of a string or Buffer as 16 hex digits (the id scheme used everywhere).
#[napi(catch_unwind)]
pub fn content_hash(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
) -> Result<String, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    guarded("contentHash", || {
        Ok({
            match &input {
                Either::A(buf) => xxh3_hex(buf),
                Either::B(text) => xxh3_hex(text.as_bytes()),
            }
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Skills
// ---------------------------------------------------------------------------------------------

/// One skill as Pi reports it (`systemPromptOptions.skills`) or as a catalog row.
#[napi(object)]
pub struct SkillInput {
    pub name: String,
    pub description: String,
    pub file_path: Option<String>,
    pub base_dir: Option<String>,
    pub disable_model_invocation: Option<bool>,
    /// Dependencies; when absent and `filePath` is set, they are read from the file's frontmatter.
    pub requires: Option<Vec<String>>,
}

#[napi(object)]
pub struct SkillIndexOptions {
    /// Largest SKILL.md that is read, checked before reading. Default 16 MiB.
    pub max_source_bytes: Option<f64>,
    /// Extra dependencies from config: skill name -> names loaded with it.
    pub autoload: Option<HashMap<String, Vec<String>>>,
    /// Fuse static embeddings with BM25F in search (default true); false ranks by BM25F alone.
    pub embeddings: Option<bool>,
}

#[napi(object)]
pub struct SkillInfo {
    pub name: String,
    pub description: String,
    pub file_path: Option<String>,
    pub base_dir: Option<String>,
    pub disable_model_invocation: bool,
    pub requires: Vec<String>,
}

#[napi(object)]
pub struct SkillDiagnostic {
    pub code: String,
    pub path: Option<String>,
    pub name: Option<String>,
    pub message: String,
}

#[napi(object)]
pub struct SearchOptions {
    /// Results to return, default 5, clamped to 1..=8.
    pub limit: Option<f64>,
    /// Include `disable-model-invocation` skills (never for model-facing search).
    pub include_hidden: Option<bool>,
    /// Cap descriptions at this many characters; 0 returns names only. Default: uncapped.
    pub description_max: Option<f64>,
    /// Restrict results to these exact names (a scope). Absent means every skill.
    pub only: Option<Vec<String>>,
    /// Never return these exact names (policy deny, for example).
    pub exclude: Option<Vec<String>>,
    /// `search` only: skip this many ranked hits (a later page of the same ranking), at most
    /// 64 deep. Default 0.
    pub offset: Option<f64>,
}

#[napi(object)]
pub struct SearchHitInfo {
    pub name: String,
    pub description: String,
    pub score: f64,
}

#[napi(object)]
pub struct SearchResponse {
    pub hits: Vec<SearchHitInfo>,
    /// 0..=1; how sure the ranker is that the top hit fits.
    pub confidence: f64,
    /// True when the top hit is a confident match.
    pub strong: bool,
    /// How many skills were eligible (after hidden/scope filtering).
    pub eligible: u32,
    /// True when the ranking has more hits after this page (within the paging depth).
    pub more: bool,
}

#[napi(object)]
pub struct BrowseResponse {
    pub hits: Vec<SearchHitInfo>,
    /// Pass back to continue; bound to the catalog fingerprint.
    pub next_cursor: Option<String>,
    pub eligible: u32,
    pub offset: u32,
}

#[napi(object)]
pub struct MissingDependency {
    pub from: String,
    pub name: String,
}

#[napi(object)]
pub struct ClosureInfo {
    /// Load order: dependencies first, the root last.
    pub order: Vec<String>,
    /// The first few cycles met (see `cycleCount` for all of them).
    pub cycles: Vec<Vec<String>>,
    /// Every cycle the dependency walk met; `cycles` lists only the first ones.
    pub cycle_count: u32,
    pub missing: Vec<MissingDependency>,
}

#[napi(object)]
pub struct LoadOptions {
    /// First body line of the page (0-based), from a continuation.
    pub offset: Option<f64>,
    /// Byte column inside line `offset` where the page starts, from a continuation that split
    /// an overlong line (default 0).
    pub column: Option<f64>,
    /// Source revision from a continuation; a changed file fails with SKILL_SOURCE_CHANGED,
    /// and a continuation without it with SKILL_REV_REQUIRED.
    pub rev: Option<String>,
    /// Allow `disable-model-invocation` skills (user-initiated loads only).
    pub allow_hidden: Option<bool>,
    /// Include the dependency closure (default true; only on the first page).
    pub with_dependencies: Option<bool>,
}

#[napi(object)]
pub struct SkillPage {
    pub name: String,
    pub file_path: String,
    pub base_dir: String,
    pub text: String,
    pub rev: String,
    pub offset: u32,
    /// Byte column inside line `offset` where this page starts.
    pub column: u32,
    pub next_offset: Option<u32>,
    /// Byte column inside line `next_offset` where the next page starts (0 = line start).
    pub next_column: u32,
    pub total_lines: u32,
}

#[napi(object)]
pub struct DependencyError {
    pub name: String,
    pub code: String,
    pub message: String,
}

/// A bounded sample of the files next to a skill (relative paths, shallow first).
#[napi(object)]
pub struct ResourceSampleInfo {
    pub names: Vec<String>,
    /// Files seen in total; more than `names` were left out.
    pub files_seen: u32,
    /// The walk stopped at its entry budget, so `files_seen` is a lower bound.
    pub incomplete: bool,
}

/// Resource names listed with a loaded skill, and the directory entries the walk may visit.
const RESOURCE_NAMES: usize = 12;
const RESOURCE_ENTRIES: usize = 2000;

#[napi(object)]
pub struct LoadedSkill {
    pub root: SkillPage,
    /// Files next to the root skill (first page only; absent when there are none).
    pub resources: Option<ResourceSampleInfo>,
    /// First pages of the dependencies, in load order (dependencies of dependencies first).
    pub dependencies: Vec<SkillPage>,
    pub dependency_errors: Vec<DependencyError>,
    /// The first few cycles met (see `cycleCount` for all of them).
    pub cycles: Vec<Vec<String>>,
    /// Every cycle the dependency walk met; `cycles` lists only the first ones.
    pub cycle_count: u32,
    pub missing: Vec<MissingDependency>,
}

fn path_string(p: &Option<PathBuf>) -> Option<String> {
    p.as_ref().map(|p| p.to_string_lossy().into_owned())
}

fn skill_info(meta: &SkillMeta) -> SkillInfo {
    SkillInfo {
        name: meta.name.clone(),
        description: meta.description.clone(),
        file_path: path_string(&meta.file_path),
        base_dir: path_string(&meta.base_dir),
        disable_model_invocation: meta.disable_model_invocation,
        requires: meta.requires.clone(),
    }
}

fn diagnostic_info(d: &skills::Diagnostic) -> SkillDiagnostic {
    SkillDiagnostic {
        code: d.code.as_str().to_string(),
        path: path_string(&d.path),
        name: d.name.clone(),
        message: d.message.clone(),
    }
}

/// Caps a description at `max` characters on a char boundary, marking the cut with `…`.
fn cap_description(text: &str, max: Option<u32>) -> String {
    match max {
        None => text.to_string(),
        Some(0) => String::new(),
        Some(max) => {
            let max = max as usize;
            match text.char_indices().nth(max) {
                None => text.to_string(),
                Some((cut, _)) => {
                    let mut out = text[..cut].trim_end().to_string();
                    out.push('…');
                    out
                }
            }
        }
    }
}

const DEFAULT_SEARCH_LIMIT: u64 = 5;
const MAX_SEARCH_LIMIT: u64 = 8;
/** How deep `search` pages with `offset`. */
const MAX_SEARCH_DEPTH: u64 = 64;
const CURSOR_PREFIX: &str = "c1";

/// `options.limit` (a whole number of at least 1, capped at 8) and `options.descriptionMax`.
fn search_bounds(options: &Option<SearchOptions>) -> Result<(usize, Option<u32>), ErrorCode> {
    let options = options.as_ref();
    let limit = integer(
        "options.limit",
        options.and_then(|o| o.limit),
        1,
        u32::MAX.into(),
    )?
    .unwrap_or(DEFAULT_SEARCH_LIMIT)
    .min(MAX_SEARCH_LIMIT) as usize;
    let description_max = integer(
        "options.descriptionMax",
        options.and_then(|o| o.description_max),
        0,
        u32::MAX.into(),
    )?
    .map(|n| n as u32);
    Ok((limit, description_max))
}

fn max_source_bytes(options: &Option<SkillIndexOptions>) -> Result<u64, ErrorCode> {
    Ok(integer(
        "options.maxSourceBytes",
        options.as_ref().and_then(|o| o.max_source_bytes),
        1,
        MAX_SAFE_INTEGER,
    )?
    .unwrap_or(skills::DEFAULT_MAX_SOURCE_BYTES))
}

/// A snapshot of the skill catalog with its search index. Immutable once built: a new
/// snapshot is built when Pi reports a different skill set, and cursors bind to its fingerprint.
#[napi]
pub struct SkillIndex {
    catalog: Arc<Catalog>,
    search: Arc<SearchIndex>,
    diagnostics: Vec<skills::Diagnostic>,
    autoload: HashMap<String, Vec<String>>,
    max_source_bytes: u64,
}

impl SkillIndex {
    fn from_metas(
        metas: Vec<SkillMeta>,
        mut diagnostics: Vec<skills::Diagnostic>,
        options: &Option<SkillIndexOptions>,
        max_source_bytes: u64,
    ) -> Self {
        let (catalog, catalog_diagnostics) = Catalog::new(metas);
        diagnostics.extend(catalog_diagnostics);
        let search = if options.as_ref().and_then(|o| o.embeddings) == Some(false) {
            SearchIndex::build_lexical(&catalog)
        } else {
            SearchIndex::build(&catalog)
        };
        SkillIndex {
            catalog: Arc::new(catalog),
            search: Arc::new(search),
            diagnostics,
            autoload: options
                .as_ref()
                .and_then(|o| o.autoload.clone())
                .unwrap_or_default(),
            max_source_bytes,
        }
    }

    /// Builds the eligibility filter shared by search and browse.
    fn eligibility(&self, options: &Option<SearchOptions>) -> impl Fn(usize) -> bool + '_ {
        let include_hidden = options
            .as_ref()
            .and_then(|o| o.include_hidden)
            .unwrap_or(false);
        let only: Option<std::collections::HashSet<String>> = options
            .as_ref()
            .and_then(|o| o.only.as_ref())
            .map(|names| names.iter().cloned().collect());
        let exclude: std::collections::HashSet<String> = options
            .as_ref()
            .and_then(|o| o.exclude.as_ref())
            .map(|names| names.iter().cloned().collect())
            .unwrap_or_default();
        let skills = self.catalog.skills();
        move |i: usize| {
            let meta = &skills[i];
            (include_hidden || !meta.disable_model_invocation)
                && only.as_ref().is_none_or(|set| set.contains(&meta.name))
                && !exclude.contains(&meta.name)
        }
    }

    fn hit_info(&self, index: usize, score: f64, description_max: Option<u32>) -> SearchHitInfo {
        let meta = &self.catalog.skills()[index];
        SearchHitInfo {
            name: meta.name.clone(),
            description: cap_description(&meta.description, description_max),
            score,
        }
    }

    fn page(
        &self,
        meta: &SkillMeta,
        offset: usize,
        column: usize,
        rev: Option<&str>,
        allow_hidden: bool,
    ) -> Result<SkillPage, ErrorCode> {
        let file_path = meta.file_path.as_ref().ok_or_else(|| {
            failure(
                ErrorCode::SkillNotFound,
                format!("skill \"{}\" has no source file", meta.name),
                "pick a skill that Pi loaded from a SKILL.md",
            )
        })?;
        let page = skills::load_body_at(
            file_path,
            &meta.name,
            offset,
            column,
            rev,
            self.max_source_bytes,
        )
        .map_err(from_core)?;
        // Checked against the file as it is now: the flag may have been added since the scan.
        if page.model_invocation_disabled && !allow_hidden {
            return Err(hidden_skill(&meta.name));
        }
        let base_dir = meta
            .base_dir
            .clone()
            .or_else(|| file_path.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        Ok(SkillPage {
            name: meta.name.clone(),
            file_path: file_path.to_string_lossy().into_owned(),
            base_dir: base_dir.to_string_lossy().into_owned(),
            text: page.text,
            rev: page.rev,
            offset: js_count(page.offset),
            column: js_count(page.column),
            next_offset: page.next_offset.map(js_count),
            next_column: js_count(page.next_column),
            total_lines: js_count(page.total_lines),
        })
    }

    fn closure_of(&self, name: &str) -> skills::Closure {
        skills::dependency_closure(&self.catalog, name, &self.autoload)
    }
}

fn closure_parts(closure: &skills::Closure) -> (Vec<Vec<String>>, Vec<MissingDependency>) {
    (
        closure.cycles.clone(),
        closure
            .missing
            .iter()
            .map(|(from, name)| MissingDependency {
                from: from.clone(),
                name: name.clone(),
            })
            .collect(),
    )
}

#[napi]
impl SkillIndex {
    /// Builds a snapshot from skills Pi discovered (or catalog rows). Dependencies are read
    /// from each file's frontmatter unless given; a file our parser rejects keeps Pi's
    /// metadata and is reported in `diagnostics`, because Pi already accepted it.
    #[napi(constructor, catch_unwind)]
    pub fn new(
        #[napi(ts_arg_type = "Array<SkillInput>")] skills_in: Arg<Vec<SkillInput>>,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<
            Arg<SkillIndexOptions>,
        >,
    ) -> Result<Self, ErrorCode> {
        let skills_in = skills_in.get(
            "skillsIn",
            "an array of skills ({ name, description, ... })",
        )?;
        let options = Arg::optional_object(options, "options", "an options object")?;
        let limit = max_source_bytes(&options)?;
        guarded("SkillIndex.new", || {
            Ok({
                let mut diagnostics = Vec::new();
                let metas = skills_in
                    .into_iter()
                    .map(|input| {
                        let file_path = input.file_path.map(PathBuf::from);
                        let requires = match (input.requires, &file_path) {
                            (Some(list), _) => list,
                            (None, Some(path)) => match skills::read_skill_file(path, limit) {
                                Ok(meta) => meta.requires,
                                Err(err) => {
                                    diagnostics.push(skills::Diagnostic {
                                        code: err.code,
                                        path: Some(path.clone()),
                                        name: Some(input.name.clone()),
                                        message: err.message,
                                    });
                                    Vec::new()
                                }
                            },
                            (None, None) => Vec::new(),
                        };
                        SkillMeta {
                            name: input.name,
                            description: input.description,
                            base_dir: input.base_dir.map(PathBuf::from).or_else(|| {
                                file_path
                                    .as_ref()
                                    .and_then(|p| p.parent().map(Path::to_path_buf))
                            }),
                            file_path,
                            disable_model_invocation: input
                                .disable_model_invocation
                                .unwrap_or(false),
                            requires,
                        }
                    })
                    .collect();
                SkillIndex::from_metas(metas, diagnostics, &options, limit)
            })
        })
    }

    /// Scans skill directories the way Pi does (a dir with SKILL.md is a skill; others are
    /// searched recursively). Malformed skills are skipped and reported, never fatal.
    #[napi(factory, catch_unwind)]
    pub fn scan(
        #[napi(ts_arg_type = "Array<string>")] dirs: Arg<Vec<String>>,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<
            Arg<SkillIndexOptions>,
        >,
    ) -> Result<Self, ErrorCode> {
        let dirs = dirs.get("dirs", "an array of directory paths")?;
        let options = Arg::optional_object(options, "options", "an options object")?;
        let limit = max_source_bytes(&options)?;
        guarded("SkillIndex.scan", || {
            Ok({
                let dirs: Vec<PathBuf> = dirs.into_iter().map(PathBuf::from).collect();
                let (metas, diagnostics) = skills::scan_skill_dirs(&dirs, limit);
                SkillIndex::from_metas(metas, diagnostics, &options, limit)
            })
        })
    }

    /// xxh3 fingerprint of the snapshot; cursors and caches bind to it.
    #[napi(getter, catch_unwind)]
    pub fn fingerprint(&self) -> Result<String, ErrorCode> {
        guarded("SkillIndex.fingerprint", || {
            Ok(self.catalog.fingerprint().to_string())
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn size(&self) -> Result<u32, ErrorCode> {
        guarded("SkillIndex.size", || Ok(js_count(self.catalog.len())))
    }

    /// Skills the model may see (not `disable-model-invocation`).
    #[napi(getter, catch_unwind)]
    pub fn visible_count(&self) -> Result<u32, ErrorCode> {
        guarded("SkillIndex.visibleCount", || {
            Ok({
                js_count(
                    self.catalog
                        .skills()
                        .iter()
                        .filter(|s| !s.disable_model_invocation)
                        .count(),
                )
            })
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn diagnostics(&self) -> Result<Vec<SkillDiagnostic>, ErrorCode> {
        guarded("SkillIndex.diagnostics", || {
            Ok(self.diagnostics.iter().map(diagnostic_info).collect())
        })
    }

    #[napi(catch_unwind)]
    pub fn list(&self) -> Result<Vec<SkillInfo>, ErrorCode> {
        guarded("SkillIndex.list", || {
            Ok(self.catalog.skills().iter().map(skill_info).collect())
        })
    }

    #[napi(catch_unwind)]
    pub fn get(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<Option<SkillInfo>, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillIndex.get", || {
            Ok(self.catalog.get(&name).map(skill_info))
        })
    }

    /// Ranked search over names and descriptions, bounded to 8 hits.
    #[napi(catch_unwind)]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Arg<String>,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<
            Arg<SearchOptions>,
        >,
    ) -> Result<SearchResponse, ErrorCode> {
        let query = query.get("query", "a string")?;
        let options = Arg::optional_object(options, "options", "an options object")?;
        guarded("SkillIndex.search", || {
            Ok({
                let (limit, description_max) = search_bounds(&options)?;
                let offset = integer(
                    "options.offset",
                    options.as_ref().and_then(|o| o.offset),
                    0,
                    MAX_SEARCH_DEPTH - 1,
                )?
                .unwrap_or(0) as usize;
                let include = self.eligibility(&options);
                let eligible = (0..self.catalog.len()).filter(|&i| include(i)).count();
                // One hit past the page tells whether another page exists.
                let depth = (offset + limit + 1).min(MAX_SEARCH_DEPTH as usize);
                let result = self.search.search(&query, depth, &include);
                SearchResponse {
                    hits: result
                        .hits
                        .iter()
                        .skip(offset)
                        .take(limit)
                        .map(|h| self.hit_info(h.index, h.score, description_max))
                        .collect(),
                    confidence: result.confidence,
                    strong: result.strong,
                    eligible: js_count(eligible),
                    more: result.hits.len() > offset + limit,
                }
            })
        })
    }

    /// Alphabetical listing in pages; the cursor is bound to this snapshot's fingerprint, so
    /// a cursor from an older catalog fails with SEARCH_CURSOR_STALE instead of skipping skills.
    #[napi(catch_unwind)]
    pub fn browse(
        &self,
        #[napi(ts_arg_type = "string | undefined | null")] cursor: Option<Arg<String>>,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<
            Arg<SearchOptions>,
        >,
    ) -> Result<BrowseResponse, ErrorCode> {
        let cursor = Arg::optional(cursor, "cursor", "a cursor string")?;
        let options = Arg::optional_object(options, "options", "an options object")?;
        guarded("SkillIndex.browse", || {
            let offset = match cursor.as_deref().filter(|c| !c.is_empty()) {
                None => 0,
                Some(cursor) => self.parse_cursor(cursor)?,
            };
            let (limit, description_max) = search_bounds(&options)?;
            let include = self.eligibility(&options);
            let mut eligible: Vec<usize> =
                (0..self.catalog.len()).filter(|&i| include(i)).collect();
            let skills = self.catalog.skills();
            eligible.sort_by(|&a, &b| skills[a].name.cmp(&skills[b].name));
            if offset > eligible.len() {
                return Err(failure(
                    ErrorCode::SearchCursorInvalid,
                    "the cursor is past the end of the catalog",
                    "browse again without a cursor",
                ));
            }
            let end = (offset + limit).min(eligible.len());
            let hits = eligible[offset..end]
                .iter()
                .map(|&i| self.hit_info(i, 0.0, description_max))
                .collect();
            Ok(BrowseResponse {
                hits,
                next_cursor: (end < eligible.len())
                    .then(|| format!("{CURSOR_PREFIX}.{}.{end}", self.catalog.fingerprint())),
                eligible: js_count(eligible.len()),
                offset: js_count(offset),
            })
        })
    }

    /// Exact skill names mentioned in `text` (e.g. "use tdd" or "/skill:tdd").
    #[napi(catch_unwind)]
    pub fn mentions(
        &self,
        #[napi(ts_arg_type = "string")] text: Arg<String>,
    ) -> Result<Vec<String>, ErrorCode> {
        let text = text.get("text", "a string")?;
        guarded("SkillIndex.mentions", || {
            Ok({
                self.search
                    .mentions(&text)
                    .into_iter()
                    .map(|i| self.catalog.skills()[i].name.clone())
                    .collect()
            })
        })
    }

    /// `text` with every mention of the skills in `names` replaced by `replacement`. Mentions
    /// are found exactly as `mentions` finds them (same word boundaries and case folding), so
    /// a name `mentions` reports is never left behind. Names not in the catalog are ignored.
    #[napi(catch_unwind)]
    pub fn redact(
        &self,
        #[napi(ts_arg_type = "string")] text: Arg<String>,
        #[napi(ts_arg_type = "Array<string>")] names: Arg<Vec<String>>,
        #[napi(ts_arg_type = "string")] replacement: Arg<String>,
    ) -> Result<String, ErrorCode> {
        let text = text.get("text", "a string")?;
        let names = names.get("names", "an array of skill names")?;
        let replacement = replacement.get("replacement", "a string")?;
        guarded("SkillIndex.redact", || {
            let mut hidden = vec![false; self.catalog.len()];
            for name in &names {
                if let Some(i) = self.catalog.index_of(name) {
                    hidden[i] = true;
                }
            }
            Ok(self.search.redact(
                &text,
                &|i| hidden.get(i).copied().unwrap_or(false),
                &replacement,
            ))
        })
    }

    /// Dependency closure in load order; cycles and missing names are reported, not fatal.
    #[napi(catch_unwind)]
    pub fn closure(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<ClosureInfo, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillIndex.closure", || {
            Ok({
                let closure = self.closure_of(&name);
                let (cycles, missing) = closure_parts(&closure);
                ClosureInfo {
                    cycle_count: js_count(closure.cycle_count),
                    order: closure.order,
                    cycles,
                    missing,
                }
            })
        })
    }

    /// Loads one skill by exact name: its body without frontmatter (paginated, bound to the
    /// source revision) plus the first page of each dependency in load order. Names are only
    /// ever looked up in the catalog, never turned into paths.
    #[napi(catch_unwind)]
    pub fn load(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
        #[napi(ts_arg_type = "LoadOptions | undefined | null")] options: Option<Arg<LoadOptions>>,
    ) -> Result<LoadedSkill, ErrorCode> {
        let name = name.get("name", "a string")?;
        let options = Arg::optional_object(options, "options", "an options object")?;
        guarded("SkillIndex.load", || {
            let meta = self.catalog.get(&name).ok_or_else(|| {
                failure(
                    ErrorCode::SkillNotFound,
                    format!("no skill is named exactly \"{name}\""),
                    "search the catalog for the exact name",
                )
            })?;
            let allow_hidden = options
                .as_ref()
                .and_then(|o| o.allow_hidden)
                .unwrap_or(false);
            if meta.disable_model_invocation && !allow_hidden {
                return Err(hidden_skill(&name));
            }
            let offset = integer(
                "options.offset",
                options.as_ref().and_then(|o| o.offset),
                0,
                u32::MAX.into(),
            )?
            .unwrap_or(0) as usize;
            let column = integer(
                "options.column",
                options.as_ref().and_then(|o| o.column),
                0,
                u32::MAX.into(),
            )?
            .unwrap_or(0) as usize;
            let rev = options.as_ref().and_then(|o| o.rev.clone());
            let root = self.page(meta, offset, column, rev.as_deref(), allow_hidden)?;

            let with_dependencies = options
                .as_ref()
                .and_then(|o| o.with_dependencies)
                .unwrap_or(true)
                && offset == 0
                && column == 0;
            let mut dependencies = Vec::new();
            let mut dependency_errors = Vec::new();
            let (mut cycles, mut missing, mut cycle_count) = (Vec::new(), Vec::new(), 0);
            if with_dependencies {
                let closure = self.closure_of(&name);
                (cycles, missing) = closure_parts(&closure);
                cycle_count = js_count(closure.cycle_count);
                for dep in closure.order.iter().filter(|d| **d != name) {
                    let Some(dep_meta) = self.catalog.get(dep) else {
                        continue;
                    };
                    match self.page(dep_meta, 0, 0, None, true) {
                        Ok(page) => dependencies.push(page),
                        Err(err) => dependency_errors.push(DependencyError {
                            name: dep.clone(),
                            code: err.status.as_str().to_string(),
                            message: err.reason.clone(),
                        }),
                    }
                }
            }
            let resources = (offset == 0 && column == 0)
                .then(|| {
                    // Only a SKILL.md owns its directory; a standalone `name.md` shares it.
                    let file = meta
                        .file_path
                        .as_deref()
                        .filter(|f| f.file_name().is_some_and(|n| n == "SKILL.md"))?;
                    let base = meta
                        .base_dir
                        .clone()
                        .or_else(|| file.parent().map(Path::to_path_buf))?;
                    let sample =
                        skills::resource_sample(&base, file, RESOURCE_NAMES, RESOURCE_ENTRIES);
                    (sample.files_seen > 0).then(|| ResourceSampleInfo {
                        names: sample.names,
                        files_seen: js_count(sample.files_seen),
                        incomplete: sample.incomplete,
                    })
                })
                .flatten();
            Ok(LoadedSkill {
                root,
                resources,
                dependencies,
                dependency_errors,
                cycles,
                cycle_count,
                missing,
            })
        })
    }
}

fn hidden_skill(name: &str) -> Error<ErrorCode> {
    failure(
        ErrorCode::SkillHidden,
        format!("skill \"{name}\" can only be invoked by the user"),
        &format!("ask the user to type /skill:{name}"),
    )
}

fn malformed_cursor() -> Error<ErrorCode> {
    failure(
        ErrorCode::SearchCursorInvalid,
        "the cursor is malformed",
        "pass a cursor exactly as returned, or none",
    )
}

impl SkillIndex {
    fn parse_cursor(&self, cursor: &str) -> Result<usize, ErrorCode> {
        let mut parts = cursor.split('.');
        let (Some(prefix), Some(fingerprint), Some(offset), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed_cursor());
        };
        let offset: usize = offset.parse().map_err(|_| malformed_cursor())?;
        if prefix != CURSOR_PREFIX {
            return Err(malformed_cursor());
        }
        if fingerprint != self.catalog.fingerprint() {
            return Err(failure(
                ErrorCode::SearchCursorStale,
                "the skill catalog changed since this cursor was issued",
                "browse again without a cursor",
            ));
        }
        Ok(offset)
    }
}

// ---------------------------------------------------------------------------------------------
// Skill scopes and policy (profiles, groups, allow/ask/deny)
// ---------------------------------------------------------------------------------------------

#[napi(object)]
pub struct SkillPolicyRule {
    /// Exact name with `*` (any run) and `?` (one character) wildcards.
    pub pattern: String,
    /// `allow`, `ask` or `deny`.
    pub action: String,
}

fn policy_action(text: &str, what: &str) -> Result<skills::PolicyAction, ErrorCode> {
    skills::PolicyAction::parse(text).ok_or_else(|| {
        failure(
            ErrorCode::ConfigInvalid,
            format!("{what} must be \"allow\", \"ask\" or \"deny\", got \"{text}\""),
            "fix the action in permission.skill",
        )
    })
}

/// A compiled skill policy: rules apply in order and the last match wins.
#[napi]
pub struct SkillPolicy {
    inner: skills::SkillPolicy,
}

#[napi]
impl SkillPolicy {
    /// Fails with CONFIG_INVALID on an unknown action.
    #[napi(constructor, catch_unwind)]
    pub fn new(
        #[napi(ts_arg_type = "string")] default_action: Arg<String>,
        #[napi(ts_arg_type = "Array<SkillPolicyRule>")] rules: Arg<Vec<SkillPolicyRule>>,
    ) -> Result<Self, ErrorCode> {
        let default_action = default_action.get("defaultAction", "a string")?;
        let rules = rules.get("rules", "an array of { pattern, action } rules")?;
        guarded("SkillPolicy.new", || {
            let default = policy_action(&default_action, "the default action")?;
            let rules = rules
                .into_iter()
                .enumerate()
                .map(|(i, rule)| {
                    policy_action(&rule.action, &format!("rule {i}")).map(|a| (rule.pattern, a))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(SkillPolicy {
                inner: skills::SkillPolicy::new(default, rules),
            })
        })
    }

    /// `allow`, `ask` or `deny` for one exact name.
    #[napi(catch_unwind)]
    pub fn action_for(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<String, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillPolicy.actionFor", || {
            Ok(self.inner.action_for(&name).as_str().to_string())
        })
    }

    /// The names among `names` this policy denies, in order.
    #[napi(catch_unwind)]
    pub fn denied_among(
        &self,
        #[napi(ts_arg_type = "Array<string>")] names: Arg<Vec<String>>,
    ) -> Result<Vec<String>, ErrorCode> {
        let names = names.get("names", "an array of names")?;
        guarded("SkillPolicy.deniedAmong", || {
            Ok({
                names
                    .into_iter()
                    .filter(|name| self.inner.action_for(name) == skills::PolicyAction::Deny)
                    .collect()
            })
        })
    }
}

/// Whether a `*` / `?` pattern matches the whole name.
#[napi(catch_unwind)]
pub fn match_skill_pattern(
    #[napi(ts_arg_type = "string")] pattern: Arg<String>,
    #[napi(ts_arg_type = "string")] name: Arg<String>,
) -> Result<bool, ErrorCode> {
    let pattern = pattern.get("pattern", "a string")?;
    let name = name.get("name", "a string")?;
    guarded("matchSkillPattern", || {
        Ok(skills::NamePattern::new(&pattern).matches(&name))
    })
}

#[napi(object)]
pub struct SkillScopeInput {
    /// Group name -> member names or patterns.
    pub groups: HashMap<String, Vec<String>>,
    /// Profile name -> group names.
    pub profiles: HashMap<String, Vec<String>>,
    pub active_profile: Option<String>,
    pub active_group: Option<String>,
}

#[napi(object)]
pub struct SkillScopeView {
    /// `all`, `profile` or `group`.
    pub kind: String,
    pub profile: Option<String>,
    pub group: Option<String>,
    /// The names the scope admits, in the order given; absent for all skills.
    pub members: Option<Vec<String>>,
}

/// Resolves the one active scope and the skills (among `names`) it admits.
#[napi(catch_unwind)]
pub fn resolve_skill_scope(
    #[napi(ts_arg_type = "SkillScopeInput")] input: Arg<SkillScopeInput>,
    #[napi(ts_arg_type = "Array<string>")] names: Arg<Vec<String>>,
) -> Result<SkillScopeView, ErrorCode> {
    let input = input.get_object("input", "a { groups, profiles } object")?;
    let names = names.get("names", "an array of names")?;
    guarded("resolveSkillScope", || {
        Ok({
            let definitions = skills::ScopeDefinitions {
                groups: input.groups.into_iter().collect(),
                profiles: input.profiles.into_iter().collect(),
            };
            let scope = definitions.resolve(
                input.active_profile.as_deref(),
                input.active_group.as_deref(),
            );
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let members = definitions.members(&scope, &refs).map(|mask| {
                names
                    .iter()
                    .zip(mask)
                    .filter(|(_, keep)| *keep)
                    .map(|(name, _)| name.clone())
                    .collect()
            });
            let (profile, group) = match &scope {
                skills::Scope::All => (None, None),
                skills::Scope::Profile(profile) => (Some(profile.clone()), None),
                skills::Scope::Group { profile, group } => (profile.clone(), Some(group.clone())),
            };
            SkillScopeView {
                kind: scope.kind().to_string(),
                profile,
                group,
                members,
            }
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Compaction
// ---------------------------------------------------------------------------------------------

#[napi(object)]
#[derive(Clone, Default)]
pub struct CompactOptionsInput {
    /// Force a content kind (`log`, `test`, `grep`, `diff`, `json`, ...); `auto` or absent detects.
    pub kind: Option<String>,
    pub tool: Option<String>,
    pub command: Option<String>,
    pub path: Option<String>,
    pub query: Option<String>,
    /// Inputs smaller than this pass through byte-identical. Default about 1 KB.
    pub threshold_bytes: Option<f64>,
    /// Inputs larger than this pass through untouched.
    pub max_input_bytes: Option<f64>,
    /// When true, markers name `id=<content hash>` so `token_retrieve` can recover the lines.
    pub recoverable: Option<bool>,
    /// 0..=1, default 1; lower keeps more.
    pub aggressiveness: Option<f64>,
    /// Per-result budget in estimated tokens (default 8000).
    pub budget_tokens: Option<f64>,
    /// Hard cap on the view in bytes; never above Pi's own 2,000-line / 50 KB cut.
    pub max_output_bytes: Option<f64>,
}

#[napi(object)]
pub struct DroppedRangeInfo {
    pub start_line: u32,
    pub end_line: u32,
    pub template: String,
}

#[napi(object, object_from_js = false)]
pub struct CompactResult {
    /// The compacted view (invalid UTF-8 is shown with U+FFFD here; `buffer` has exact bytes).
    #[napi(ts_type = "string")]
    pub text: ResultText,
    pub kind: String,
    pub changed: bool,
    /// xxh3 of the input: the recovery id.
    pub id: String,
    pub original_bytes: f64,
    pub output_bytes: f64,
    pub original_lines: u32,
    pub ranges: Vec<DroppedRangeInfo>,
    pub strategies: Vec<String>,
}

fn core_compact_options(
    input: &[u8],
    options: Option<CompactOptionsInput>,
) -> Result<CompactOptions, ErrorCode> {
    let options = options.unwrap_or_default();
    let kind = match options.kind.as_deref() {
        None | Some("auto") | Some("") => None,
        Some(name) => Some(ContentKind::parse(name).ok_or_else(|| {
            failure(
                ErrorCode::InvalidArgument,
                format!("options.kind is an unknown kind \"{name}\""),
                "use auto, log, test, diagnostics, grep, diff, json, source, tree, table, config, text or binary",
            )
        })?),
    };
    Ok(CompactOptions {
        kind,
        tool: options.tool,
        command: options.command,
        path: options.path,
        query: options.query,
        threshold_bytes: integer(
            "options.thresholdBytes",
            options.threshold_bytes,
            0,
            MAX_SAFE_INTEGER,
        )?
        .map(|n| n as usize),
        max_input_bytes: integer(
            "options.maxInputBytes",
            options.max_input_bytes,
            0,
            MAX_SAFE_INTEGER,
        )?
        .map(|n| n as usize),
        recovery_id: options
            .recoverable
            .unwrap_or(false)
            .then(|| xxh3_hex(input)),
        aggressiveness: fraction("options.aggressiveness", options.aggressiveness)?,
        budget_tokens: integer(
            "options.budgetTokens",
            options.budget_tokens,
            0,
            u32::MAX.into(),
        )?
        .map(|n| n as usize),
        max_output_bytes: integer(
            "options.maxOutputBytes",
            options.max_output_bytes,
            0,
            MAX_SAFE_INTEGER,
        )?
        .map(|n| n as usize),
    })
}

/// A result's text on its way to JS. An unchanged result hands over the input itself: a
/// string is moved, and a Buffer's bytes become the JS string directly, without a Rust copy in
/// between, so passing a large input through costs no more than compacting it.
pub struct ResultText(Either<Buffer, String>);

impl TypeName for ResultText {
    fn type_name() -> &'static str {
        "String"
    }

    fn value_type() -> ValueType {
        ValueType::String
    }
}

impl ToNapiValue for ResultText {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        match val.0 {
            Either::B(text) => unsafe { String::to_napi_value(env, text) },
            Either::A(buf) => match std::str::from_utf8(&buf) {
                Ok(text) => unsafe { <&str>::to_napi_value(env, text) },
                Err(_) => unsafe {
                    String::to_napi_value(env, String::from_utf8_lossy(&buf).into_owned())
                },
            },
        }
    }
}

/// The text of a result: the compacted bytes (moved when valid UTF-8), or for an unchanged
/// result the input itself (see [`ResultText`]).
/// `input` is `None` when the caller's input must not be read again (async results, whose
/// input may have changed meanwhile): `out.text` then holds every byte, unchanged or not.
fn result_text(out: &mut compact::Compacted, input: Option<Either<Buffer, String>>) -> ResultText {
    match input {
        Some(input) if !out.changed => ResultText(input),
        _ => ResultText(Either::B(
            String::from_utf8(std::mem::take(&mut out.text))
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        )),
    }
}

fn compact_result(
    mut out: compact::Compacted,
    input: Option<Either<Buffer, String>>,
) -> CompactResult {
    CompactResult {
        text: result_text(&mut out, input),
        kind: out.kind.as_str().to_string(),
        changed: out.changed,
        id: out.id,
        original_bytes: out.original_bytes as f64,
        output_bytes: out.output_bytes as f64,
        original_lines: js_count(out.original_lines),
        ranges: out
            .ranges
            .into_iter()
            .map(|r| DroppedRangeInfo {
                start_line: js_count(r.start_line),
                end_line: js_count(r.end_line),
                template: r.template,
            })
            .collect(),
        strategies: out.strategies.iter().map(|s| s.to_string()).collect(),
    }
}

fn input_bytes(input: &Either<Buffer, String>) -> &[u8] {
    match input {
        Either::A(buf) => buf,
        Either::B(text) => text.as_bytes(),
    }
}

/// Compacts tool output. Small inputs come back unchanged; any internal failure returns the
/// original (fail open).
#[napi(catch_unwind)]
pub fn compact(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<CompactResult, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compact", || {
        let core_options = core_compact_options(input_bytes(&input), options)?;
        let out = compact::compact_unchanged_empty(input_bytes(&input), &core_options);
        Ok(compact_result(out, Some(input)))
    })
}

/// Like `compact`, but returns the exact output bytes (for the CLI, which must not re-encode).
#[napi(catch_unwind)]
pub fn compact_to_buffer(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<Buffer, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactToBuffer", || {
        let core_options = core_compact_options(input_bytes(&input), options)?;
        let out = compact::compact_unchanged_empty(input_bytes(&input), &core_options);
        if out.changed {
            return Ok(out.text.into());
        }
        // Unchanged: hand the input back rather than a copy of it.
        Ok(match input {
            Either::A(buf) => buf,
            Either::B(text) => text.into_bytes().into(),
        })
    })
}

/// The input as bytes the task owns. A Buffer is copied before the call returns: the caller
/// may detach, mutate or drop it while the task runs, and the task must neither read freed
/// memory nor hash different bytes from the ones it compacts. A string is already a copy.
fn owned_bytes(input: Either<Buffer, String>) -> Vec<u8> {
    match input {
        Either::A(buf) => buf.to_vec(),
        Either::B(text) => text.into_bytes(),
    }
}

pub struct CompactTask {
    input: Vec<u8>,
    /// Validated before the task is queued, so bad options fail synchronously with a code.
    options: CompactOptions,
    /// Why `compute` failed, with its code, for `reject` to hand to JS.
    failed: Option<Error<ErrorCode>>,
}

impl Task for CompactTask {
    type Output = compact::Compacted;
    type JsValue = CompactResult;

    fn compute(&mut self) -> Result<Self::Output> {
        let (input, options) = (&self.input, &self.options);
        // A panic escaping compute would abort Node: it runs on a libuv worker.
        guarded("compactAsync:worker", || {
            Ok(compact::compact(input, options))
        })
        .map_err(|error| {
            let status_error = Error::new(Status::GenericFailure, error.reason.clone());
            self.failed = Some(error);
            status_error
        })
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::JsValue> {
        guarded_with("compactAsync:worker", false, || {
            Ok(compact_result(output, None))
        })
        .map_err(|error| Error::new(Status::GenericFailure, error.reason))
    }

    fn reject(&mut self, env: Env, err: Error) -> Result<Self::JsValue> {
        let coded = self.failed.take().unwrap_or_else(|| {
            failure(
                ErrorCode::Internal,
                err.reason,
                boundary::remedy(ErrorCode::Internal),
            )
        });
        Err(boundary::rejection(env, coded))
    }
}

/// Off-thread `compact` for large inputs (runs on the libuv pool). Options are checked
/// before queuing: an unknown kind throws `INVALID_ARGUMENT` like the sync variant. The
/// input is copied first, so the task never reads memory the caller still controls.
#[napi(catch_unwind)]
pub fn compact_async(
    #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    #[napi(ts_arg_type = "CompactOptionsInput | undefined | null")] options: Option<
        Arg<CompactOptionsInput>,
    >,
) -> Result<AsyncTask<CompactTask>, ErrorCode> {
    let input = input.get("input", "a Buffer or a string")?;
    let options = Arg::optional_object(options, "options", "an options object")?;
    guarded("compactAsync", || {
        let input = owned_bytes(input);
        let options = core_compact_options(&input, options)?;
        Ok(AsyncTask::new(CompactTask {
            input,
            options,
            failed: None,
        }))
    })
}

// ---------------------------------------------------------------------------------------------
// Recovery store
// ---------------------------------------------------------------------------------------------

/// Line arguments from JS: 1-based whole numbers, so 0, negatives and fractions are caller
/// errors rather than something to clamp or wrap.
fn line_argument(value: Option<f64>, default: usize, what: &str) -> Result<usize, ErrorCode> {
    Ok(integer(what, value, 1, u32::MAX.into())?.map_or(default, |n| n as usize))
}

#[napi(object)]
pub struct RecoveryStoreOptions {
    pub max_entries: Option<f64>,
    pub max_bytes: Option<f64>,
    /// Directory for durable, content-addressed originals. Absent keeps them in memory only.
    pub dir: Option<String>,
    pub disk_budget_bytes: Option<f64>,
}

#[napi(object)]
pub struct RetrievedLines {
    /// The exact original lines, line terminators included.
    pub text: String,
    pub start_line: u32,
    pub end_line: u32,
    pub total_lines: u32,
    pub next_start_line: Option<u32>,
}

#[napi(object)]
pub struct RecoveryStats {
    pub entries: u32,
    pub bytes: f64,
    pub disk_entries: u32,
    pub disk_bytes: f64,
    /// Originals accepted by `put` whose blob is not durable yet.
    pub pending_writes: u32,
    /// Temp files of crashed writers deleted when the store opened.
    pub stale_temps_removed: f64,
    /// Blob writes that failed since the store opened.
    pub write_failures: f64,
}

/// Originals of compacted output, addressed by content hash, bounded in memory (LRU) and
/// optionally persisted on disk so ids survive a restart, `/resume` and `/fork`.
#[napi]
pub struct RecoveryStore {
    inner: Arc<CoreStore>,
}

/// `retrieveAsync`: reads a blob from disk on the libuv pool instead of the event loop.
pub struct RetrieveTask {
    store: Arc<CoreStore>,
    id: String,
    start_line: usize,
    max_lines: usize,
}

impl Task for RetrieveTask {
    type Output =
        std::result::Result<lean_core::recovery::Retrieved, lean_core::recovery::RecoveryError>;
    type JsValue = RetrievedLines;

    fn compute(&mut self) -> Result<Self::Output> {
        let (store, id) = (&self.store, self.id.as_str());
        let (start, max) = (self.start_line, self.max_lines);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            store.retrieve(id, start, max)
        }))
        .map_err(|_| {
            Error::new(
                Status::GenericFailure,
                "INTERNAL: retrieve failed; try again".to_string(),
            )
        })
    }

    /// A store error rejects with the same `code` property the sync `retrieve` throws with;
    /// the error object is built here, on the JS thread, so it can carry the property.
    fn resolve(&mut self, env: Env, got: Self::Output) -> Result<Self::JsValue> {
        match got {
            Ok(got) => Ok(retrieved_lines(got)),
            Err(err) => {
                let mut error =
                    env.create_error(Error::new(Status::GenericFailure, err.to_string()))?;
                error.set_named_property("code", err.code.as_str())?;
                Err(Error::from(error.to_unknown()))
            }
        }
    }
}

fn retrieved_lines(got: lean_core::recovery::Retrieved) -> RetrievedLines {
    RetrievedLines {
        text: String::from_utf8_lossy(&got.text).into_owned(),
        start_line: js_count(got.start_line),
        end_line: js_count(got.end_line),
        total_lines: js_count(got.total_lines),
        next_start_line: got.next_start_line.map(js_count),
    }
}

impl RecoveryStore {
    fn retrieve_core(
        &self,
        id: &str,
        start_line: Option<f64>,
        max_lines: Option<f64>,
    ) -> Result<lean_core::recovery::Retrieved, ErrorCode> {
        let start = line_argument(start_line, 1, "startLine")?;
        let max = line_argument(max_lines, 240, "maxLines")?;
        self.inner.retrieve(id, start, max).map_err(from_core)
    }
}

/// Checks the store options: counts are whole numbers of at least 1, and a `dir` must name a
/// directory (an empty one would put blobs in the process's working directory).
fn store_config(options: Option<RecoveryStoreOptions>) -> Result<StoreConfig, ErrorCode> {
    let defaults = StoreConfig::default();
    let Some(o) = options else {
        return Ok(defaults);
    };
    if o.dir.as_deref().is_some_and(|dir| dir.trim().is_empty()) {
        return Err(invalid(
            "options.dir",
            "is empty",
            "pass a directory path, or leave dir out to keep originals in memory",
        ));
    }
    Ok(StoreConfig {
        max_entries: integer("options.maxEntries", o.max_entries, 1, u32::MAX.into())?
            .map_or(defaults.max_entries, |n| n as usize),
        max_bytes: integer("options.maxBytes", o.max_bytes, 1, MAX_SAFE_INTEGER)?
            .map_or(defaults.max_bytes, |n| n as usize),
        dir: o.dir.map(PathBuf::from),
        disk_budget_bytes: integer(
            "options.diskBudgetBytes",
            o.disk_budget_bytes,
            1,
            MAX_SAFE_INTEGER,
        )?
        .unwrap_or(defaults.disk_budget_bytes),
    })
}

#[napi]
impl RecoveryStore {
    /// Opens (and creates, for a durable `dir`) a store. A factory rather than a constructor
    /// so that failures carry a stable code.
    #[napi(factory, catch_unwind)]
    pub fn open(
        #[napi(ts_arg_type = "RecoveryStoreOptions | undefined | null")] options: Option<
            Arg<RecoveryStoreOptions>,
        >,
    ) -> Result<Self, ErrorCode> {
        let options = Arg::optional_object(options, "options", "an options object")?;
        guarded("RecoveryStore.open", || {
            let config = store_config(options)?;
            Ok(RecoveryStore {
                inner: Arc::new(CoreStore::open(config).map_err(from_core)?),
            })
        })
    }

    /// Stores an original and returns its id (the xxh3 content hash). Idempotent. With a `dir`
    /// the blob is written behind the call; the original is retrievable from the moment the
    /// id is returned.
    #[napi(catch_unwind)]
    pub fn put(
        &self,
        #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    ) -> Result<String, ErrorCode> {
        let input = input.get("input", "a Buffer or a string")?;
        guarded("RecoveryStore.put", || {
            self.inner.put(input_bytes(&input)).map_err(from_core)
        })
    }

    #[napi(catch_unwind)]
    pub fn contains(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
    ) -> Result<bool, ErrorCode> {
        let id = id.get("id", "a string")?;
        guarded("RecoveryStore.contains", || Ok(self.inner.contains(&id)))
    }

    /// Exact original lines `startLine..startLine+maxLines` (1-based), as text. Bytes that are
    /// not UTF-8 show as U+FFFD here; `retrieveBytes` returns them exactly.
    #[napi(catch_unwind)]
    pub fn retrieve(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<RetrievedLines, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieve", || {
            Ok(retrieved_lines(
                self.retrieve_core(&id, start_line, max_lines)?,
            ))
        })
    }

    /// `retrieve` off the event loop: an original evicted from memory is read (up to the disk
    /// budget) and verified on the libuv pool. Arguments are checked before queuing.
    #[napi(catch_unwind, ts_return_type = "Promise<RetrievedLines>")]
    pub fn retrieve_async(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<AsyncTask<RetrieveTask>, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieveAsync", || {
            Ok(AsyncTask::new(RetrieveTask {
                store: Arc::clone(&self.inner),
                id,
                start_line: line_argument(start_line, 1, "startLine")?,
                max_lines: line_argument(max_lines, 240, "maxLines")?,
            }))
        })
    }

    /// The same lines as `retrieve`, byte for byte.
    #[napi(catch_unwind)]
    pub fn retrieve_bytes(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<Buffer, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieveBytes", || {
            Ok(self.retrieve_core(&id, start_line, max_lines)?.text.into())
        })
    }

    /// Blocks until every original put so far is durable on disk (`put` writes behind, on a
    /// worker thread). Throws `RECOVERY_IO` once for a write that failed since the last flush;
    /// its original stays retrievable from memory while the LRU keeps it.
    #[napi(catch_unwind)]
    pub fn flush(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.flush", || {
            self.inner.flush().map_err(from_core)
        })
    }

    /// Empties memory and the durable directory.
    #[napi(catch_unwind)]
    pub fn clear(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.clear", || {
            self.inner.clear().map_err(from_core)
        })
    }

    #[napi(catch_unwind)]
    pub fn stats(&self) -> Result<RecoveryStats, ErrorCode> {
        guarded("RecoveryStore.stats", || {
            Ok({
                let s = self.inner.stats();
                RecoveryStats {
                    entries: js_count(s.entries),
                    bytes: s.bytes as f64,
                    disk_entries: js_count(s.disk_entries),
                    disk_bytes: s.disk_bytes as f64,
                    pending_writes: js_count(s.pending_writes),
                    stale_temps_removed: s.stale_temps_removed as f64,
                    write_failures: s.write_failures as f64,
                }
            })
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Tool index (Token Saver tool-schema deferral)
// ---------------------------------------------------------------------------------------------

/// One tool's metadata, from Pi's `getAllTools()`.
#[napi(object)]
pub struct ToolInput {
    pub name: String,
    pub description: Option<String>,
    /// Parameter names and descriptions flattened to text (the schema itself is not needed).
    pub parameters: Option<String>,
}

#[napi(object)]
pub struct ToolSearchHit {
    pub name: String,
    pub score: f64,
}

/// Search over tool metadata, so deferred tools can be found and activated by a query.
#[napi]
pub struct ToolIndex {
    inner: lean_core::tools::ToolIndex,
}

#[napi]
impl ToolIndex {
    #[napi(constructor, catch_unwind)]
    pub fn new(
        #[napi(ts_arg_type = "Array<ToolInput>")] tools: Arg<Vec<ToolInput>>,
    ) -> Result<Self, ErrorCode> {
        let tools = tools.get(
            "tools",
            "an array of { name, description?, parameters? } tools",
        )?;
        guarded("ToolIndex.new", || {
            Ok({
                let metas = tools
                    .into_iter()
                    .map(|t| lean_core::tools::ToolMeta {
                        name: t.name,
                        description: t.description.unwrap_or_default(),
                        parameters: t.parameters.unwrap_or_default(),
                    })
                    .collect();
                ToolIndex {
                    inner: lean_core::tools::ToolIndex::build(metas),
                }
            })
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn size(&self) -> Result<u32, ErrorCode> {
        guarded("ToolIndex.size", || Ok(js_count(self.inner.len())))
    }

    /// Best matches first, at most `limit` (default 3, clamped to 1..=8), scores above zero.
    #[napi(catch_unwind)]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] limit: Option<Arg<f64>>,
    ) -> Result<Vec<ToolSearchHit>, ErrorCode> {
        let query = query.get("query", "a string")?;
        let limit = Arg::optional(limit, "limit", "a result count")?;
        let limit = integer("limit", limit, 1, u32::MAX.into())?.unwrap_or(3) as usize;
        guarded("ToolIndex.search", || {
            Ok({
                self.inner
                    .search(&query, limit)
                    .into_iter()
                    .map(|hit| ToolSearchHit {
                        name: self.inner.tools()[hit.index].name.clone(),
                        score: hit.score,
                    })
                    .collect()
            })
        })
    }
}
