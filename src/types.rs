//! The plain data objects that cross the boundary (`#[napi(object)]`), and their conversions
//! from core types. No logic beyond field mapping lives here: counts become JS numbers, paths
//! become strings, core errors become coded messages.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lean_core::skills;
use napi_derive::napi;

use crate::args::Arg;
use crate::errors::from_core;

pub(crate) use crate::convert::js_count;

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

#[napi(object, object_to_js = false)]
pub struct SkillIndexOptions {
    /// Largest SKILL.md that is read, checked before reading. Default 16 MiB.
    pub max_source_bytes: Option<f64>,
    /// Extra dependencies from config: skill name -> names loaded with it.
    // Taken as an `Arg`: napi reads a number or a string as an empty object, which would
    // silently drop a wrong-typed `autoload` instead of rejecting it.
    #[napi(ts_type = "Record<string, Array<string>>")]
    pub autoload: Option<Arg<HashMap<String, Vec<String>>>>,
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
    /// Why the hit was pinned ahead of the ranking: the text invokes it explicitly
    /// (`invocation`), names it with a distinctive name (`name`), or names it with a single
    /// word rare in descriptions (`word`: ranked first, but the confidence stays lexical).
    /// Absent for ranked hits.
    #[napi(ts_type = "'invocation' | 'name' | 'word'")]
    pub pinned: Option<String>,
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

fn path_text(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn optional_path(p: &Option<PathBuf>) -> Option<String> {
    p.as_deref().map(path_text)
}

impl From<SkillInput> for skills::SkillInput {
    fn from(input: SkillInput) -> Self {
        skills::SkillInput {
            name: input.name,
            description: input.description,
            file_path: input.file_path.map(PathBuf::from),
            base_dir: input.base_dir.map(PathBuf::from),
            disable_model_invocation: input.disable_model_invocation.unwrap_or(false),
            requires: input.requires,
        }
    }
}

impl From<&skills::SkillMeta> for SkillInfo {
    fn from(meta: &skills::SkillMeta) -> Self {
        SkillInfo {
            name: meta.name.clone(),
            description: meta.description.clone(),
            file_path: optional_path(&meta.file_path),
            base_dir: optional_path(&meta.base_dir),
            disable_model_invocation: meta.disable_model_invocation,
            requires: meta.requires.clone(),
        }
    }
}

impl From<&skills::Diagnostic> for SkillDiagnostic {
    fn from(d: &skills::Diagnostic) -> Self {
        SkillDiagnostic {
            code: d.code.as_str().to_string(),
            path: optional_path(&d.path),
            name: d.name.clone(),
            message: d.message.clone(),
        }
    }
}

impl From<skills::PageHit> for SearchHitInfo {
    fn from(hit: skills::PageHit) -> Self {
        SearchHitInfo {
            name: hit.name,
            description: hit.description,
            score: hit.score,
            pinned: hit.pin.map(|pin| pin.as_str().to_string()),
        }
    }
}

impl From<skills::SearchPage> for SearchResponse {
    fn from(page: skills::SearchPage) -> Self {
        SearchResponse {
            hits: page.hits.into_iter().map(SearchHitInfo::from).collect(),
            confidence: page.confidence,
            strong: page.strong,
            eligible: js_count(page.eligible),
            more: page.more,
        }
    }
}

impl From<skills::BrowsePage> for BrowseResponse {
    fn from(page: skills::BrowsePage) -> Self {
        BrowseResponse {
            hits: page.hits.into_iter().map(SearchHitInfo::from).collect(),
            next_cursor: page.next_cursor,
            eligible: js_count(page.eligible),
            offset: js_count(page.offset),
        }
    }
}

fn missing_dependencies(missing: Vec<(String, String)>) -> Vec<MissingDependency> {
    missing
        .into_iter()
        .map(|(from, name)| MissingDependency { from, name })
        .collect()
}

impl From<skills::Closure> for ClosureInfo {
    fn from(closure: skills::Closure) -> Self {
        ClosureInfo {
            order: closure.order,
            cycles: closure.cycles,
            cycle_count: js_count(closure.cycle_count),
            missing: missing_dependencies(closure.missing),
        }
    }
}

impl From<skills::SkillPage> for SkillPage {
    fn from(page: skills::SkillPage) -> Self {
        let body = page.page;
        SkillPage {
            name: page.name,
            file_path: path_text(&page.file_path),
            base_dir: path_text(&page.base_dir),
            text: body.text,
            rev: body.rev,
            offset: js_count(body.offset),
            column: js_count(body.column),
            next_offset: body.next_offset.map(js_count),
            next_column: js_count(body.next_column),
            total_lines: js_count(body.total_lines),
        }
    }
}

impl From<skills::LoadedSkill> for LoadedSkill {
    fn from(loaded: skills::LoadedSkill) -> Self {
        LoadedSkill {
            root: loaded.root.into(),
            resources: loaded.resources.map(|sample| ResourceSampleInfo {
                names: sample.names,
                files_seen: js_count(sample.files_seen),
                incomplete: sample.incomplete,
            }),
            dependencies: loaded
                .dependencies
                .into_iter()
                .map(SkillPage::from)
                .collect(),
            dependency_errors: loaded
                .dependency_errors
                .into_iter()
                .map(|(name, err)| {
                    let coded = from_core(err);
                    DependencyError {
                        name,
                        code: coded.status.as_str().to_string(),
                        message: coded.reason,
                    }
                })
                .collect(),
            cycles: loaded.closure.cycles,
            cycle_count: js_count(loaded.closure.cycle_count),
            missing: missing_dependencies(loaded.closure.missing),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Skill scopes and policy
// ---------------------------------------------------------------------------------------------

#[napi(object)]
pub struct SkillPolicyRule {
    /// Exact name with `*` (any run) and `?` (one character) wildcards.
    pub pattern: String,
    /// `allow`, `ask` or `deny`.
    pub action: String,
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
