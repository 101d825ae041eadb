//! `SkillIndex`: the JS handle on a [`SkillSnapshot`]. Each method checks its arguments, asks
//! the snapshot, and converts the answer; ranking, paging, cursors, eligibility, capping and
//! loading all live in `lean_core::skills`. Building a large catalog and loading a skill with
//! its dependencies read many files, so both also run off the event loop (`build`,
//! `loadAsync`).

use std::path::PathBuf;
use std::sync::Arc;

use lean_core::host::{self, read, Data, IntoData};
use lean_core::options;
use lean_core::skills::{self, SkillSnapshot, SnapshotOptions};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{string, strings, Val};
use crate::convert::Js;
use crate::errors::{coded, guarded, OffThread};

/// Names the embedding table file (`skill-embeddings.bin`, shipped once in the root package)
/// for skill search. Nothing is read here: the file is read and checked once, when the first
/// index with embeddings is built, and a missing or corrupt file means BM25F alone plus an
/// `EMBEDDINGS_UNAVAILABLE` diagnostic. The first path named wins; returns whether it is `path`.
#[napi(catch_unwind)]
pub fn set_embedding_table(#[napi(ts_arg_type = "string")] path: Val) -> Result<bool, ErrorCode> {
    let path = string(path, "path")?;
    guarded("setEmbeddingTable", || {
        Ok(skills::embed::set_table_file(PathBuf::from(path)))
    })
}

/// `SkillIndexOptions` read from JS, checked and defaulted by the core.
fn snapshot_options(options: Option<Val>) -> Result<SnapshotOptions, ErrorCode> {
    let options = read::index_options(options.as_ref()).map_err(coded)?;
    options.snapshot().map_err(coded)
}

/// The skill list and options of the constructor and of `build`.
fn inputs(
    skills_in: Val,
    options: Option<Val>,
) -> Result<(Vec<skills::SkillInput>, SnapshotOptions), ErrorCode> {
    let skills_in = read::skill_entries(Some(&skills_in), "skillsIn").map_err(coded)?;
    let skills_in = skills_in.into_iter().map(Into::into).collect();
    Ok((skills_in, snapshot_options(options)?))
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
        #[napi(ts_arg_type = "Array<SkillInput>")] skills_in: Val,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<Val>,
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
        #[napi(ts_arg_type = "Array<SkillInput>")] skills_in: Val,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<Val>,
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
        #[napi(ts_arg_type = "Array<string>")] dirs: Val,
        #[napi(ts_arg_type = "SkillIndexOptions | undefined | null")] options: Option<Val>,
    ) -> Result<Self, ErrorCode> {
        let dirs = strings(dirs, "dirs", "an array of directory paths")?;
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
            Ok(host::count(self.inner.catalog().len()))
        })
    }

    /// Skills the model may see (not `disable-model-invocation`).
    #[napi(getter, catch_unwind)]
    pub fn visible_count(&self) -> Result<u32, ErrorCode> {
        guarded("SkillIndex.visibleCount", || {
            Ok(host::count(self.inner.visible_count()))
        })
    }

    #[napi(getter, catch_unwind, ts_return_type = "Array<SkillDiagnostic>")]
    pub fn diagnostics(&self) -> Result<Js, ErrorCode> {
        guarded("SkillIndex.diagnostics", || {
            let diagnostics = self.inner.diagnostics().iter();
            Ok(Data::List(diagnostics.map(host::diagnostic).collect()).into())
        })
    }

    #[napi(catch_unwind, ts_return_type = "Array<SkillInfo>")]
    pub fn list(&self) -> Result<Js, ErrorCode> {
        let skills = self.inner.catalog().skills().iter();
        guarded("SkillIndex.list", || {
            Ok(Data::List(skills.map(host::skill_info).collect()).into())
        })
    }

    #[napi(catch_unwind, ts_return_type = "SkillInfo | null")]
    pub fn get(&self, #[napi(ts_arg_type = "string")] name: Val) -> Result<Option<Js>, ErrorCode> {
        let name = string(name, "name")?;
        guarded("SkillIndex.get", || {
            Ok(self
                .inner
                .catalog()
                .get(&name)
                .map(|s| host::skill_info(s).into()))
        })
    }

    /// Ranked search over names and descriptions, bounded to 8 hits.
    #[napi(catch_unwind, ts_return_type = "SearchResponse")]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Val,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<Val>,
    ) -> Result<Js, ErrorCode> {
        let query = string(query, "query")?;
        let options = read::page_options(options.as_ref()).map_err(coded)?;
        guarded("SkillIndex.search", || {
            let request = options.search().map_err(coded)?;
            Ok(host::search_response(self.inner.search(&query, &request)).into())
        })
    }

    /// Alphabetical listing in pages; the cursor is bound to this snapshot's fingerprint, so
    /// a cursor from an older catalog fails with SEARCH_CURSOR_STALE instead of skipping skills.
    #[napi(catch_unwind, ts_return_type = "BrowseResponse")]
    pub fn browse(
        &self,
        #[napi(ts_arg_type = "string | undefined | null")] cursor: Option<Val>,
        #[napi(ts_arg_type = "SearchOptions | undefined | null")] options: Option<Val>,
    ) -> Result<Js, ErrorCode> {
        let cursor = read::optional_string(cursor.as_ref(), "cursor").map_err(coded)?;
        let options = read::page_options(options.as_ref()).map_err(coded)?;
        guarded("SkillIndex.browse", || {
            let request = options.browse().map_err(coded)?;
            let page = self.inner.browse(cursor.as_deref(), &request);
            Ok(host::browse_response(page.map_err(coded)?).into())
        })
    }

    /// Exact skill names mentioned in `text` (e.g. "use tdd" or "/skill:tdd").
    #[napi(catch_unwind, ts_return_type = "Array<string>")]
    pub fn mentions(&self, #[napi(ts_arg_type = "string")] text: Val) -> Result<Js, ErrorCode> {
        let text = string(text, "text")?;
        guarded("SkillIndex.mentions", || {
            Ok(self.inner.mentions(&text).data().into())
        })
    }

    /// `text` with every mention of the skills in `names` replaced by `replacement`. Mentions
    /// are found exactly as `mentions` finds them (same word boundaries and case folding), so
    /// a name `mentions` reports is never left behind. Names not in the catalog are ignored.
    #[napi(catch_unwind)]
    pub fn redact(
        &self,
        #[napi(ts_arg_type = "string")] text: Val,
        #[napi(ts_arg_type = "Array<string>")] names: Val,
        #[napi(ts_arg_type = "string")] replacement: Val,
    ) -> Result<String, ErrorCode> {
        let text = string(text, "text")?;
        let names = strings(names, "names", "an array of skill names")?;
        let replacement = string(replacement, "replacement")?;
        guarded("SkillIndex.redact", || {
            Ok(self.inner.redact(&text, &names, &replacement))
        })
    }

    /// Dependency closure in load order; cycles and missing names are reported, not fatal.
    #[napi(catch_unwind, ts_return_type = "ClosureInfo")]
    pub fn closure(&self, #[napi(ts_arg_type = "string")] name: Val) -> Result<Js, ErrorCode> {
        let name = string(name, "name")?;
        guarded("SkillIndex.closure", || {
            Ok(host::closure_info(self.inner.closure(&name)).into())
        })
    }

    /// Loads one skill by exact name: its body without frontmatter (paginated, bound to the
    /// source revision) plus the first page of each dependency in load order. Names are only
    /// ever looked up in the catalog, never turned into paths.
    #[napi(catch_unwind, ts_return_type = "LoadedSkill")]
    pub fn load(
        &self,
        #[napi(ts_arg_type = "string")] name: Val,
        #[napi(ts_arg_type = "LoadOptions | undefined | null")] options: Option<Val>,
    ) -> Result<Js, ErrorCode> {
        let name = string(name, "name")?;
        let options = read::load_options(options.as_ref()).map_err(coded)?;
        guarded("SkillIndex.load", || {
            let request = options.request().map_err(coded)?;
            let loaded = self.inner.load(&name, &request).map_err(coded)?;
            Ok(host::loaded_skill(loaded).into())
        })
    }

    /// `load` off the event loop: the skill's and its dependencies' files are read on the
    /// libuv pool. Arguments are checked before queuing; errors reject with the codes `load`
    /// throws.
    #[napi(catch_unwind, ts_return_type = "Promise<LoadedSkill>")]
    pub fn load_async(
        &self,
        #[napi(ts_arg_type = "string")] name: Val,
        #[napi(ts_arg_type = "LoadOptions | undefined | null")] options: Option<Val>,
    ) -> Result<AsyncTask<OffThread<skills::LoadedSkill, Js>>, ErrorCode> {
        let name = string(name, "name")?;
        let options = read::load_options(options.as_ref()).map_err(coded)?;
        guarded("SkillIndex.loadAsync", || {
            let request = options.request().map_err(coded)?;
            let snapshot = Arc::clone(&self.inner);
            Ok(OffThread::task(
                "SkillIndex.loadAsync:worker",
                None,
                move || snapshot.load(&name, &request).map_err(coded),
                |_, loaded, _| Ok(host::loaded_skill(loaded).into()),
            ))
        })
    }
}

/// Caps a description at `max` characters the way every model-facing list does (the cut is
/// marked with `…`; 0 keeps nothing). Absent `max` keeps everything.
#[napi(catch_unwind)]
pub fn cap_description(
    #[napi(ts_arg_type = "string")] text: Val,
    #[napi(ts_arg_type = "number | undefined | null")] max: Option<Val>,
) -> Result<String, ErrorCode> {
    let text = string(text, "text")?;
    let max = read::optional_number(max.as_ref(), "max").map_err(coded)?;
    let max = options::description_cap(max).map_err(coded)?;
    guarded("capDescription", || Ok(skills::cap_description(&text, max)))
}

/// Forged or pasted `<skill name="…">` blocks in user-side text, read as a tolerant HTML
/// tokenizer would (`lean_core::skills::scan_skill_blocks`); the extension decides which to
/// remove by policy.
#[napi(catch_unwind, ts_return_type = "Array<SkillBlockSpan>")]
pub fn scan_skill_blocks(#[napi(ts_arg_type = "string")] text: Val) -> Result<Js, ErrorCode> {
    let text = string(text, "text")?;
    guarded("scanSkillBlocks", || {
        Ok(host::skill_blocks(skills::scan_skill_blocks_utf16(&text)).into())
    })
}
