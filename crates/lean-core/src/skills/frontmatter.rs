//! SKILL.md frontmatter, read the way Pi reads it.
//!
//! Pi (`utils/frontmatter.js`) strips a BOM, normalises line endings, takes the text between an
//! opening `---` at the very start and the first later line that *starts* with `---`, and
//! parses it with a full YAML 1.2 parser; any YAML error makes the file unusable. Matching
//! that with a hand-written subset parser proved impossible in practice (anchors, aliases,
//! tags, `key: x: y`, duplicate keys all differed; see `__test__/scan-parity.test.mjs`), so
//! the YAML here is parsed by `yaml-rust2`, a maintained YAML 1.2 parser that agrees with
//! Pi's on every case in that compare test. Only the fence handling is ours, because it is
//! Pi's own convention rather than YAML.
//!
//! Types follow Pi's checks: `name` and `description` count only when they are strings, the
//! model-invocation flag only when it is the boolean `true`. Aliases are counted before the
//! document is built, so a small file cannot expand into a huge tree ("billion laughs").

use std::collections::HashMap;

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;
use yaml_rust2::{Yaml, YamlLoader};

use crate::error::ErrorCode;

use super::error::SkillError;

/// The interpreted frontmatter of a skill file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frontmatter {
    /// The `name` field, when present.
    pub name: Option<String>,
    /// The `description` field, when present.
    pub description: Option<String>,
    /// True only for the YAML boolean `true`, matching Pi's `=== true` check.
    pub disable_model_invocation: bool,
    /// Skill names from `requires:` and `dependencies:` (in that order, deduplicated).
    pub requires: Vec<String>,
    /// Byte offset in the input where the Markdown body starts (after the closing fence).
    pub body_start: usize,
}

/// Most YAML nodes a frontmatter may expand to, counting every alias as a copy of its anchor.
const MAX_NODES: usize = 100_000;

fn invalid(line: usize, message: impl AsRef<str>) -> SkillError {
    SkillError::new(
        ErrorCode::SkillInvalidFrontmatter,
        format!("frontmatter line {line}: {}", message.as_ref()),
    )
}

/// The YAML text and where the body starts, found the way Pi finds them; None when the text
/// has no frontmatter block (then every field is empty and the body is the whole text).
fn split_block(text: &str) -> Option<(String, usize, usize)> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[bom..];
    if !rest.starts_with("---") {
        return None;
    }
    let bytes = rest.as_bytes();
    // Pi drops the fence and the one character after it (normally the line break).
    let yaml_start = match bytes.get(3) {
        Some(b'\r') if bytes.get(4) == Some(&b'\n') => 5,
        Some(_) => 3 + rest[3..].chars().next().map_or(0, char::len_utf8),
        None => 3,
    };
    // The first line break at or after byte 3 that is followed by `---` closes the block.
    let mut at = 3;
    while at < bytes.len() {
        let break_len = match bytes[at] {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => 2,
            b'\r' | b'\n' => 1,
            _ => {
                at += 1;
                continue;
            }
        };
        if rest[at + break_len..].starts_with("---") {
            let yaml_end = at.max(yaml_start);
            let mut body = at + break_len + 3;
            // The rest of an ordinary fence line is its line break; anything else is body.
            if rest[body..].starts_with("\r\n") {
                body += 2;
            } else if rest[body..].starts_with('\n') || rest[body..].starts_with('\r') {
                body += 1;
            }
            let yaml = rest[yaml_start..yaml_end]
                .replace("\r\n", "\n")
                .replace('\r', "\n");
            return Some((yaml, bom + body, 1));
        }
        at += break_len;
    }
    None
}

/// Counts the nodes a document expands to, aliases included, without building it.
#[derive(Default)]
struct ExpansionCounter {
    nodes: usize,
    /// Open collections: (anchor id, node count when it opened).
    open: Vec<(usize, usize)>,
    anchor_sizes: HashMap<usize, usize>,
}

impl MarkedEventReceiver for ExpansionCounter {
    fn on_event(&mut self, event: Event, _mark: Marker) {
        match event {
            Event::Scalar(_, _, anchor, _) => {
                self.nodes = self.nodes.saturating_add(1);
                if anchor > 0 {
                    self.anchor_sizes.insert(anchor, 1);
                }
            }
            Event::Alias(anchor) => {
                let size = self.anchor_sizes.get(&anchor).copied().unwrap_or(1);
                self.nodes = self.nodes.saturating_add(size);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                self.nodes = self.nodes.saturating_add(1);
                self.open.push((anchor, self.nodes - 1));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, start)) = self.open.pop() {
                    if anchor > 0 {
                        self.anchor_sizes.insert(anchor, self.nodes - start);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Parses the frontmatter of a skill file. Text without a frontmatter block has none: every
/// field is empty and the body starts at byte 0.
pub fn parse_frontmatter(text: &str) -> Result<Frontmatter, SkillError> {
    let Some((yaml, body_start, _)) = split_block(text) else {
        return Ok(Frontmatter::default());
    };
    let mut frontmatter = Frontmatter {
        body_start,
        ..Frontmatter::default()
    };
    if yaml.trim().is_empty() {
        return Ok(frontmatter);
    }
    let yaml_error = |error: yaml_rust2::ScanError| {
        // The block starts on line 2 of the file.
        invalid(error.marker().line() + 1, error.info())
    };
    let mut counter = ExpansionCounter::default();
    Parser::new_from_str(&yaml)
        .load(&mut counter, false)
        .map_err(yaml_error)?;
    if counter.nodes > MAX_NODES {
        return Err(invalid(
            2,
            format!("the YAML expands to more than {MAX_NODES} nodes through aliases"),
        ));
    }
    let documents = YamlLoader::load_from_str(&yaml).map_err(yaml_error)?;
    let Some(Yaml::Hash(map)) = documents.into_iter().next() else {
        return Ok(frontmatter);
    };
    let field = |key: &str| map.get(&Yaml::String(key.to_string()));
    let string = |key: &str| match field(key) {
        Some(Yaml::String(text)) => Some(text.clone()),
        _ => None,
    };
    frontmatter.name = string("name").filter(|name| !name.is_empty());
    frontmatter.description = string("description");
    frontmatter.disable_model_invocation =
        matches!(field("disable-model-invocation"), Some(Yaml::Boolean(true)));
    // A set, not a scan of the list so far: a hostile list of 40,000 names would be quadratic.
    let mut seen = std::collections::HashSet::new();
    for key in ["requires", "dependencies"] {
        for name in name_list(field(key)) {
            if seen.insert(name.clone()) {
                frontmatter.requires.push(name);
            }
        }
    }
    Ok(frontmatter)
}

/// `requires: [a, b]`, a block list, or one string that may be a comma-separated list.
fn name_list(value: Option<&Yaml>) -> Vec<String> {
    let scalar = |item: &Yaml| match item {
        Yaml::String(text) | Yaml::Real(text) => Some(text.clone()),
        Yaml::Integer(number) => Some(number.to_string()),
        _ => None,
    };
    let items: Vec<String> = match value {
        Some(Yaml::Array(items)) => items.iter().filter_map(scalar).collect(),
        Some(Yaml::String(text)) => text.split(',').map(str::to_string).collect(),
        _ => Vec::new(),
    };
    items
        .into_iter()
        .map(|item| item.trim().to_string())
        .filter(|item| !item.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Frontmatter {
        parse_frontmatter(text).expect("valid frontmatter")
    }

    #[test]
    fn plain_fields_and_body_offset() {
        let text = "---\nname: tdd\ndescription: Test first.\n---\n# Body\n";
        let fm = parse(text);
        assert_eq!(fm.name.as_deref(), Some("tdd"));
        assert_eq!(fm.description.as_deref(), Some("Test first."));
        assert_eq!(&text[fm.body_start..], "# Body\n");
    }

    #[test]
    fn no_frontmatter_means_everything_empty() {
        assert_eq!(parse("# Just markdown\n---\n"), Frontmatter::default());
        // An opening fence that is never closed is no frontmatter either (as in Pi).
        assert_eq!(parse("---\nname: a\n"), Frontmatter::default());
    }

    #[test]
    fn bom_and_crlf() {
        let text = "\u{feff}---\r\nname: a\r\ndescription: b c\r\n---\r\nbody\r\n";
        let fm = parse(text);
        assert_eq!(fm.name.as_deref(), Some("a"));
        assert_eq!(fm.description.as_deref(), Some("b c"));
        assert_eq!(&text[fm.body_start..], "body\r\n");
    }

    #[test]
    fn fences_as_pi_finds_them() {
        // Any line starting with `---` closes the block; the rest of it is body.
        let text = "---\nname: a\ndescription: d\n---body\nmore\n";
        let fm = parse(text);
        assert_eq!(fm.description.as_deref(), Some("d"));
        assert_eq!(&text[fm.body_start..], "body\nmore\n");
        let text = "---\ndescription: d\n----\nx\n";
        assert_eq!(&text[parse(text).body_start..], "-\nx\n");
    }

    #[test]
    fn yaml_features_as_a_yaml_parser_reads_them() {
        let fm = parse("---\nshared: &d Shared words.\ndescription: *d\nname: !!str 42\n---\n");
        assert_eq!(fm.description.as_deref(), Some("Shared words."));
        assert_eq!(fm.name.as_deref(), Some("42"));
        let fm = parse("---\nname: 'it''s'\ndescription: \"tab\\there \\u00e9\"\n---\n");
        assert_eq!(fm.name.as_deref(), Some("it's"));
        assert_eq!(fm.description.as_deref(), Some("tab\there é"));
        let fm = parse("---\ndescription: >-\n  folded\n  text\nname: |-\n  lit\n  eral\n---\n");
        assert_eq!(fm.description.as_deref(), Some("folded text"));
        assert_eq!(fm.name.as_deref(), Some("lit\neral"));
    }

    #[test]
    fn only_strings_and_the_boolean_true_count() {
        let fm =
            parse("---\nname: 42\ndescription: 12345\ndisable-model-invocation: \"true\"\n---\n");
        assert_eq!(
            (fm.name, fm.description, fm.disable_model_invocation),
            (None, None, false)
        );
        assert!(parse("---\ndisable-model-invocation: true\n---\n").disable_model_invocation);
        assert!(parse("---\ndisable-model-invocation: True\n---\n").disable_model_invocation);
        assert!(!parse("---\ndisable-model-invocation: yes\n---\n").disable_model_invocation);
    }

    #[test]
    fn lists_of_requirements() {
        let fm = parse("---\nrequires: [b, \"c\"]\ndependencies:\n  - d\n  - 'b'\n---\n");
        assert_eq!(fm.requires, vec!["b", "c", "d"]);
        assert_eq!(
            parse("---\nrequires: one, two\n---\n").requires,
            vec!["one", "two"]
        );
    }

    #[test]
    fn yaml_errors_make_the_file_unusable_and_name_the_line() {
        let cases = [
            ("---\nname: \"open\n---\n", "line"),
            ("---\nname: a\ndescription: key: x: y\n---\n", "line 3"),
            ("---\nname: a\nname: b\n---\n", "duplicated key"),
        ];
        for (text, needle) in cases {
            let error = parse_frontmatter(text).expect_err(text);
            assert_eq!(error.code, ErrorCode::SkillInvalidFrontmatter);
            assert!(
                error.message.contains(needle),
                "{text:?}: {}",
                error.message
            );
        }
    }

    #[test]
    fn alias_bombs_are_refused_before_they_expand() {
        let mut yaml = String::from("---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..9 {
            let prev = level - 1;
            yaml.push_str(&format!("a{level}: &a{level} [*a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}, *a{prev}]\n"));
        }
        yaml.push_str("description: d\n---\n");
        let error = parse_frontmatter(&yaml).expect_err("bomb");
        assert!(
            error.message.contains("expands to more than"),
            "{}",
            error.message
        );
    }
}
