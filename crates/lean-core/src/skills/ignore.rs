//! Ignore files in skill discovery, the way Pi's `loadSkills()` reads them: `.gitignore`,
//! `.ignore` and `.fdignore` in every scanned directory, each line prefixed with that
//! directory's path relative to the scan root, all matched by one gitignore matcher rooted at
//! the scan root. Matching is the `ignore` crate's `Gitignore` (full gitignore syntax:
//! character classes, `**`, negation, directory-only patterns); only the prefixing is ours,
//! because it is what gives Pi's rules their scope (a nested `*.md` becomes `sub/*.md`).

#[cfg(test)]
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};

const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".fdignore"];

/// The ignore rules in force for one directory of a scan (its own plus its ancestors').
#[derive(Debug, Clone)]
pub(crate) struct IgnoreRules {
    root: PathBuf,
    /// Every pattern so far, already prefixed, in the order Pi adds them.
    patterns: Vec<String>,
    matcher: Arc<Gitignore>,
}

impl IgnoreRules {
    /// No rules yet, for a scan rooted at `root`.
    pub(crate) fn for_root(root: &Path) -> IgnoreRules {
        IgnoreRules {
            root: root.to_path_buf(),
            patterns: Vec::new(),
            matcher: Arc::new(Gitignore::empty()),
        }
    }

    /// These rules plus the ones defined by ignore files inside `dir`.
    #[cfg(test)]
    pub(crate) fn entering(&self, dir: &Path) -> IgnoreRules {
        self.entering_with(dir, |file| fs::read_to_string(dir.join(file)).ok())
    }

    /// [`entering`](Self::entering) with the ignore files read by `read` (given a file name in
    /// `dir`), so the scan can read them through an open handle of `dir`.
    pub(crate) fn entering_with(
        &self,
        dir: &Path,
        read: impl Fn(&str) -> Option<String>,
    ) -> IgnoreRules {
        // The prefix costs the directory's depth, so it is only built for a directory that has
        // an ignore file: a deep chain without any stays linear.
        let mut prefix: Option<String> = None;
        let mut patterns = self.patterns.clone();
        for file in IGNORE_FILES {
            let Some(text) = read(file) else {
                continue;
            };
            let prefix = prefix.get_or_insert_with(|| match dir.strip_prefix(&self.root) {
                Ok(relative) if !relative.as_os_str().is_empty() => {
                    format!("{}/", relative.to_string_lossy().replace('\\', "/"))
                }
                _ => String::new(),
            });
            patterns.extend(
                text.lines()
                    .filter_map(|line| prefixed_pattern(line, prefix)),
            );
        }
        if patterns.len() == self.patterns.len() {
            return self.clone();
        }
        let mut builder = GitignoreBuilder::new(&self.root);
        for pattern in &patterns {
            // A line the matcher cannot compile is skipped, as Pi's `ignore` package does.
            let _ = builder.add_line(None, pattern);
        }
        let matcher = builder.build().unwrap_or_else(|_| Gitignore::empty());
        IgnoreRules {
            root: self.root.clone(),
            patterns,
            matcher: Arc::new(matcher),
        }
    }

    /// Whether `path` (under the scan root) is excluded; the last matching rule decides.
    pub(crate) fn is_ignored(&self, path: &Path, is_dir: bool) -> bool {
        if self.patterns.is_empty() {
            return false;
        }
        let Ok(relative) = path.strip_prefix(&self.root) else {
            return false;
        };
        self.matcher.matched(relative, is_dir).is_ignore()
    }
}

/// One ignore-file line as Pi adds it: blank lines and comments dropped, `!` kept in front,
/// a leading `/` removed, and the directory's relative prefix put before the pattern.
fn prefixed_pattern(line: &str, prefix: &str) -> Option<String> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let trimmed = line.trim();
    if trimmed.is_empty() || (trimmed.starts_with('#') && !trimmed.starts_with("\\#")) {
        return None;
    }
    let (negated, pattern) = match line.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (
            false,
            line.strip_prefix('\\')
                .filter(|rest| rest.starts_with('!'))
                .unwrap_or(line),
        ),
    };
    let pattern = pattern.strip_prefix('/').unwrap_or(pattern);
    Some(format!(
        "{}{prefix}{pattern}",
        if negated { "!" } else { "" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(root: &Path, lines: &[&str]) -> IgnoreRules {
        fs::create_dir_all(root).unwrap();
        fs::write(root.join(".gitignore"), lines.join("\n")).unwrap();
        IgnoreRules::for_root(root).entering(root)
    }

    #[test]
    fn full_gitignore_syntax() {
        let root = std::env::temp_dir().join(format!("lean-core-ignore-{}", std::process::id()));
        let r = rules(
            &root,
            &[
                "drafts/",
                "/top-only",
                "*.bak",
                "!keep.bak",
                "# comment",
                "",
                "a/**/b",
                "[c]at",
            ],
        );
        assert!(r.is_ignored(&root.join("x/drafts"), true));
        assert!(!r.is_ignored(&root.join("x/drafts"), false));
        assert!(r.is_ignored(&root.join("top-only"), true));
        // Pi strips the leading `/` before prefixing, so at the scan root it anchors nothing.
        assert!(r.is_ignored(&root.join("x/top-only"), true));
        assert!(r.is_ignored(&root.join("x.bak"), false));
        assert!(!r.is_ignored(&root.join("keep.bak"), false));
        // `a/**/b` matches b at any depth under a, but not a name that merely ends in b.
        assert!(r.is_ignored(&root.join("a/b"), true));
        assert!(r.is_ignored(&root.join("a/x/y/b"), true));
        assert!(!r.is_ignored(&root.join("a/xb"), true));
        // A character class is a class, not literal text.
        assert!(r.is_ignored(&root.join("cat"), true));
        assert!(!r.is_ignored(&root.join("[c]at"), true));
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn nested_rules_are_prefixed_like_pi() {
        assert_eq!(
            prefixed_pattern("*.md", "sub/").as_deref(),
            Some("sub/*.md")
        );
        assert_eq!(
            prefixed_pattern("!/keep", "sub/").as_deref(),
            Some("!sub/keep")
        );
        // Pi drops the escape and keeps the `!`, so the prefixed line reads as a negation.
        assert_eq!(
            prefixed_pattern("\\!bang", "sub/").as_deref(),
            Some("sub/!bang")
        );
        assert_eq!(prefixed_pattern("\\#hash", "").as_deref(), Some("\\#hash"));
        assert_eq!(prefixed_pattern("  # comment", "x/"), None);
    }
}
