//! Skill discovery with Pi's rules: reading one SKILL.md into a [`SkillMeta`] and walking skill
//! directories.
//!
//! A directory that contains `SKILL.md` is a skill root and is not descended into; other
//! directories are walked recursively, skipping dot-directories and `node_modules`. Root-level
//! `*.md` files of a scanned directory are standalone skills when they have a description.
//! `.gitignore`, `.ignore` and `.fdignore` files are honoured.
//! A broken skill never breaks the scan: it is skipped and reported as a [`Diagnostic`].

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::error::ErrorCode;

use super::dir_handle::{Dir, Kind};
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
///
/// The walk keeps its own stack (no recursion on the tree's depth), recognises a directory it
/// has already walked by its identity (device and inode on Unix) so symlink loops end, and works
/// inside each directory through a handle opened from its parent's, so a chain of nested
/// directories costs time linear in its depth.
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
        open_handles: Rc::new(()),
    };
    for dir in dirs {
        if dir.is_dir() {
            scan.walk(dir);
        }
    }
    (scan.skills, scan.diagnostics)
}

/// Directories whose handle pending steps may keep open: a bushy deep tree would otherwise
/// hold one descriptor per level. Beyond it, steps open their directory by path.
const MAX_OPEN_HANDLES: usize = 64;

/// What makes two directory paths the same directory, without resolving every ancestor.
#[derive(Debug, PartialEq, Eq, Hash)]
enum DirIdentity {
    /// Device and inode of the directory (symlinks followed).
    Inode(u64, u64),
    /// The canonical path, where the platform gives no file identity through std, or the path
    /// as given when it cannot be resolved.
    Path(PathBuf),
}

/// Identity by path, for directories without a handle.
fn path_identity(dir: &Path) -> DirIdentity {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(meta) = fs::metadata(dir) {
            return DirIdentity::Inode(meta.dev(), meta.ino());
        }
        DirIdentity::Path(dir.to_path_buf())
    }
    #[cfg(not(unix))]
    {
        DirIdentity::Path(fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()))
    }
}

/// A directory being visited: its path, and a handle when one could be opened. Every question
/// goes through the handle when there is one, and through the path otherwise.
struct Place<'a> {
    path: &'a Path,
    handle: Option<Rc<Held>>,
}

/// A directory handle, counted in [`Scan::open_handles`] while it lives.
struct Held {
    dir: Dir,
    _count: Rc<()>,
}

impl Place<'_> {
    fn kind(&self, name: &OsStr, follow: bool) -> Option<Kind> {
        match &self.handle {
            Some(held) => held.dir.kind_at(name, follow),
            None => {
                let path = self.path.join(name);
                let meta = if follow {
                    fs::metadata(path)
                } else {
                    fs::symlink_metadata(path)
                };
                meta.ok().map(|m| Kind::of(m.file_type()))
            }
        }
    }

    fn read_text(&self, name: &str) -> Option<String> {
        match &self.handle {
            Some(held) => held.dir.read_text_at(OsStr::new(name)),
            None => fs::read_to_string(self.path.join(name)).ok(),
        }
    }

    fn names(&self) -> std::io::Result<Vec<OsString>> {
        match &self.handle {
            Some(held) => held.dir.names(),
            None => fs::read_dir(self.path).map(|entries| {
                entries
                    .filter_map(|entry| entry.ok().map(|e| e.file_name()))
                    .collect()
            }),
        }
    }
}

/// One pending step of the walk, in the order the recursive definition would take it.
enum Step {
    /// Walk a directory with the ignore rules of its parent.
    Walk {
        dir: PathBuf,
        /// The parent's handle, to open this one from (none: open by path).
        parent: Option<Rc<Held>>,
        /// The directory's canonical path when known without resolving it (a real directory
        /// entry under a canonical parent), so loading its SKILL.md needs no realpath.
        canonical: Option<PathBuf>,
        is_scan_root: bool,
        inherited: Rc<IgnoreRules>,
    },
    /// Load a root-level `.md` file of a scan root (with its canonical path when known).
    Load(PathBuf, Option<PathBuf>),
}

struct Scan {
    max_source_bytes: u64,
    skills: Vec<SkillMeta>,
    diagnostics: Vec<Diagnostic>,
    /// Canonical paths of loaded files, so symlinked duplicates are silently dropped.
    seen_files: HashSet<PathBuf>,
    /// Directories already walked, so symlink loops terminate.
    seen_dirs: HashSet<DirIdentity>,
    /// Counts, by its strong count, the directory handles open now ([`Held`]).
    open_handles: Rc<()>,
}

impl Scan {
    /// Walks one scan root depth first, children in sorted order.
    fn walk(&mut self, root: &Path) {
        let mut stack = vec![Step::Walk {
            dir: root.to_path_buf(),
            parent: None,
            canonical: fs::canonicalize(root).ok(),
            is_scan_root: true,
            inherited: Rc::new(IgnoreRules::for_root(root)),
        }];
        while let Some(step) = stack.pop() {
            match step {
                Step::Load(path, canonical) => self.load(&path, canonical, false),
                Step::Walk {
                    dir,
                    parent,
                    canonical,
                    is_scan_root,
                    inherited,
                } => {
                    let opened = match (&parent, dir.file_name()) {
                        (Some(parent), Some(name)) => parent.dir.open_child(name).ok(),
                        _ => None,
                    };
                    drop(parent);
                    let handle = opened.or_else(|| Dir::open(&dir).ok()).map(|dir| {
                        Rc::new(Held {
                            dir,
                            _count: Rc::clone(&self.open_handles),
                        })
                    });
                    let place = Place { path: &dir, handle };
                    let first_child = stack.len();
                    self.enter(&place, canonical, is_scan_root, &inherited, &mut stack);
                    // Children were pushed in sorted order; the stack pops the last first.
                    stack[first_child..].reverse();
                }
            }
        }
    }

    /// Visits one directory: loads its SKILL.md, or pushes its children as steps.
    fn enter(
        &mut self,
        place: &Place<'_>,
        canonical: Option<PathBuf>,
        is_scan_root: bool,
        inherited: &IgnoreRules,
        steps: &mut Vec<Step>,
    ) {
        let dir = place.path;
        let identity = match place.handle.as_ref().map(|held| held.dir.identity()) {
            Some(Ok((dev, ino))) => DirIdentity::Inode(dev, ino),
            _ => path_identity(dir),
        };
        if !self.seen_dirs.insert(identity) {
            return;
        }
        // Known canonical path of a real (non-symlink) file `name` in this directory.
        let canonical_of = |name: &OsStr| {
            let parent = canonical.as_ref()?;
            (place.kind(name, false) == Some(Kind::File)).then(|| parent.join(name))
        };
        // As in Pi, a directory's own ignore files apply to its SKILL.md too, and an ignored
        // SKILL.md does not make the directory a skill root.
        let rules = inherited.entering_with(dir, |file| place.read_text(file));
        let skill_file = dir.join("SKILL.md");
        if place.kind(OsStr::new("SKILL.md"), true) == Some(Kind::File)
            && !rules.is_ignored(&skill_file, false)
        {
            let known = canonical_of(OsStr::new("SKILL.md"));
            self.load(&skill_file, known, true);
            return;
        }
        let mut names = match place.names() {
            Ok(names) => names,
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
        // Sorted so that "first wins" on name collisions is deterministic across filesystems
        // (by name: every entry has the same parent, so this is the order of their paths).
        names.sort();
        let rules = Rc::new(rules);
        // Children open from this handle while few handles are held; past that, by path.
        let share = place
            .handle
            .as_ref()
            .filter(|_| Rc::strong_count(&self.open_handles) <= MAX_OPEN_HANDLES + 1);
        for name in names {
            let Some(file_name) = name.to_str() else {
                continue;
            };
            if file_name.starts_with('.') || file_name == "node_modules" {
                continue;
            }
            let path = dir.join(&name);
            let kind = place.kind(&name, true);
            let is_dir = kind == Some(Kind::Dir);
            if rules.is_ignored(&path, is_dir) {
                continue;
            }
            if is_dir {
                let child_canonical = match &canonical {
                    Some(parent) if place.kind(&name, false) == Some(Kind::Dir) => {
                        Some(parent.join(&name))
                    }
                    _ => None,
                };
                steps.push(Step::Walk {
                    dir: path,
                    parent: share.map(Rc::clone),
                    canonical: child_canonical,
                    is_scan_root: false,
                    inherited: Rc::clone(&rules),
                });
            } else if is_scan_root && file_name.ends_with(".md") && kind == Some(Kind::File) {
                let known = canonical_of(&name);
                steps.push(Step::Load(path, known));
            }
        }
    }

    /// Loads one file. A broken SKILL.md is reported; a root-level `.md` without usable
    /// frontmatter is just an ordinary Markdown file and is skipped quietly.
    fn load(&mut self, path: &Path, canonical: Option<PathBuf>, report_failures: bool) {
        let canonical = canonical
            .unwrap_or_else(|| fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()));
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
