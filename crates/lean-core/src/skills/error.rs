//! Error and diagnostic types for the skills module.
//!
//! `SkillError` is what a single operation returns; `Diagnostic` is what a bulk operation
//! (directory scan, catalog build) records for one skipped item while carrying on.

use std::path::PathBuf;

use crate::error::ErrorCode;

/// A failed skill operation, with a stable code for JS and a human-readable message.
pub type SkillError = crate::error::CoreError;

/// A non-fatal problem found while scanning or cataloguing: the item was skipped or
/// shadowed, everything else went on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What went wrong.
    pub code: ErrorCode,
    /// The file or directory concerned, when there is one.
    pub path: Option<PathBuf>,
    /// The skill concerned, when known.
    pub name: Option<String>,
    /// What happened, for people.
    pub message: String,
}
