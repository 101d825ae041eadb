//! Skills: frontmatter, catalog snapshot, search, dependency closure and the body pager.
//!
//! Everything here is pure Rust and synchronous. The N-API binding wraps these items one to one:
//! [`scan_skill_dirs`] discovers skills with Pi's rules, [`Catalog`] freezes a snapshot with a
//! fingerprint, [`SearchIndex`] ranks skills for a free-text query (BM25F fused with the static
//! embeddings of [`embed`]), [`dependency_closure`] orders
//! what must be loaded together, [`load_body`] pages a skill body with revision checks,
//! [`ScopeDefinitions`] resolves profiles and groups, and [`SkillPolicy`] decides allow/ask/deny.

mod body;
mod catalog;
mod deps;
mod dir_handle;
pub mod embed;
mod error;
mod forged;
mod frontmatter;
mod ignore;
pub mod names;
mod policy;
mod resources;
mod scan;
mod scope;
mod search;
mod snapshot;
pub(crate) mod text;

pub use body::{load_body, load_body_at, BodyPage, MAX_PAGE_BYTES, MAX_PAGE_LINES};
pub use catalog::{Catalog, MAX_REQUIRES};
pub use deps::{dependency_closure, Closure, MAX_REPORTED_CYCLES};
pub use error::{Diagnostic, SkillError};
pub use forged::{scan_skill_blocks, scan_skill_blocks_utf16, SkillBlock};
pub use frontmatter::{parse_frontmatter, Frontmatter};
pub use policy::{NamePattern, PolicyAction, PolicyRule, SkillPolicy};
pub use resources::{resource_sample, ResourceSample};
pub use scan::{read_skill_file, scan_skill_dirs, SkillMeta, DEFAULT_MAX_SOURCE_BYTES};
pub use scope::{Scope, ScopeDefinitions};
pub use search::{
    Pin, SearchHit, SearchIndex, SearchResult, SearchTuning, STRONG_CONFIDENCE,
    STRONG_LEXICAL_CONFIDENCE,
};
pub use snapshot::{
    cap_description, metas_from_inputs, BrowsePage, Eligibility, LoadRequest, LoadedSkill, PageHit,
    PageRequest, SearchPage, SkillInput, SkillPage, SkillSnapshot, SnapshotOptions,
    DEFAULT_SEARCH_LIMIT, MAX_SEARCH_DEPTH, MAX_SEARCH_LIMIT,
};
