//! `SkillIndex`: the JS handle on a [`SkillSnapshot`]. Each method checks its arguments, asks
//! the snapshot, and converts the answer; ranking, paging, cursors, eligibility, capping and
//! loading all live in `lean_core::skills`. Building a large catalog and loading a skill with
//! its dependencies read many files, so both also run off the event loop (`build`,
//! `loadAsync`).

use std::path::PathBuf;
use std::sync::Arc;

use lean_core::options::{self, IndexOptions, PageOptions};
use lean_core::skills::{self, SkillSnapshot, SnapshotOptions};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{read_options, Arg};
use crate::convert::{js_count, IntoJs, Js};
use crate::errors::{from_core, guarded, rejected, OffThread};
use crate::obj;
use crate::types::{self, LoadOptions, SearchOptions, SkillIndexOptions, SkillInput};

/// `SkillIndexOptions` read from JS, checked and defaulted by the core.
fn snapshot_options(options: Option<Arg<SkillIndexOptions>>) -> Result<SnapshotOptions, ErrorCode> {
    let options = Arg::optional_object(options, "options", "an options object")?;
    let SkillIndexOptions {
        max_source_bytes,
        autoload,
        embeddings,
    } = options.unwrap_or_default();
    let autoload = Arg::optional_object(
        autoload,
        "options.autoload",
        "an object mapping skill names to arrays of skill names",
    )?;
    let options = IndexOptions {
        max_source_bytes,
        autoload,
        embeddings,
    };
    options.snapshot().map_err(rejected)
}

/// The skill list and options of the constructor and of `build`.
fn inputs(
    skills_in: Arg<Vec<SkillInput>>,
    options: Option<Arg<SkillIndexOptions>>,
) -> Result<(Vec<skills::SkillInput>, SnapshotOptions), ErrorCode> {
    let skills_in = skills_in.get(
        "skillsIn",
        "an array of skills ({ name, description, ... })",
    )?;
    let skills_in = skills_in.into_iter().map(options::SkillEntry::from);
    Ok((
        skills_in.map(Into::into).collect(),
        snapshot_options(options)?,
    ))
}

/// A snapshot of the skill catalog with its search index. Immutable once built: a new
/// snapshot is built when Pi reports a different skill set, and cursors bind to its fingerprint.
#[napi]
pub struct SkillIndex {
    inner: Arc<SkillSnapshot>,
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
        let (inputs, options) = inputs(skills_in, options)?;
        guarded("SkillIndex.new", || {
            Ok(SkillIndex {
                inner: Arc::new(SkillSnapshot::from_inputs(inputs, options)),
            })
        })
    }

    /// The constructor off the event loop: the same snapshot, built (frontmatter reads
    /// included) on the libuv pool. Arguments are checked before queuing.
    #[napi(catch_unwind, ts_return_type = "Promise<SkillIndex>")]
    pub fn build(
        #[napi(ts_arg_type = "Array<SkillInput>")] skills_in: Arg<Vec<SkillInput>>,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<
            Arg<SkillIndexOptions>,
        >,
    ) -> Result<AsyncTask<OffThread<SkillSnapshot, SkillIndex>>, ErrorCode> {
        let (inputs, options) = inputs(skills_in, options)?;
        guarded("SkillIndex.build", || {
            Ok(OffThread::task(
                "SkillIndex.build:worker",
                None,
                move || Ok(SkillSnapshot::from_inputs(inputs, options)),
                |_, snapshot, _| {
                    Ok(SkillIndex {
                        inner: Arc::new(snapshot),
                    })
                },
            ))
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
        let options = snapshot_options(options)?;
        guarded("SkillIndex.scan", || {
            let dirs: Vec<PathBuf> = dirs.into_iter().map(PathBuf::from).collect();
            Ok(SkillIndex {
                inner: Arc::new(SkillSnapshot::scan(&dirs, options)),
            })
        })
    }

    /// xxh3 fingerprint of the snapshot; cursors and caches bind to it.
    #[napi(getter, catch_unwind)]
    pub fn fingerprint(&self) -> Result<String, ErrorCode> {
        guarded("SkillIndex.fingerprint", || {
            Ok(self.inner.catalog().fingerprint().to_string())
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn size(&self) -> Result<u32, ErrorCode> {
        guarded("SkillIndex.size", || {
            Ok(js_count(self.inner.catalog().len()))
        })
    }

    /// Skills the model may see (not `disable-model-invocation`).
    #[napi(getter, catch_unwind)]
    pub fn visible_count(&self) -> Result<u32, ErrorCode> {
        guarded("SkillIndex.visibleCount", || {
            Ok(js_count(self.inner.visible_count()))
        })
    }

    #[napi(getter, catch_unwind, ts_return_type = "Array<SkillDiagnostic>")]
    pub fn diagnostics(&self) -> Result<Js, ErrorCode> {
        guarded("SkillIndex.diagnostics", || {
            let diagnostics = self.inner.diagnostics().iter();
            Ok(Js::List(diagnostics.map(types::diagnostic).collect()))
        })
    }

    #[napi(catch_unwind, ts_return_type = "Array<SkillInfo>")]
    pub fn list(&self) -> Result<Js, ErrorCode> {
        let skills = self.inner.catalog().skills().iter();
        guarded("SkillIndex.list", || {
            Ok(Js::List(skills.map(types::skill_info).collect()))
        })
    }

    #[napi(catch_unwind, ts_return_type = "SkillInfo | null")]
    pub fn get(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<Option<Js>, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillIndex.get", || {
            Ok(self.inner.catalog().get(&name).map(types::skill_info))
        })
    }

    /// Ranked search over names and descriptions, bounded to 8 hits.
    #[napi(catch_unwind, ts_return_type = "SearchResponse")]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Arg<String>,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<
            Arg<SearchOptions>,
        >,
    ) -> Result<Js, ErrorCode> {
        let query = query.get("query", "a string")?;
        let options: PageOptions = read_options(options)?;
        guarded("SkillIndex.search", || {
            let request = options.search().map_err(rejected)?;
            Ok(types::search_response(self.inner.search(&query, &request)))
        })
    }

    /// Alphabetical listing in pages; the cursor is bound to this snapshot's fingerprint, so
    /// a cursor from an older catalog fails with SEARCH_CURSOR_STALE instead of skipping skills.
    #[napi(catch_unwind, ts_return_type = "BrowseResponse")]
    pub fn browse(
        &self,
        #[napi(ts_arg_type = "string | undefined | null")] cursor: Option<Arg<String>>,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<
            Arg<SearchOptions>,
        >,
    ) -> Result<Js, ErrorCode> {
        let cursor = Arg::optional(cursor, "cursor", "a cursor string")?;
        let options: PageOptions = read_options(options)?;
        guarded("SkillIndex.browse", || {
            let request = options.browse().map_err(rejected)?;
            let page = self.inner.browse(cursor.as_deref(), &request);
            Ok(types::browse_response(page.map_err(from_core)?))
        })
    }

    /// Exact skill names mentioned in `text` (e.g. "use tdd" or "/skill:tdd").
    #[napi(catch_unwind, ts_return_type = "Array<string>")]
    pub fn mentions(
        &self,
        #[napi(ts_arg_type = "string")] text: Arg<String>,
    ) -> Result<Js, ErrorCode> {
        let text = text.get("text", "a string")?;
        guarded("SkillIndex.mentions", || {
            Ok(self.inner.mentions(&text).js())
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
            Ok(self.inner.redact(&text, &names, &replacement))
        })
    }

    /// Dependency closure in load order; cycles and missing names are reported, not fatal.
    #[napi(catch_unwind, ts_return_type = "ClosureInfo")]
    pub fn closure(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<Js, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillIndex.closure", || {
            Ok(types::closure_info(self.inner.closure(&name)))
        })
    }

    /// Loads one skill by exact name: its body without frontmatter (paginated, bound to the
    /// source revision) plus the first page of each dependency in load order. Names are only
    /// ever looked up in the catalog, never turned into paths.
    #[napi(catch_unwind, ts_return_type = "LoadedSkill")]
    pub fn load(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
        #[napi(ts_arg_type = "LoadOptions | undefined | null")] options: Option<Arg<LoadOptions>>,
    ) -> Result<Js, ErrorCode> {
        let name = name.get("name", "a string")?;
        let options: options::LoadOptions = read_options(options)?;
        guarded("SkillIndex.load", || {
            let request = options.request().map_err(rejected)?;
            let loaded = self.inner.load(&name, &request).map_err(from_core)?;
            Ok(types::loaded_skill(loaded))
        })
    }

    /// `load` off the event loop: the skill's and its dependencies' files are read on the
    /// libuv pool. Arguments are checked before queuing; errors reject with the codes `load`
    /// throws.
    #[napi(catch_unwind, ts_return_type = "Promise<LoadedSkill>")]
    pub fn load_async(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
        #[napi(ts_arg_type = "LoadOptions | undefined | null")] options: Option<Arg<LoadOptions>>,
    ) -> Result<AsyncTask<OffThread<skills::LoadedSkill, Js>>, ErrorCode> {
        let name = name.get("name", "a string")?;
        let options: options::LoadOptions = read_options(options)?;
        guarded("SkillIndex.loadAsync", || {
            let request = options.request().map_err(rejected)?;
            let snapshot = Arc::clone(&self.inner);
            Ok(OffThread::task(
                "SkillIndex.loadAsync:worker",
                None,
                move || snapshot.load(&name, &request).map_err(from_core),
                |_, loaded, _| Ok(types::loaded_skill(loaded)),
            ))
        })
    }
}

/// Caps a description at `max` characters the way every model-facing list does (the cut is
/// marked with `…`; 0 keeps nothing). Absent `max` keeps everything.
#[napi(catch_unwind)]
pub fn cap_description(
    #[napi(ts_arg_type = "string")] text: Arg<String>,
    #[napi(ts_arg_type = "number | undefined | null")] max: Option<Arg<f64>>,
) -> Result<String, ErrorCode> {
    let text = text.get("text", "a string")?;
    let max = Arg::optional(max, "max", "a character count")?;
    let max = options::description_cap(max).map_err(rejected)?;
    guarded("capDescription", || Ok(skills::cap_description(&text, max)))
}

/// One `<skill>` block found by `scanSkillBlocks`: offsets in UTF-16 units (JS string
/// indices), the `name` values as written (references decoded), and whether something in the
/// tag could not be read (then the block counts as blocked whatever its name).
// Declared for TypeScript only: results are built as `Js` data, one way.
#[napi(object, object_from_js = false, object_to_js = false)]
pub struct SkillBlockSpan {
    pub start: u32,
    pub end: u32,
    pub names: Vec<String>,
    pub undecodable: bool,
}

/// Forged or pasted `<skill name="…">` blocks in user-side text, read as a tolerant HTML
/// tokenizer would (`lean_core::skills::scan_skill_blocks`); the extension decides which to
/// remove by policy.
#[napi(catch_unwind, ts_return_type = "Array<SkillBlockSpan>")]
pub fn scan_skill_blocks(
    #[napi(ts_arg_type = "string")] text: Arg<String>,
) -> Result<Js, ErrorCode> {
    let text = text.get("text", "a string")?;
    guarded("scanSkillBlocks", || {
        let span = |block: skills::SkillBlock| {
            obj! {
                c"start" => block.start,
                c"end" => block.end,
                c"names" => block.names,
                c"undecodable" => block.undecodable,
            }
        };
        let blocks = skills::scan_skill_blocks_utf16(&text).into_iter();
        Ok(Js::List(blocks.map(span).collect()))
    })
}
