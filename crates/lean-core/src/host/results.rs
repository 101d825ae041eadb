//! Each result of the host API as [`Data`], field for field from the core's types, under the
//! names and shapes declared for TypeScript in the binding's `src/results.d.ts`.

use crate::capsule::{Capsule, DISTILLER_VERSION};
use crate::compact::Compacted;
use crate::error::Coded;
use crate::recovery::{Retrieved, StoreStats};
use crate::skills::{
    BrowsePage, Closure, Diagnostic, LoadedSkill, PageHit, Scope, SearchPage, SkillBlock,
    SkillMeta, SkillPage,
};
use crate::tools::{ToolHit, ToolMeta};

use super::Data;

/// A `SkillInfo`.
pub fn skill_info(meta: &SkillMeta) -> Data {
    obj! {
        c"name" => &meta.name,
        c"description" => &meta.description,
        c"disableModelInvocation" => meta.disable_model_invocation,
        c"requires" => &meta.requires,
        c"filePath" => meta.file_path.as_deref(),
        c"baseDir" => meta.base_dir.as_deref(),
    }
}

/// A `SkillDiagnostic`.
pub fn diagnostic(d: &Diagnostic) -> Data {
    obj! {
        c"code" => d.code.as_str(),
        c"message" => &d.message,
        c"path" => d.path.as_deref(),
        c"name" => d.name.as_ref(),
    }
}

fn hits(hits: Vec<PageHit>) -> Vec<Data> {
    let hit = |hit: PageHit| {
        obj! {
            c"name" => hit.name,
            c"description" => hit.description,
            c"score" => hit.score,
            c"pinned" => hit.pin.map(|pin| pin.as_str()),
        }
    };
    hits.into_iter().map(hit).collect()
}

/// A `SearchResponse`.
pub fn search_response(page: SearchPage) -> Data {
    obj! {
        c"hits" => hits(page.hits),
        c"confidence" => page.confidence,
        c"strong" => page.strong,
        c"eligible" => page.eligible,
        c"more" => page.more,
    }
}

/// A `BrowseResponse`.
pub fn browse_response(page: BrowsePage) -> Data {
    obj! {
        c"hits" => hits(page.hits),
        c"eligible" => page.eligible,
        c"offset" => page.offset,
        c"nextCursor" => page.next_cursor,
    }
}

fn missing(missing: Vec<(String, String)>) -> Vec<Data> {
    let pair = |(from, name)| obj! { c"from" => from, c"name" => name };
    missing.into_iter().map(pair).collect()
}

/// A `ClosureInfo`.
pub fn closure_info(closure: Closure) -> Data {
    obj! {
        c"order" => closure.order,
        c"cycles" => closure.cycles,
        c"cycleCount" => closure.cycle_count,
        c"missing" => missing(closure.missing),
    }
}

fn skill_page(page: SkillPage) -> Data {
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

/// A `LoadedSkill`; each dependency error carries its code and its message in the one form.
pub fn loaded_skill(loaded: LoadedSkill) -> Data {
    let dependency_error = |(name, err): (String, crate::skills::SkillError)| {
        obj! { c"name" => name, c"code" => err.code().as_str(), c"message" => err.report() }
    };
    let errors = loaded.dependency_errors.into_iter();
    obj! {
        c"root" => skill_page(loaded.root),
        c"dependencies" => loaded.dependencies.into_iter().map(skill_page).collect::<Vec<_>>(),
        c"dependencyErrors" => errors.map(dependency_error).collect::<Vec<_>>(),
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

/// The `SkillBlockSpan`s of `scanSkillBlocks`.
pub fn skill_blocks(blocks: Vec<SkillBlock>) -> Data {
    let span = |block: SkillBlock| {
        obj! {
            c"start" => block.start,
            c"end" => block.end,
            c"names" => block.names,
            c"undecodable" => block.undecodable,
        }
    };
    Data::List(blocks.into_iter().map(span).collect())
}

/// A `SkillScopeView`: the active scope and the names it admits (`None` for all skills).
pub fn scope_view(scope: &Scope, members: Option<Vec<String>>) -> Data {
    obj! {
        c"kind" => scope.kind(),
        c"profile" => scope.profile(),
        c"group" => scope.group(),
        c"members" => members,
    }
}

/// A `RetrievedLines` (bytes that are not UTF-8 show as U+FFFD).
pub fn retrieved_lines(got: Retrieved) -> Data {
    obj! {
        c"text" => String::from_utf8_lossy(&got.text).into_owned(),
        c"startLine" => got.start_line,
        c"endLine" => got.end_line,
        c"totalLines" => got.total_lines,
        c"nextStartLine" => got.next_start_line,
    }
}

/// A `RecoveryStats`; byte totals are exact numbers, not saturated counts.
pub fn recovery_stats(s: StoreStats) -> Data {
    obj! {
        c"entries" => s.entries,
        c"bytes" => s.bytes as f64,
        c"diskEntries" => s.disk_entries,
        c"diskBytes" => s.disk_bytes,
        c"pendingWrites" => s.pending_writes,
        c"staleTempsRemoved" => s.stale_temps_removed,
        c"writeFailures" => s.write_failures,
    }
}

/// A `CapsuleInfo`.
pub fn capsule_info(c: Capsule) -> Data {
    obj! {
        c"text" => c.text,
        c"keptUnits" => c.kept_units,
        c"totalUnits" => c.total_units,
        c"ruleUnits" => c.rule_units,
        c"distillerVersion" => DISTILLER_VERSION,
    }
}

/// The `ToolSearchHit`s of a tool search over `tools`.
pub fn tool_hits(tools: &[ToolMeta], hits: Vec<ToolHit>) -> Data {
    let hit = |hit: ToolHit| obj! { c"name" => &tools[hit.index].name, c"score" => hit.score };
    Data::List(hits.into_iter().map(hit).collect())
}

/// The fields of a `CompactResult` after its `text`, which the host supplies: the view, or
/// the caller's own input when unchanged.
pub fn compact_fields(out: &Compacted) -> Vec<(&'static std::ffi::CStr, Data)> {
    let range = |range: &crate::compact::DroppedRange| {
        obj! {
            c"startLine" => range.start_line,
            c"endLine" => range.end_line,
            c"template" => &range.template,
        }
    };
    fields! {
        c"kind" => out.kind.as_str(),
        c"changed" => out.changed,
        c"id" => &out.id,
        c"originalBytes" => out.original_bytes as f64,
        c"outputBytes" => out.output_bytes as f64,
        c"originalLines" => out.original_lines,
        c"ranges" => Data::List(out.ranges.iter().map(range).collect()),
        c"strategies" => out.strategies.clone(),
    }
}
