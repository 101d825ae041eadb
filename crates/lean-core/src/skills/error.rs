//! Error and diagnostic types for the skills module.
//!
//! `SkillError` is what a single operation returns; `Diagnostic` is what a bulk operation
//! (directory scan, catalog build) records for one skipped item while carrying on.

use std::fmt;
use std::path::PathBuf;

use crate::error::{Coded, ErrorCode};

/// A failed skill operation, with a stable code for JS and a human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillError {
    pub code: ErrorCode,
    pub message: String,
}

impl SkillError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        SkillError {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for SkillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for SkillError {}

impl Coded for SkillError {
    fn code(&self) -> ErrorCode {
        self.code
    }
}

/// A non-fatal problem found while scanning or cataloguing: the item was skipped or
/// shadowed, everything else went on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: ErrorCode,
    pub path: Option<PathBuf>,
    pub name: Option<String>,
    pub message: String,
}
