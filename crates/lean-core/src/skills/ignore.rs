//! The subset of gitignore semantics Pi's skill discovery honours (`.gitignore`, `.ignore`,
//! `.fdignore` in every scanned directory): comments, `!` negation, trailing-`/` directory
//! patterns, anchored patterns (containing a `/`), and the `*`, `?` and `**` wildcards.
//! Character classes are matched literally; no skill tree seen so far needs them.

use std::fs;
use std::path::{Path, PathBuf};

const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".fdignore"];

#[derive(Debug, Clone)]
struct Rule {
    /// Directory holding the ignore file; patterns are relative to it.
    base: PathBuf,
    pattern: String,
    negated: bool,
    directories_only: bool,
    /// A pattern with a `/` before its end matches the whole relative path, otherwise it
    /// matches a single name at any depth.
    anchored: bool,
}

/// The ignore rules in force for one directory of a scan (its own plus its ancestors').
#[derive(Debug, Clone, Default)]
pub(crate) struct IgnoreRules {
    rules: Vec<Rule>,
}

impl IgnoreRules {
    /// These rules plus the ones defined by ignore files inside `dir`.
    pub(crate) fn entering(&self, dir: &Path) -> IgnoreRules {
        let mut rules = self.rules.clone();
        for file in IGNORE_FILES {
            let Ok(text) = fs::read_to_string(dir.join(file)) else {
                continue;
            };
            for line in text.lines() {
                if let Some(rule) = parse_rule(dir, line) {
                    rules.push(rule);
                }
            }
        }
        IgnoreRules { rules }
    }

    /// Whether `path` is excluded; the last matching rule decides, as in git.
    pub(crate) fn is_ignored(&self, path: &Path, is_dir: bool) -> bool {
        let mut ignored = false;
        for rule in &self.rules {
            if rule.directories_only && !is_dir {
                continue;
            }
            let Ok(relative) = path.strip_prefix(&rule.base) else {
                continue;
            };
            let relative = relative.to_string_lossy().replace('\\', "/");
            let subject = if rule.anchored {
                relative.as_str()
            } else {
                relative.rsplit('/').next().unwrap_or_default()
            };
            if glob_matches(rule.pattern.as_bytes(), subject.as_bytes()) {
                ignored = !rule.negated;
            }
        }
        ignored
    }
}

fn parse_rule(base: &Path, line: &str) -> Option<Rule> {
    let line = line.trim_end();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (negated, line) = match line.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let (directories_only, line) = match line.strip_suffix('/') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let anchored = line.contains('/');
    let pattern = line.strip_prefix('/').unwrap_or(line).to_string();
    if pattern.is_empty() {
        return None;
    }
    Some(Rule {
        base: base.to_path_buf(),
        pattern,
        negated,
        directories_only,
        anchored,
    })
}

/// Glob match where `*` and `?` stay within one path segment and `**` crosses segments.
fn glob_matches(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.first() {
        None => text.is_empty(),
        Some(b'*') if pattern.get(1) == Some(&b'*') => {
            let rest = &pattern[2..];
            let rest = rest.strip_prefix(b"/").unwrap_or(rest);
            (0..=text.len()).any(|skip| glob_matches(rest, &text[skip..]))
        }
        Some(b'*') => {
            let rest = &pattern[1..];
            for skip in 0..=text.len() {
                if glob_matches(rest, &text[skip..]) {
                    return true;
                }
                if text.get(skip) == Some(&b'/') {
                    break;
                }
            }
            false
        }
        Some(b'?') => {
            text.first().is_some_and(|&byte| byte != b'/')
                && glob_matches(&pattern[1..], &text[1..])
        }
        Some(&byte) => text.first() == Some(&byte) && glob_matches(&pattern[1..], &text[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_matches(b"*.md", b"notes.md"));
        assert!(!glob_matches(b"*.md", b"a/notes.md"));
        assert!(glob_matches(b"**/drafts", b"a/b/drafts"));
        assert!(glob_matches(b"docs/**", b"docs/a/b"));
        assert!(glob_matches(b"sk?ll", b"skill"));
        assert!(!glob_matches(b"sk?ll", b"sk/ll"));
    }

    #[test]
    fn rules_anchor_negate_and_restrict_to_directories() {
        let base = Path::new("/root");
        let rules = IgnoreRules {
            rules: [
                "drafts/",
                "/top-only",
                "*.bak",
                "!keep.bak",
                "# comment",
                "",
            ]
            .iter()
            .filter_map(|line| parse_rule(base, line))
            .collect(),
        };
        assert!(rules.is_ignored(Path::new("/root/a/drafts"), true));
        assert!(!rules.is_ignored(Path::new("/root/a/drafts"), false));
        assert!(rules.is_ignored(Path::new("/root/top-only"), true));
        assert!(!rules.is_ignored(Path::new("/root/a/top-only"), true));
        assert!(rules.is_ignored(Path::new("/root/x.bak"), false));
        assert!(!rules.is_ignored(Path::new("/root/keep.bak"), false));
        assert!(!rules.is_ignored(Path::new("/elsewhere/x.bak"), false));
    }
}
