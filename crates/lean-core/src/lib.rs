//! pi-lean core: everything that does real work, in plain Rust with no napi in its graph.
//!
//! - [`skills`]: frontmatter parsing, catalog snapshots, BM25 search, dependency closure, body pager.
//! - [`compact`]: content detection and verbatim line-selecting compaction of tool output.
//! - [`recovery`]: bounded in-memory and durable on-disk store of original tool output.
//! - [`tools`]: search over tool metadata, used to defer rarely used tool schemas.
//! - [`capsule`]: extractive, deterministic capsules of tool guidelines and skill text.
//! - [`options`]: options as a host passes them, checked and given their defaults.
//! - [`host`]: what a host reads from its callers and hands back to them, as plain data.
//! - [`utf16`]: text conversions for a host whose strings are UTF-16.
//!
//! Skill and tool search share one text analysis and one BM25F (`bm25f`).
//!
//! The N-API binding at the workspace root is a thin wrapper over this crate, so everything
//! here is testable with `cargo test` and benchmarkable with criterion.

#![warn(missing_docs)]
#![deny(unsafe_code)]

mod bm25f;
pub mod capsule;
pub mod checks;
pub mod compact;
pub mod error;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod hash;
pub mod host;
pub mod options;
pub mod recovery;
mod simd;
pub mod skills;
pub mod tools;
pub mod utf16;

pub use error::ErrorCode;
