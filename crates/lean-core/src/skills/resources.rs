//! A bounded sample of the resource files next to a skill (`references/*.md`, `scripts/…`), so
//! a loaded skill can tell the model what exists without the model reading the tree.
//!
//! The walk is breadth-first with an explicit queue (no recursion on directory depth), visits
//! at most a fixed number of directory entries, never follows symlinked directories, and skips
//! hidden entries and `node_modules`, like the skill scan does.

use std::collections::VecDeque;
use std::fs;
use std::path::{Path, PathBuf};

/// What [`resource_sample`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourceSample {
    /// Relative paths with `/` separators, shallow first, sorted within a directory.
    pub names: Vec<String>,
    /// Files seen in total (at least `names.len()`); more than that were left out.
    pub files_seen: usize,
    /// True when the walk stopped at its entry budget, so `files_seen` is a lower bound.
    pub incomplete: bool,
}

/// Lists up to `max_names` files under `base_dir` (excluding the skill file itself), visiting
/// at most `max_entries` directory entries. Unreadable directories are skipped.
pub fn resource_sample(
    base_dir: &Path,
    skill_file: &Path,
    max_names: usize,
    max_entries: usize,
) -> ResourceSample {
    let mut sample = ResourceSample::default();
    let mut queue: VecDeque<(PathBuf, String)> = VecDeque::new();
    queue.push_back((base_dir.to_path_buf(), String::new()));
    let mut visited = 0;
    while let Some((dir, prefix)) = queue.pop_front() {
        let Ok(read) = fs::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<(String, PathBuf, bool)> = Vec::new();
        for entry in read.flatten() {
            visited += 1;
            if visited > max_entries {
                sample.incomplete = true;
                break;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "node_modules" {
                continue;
            }
            // `file_type` does not follow symlinks: a linked directory is listed, not entered.
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            entries.push((name, entry.path(), kind.is_dir()));
        }
        entries.sort();
        for (name, path, is_dir) in entries {
            let relative = format!("{prefix}{name}");
            if is_dir {
                queue.push_back((path, format!("{relative}/")));
            } else if path != skill_file {
                sample.files_seen += 1;
                if sample.names.len() < max_names {
                    sample.names.push(relative);
                }
            }
        }
        if sample.incomplete {
            break;
        }
    }
    sample
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_shallow_first_skips_hidden_and_bounds_the_walk() {
        let root = std::env::temp_dir().join(format!("lean-core-resources-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for dir in ["references", "scripts/lib", ".git", "node_modules/x"] {
            fs::create_dir_all(root.join(dir)).unwrap();
        }
        for file in [
            "SKILL.md",
            "README.md",
            "references/api.md",
            "references/guide.md",
            "scripts/run.py",
            "scripts/lib/util.py",
            ".git/HEAD",
            "node_modules/x/index.js",
        ] {
            fs::write(root.join(file), "x").unwrap();
        }
        let skill = root.join("SKILL.md");
        let all = resource_sample(&root, &skill, 10, 1000);
        assert_eq!(
            all.names,
            vec![
                "README.md",
                "references/api.md",
                "references/guide.md",
                "scripts/run.py",
                "scripts/lib/util.py"
            ]
        );
        assert_eq!((all.files_seen, all.incomplete), (5, false));
        let few = resource_sample(&root, &skill, 2, 1000);
        assert_eq!(few.names, vec!["README.md", "references/api.md"]);
        assert_eq!(few.files_seen, 5);
        let bounded = resource_sample(&root, &skill, 10, 3);
        assert!(bounded.incomplete);
        fs::remove_dir_all(&root).unwrap();
    }
}
