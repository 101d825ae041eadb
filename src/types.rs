//! The plain data that crosses the boundary. Inputs are `#[napi(object)]` structs, read by
//! napi's own conversion; results are built as [`Js`] data (see `convert`), field for field
//! from the core's types, and declared for TypeScript in `src/results.d.ts`.

use std::collections::HashMap;

use lean_core::{options, skills};
use napi_derive::napi;

use crate::args::Arg;
use crate::convert::Js;
use crate::errors::from_core;
use crate::{into_core, obj};

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
#[derive(Default)]
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

into_core! {
    SkillInput => options::SkillEntry {
        name, description, file_path, base_dir, disable_model_invocation, requires
    }
    SearchOptions => options::PageOptions {
        limit, include_hidden, description_max, only, exclude, offset
    }
    LoadOptions => options::LoadOptions { offset, column, rev, allow_hidden, with_dependencies }
    SkillPolicyRule => options::RuleEntry { pattern, action }
    SkillScopeInput => options::ScopeEntry { groups, profiles, active_profile, active_group }
}

pub(crate) fn skill_info(meta: &skills::SkillMeta) -> Js {
    obj! {
        c"name" => &meta.name,
        c"description" => &meta.description,
        c"disableModelInvocation" => meta.disable_model_invocation,
        c"requires" => &meta.requires,
        c"filePath" => meta.file_path.as_deref(),
        c"baseDir" => meta.base_dir.as_deref(),
    }
}

pub(crate) fn diagnostic(d: &skills::Diagnostic) -> Js {
    obj! {
        c"code" => d.code.as_str(),
        c"message" => &d.message,
        c"path" => d.path.as_deref(),
        c"name" => d.name.as_ref(),
    }
}

fn hits(hits: Vec<skills::PageHit>) -> Vec<Js> {
    let hit = |hit: skills::PageHit| {
        obj! {
            c"name" => hit.name,
            c"description" => hit.description,
            c"score" => hit.score,
            c"pinned" => hit.pin.map(|pin| pin.as_str()),
        }
    };
    hits.into_iter().map(hit).collect()
}

pub(crate) fn search_response(page: skills::SearchPage) -> Js {
    obj! {
        c"hits" => hits(page.hits),
        c"confidence" => page.confidence,
        c"strong" => page.strong,
        c"eligible" => page.eligible,
        c"more" => page.more,
    }
}

pub(crate) fn browse_response(page: skills::BrowsePage) -> Js {
    obj! {
        c"hits" => hits(page.hits),
        c"eligible" => page.eligible,
        c"offset" => page.offset,
        c"nextCursor" => page.next_cursor,
    }
}

fn missing(missing: Vec<(String, String)>) -> Vec<Js> {
    let pair = |(from, name)| obj! { c"from" => from, c"name" => name };
    missing.into_iter().map(pair).collect()
}

pub(crate) fn closure_info(closure: skills::Closure) -> Js {
    obj! {
        c"order" => closure.order,
        c"cycles" => closure.cycles,
        c"cycleCount" => closure.cycle_count,
        c"missing" => missing(closure.missing),
    }
}

fn skill_page(page: skills::SkillPage) -> Js {
    let body = page.page;
    obj! {
        c"name" => page.name,
        c"filePath" => page.file_path,
        c"baseDir" => page.base_dir,
        c"text" => body.text,
        c"rev" => body.rev,
        c"offset" => body.offset,
        c"column" => body.column,
        c"nextColumn" => body.next_column,
        c"totalLines" => body.total_lines,
        c"nextOffset" => body.next_offset,
    }
}

pub(crate) fn loaded_skill(loaded: skills::LoadedSkill) -> Js {
    let dependency_error = |(name, err)| {
        let coded = from_core(err);
        obj! { c"name" => name, c"code" => coded.status.as_str(), c"message" => coded.reason }
    };
    obj! {
        c"root" => skill_page(loaded.root),
        c"dependencies" => loaded.dependencies.into_iter().map(skill_page).collect::<Vec<_>>(),
        c"dependencyErrors" => loaded.dependency_errors.into_iter().map(dependency_error).collect::<Vec<_>>(),
        c"cycles" => loaded.closure.cycles,
        c"cycleCount" => loaded.closure.cycle_count,
        c"missing" => missing(loaded.closure.missing),
        c"resources" => loaded.resources.map(|sample| obj! {
            c"names" => sample.names,
            c"filesSeen" => sample.files_seen,
            c"incomplete" => sample.incomplete,
        }),
    }
}
