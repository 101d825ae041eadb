//! File-level behaviour of the skills module: reading skill files, Pi's discovery rules, and the
//! body pager's size, encoding, revision and pagination guarantees.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use lean_core::error::{Coded, ErrorCode};
use lean_core::skills::{
    load_body, load_body_at, read_skill_file, scan_skill_dirs, DEFAULT_MAX_SOURCE_BYTES,
    MAX_PAGE_BYTES, MAX_PAGE_LINES,
};

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique = format!(
            "lean-core-skills-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(unique);
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn write(&self, relative: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, contents).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn skill(name: &str, description: &str, body: &str) -> String {
    format!("---\nname: {name}\ndescription: {description}\n---\n{body}")
}

const MAX: u64 = DEFAULT_MAX_SOURCE_BYTES;

#[test]
fn name_defaults_to_directory_and_description_is_required() {
    let dir = TempDir::new();
    let path = dir.write(
        "pdf-tools/SKILL.md",
        "---\ndescription: Extract PDF text.\n---\nBody\n",
    );
    let meta = read_skill_file(&path, MAX).unwrap();
    assert_eq!(meta.name, "pdf-tools");
    assert_eq!(meta.file_path.as_deref(), Some(path.as_path()));
    assert_eq!(meta.base_dir.as_deref(), path.parent());

    let path = dir.write("nodesc/SKILL.md", "---\nname: nodesc\n---\nBody\n");
    let error = read_skill_file(&path, MAX).unwrap_err();
    assert_eq!(error.code(), ErrorCode::SkillInvalidFrontmatter);
    assert!(error.message.contains("description"));
}

#[test]
fn missing_binary_and_invalid_utf8_files_fail_with_codes() {
    let dir = TempDir::new();
    let error = read_skill_file(&dir.0.join("nope/SKILL.md"), MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::SkillNotFound);

    let path = dir.write(
        "bad/SKILL.md",
        b"---\nname: bad\ndescription: caf\xe9\n---\nx\n",
    );
    assert_eq!(
        read_skill_file(&path, MAX).unwrap_err().code,
        ErrorCode::SkillInvalidUtf8
    );
    assert_eq!(
        load_body(&path, "bad", 0, None, MAX).unwrap_err().code,
        ErrorCode::SkillInvalidUtf8
    );

    let binary: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let path = dir.write("binary/SKILL.md", binary);
    assert_eq!(
        read_skill_file(&path, MAX).unwrap_err().code,
        ErrorCode::SkillInvalidUtf8
    );

    // Valid UTF-8 with NULs and no frontmatter: not a skill, but no crash either.
    let path = dir.write("nuls/SKILL.md", "\0\0\0 plain");
    assert_eq!(
        read_skill_file(&path, MAX).unwrap_err().code,
        ErrorCode::SkillInvalidFrontmatter
    );

    // A directory where a file is expected.
    fs::create_dir_all(dir.0.join("dir/SKILL.md")).unwrap();
    assert_eq!(
        read_skill_file(&dir.0.join("dir/SKILL.md"), MAX)
            .unwrap_err()
            .code,
        ErrorCode::SkillIo
    );
}

#[test]
fn oversized_sources_are_refused() {
    let dir = TempDir::new();
    let text = skill("big", "Big one.", &"line\n".repeat(100));
    let path = dir.write("big/SKILL.md", &text);
    let limit = text.len() as u64 - 1;
    assert_eq!(
        read_skill_file(&path, limit).unwrap_err().code,
        ErrorCode::SkillSourceTooLarge
    );
    assert_eq!(
        load_body(&path, "big", 0, None, limit).unwrap_err().code,
        ErrorCode::SkillSourceTooLarge
    );
    assert!(load_body(&path, "big", 0, None, text.len() as u64).is_ok());
}

#[test]
fn crlf_and_bom_files_load() {
    let dir = TempDir::new();
    let path = dir.write(
        "win/SKILL.md",
        "\u{feff}---\r\nname: win\r\ndescription: Windows line endings.\r\n---\r\n# Title\r\nline two\r\n",
    );
    let meta = read_skill_file(&path, MAX).unwrap();
    assert_eq!(meta.description, "Windows line endings.");
    let page = load_body(&path, "win", 0, None, MAX).unwrap();
    assert_eq!(page.text, "# Title\nline two\n");
    assert_eq!(page.total_lines, 2);
    assert_eq!(page.next_offset, None);
}

#[test]
fn empty_bodies_and_name_mismatches_are_reported() {
    let dir = TempDir::new();
    let path = dir.write("empty/SKILL.md", skill("empty", "Nothing.", "\n  \n\t\n"));
    assert_eq!(
        load_body(&path, "empty", 0, None, MAX).unwrap_err().code,
        ErrorCode::SkillEmptyBody
    );
    let path = dir.write("none/SKILL.md", skill("none", "Nothing at all.", ""));
    assert_eq!(
        load_body(&path, "none", 0, None, MAX).unwrap_err().code,
        ErrorCode::SkillEmptyBody
    );

    let path = dir.write(
        "renamed/SKILL.md",
        skill("other-name", "Renamed.", "body\n"),
    );
    assert_eq!(
        load_body(&path, "renamed", 0, None, MAX).unwrap_err().code,
        ErrorCode::SkillNameMismatch
    );
    assert!(load_body(&path, "other-name", 0, None, MAX).is_ok());
    // Without a frontmatter name, the directory name is the identity.
    let path = dir.write("by-dir/SKILL.md", "---\ndescription: d\n---\nbody\n");
    assert!(load_body(&path, "by-dir", 0, None, MAX).is_ok());
    assert_eq!(
        load_body(&path, "../by-dir", 0, None, MAX)
            .unwrap_err()
            .code,
        ErrorCode::SkillNameMismatch
    );
}

#[test]
fn editing_a_file_changes_its_revision() {
    let dir = TempDir::new();
    let path = dir.write("rev/SKILL.md", skill("rev", "Revisions.", "first\n"));
    let page = load_body(&path, "rev", 0, None, MAX).unwrap();
    assert_eq!(page.rev.len(), 16);
    assert_eq!(
        load_body(&path, "rev", 0, Some(&page.rev), MAX)
            .unwrap()
            .rev,
        page.rev
    );
    fs::write(&path, skill("rev", "Revisions.", "second\n")).unwrap();
    let error = load_body(&path, "rev", 0, Some(&page.rev), MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::SkillSourceChanged);
    let fresh = load_body(&path, "rev", 0, None, MAX).unwrap();
    assert_ne!(fresh.rev, page.rev);
    assert_eq!(fresh.text, "second\n");
}

#[test]
fn pagination_respects_line_and_byte_limits() {
    let dir = TempDir::new();
    // Exactly MAX_PAGE_LINES short lines fit on one page; one more spills over.
    let body: String = (0..MAX_PAGE_LINES).map(|i| format!("{i}\n")).collect();
    let path = dir.write("exact/SKILL.md", skill("exact", "Exact.", &body));
    let page = load_body(&path, "exact", 0, None, MAX).unwrap();
    assert_eq!(page.total_lines, MAX_PAGE_LINES);
    assert_eq!(page.next_offset, None);
    assert_eq!(page.text, body);

    let body: String = (0..MAX_PAGE_LINES + 1).map(|i| format!("{i}\n")).collect();
    let path = dir.write("spill/SKILL.md", skill("spill", "Spill.", &body));
    let first = load_body(&path, "spill", 0, None, MAX).unwrap();
    assert_eq!(first.next_offset, Some(MAX_PAGE_LINES));
    let second = load_body(&path, "spill", MAX_PAGE_LINES, Some(&first.rev), MAX).unwrap();
    assert_eq!(second.text, format!("{MAX_PAGE_LINES}\n"));
    assert_eq!(second.offset, MAX_PAGE_LINES);
    assert_eq!(second.next_offset, None);
    assert_eq!(format!("{}{}", first.text, second.text), body);

    let error = load_body(&path, "spill", MAX_PAGE_LINES + 1, Some(&first.rev), MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidArgument);

    // Long multi-byte lines: pages stop on whole lines within the byte budget and, joined,
    // give back the body exactly.
    let line = format!("{}\n", "é".repeat(999)); // 1999 bytes
    let body = line.repeat(60);
    let path = dir.write("bytes/SKILL.md", skill("bytes", "Bytes.", &body));
    let mut offset = 0;
    let mut joined = String::new();
    let mut pages = 0;
    let mut rev = None;
    loop {
        let page = load_body(&path, "bytes", offset, rev.as_deref(), MAX).unwrap();
        rev = Some(page.rev.clone());
        assert!(page.text.len() <= MAX_PAGE_BYTES);
        joined.push_str(&page.text);
        pages += 1;
        match page.next_offset {
            Some(next) => offset = next,
            None => break,
        }
    }
    assert_eq!(joined, body);
    assert_eq!(pages, 3);
}

#[test]
fn an_overlong_line_is_paged_by_column_at_char_boundaries() {
    let dir = TempDir::new();
    let long = "€".repeat(MAX_PAGE_BYTES); // 3 bytes per char: three pages and a bit
    let body = format!("before\n{long}\nafter\n");
    let path = dir.write("long/SKILL.md", skill("long", "Long line.", &body));
    let first = load_body(&path, "long", 0, None, MAX).unwrap();
    assert_eq!(
        first.text, "before\n",
        "the long line starts a page of its own"
    );
    assert_eq!((first.next_offset, first.next_column), (Some(1), 0));
    let rev = first.rev.clone();
    let (mut offset, mut column) = (1, 0);
    let mut joined = first.text.clone();
    let mut columns = Vec::new();
    loop {
        let page = load_body_at(&path, "long", offset, column, Some(&rev), MAX).unwrap();
        assert!(page.text.len() <= MAX_PAGE_BYTES);
        assert_eq!((page.offset, page.column), (offset, column));
        joined.push_str(&page.text);
        match page.next_offset {
            Some(next) => {
                assert!(
                    (next, page.next_column) > (offset, column),
                    "paging moves on"
                );
                (offset, column) = (next, page.next_column);
                columns.push(column);
            }
            None => break,
        }
    }
    assert_eq!(joined, body, "nothing skipped or truncated");
    assert!(
        columns.iter().filter(|&&c| c > 0).all(|&c| c % 3 == 0),
        "{columns:?}"
    );
    assert_eq!(columns.iter().filter(|&&c| c > 0).count(), 3);
    // A line of exactly one page: its last char moves to the next page, with the newline.
    let exact = format!("{}\nend\n", "a".repeat(MAX_PAGE_BYTES));
    let path2 = dir.write("exact/SKILL.md", skill("exact", "Exact line.", &exact));
    let page = load_body(&path2, "exact", 0, None, MAX).unwrap();
    assert_eq!(
        (page.next_offset, page.next_column),
        (Some(0), MAX_PAGE_BYTES - 1)
    );
    let next = load_body_at(&path2, "exact", 0, MAX_PAGE_BYTES - 1, Some(&page.rev), MAX).unwrap();
    assert_eq!(next.text, "a\nend\n");
    // A column that is not on a char boundary (or past the line) is refused.
    let error = load_body_at(&path, "long", 1, 1, Some(&rev), MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidArgument);
}

#[test]
fn a_continuation_without_rev_is_refused_with_a_clear_code() {
    let dir = TempDir::new();
    let body: String = (0..MAX_PAGE_LINES + 5).map(|i| format!("{i}\n")).collect();
    let path = dir.write("paged/SKILL.md", skill("paged", "Paged.", &body));
    let error = load_body(&path, "paged", MAX_PAGE_LINES, None, MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::SkillRevRequired);
    assert!(
        error.message.contains(
            "needs the rev of the page before it; pass the continuation exactly as given"
        ),
        "{}",
        error.message
    );
    let error = load_body_at(&path, "paged", 0, 1, None, MAX).unwrap_err();
    assert_eq!(error.code, ErrorCode::SkillRevRequired);
}

#[test]
fn the_current_files_model_invocation_flag_is_reported() {
    let dir = TempDir::new();
    let path = dir.write("flag/SKILL.md", skill("flag", "Flag.", "x\n"));
    assert!(
        !load_body(&path, "flag", 0, None, MAX)
            .unwrap()
            .model_invocation_disabled
    );
    fs::write(
        &path,
        "---\nname: flag\ndescription: Flag.\ndisable-model-invocation: true\n---\nx\n",
    )
    .unwrap();
    assert!(
        load_body(&path, "flag", 0, None, MAX)
            .unwrap()
            .model_invocation_disabled
    );
}

#[test]
fn scan_follows_pi_discovery_rules() {
    let dir = TempDir::new();
    dir.write("a/SKILL.md", skill("a", "Skill a.", "x\n"));
    // Below a skill root nothing is scanned.
    dir.write(
        "a/nested/SKILL.md",
        skill("nested", "Hidden below a root.", "x\n"),
    );
    dir.write("group/b/SKILL.md", skill("b", "Skill b.", "x\n"));
    dir.write("group/deeper/c/SKILL.md", skill("c", "Skill c.", "x\n"));
    dir.write(".hidden/d/SKILL.md", skill("d", "Dot dir.", "x\n"));
    dir.write("node_modules/e/SKILL.md", skill("e", "Dependency.", "x\n"));
    dir.write(
        "broken/SKILL.md",
        "---\nname: broken\ndescription: \"open\n---\nx\n",
    );
    dir.write("nodesc/SKILL.md", "---\nname: nodesc\n---\nx\n");
    // Root-level markdown files are standalone skills only with a description.
    dir.write(
        "standalone.md",
        "---\ndescription: A standalone skill.\n---\nx\n",
    );
    dir.write("README.md", "# Just a readme\n");
    // Non-root markdown files are not skills.
    dir.write("group/notes.md", "---\ndescription: Not a skill.\n---\nx\n");

    let (skills, diagnostics) = scan_skill_dirs(&[dir.0.clone(), dir.0.join("missing")], MAX);
    let names: Vec<&str> = skills.iter().map(|skill| skill.name.as_str()).collect();
    assert_eq!(names, vec!["a", "b", "c", "standalone"]);
    let mut codes: Vec<(Option<String>, ErrorCode)> = diagnostics
        .iter()
        .map(|d| (d.name.clone(), d.code))
        .collect();
    codes.sort_by(|x, y| x.0.cmp(&y.0));
    assert_eq!(
        codes,
        vec![
            (Some("broken".into()), ErrorCode::SkillInvalidFrontmatter),
            (Some("nodesc".into()), ErrorCode::SkillInvalidFrontmatter),
        ]
    );
    assert!(diagnostics[0].message.contains("line"));
    assert!(diagnostics
        .iter()
        .all(|d| d.path.as_deref().is_some_and(Path::exists)));
}

#[cfg(unix)]
#[test]
fn symlinked_duplicates_and_loops_are_harmless() {
    let dir = TempDir::new();
    dir.write("real/x/SKILL.md", skill("x", "Skill x.", "x\n"));
    std::os::unix::fs::symlink(dir.0.join("real"), dir.0.join("real/loop")).unwrap();
    std::os::unix::fs::symlink(dir.0.join("real/x"), dir.0.join("alias")).unwrap();
    let (skills, diagnostics) = scan_skill_dirs(std::slice::from_ref(&dir.0), MAX);
    assert_eq!(skills.len(), 1, "{skills:?}");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

#[test]
fn ignore_files_are_honoured() {
    let dir = TempDir::new();
    dir.write("kept/SKILL.md", skill("kept", "Kept.", "x\n"));
    dir.write(
        "drafts/wip/SKILL.md",
        skill("wip", "Work in progress.", "x\n"),
    );
    dir.write("group/old-one/SKILL.md", skill("old-one", "Old.", "x\n"));
    dir.write("group/new-one/SKILL.md", skill("new-one", "New.", "x\n"));
    dir.write("group/.ignore", "old-*\n");
    dir.write(".gitignore", "# drafts are private\ndrafts/\n");
    dir.write(".fdignore", "scratch.md\n");
    dir.write("scratch.md", "---\ndescription: Scratch.\n---\nx\n");
    let (skills, diagnostics) = scan_skill_dirs(std::slice::from_ref(&dir.0), MAX);
    let names: Vec<&str> = skills.iter().map(|skill| skill.name.as_str()).collect();
    assert_eq!(names, vec!["new-one", "kept"]);
    assert!(diagnostics.is_empty());
}
