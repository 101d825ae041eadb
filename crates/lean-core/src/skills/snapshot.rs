//! A skill snapshot: one catalog with its search index, and every question asked of it.
//!
//! This is what the N-API `SkillIndex` wraps one to one. It owns the rules that sit between a
//! caller's request and the lower-level pieces: which skills a request may see (eligibility),
//! how many hits a search page holds and whether another page exists, the alphabetical
//! browse pager and its cursor format, description capping, reading `requires:` when the
//! caller did not give them, and loading a skill together with its dependency closure.
//! Every failure is a [`SkillError`] whose message is `what happened; what to do`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::body::{load_body_at, BodyPage};
use super::catalog::Catalog;
use super::deps::{dependency_closure, Closure};
use super::error::{Diagnostic, SkillError};
use super::resources::{resource_sample, ResourceSample};
use super::scan::{read_skill_file, scan_skill_dirs, SkillMeta, DEFAULT_MAX_SOURCE_BYTES};
use super::search::{Pin, SearchIndex};
use crate::error::ErrorCode;

/// Hits per search or browse page when the caller names no limit.
pub const DEFAULT_SEARCH_LIMIT: usize = 5;
/// Most hits per search or browse page.
pub const MAX_SEARCH_LIMIT: usize = 8;
/// How deep `search` pages with an offset: hits past this rank are never returned.
pub const MAX_SEARCH_DEPTH: usize = 64;
/// Version tag of browse cursors (`c1.<fingerprint>.<offset>`).
const CURSOR_PREFIX: &str = "c1";
/// Resource names listed with a loaded skill, and the directory entries the walk may visit.
const RESOURCE_NAMES: usize = 50;
const RESOURCE_ENTRIES: usize = 2000;

/// Caps a description at `max` characters on a char boundary, marking the cut with `…`;
/// `Some(0)` keeps nothing and `None` keeps everything. The one capping rule for every list a
/// model sees (catalog, shortlist, search, picker).
///
/// ```
/// use lean_core::skills::cap_description;
/// assert_eq!(cap_description("Writes release notes", Some(6)), "Writes…");
/// assert_eq!(cap_description("short", Some(10)), "short");
/// assert_eq!(cap_description("anything", Some(0)), "");
/// ```
pub fn cap_description(text: &str, max: Option<usize>) -> String {
    match max {
        None => text.to_string(),
        Some(0) => String::new(),
        Some(max) => match text.char_indices().nth(max) {
            None => text.to_string(),
            Some((cut, _)) => {
                let mut out = text[..cut].trim_end().to_string();
                out.push('…');
                out
            }
        },
    }
}

/// A core error in the one message form, `what happened; what to do`. A `;` inside `what`
/// would make the two halves ambiguous, so it becomes a comma.
fn advised(code: ErrorCode, what: impl std::fmt::Display, todo: &str) -> SkillError {
    let what = what.to_string().trim().replace(';', ",");
    SkillError::new(code, format!("{what}; {todo}"))
}

/// One skill as a host reports it (Pi's `systemPromptOptions.skills`) or as a catalog row.
#[derive(Debug, Clone, Default)]
pub struct SkillInput {
    /// The skill's name.
    pub name: String,
    /// What the skill is for.
    pub description: String,
    /// The skill's file, when it has one on disk.
    pub file_path: Option<PathBuf>,
    /// The directory relative references resolve against.
    pub base_dir: Option<PathBuf>,
    /// Hidden from the model: only the user can invoke it.
    pub disable_model_invocation: bool,
    /// Dependencies; when absent and `file_path` is set, they are read from the frontmatter.
    pub requires: Option<Vec<String>>,
}

/// How a snapshot reads files and extends dependencies.
#[derive(Debug, Clone)]
pub struct SnapshotOptions {
    /// Largest SKILL.md that is read, checked before reading.
    pub max_source_bytes: u64,
    /// Extra dependencies from config: skill name → names loaded with it.
    pub autoload: HashMap<String, Vec<String>>,
    /// Fuse static embeddings with BM25F in search; false ranks by BM25F alone.
    pub embeddings: bool,
}

impl Default for SnapshotOptions {
    fn default() -> Self {
        SnapshotOptions {
            max_source_bytes: DEFAULT_MAX_SOURCE_BYTES,
            autoload: HashMap::new(),
            embeddings: true,
        }
    }
}

/// Which skills a request may see: model-visible ones unless `include_hidden`, only names in
/// `only` when it is given, never names in `exclude`.
#[derive(Debug, Clone, Default)]
pub struct Eligibility {
    /// Admit skills hidden from the model too.
    pub include_hidden: bool,
    /// When given, only these names.
    pub only: Option<HashSet<String>>,
    /// Never these names.
    pub exclude: HashSet<String>,
}

impl Eligibility {
    /// Whether `meta` passes the filter.
    pub fn admits(&self, meta: &SkillMeta) -> bool {
        (self.include_hidden || !meta.disable_model_invocation)
            && self
                .only
                .as_ref()
                .is_none_or(|set| set.contains(&meta.name))
            && !self.exclude.contains(&meta.name)
    }
}

/// A search or browse request.
#[derive(Debug, Clone, Default)]
pub struct PageRequest {
    /// Hits per page; `None` is [`DEFAULT_SEARCH_LIMIT`], and any value is clamped to
    /// 1..=[`MAX_SEARCH_LIMIT`].
    pub limit: Option<usize>,
    /// Cap descriptions at this many characters (see [`cap_description`]).
    pub description_max: Option<usize>,
    /// `search` only: ranked hits to skip (a later page of the same ranking).
    pub offset: usize,
    /// Which skills the request may see.
    pub eligibility: Eligibility,
}

impl PageRequest {
    fn limit(&self) -> usize {
        self.limit
            .unwrap_or(DEFAULT_SEARCH_LIMIT)
            .clamp(1, MAX_SEARCH_LIMIT)
    }
}

/// One skill on a search or browse page.
#[derive(Debug, Clone, PartialEq)]
pub struct PageHit {
    /// The skill's name.
    pub name: String,
    /// Capped as the request asked.
    pub description: String,
    /// Ranking score (0 on browse pages).
    pub score: f64,
    /// Why the hit was pinned first, if it was.
    pub pin: Option<Pin>,
}

/// One page of ranked search results.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchPage {
    /// Best first.
    pub hits: Vec<PageHit>,
    /// 0..=1; how sure the ranker is that the top hit fits.
    pub confidence: f64,
    /// True when the top hit is a confident match.
    pub strong: bool,
    /// Skills the request's eligibility admits.
    pub eligible: usize,
    /// The ranking has more hits after this page (within [`MAX_SEARCH_DEPTH`]).
    pub more: bool,
}

/// One page of the alphabetical listing.
#[derive(Debug, Clone, PartialEq)]
pub struct BrowsePage {
    /// In name order.
    pub hits: Vec<PageHit>,
    /// Pass back to continue; bound to the snapshot's fingerprint.
    pub next_cursor: Option<String>,
    /// Skills the request's eligibility admits.
    pub eligible: usize,
    /// Position of the first hit in the listing.
    pub offset: usize,
}

/// Where a load starts and what it may include.
#[derive(Debug, Clone)]
pub struct LoadRequest {
    /// First body line of the page (0-based), from a continuation.
    pub offset: usize,
    /// Byte column inside line `offset`, from a continuation that split an overlong line.
    pub column: usize,
    /// Source revision from a continuation.
    pub rev: Option<String>,
    /// Allow `disable-model-invocation` skills (user-initiated loads only).
    pub allow_hidden: bool,
    /// Include the dependency closure (only ever on the first page).
    pub with_dependencies: bool,
}

impl Default for LoadRequest {
    fn default() -> Self {
        LoadRequest {
            offset: 0,
            column: 0,
            rev: None,
            allow_hidden: false,
            with_dependencies: true,
        }
    }
}

/// One page of one skill, with where it lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillPage {
    /// The skill's name.
    pub name: String,
    /// Its file.
    pub file_path: PathBuf,
    /// The directory relative references resolve against.
    pub base_dir: PathBuf,
    /// The page of the body.
    pub page: BodyPage,
}

/// A skill loaded by name: its page, and on the first page its dependencies' first pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedSkill {
    /// The page of the skill asked for.
    pub root: SkillPage,
    /// Files next to a SKILL.md (first page only; `None` when there are none).
    pub resources: Option<ResourceSample>,
    /// First pages of the dependencies in load order (dependencies of dependencies first).
    pub dependencies: Vec<SkillPage>,
    /// Dependencies that could not be read, with why.
    pub dependency_errors: Vec<(String, SkillError)>,
    /// The dependency walk (empty unless dependencies were loaded).
    pub closure: Closure,
}

/// Metadata for `inputs`: `requires:` is read from each file's frontmatter unless given. A file
/// the parser rejects keeps the host's metadata (the host already accepted it) and is
/// reported as a diagnostic.
pub fn metas_from_inputs(
    inputs: Vec<SkillInput>,
    max_source_bytes: u64,
) -> (Vec<SkillMeta>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let metas = inputs
        .into_iter()
        .map(|input| {
            let requires = match (input.requires, &input.file_path) {
                (Some(list), _) => list,
                (None, Some(path)) => match read_skill_file(path, max_source_bytes) {
                    Ok(meta) => meta.requires,
                    Err(err) => {
                        diagnostics.push(Diagnostic {
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
                base_dir: input.base_dir.or_else(|| {
                    input
                        .file_path
                        .as_ref()
                        .and_then(|p| p.parent().map(Path::to_path_buf))
                }),
                name: input.name,
                description: input.description,
                file_path: input.file_path,
                disable_model_invocation: input.disable_model_invocation,
                requires,
            }
        })
        .collect();
    (metas, diagnostics)
}

/// An immutable catalog snapshot with its search index. A new one is built when the skill set
/// changes; cursors bind to its fingerprint.
#[derive(Debug)]
pub struct SkillSnapshot {
    catalog: Catalog,
    search: SearchIndex,
    diagnostics: Vec<Diagnostic>,
    options: SnapshotOptions,
}

impl SkillSnapshot {
    /// A snapshot of skills a host discovered (see [`metas_from_inputs`]).
    pub fn from_inputs(inputs: Vec<SkillInput>, options: SnapshotOptions) -> SkillSnapshot {
        let (metas, diagnostics) = metas_from_inputs(inputs, options.max_source_bytes);
        Self::from_metas(metas, diagnostics, options)
    }

    /// A snapshot of the skills found under `dirs` with Pi's discovery rules.
    pub fn scan(dirs: &[PathBuf], options: SnapshotOptions) -> SkillSnapshot {
        let (metas, diagnostics) = scan_skill_dirs(dirs, options.max_source_bytes);
        Self::from_metas(metas, diagnostics, options)
    }

    /// A snapshot of `metas`; `diagnostics` are kept with the catalog's own.
    pub fn from_metas(
        metas: Vec<SkillMeta>,
        mut diagnostics: Vec<Diagnostic>,
        options: SnapshotOptions,
    ) -> SkillSnapshot {
        let (catalog, catalog_diagnostics) = Catalog::new(metas);
        diagnostics.extend(catalog_diagnostics);
        let search = if options.embeddings {
            SearchIndex::build(&catalog)
        } else {
            SearchIndex::build_lexical(&catalog)
        };
        // A named table that cannot be used is the install's problem: say so where the host
        // shows the catalog's other problems. Search still works, on BM25F alone.
        if let Some(error) = search.embeddings_error() {
            diagnostics.push(Diagnostic {
                code: ErrorCode::EmbeddingsUnavailable,
                path: None,
                name: None,
                message: error.to_string(),
            });
        }
        SkillSnapshot {
            catalog,
            search,
            diagnostics,
            options,
        }
    }

    /// The skills of this snapshot.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The search index built over them.
    pub fn search_index(&self) -> &SearchIndex {
        &self.search
    }

    /// Problems met while building: skipped or shadowed skills, unreadable frontmatter.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Skills the model may see (not `disable-model-invocation`).
    pub fn visible_count(&self) -> usize {
        self.catalog
            .skills()
            .iter()
            .filter(|s| !s.disable_model_invocation)
            .count()
    }

    fn hit(&self, index: usize, score: f64, pin: Option<Pin>, max: Option<usize>) -> PageHit {
        let meta = &self.catalog.skills()[index];
        PageHit {
            name: meta.name.clone(),
            description: cap_description(&meta.description, max),
            score,
            pin,
        }
    }

    /// One page of the ranking for `query`, starting `request.offset` hits in (at most
    /// [`MAX_SEARCH_DEPTH`] deep).
    pub fn search(&self, query: &str, request: &PageRequest) -> SearchPage {
        let skills = self.catalog.skills();
        let include = |i: usize| request.eligibility.admits(&skills[i]);
        let limit = request.limit();
        let offset = request.offset.min(MAX_SEARCH_DEPTH - 1);
        let eligible = (0..skills.len()).filter(|&i| include(i)).count();
        // One hit past the page tells whether another page exists.
        let depth = (offset + limit + 1).min(MAX_SEARCH_DEPTH);
        let result = self.search.search(query, depth, &include);
        let pin_of = |index: usize| {
            result
                .pinned
                .iter()
                .find(|(pinned, _)| *pinned == index)
                .map(|&(_, pin)| pin)
        };
        SearchPage {
            hits: result
                .hits
                .iter()
                .skip(offset)
                .take(limit)
                .map(|h| self.hit(h.index, h.score, pin_of(h.index), request.description_max))
                .collect(),
            confidence: result.confidence,
            strong: result.strong,
            eligible,
            more: result.hits.len() > offset + limit,
        }
    }

    /// The alphabetical listing of eligible skills, one page from `cursor` (none or empty
    /// starts at the top). A cursor from another snapshot fails with `SEARCH_CURSOR_STALE`
    /// rather than skipping or repeating skills.
    pub fn browse(
        &self,
        cursor: Option<&str>,
        request: &PageRequest,
    ) -> Result<BrowsePage, SkillError> {
        let offset = match cursor.filter(|c| !c.is_empty()) {
            None => 0,
            Some(cursor) => self.parse_cursor(cursor)?,
        };
        let skills = self.catalog.skills();
        let mut eligible: Vec<usize> = (0..skills.len())
            .filter(|&i| request.eligibility.admits(&skills[i]))
            .collect();
        eligible.sort_by(|&a, &b| skills[a].name.cmp(&skills[b].name));
        if offset > eligible.len() {
            return Err(advised(
                ErrorCode::SearchCursorInvalid,
                "the cursor is past the end of the catalog",
                "browse again without a cursor",
            ));
        }
        let end = (offset + request.limit()).min(eligible.len());
        Ok(BrowsePage {
            hits: eligible[offset..end]
                .iter()
                .map(|&i| self.hit(i, 0.0, None, request.description_max))
                .collect(),
            next_cursor: (end < eligible.len())
                .then(|| format!("{CURSOR_PREFIX}.{}.{end}", self.catalog.fingerprint())),
            eligible: eligible.len(),
            offset,
        })
    }

    fn parse_cursor(&self, cursor: &str) -> Result<usize, SkillError> {
        let malformed = || {
            advised(
                ErrorCode::SearchCursorInvalid,
                "the cursor is malformed",
                "pass a cursor exactly as returned, or none",
            )
        };
        let mut parts = cursor.split('.');
        let (Some(prefix), Some(fingerprint), Some(offset), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed());
        };
        let offset: usize = offset.parse().map_err(|_| malformed())?;
        if prefix != CURSOR_PREFIX {
            return Err(malformed());
        }
        if fingerprint != self.catalog.fingerprint() {
            return Err(advised(
                ErrorCode::SearchCursorStale,
                "the skill catalog changed since this cursor was issued",
                "browse again without a cursor",
            ));
        }
        Ok(offset)
    }

    /// Names of the skills mentioned in `text`, in order of first mention.
    pub fn mentions(&self, text: &str) -> Vec<String> {
        self.search
            .mentions(text)
            .into_iter()
            .map(|i| self.catalog.skills()[i].name.clone())
            .collect()
    }

    /// `text` with every mention of the skills in `names` replaced by `replacement`. Names
    /// not in the catalog are ignored.
    pub fn redact(&self, text: &str, names: &[String], replacement: &str) -> String {
        let mut hidden = vec![false; self.catalog.len()];
        for name in names {
            if let Some(i) = self.catalog.index_of(name) {
                hidden[i] = true;
            }
        }
        self.search.redact(
            text,
            &|i| hidden.get(i).copied().unwrap_or(false),
            replacement,
        )
    }

    /// Dependency closure of `name` in load order, with configured autoloads.
    pub fn closure(&self, name: &str) -> Closure {
        dependency_closure(&self.catalog, name, &self.options.autoload)
    }

    /// Loads one skill by exact name (never turned into a path): the requested page of its
    /// body and, on the first page, the first page of each dependency in load order plus a
    /// sample of the files next to it.
    pub fn load(&self, name: &str, request: &LoadRequest) -> Result<LoadedSkill, SkillError> {
        let meta = self.catalog.get(name).ok_or_else(|| {
            advised(
                ErrorCode::SkillNotFound,
                format!("no skill is named exactly \"{name}\""),
                "search the catalog for the exact name",
            )
        })?;
        if meta.disable_model_invocation && !request.allow_hidden {
            return Err(hidden_skill(name));
        }
        let root = self.page(
            meta,
            request.offset,
            request.column,
            request.rev.as_deref(),
            request.allow_hidden,
        )?;
        let first_page = request.offset == 0 && request.column == 0;
        let mut loaded = LoadedSkill {
            root,
            resources: first_page.then(|| resources_of(meta)).flatten(),
            dependencies: Vec::new(),
            dependency_errors: Vec::new(),
            closure: Closure::default(),
        };
        if request.with_dependencies && first_page {
            let closure = self.closure(name);
            for dep in closure.order.iter().filter(|d| *d != name) {
                let Some(dep_meta) = self.catalog.get(dep) else {
                    continue;
                };
                match self.page(dep_meta, 0, 0, None, true) {
                    Ok(page) => loaded.dependencies.push(page),
                    Err(err) => loaded.dependency_errors.push((dep.clone(), err)),
                }
            }
            loaded.closure = closure;
        }
        Ok(loaded)
    }

    fn page(
        &self,
        meta: &SkillMeta,
        offset: usize,
        column: usize,
        rev: Option<&str>,
        allow_hidden: bool,
    ) -> Result<SkillPage, SkillError> {
        let file_path = meta.file_path.as_ref().ok_or_else(|| {
            advised(
                ErrorCode::SkillNotFound,
                format!("skill \"{}\" has no source file", meta.name),
                "pick a skill that Pi loaded from a SKILL.md",
            )
        })?;
        let page = load_body_at(
            file_path,
            &meta.name,
            offset,
            column,
            rev,
            self.options.max_source_bytes,
        )?;
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
            file_path: file_path.clone(),
            base_dir,
            page,
        })
    }
}

/// The files next to a SKILL.md; a standalone `name.md` shares its directory, so it has none.
fn resources_of(meta: &SkillMeta) -> Option<ResourceSample> {
    let file = meta
        .file_path
        .as_deref()
        .filter(|f| f.file_name().is_some_and(|n| n == "SKILL.md"))?;
    let base = meta
        .base_dir
        .clone()
        .or_else(|| file.parent().map(Path::to_path_buf))?;
    let sample = resource_sample(&base, file, RESOURCE_NAMES, RESOURCE_ENTRIES);
    (sample.files_seen > 0).then_some(sample)
}

fn hidden_skill(name: &str) -> SkillError {
    advised(
        ErrorCode::SkillHidden,
        format!("skill \"{name}\" can only be invoked by the user"),
        &format!("ask the user to type /skill:{name}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, description: &str, hidden: bool) -> SkillInput {
        SkillInput {
            name: name.to_string(),
            description: description.to_string(),
            disable_model_invocation: hidden,
            requires: Some(Vec::new()),
            ..SkillInput::default()
        }
    }

    fn snapshot() -> SkillSnapshot {
        SkillSnapshot::from_inputs(
            vec![
                input(
                    "release-notes",
                    "Write release notes from a changelog",
                    false,
                ),
                input("tdd", "Test-driven development loop", false),
                input("secret", "Hidden helper", true),
                input("alpha", "First in the alphabet", false),
            ],
            SnapshotOptions::default(),
        )
    }

    #[test]
    fn capping_counts_characters_and_marks_the_cut() {
        assert_eq!(cap_description("héllo wörld", Some(5)), "héllo…");
        assert_eq!(cap_description("ab  cd", Some(3)), "ab…");
        assert_eq!(cap_description("abc", Some(3)), "abc");
        assert_eq!(cap_description("abc", None), "abc");
        assert_eq!(cap_description("abc", Some(0)), "");
    }

    #[test]
    fn eligibility_hides_disabled_and_applies_only_and_exclude() {
        let snap = snapshot();
        let names = |request: &PageRequest| -> Vec<String> {
            snap.browse(None, request)
                .unwrap()
                .hits
                .into_iter()
                .map(|h| h.name)
                .collect()
        };
        let mut request = PageRequest {
            limit: Some(8),
            ..PageRequest::default()
        };
        assert_eq!(names(&request), ["alpha", "release-notes", "tdd"]);
        request.eligibility.include_hidden = true;
        assert_eq!(names(&request), ["alpha", "release-notes", "secret", "tdd"]);
        request.eligibility.only = Some(["tdd", "secret"].map(String::from).into());
        request.eligibility.exclude = ["secret".to_string()].into();
        assert_eq!(names(&request), ["tdd"]);
    }

    #[test]
    fn browse_pages_with_cursors_bound_to_the_fingerprint() {
        let snap = snapshot();
        let request = PageRequest {
            limit: Some(2),
            description_max: Some(5),
            ..PageRequest::default()
        };
        let first = snap.browse(None, &request).unwrap();
        assert_eq!(first.hits[0].description, "First…");
        assert_eq!(first.eligible, 3);
        let cursor = first.next_cursor.unwrap();
        assert_eq!(cursor, format!("c1.{}.2", snap.catalog().fingerprint()));
        let second = snap.browse(Some(&cursor), &request).unwrap();
        assert_eq!(second.offset, 2);
        assert_eq!(second.hits.len(), 1);
        assert!(second.next_cursor.is_none());

        let other =
            SkillSnapshot::from_inputs(vec![input("x", "y", false)], SnapshotOptions::default());
        let stale = other.browse(Some(&cursor), &request).unwrap_err();
        assert_eq!(stale.code, ErrorCode::SearchCursorStale);
        for bad in ["c1", "c2.x.1", "c1.a.b", "c1.a.1.2"] {
            let err = snap.browse(Some(bad), &request).unwrap_err();
            assert_eq!(err.code, ErrorCode::SearchCursorInvalid, "{bad}");
        }
        let past = format!("c1.{}.9", snap.catalog().fingerprint());
        let err = snap.browse(Some(&past), &request).unwrap_err();
        assert_eq!(
            err.message,
            "the cursor is past the end of the catalog; browse again without a cursor"
        );
    }

    #[test]
    fn search_pages_report_more_and_pins() {
        let snap = snapshot();
        let page = snap.search(
            "use the tdd skill for release notes",
            &PageRequest {
                limit: Some(1),
                ..PageRequest::default()
            },
        );
        assert_eq!(page.hits.len(), 1);
        assert_eq!(page.hits[0].name, "tdd");
        assert_eq!(page.hits[0].pin, Some(Pin::Invocation));
        assert!(page.more);
        assert_eq!(page.eligible, 3);
        let next = snap.search(
            "use the tdd skill for release notes",
            &PageRequest {
                limit: Some(1),
                offset: 1,
                ..PageRequest::default()
            },
        );
        assert_eq!(next.hits[0].name, "release-notes");
        assert_eq!(next.hits[0].pin, None);
    }

    #[test]
    fn load_errors_are_in_the_one_message_form() {
        let snap = snapshot();
        let missing = snap
            .load("nope; really", &LoadRequest::default())
            .unwrap_err();
        assert_eq!(missing.code, ErrorCode::SkillNotFound);
        assert_eq!(
            missing.message,
            "no skill is named exactly \"nope, really\"; search the catalog for the exact name"
        );
        let hidden = snap.load("secret", &LoadRequest::default()).unwrap_err();
        assert_eq!(hidden.code, ErrorCode::SkillHidden);
        let no_file = snap.load("tdd", &LoadRequest::default()).unwrap_err();
        assert_eq!(no_file.code, ErrorCode::SkillNotFound);
        assert!(no_file.message.contains("has no source file"));
    }
}
