//! Skill discovery with Pi's rules: reading one SKILL.md into a [`SkillMeta`] and walking skill
//! directories.
//!
//! A directory that contains `SKILL.md` is a skill root and is not descended into; other
//! directories are walked recursively, skipping dot-directories and `node_modules`. Root-level
//! `*.md` files of a scanned directory are standalone skills when they have a description.
//! `.gitignore`, `.ignore` and `.fdignore` files are honoured.
//! A broken skill never breaks the scan: it is skipped and reported as a [`Diagnostic`].

use std::collections::HashSet;
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

use crate::error::ErrorCode;

use super::error::{Diagnostic, SkillError};
use super::frontmatter::{parse_frontmatter, Frontmatter};
use super::ignore::IgnoreRules;

/// Source files above this size are refused before being read.
pub const DEFAULT_MAX_SOURCE_BYTES: u64 = 16 * 1024 * 1024;

/// What the catalog knows about one skill, without its body.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SkillMeta {
    /// The skill's name.
    pub name: String,
    /// What the skill is for, as the model sees it in the catalog.
    pub description: String,
    /// The SKILL.md (or standalone `.md`) file, when the skill came from disk.
    pub file_path: Option<PathBuf>,
    /// The directory relative references in the body resolve against.
    pub base_dir: Option<PathBuf>,
    /// Hidden from the model: only the user can invoke it.
    pub disable_model_invocation: bool,
    /// Names of skills to load before this one.
    pub requires: Vec<String>,
}

fn io_error(path: &Path, error: &std::io::Error) -> SkillError {
    let code = if error.kind() == ErrorKind::NotFound {
        ErrorCode::SkillNotFound
    } else {
        ErrorCode::SkillIo
    };
    SkillError::new(code, format!("{}: {error}", path.display()))
}

/// Reads a skill source file as UTF-8, refusing oversized files twice: by metadata before the
/// read, and by bounding the read itself because the file may grow in between.
pub(crate) fn read_source(path: &Path, max_source_bytes: u64) -> Result<String, SkillError> {
    let too_large = || {
        SkillError::new(
            ErrorCode::SkillSourceTooLarge,
            format!("{} is larger than {max_source_bytes} bytes", path.display()),
        )
    };
    let metadata = fs::metadata(path).map_err(|error| io_error(path, &error))?;
    if !metadata.is_file() {
        return Err(SkillError::new(
            ErrorCode::SkillIo,
            format!("{} is not a regular file", path.display()),
        ));
    }
    if metadata.len() > max_source_bytes {
        return Err(too_large());
    }
    let file = fs::File::open(path).map_err(|error| io_error(path, &error))?;
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(max_source_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|error| io_error(path, &error))?;
    if bytes.len() as u64 > max_source_bytes {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|error| {
        SkillError::new(
            ErrorCode::SkillInvalidUtf8,
            format!(
                "{} is not valid UTF-8 (first bad byte at offset {})",
                path.display(),
                error.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The name a skill gets when its frontmatter has none: the folder of a `SKILL.md`, or the file
/// stem of a standalone `.md` file.
pub(crate) fn default_skill_name(path: &Path) -> Option<String> {
    let is_skill_md = path.file_name().is_some_and(|name| name == "SKILL.md");
    let source = if is_skill_md {
        path.parent()?.file_name()?
    } else {
        path.file_stem()?
    };
    Some(source.to_string_lossy().into_owned())
}

/// Parses a skill file into its metadata. The name defaults to the parent directory name; a
/// missing or blank description is an error because Pi does not load such skills.
pub fn read_skill_file(path: &Path, max_source_bytes: u64) -> Result<SkillMeta, SkillError> {
    let text = read_source(path, max_source_bytes)?;
    let frontmatter = parse_frontmatter(&text).map_err(|error| {
        SkillError::new(error.code, format!("{}: {}", path.display(), error.message))
    })?;
    meta_from_frontmatter(path, frontmatter)
}

fn meta_from_frontmatter(path: &Path, frontmatter: Frontmatter) -> Result<SkillMeta, SkillError> {
    let name = match frontmatter.name {
        Some(name) if !name.trim().is_empty() => name,
        _ => default_skill_name(path).ok_or_else(|| {
            SkillError::new(
                ErrorCode::SkillInvalidFrontmatter,
                format!(
                    "{}: no name and no directory to take it from",
                    path.display()
                ),
            )
        })?,
    };
    let description = frontmatter
        .description
        .filter(|description| !description.trim().is_empty())
        .ok_or_else(|| {
            SkillError::new(
                ErrorCode::SkillInvalidFrontmatter,
                format!("{}: frontmatter has no `description`", path.display()),
            )
        })?;
    Ok(SkillMeta {
        name,
        description,
        file_path: Some(path.to_path_buf()),
        base_dir: path.parent().map(Path::to_path_buf),
        disable_model_invocation: frontmatter.disable_model_invocation,
        requires: frontmatter.requires,
    })
}

/// Walks `dirs` in order with Pi's discovery rules. Never fails as a whole: unreadable or
/// malformed skills are skipped with a diagnostic, missing directories are ignored.
pub fn scan_skill_dirs(
    dirs: &[PathBuf],
    max_source_bytes: u64,
) -> (Vec<SkillMeta>, Vec<Diagnostic>) {
    let mut scan = Scan {
        max_source_bytes,
        skills: Vec::new(),
        diagnostics: Vec::new(),
        seen_files: HashSet::new(),
        seen_dirs: HashSet::new(),
    };
    for dir in dirs {
        if dir.is_dir() {
            scan.walk(dir, true, &IgnoreRules::for_root(dir));
        }
    }
    (scan.skills, scan.diagnostics)
}

struct Scan {
    max_source_bytes: u64,
    skills: Vec<SkillMeta>,
    diagnostics: Vec<Diagnostic>,
    /// Canonical paths of loaded files, so symlinked duplicates are silently dropped.
    seen_files: HashSet<PathBuf>,
    /// Canonical directories already walked, so symlink loops terminate.
    seen_dirs: HashSet<PathBuf>,
}

impl Scan {
    fn walk(&mut self, dir: &Path, is_scan_root: bool, inherited: &IgnoreRules) {
        let canonical = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        if !self.seen_dirs.insert(canonical) {
            return;
        }
        // As in Pi, a directory's own ignore files apply to its SKILL.md too, and an ignored
        // SKILL.md does not make the directory a skill root.
        let rules = inherited.entering(dir);
        let skill_file = dir.join("SKILL.md");
        if skill_file.is_file() && !rules.is_ignored(&skill_file, false) {
            self.load(&skill_file, true);
            return;
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) => {
                self.diagnostics.push(Diagnostic {
                    code: ErrorCode::SkillIo,
                    path: Some(dir.to_path_buf()),
                    name: None,
                    message: format!("cannot list {}: {error}", dir.display()),
                });
                return;
            }
        };
        // Sorted so that "first wins" on name collisions is deterministic across filesystems.
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        for path in paths {
            let Some(file_name) = path.file_name().and_then(|name| name.to_str()) else {
                continue;
            };
            if file_name.starts_with('.') || file_name == "node_modules" {
                continue;
            }
            let is_dir = path.is_dir();
            if rules.is_ignored(&path, is_dir) {
                continue;
            }
            if is_dir {
                self.walk(&path, false, &rules);
            } else if is_scan_root && file_name.ends_with(".md") && path.is_file() {
                self.load(&path, false);
            }
        }
    }

    /// Loads one file. A broken SKILL.md is reported; a root-level `.md` without usable
    /// frontmatter is just an ordinary Markdown file and is skipped quietly.
    fn load(&mut self, path: &Path, report_failures: bool) {
        let canonical = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if self.seen_files.contains(&canonical) {
            return;
        }
        match read_skill_file(path, self.max_source_bytes) {
            Ok(meta) => {
                self.seen_files.insert(canonical);
                self.skills.push(meta);
            }
            Err(error) if report_failures => self.diagnostics.push(Diagnostic {
                code: error.code,
                path: Some(path.to_path_buf()),
                name: default_skill_name(path),
                message: error.message,
            }),
            Err(_) => {}
        }
    }
}
