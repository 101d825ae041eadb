//! Invariants shared by the cargo-fuzz targets (`crates/lean-core/fuzz`) and the stable
//! property tests (`tests/fuzz_invariants.rs`), so a nightly fuzz run and every CI run check
//! the same things. Built only with the `fuzzing` feature, which also makes [`crate::compact::compact`]
//! let panics through instead of failing open, so neither harness can miss one.
//!
//! Each `check_*` function takes raw fuzz bytes, decodes a case from them, runs it, and panics
//! with a message when an invariant breaks.

use std::collections::{HashMap, HashSet};

use crate::compact::{compact, CompactOptions, ContentKind};
use crate::hash::xxh3_hex;
use crate::recovery::{count_lines, slice_lines, RecoveryStore, StoreConfig};
use crate::skills::{
    dependency_closure, parse_frontmatter, Catalog, NamePattern, SearchIndex, SkillMeta,
};

/// Reads fuzz bytes front to back; past the end every read yields zero.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// Up to `max` bytes, the count taken from the next byte.
    pub fn chunk(&mut self, max: usize) -> &'a [u8] {
        let len = (self.byte() as usize).min(max).min(self.data.len());
        let (head, rest) = self.data.split_at(len);
        self.data = rest;
        head
    }

    /// A [`Bytes::chunk`] as text, invalid UTF-8 replaced.
    pub fn text(&mut self, max: usize) -> String {
        String::from_utf8_lossy(self.chunk(max)).into_owned()
    }

    /// Every byte not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

const TOOLS: [&str; 6] = ["bash", "grep", "read", "rg", "find", "ls"];
const COMMANDS: [&str; 8] = [
    "cargo test",
    "npm test",
    "git diff",
    "rg -n foo",
    "ls -la",
    "jq .",
    "pytest -q",
    "make",
];

/// Decodes a compaction case: a kind (or detection), every option bit, and the input.
pub fn compact_case(data: &[u8]) -> (Vec<u8>, CompactOptions) {
    let mut bytes = Bytes::new(data);
    let kind_byte = bytes.byte() as usize % (ContentKind::ALL.len() + 1);
    let bits = bytes.byte();
    let aggressiveness = bytes.byte();
    let pick = bytes.byte() as usize;
    let limit_byte = bytes.byte() as usize;
    let budget_bits = bytes.byte() as usize;
    let query = bytes.text(24);
    let input = bytes.rest().to_vec();
    let options = CompactOptions {
        kind: kind_byte.checked_sub(1).map(|i| ContentKind::ALL[i]),
        tool: (bits & 1 != 0).then(|| TOOLS[pick % TOOLS.len()].to_string()),
        command: (bits & 2 != 0).then(|| COMMANDS[pick % COMMANDS.len()].to_string()),
        path: (bits & 4 != 0).then(|| "src/lib.rs".to_string()),
        query: (bits & 8 != 0).then_some(query),
        threshold_bytes: (bits & 16 != 0).then_some(limit_byte % 64),
        max_input_bytes: (bits & 32 != 0).then(|| input.len() * limit_byte / 128),
        recovery_id: (bits & 64 != 0).then(|| xxh3_hex(&input)),
        aggressiveness: (bits & 128 != 0).then_some(aggressiveness as f64 / 255.0),
        budget_tokens: (budget_bits & 1 != 0).then_some((budget_bits >> 1) * 64),
        max_output_bytes: (budget_bits & 2 != 0).then(|| input.len() * limit_byte / 256),
    };
    (input, options)
}

/// Compaction invariants: the id hashes the input; unchanged means byte-identical; changed
/// means smaller; sizes and line counts are the input's; dropped ranges are sorted, disjoint
/// and inside the input; markers name the id only when asked to; output is deterministic.
pub fn check_compact(input: &[u8], options: &CompactOptions) {
    let result = compact(input, options);
    assert_eq!(result.id, xxh3_hex(input), "id must hash the input");
    assert_eq!(result.original_bytes, input.len());
    assert_eq!(result.output_bytes, result.text.len());
    if result.changed {
        assert!(
            result.text.len() < input.len(),
            "a changed result must be smaller"
        );
        assert_eq!(result.original_lines, count_lines(input));
    } else {
        assert_eq!(
            result.text, input,
            "an unchanged result must be byte-identical"
        );
        assert!(result.ranges.is_empty());
    }
    let mut last_end = 0usize;
    for range in &result.ranges {
        assert!(range.start_line > last_end, "ranges sorted and disjoint");
        assert!(range.end_line >= range.start_line);
        assert!(range.end_line <= result.original_lines.max(1));
        last_end = range.end_line;
    }
    let text = String::from_utf8_lossy(&result.text);
    let named = text.matches("token_retrieve id=").count();
    match &options.recovery_id {
        Some(id) => {
            for (at, _) in text.match_indices("token_retrieve id=") {
                let shown = &text[at + "token_retrieve id=".len()..];
                assert!(shown.starts_with(id.as_str()), "a marker names another id");
            }
        }
        None => assert_eq!(named, 0, "markers name an id although none was given"),
    }
    let again = compact(input, options);
    assert_eq!(again.text, result.text, "compaction must be deterministic");
}

/// Paging invariants over the recovery store: from line 1, pages of any size (up to
/// `usize::MAX`) always advance and rebuild the original byte for byte; a start past the end
/// is empty with no next page; the in-memory store returns what `slice_lines` does.
pub fn check_paging(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let size_byte = bytes.byte();
    let start_byte = bytes.byte() as usize;
    let original = bytes.rest();
    let max_lines = match size_byte {
        0 => usize::MAX,
        1 => usize::MAX / 2 + 1,
        n => n as usize % 17 + 1,
    };
    let total = count_lines(original);
    let mut rebuilt = Vec::with_capacity(original.len());
    let mut start = 1usize;
    let mut pages = 0usize;
    loop {
        let page = slice_lines(original, start, max_lines);
        assert_eq!(page.start_line, start);
        assert_eq!(page.total_lines, total);
        rebuilt.extend_from_slice(&page.text);
        pages += 1;
        assert!(pages <= total + 1, "the pager must finish");
        match page.next_start_line {
            Some(next) => {
                assert!(next > start, "next_start_line must advance");
                assert_eq!(next, page.end_line + 1);
                start = next;
            }
            None => break,
        }
    }
    assert_eq!(rebuilt, original, "pages must rebuild the original");

    let past = slice_lines(original, total + 1 + start_byte, max_lines);
    assert!(past.text.is_empty());
    assert_eq!(past.next_start_line, None);

    let store = RecoveryStore::open(StoreConfig::default()).expect("an in-memory store opens");
    let id = store.put(original).expect("an in-memory put succeeds");
    assert_eq!(id, xxh3_hex(original));
    let from = start_byte % (total + 2) + 1;
    let stored = store
        .retrieve(&id, from, max_lines)
        .expect("a stored id is retrievable");
    assert_eq!(stored, slice_lines(original, from, max_lines));
}

/// Frontmatter invariants: the parser is total, and the body starts on a char boundary
/// inside the text.
pub fn check_frontmatter(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for candidate in [text.to_string(), format!("---\n{text}\n---\nbody\n")] {
        if let Ok(frontmatter) = parse_frontmatter(&candidate) {
            assert!(frontmatter.body_start <= candidate.len());
            assert!(candidate.is_char_boundary(frontmatter.body_start));
            let unique: HashSet<&String> = frontmatter.requires.iter().collect();
            assert_eq!(
                unique.len(),
                frontmatter.requires.len(),
                "requires is deduplicated"
            );
        }
    }
}

const WORDS: [&str; 12] = [
    "tdd",
    "debug",
    "git",
    "release",
    "notes",
    "changelog",
    "style",
    "test",
    "deploy",
    "docs",
    "review",
    "pdf",
];

/// Search, closure and pattern invariants over a small catalog decoded from the bytes: hits
/// are bounded, eligible, finite and best first; a closure lists catalog skills once each,
/// dependencies before the root; `*`/`?` patterns agree with a reference matcher.
pub fn check_skills(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let count = bytes.byte() as usize % 12 + 1;
    let mut skills = Vec::with_capacity(count);
    for i in 0..count {
        let word = WORDS[bytes.byte() as usize % WORDS.len()];
        let name = format!("{word}-{i}");
        let requires = (0..bytes.byte() % 4)
            .map(|_| {
                let target = bytes.byte() as usize % (count + 2);
                // Indices past the catalog name skills that do not exist.
                format!("{}-{target}", WORDS[target % WORDS.len()])
            })
            .collect();
        skills.push(SkillMeta {
            name,
            description: format!("Helps with {word} work {}", bytes.text(16)),
            disable_model_invocation: bytes.byte() < 51, // about one in five
            requires,
            ..SkillMeta::default()
        });
    }
    let limit = bytes.byte() as usize % 10;
    let pattern = bytes.text(12);
    let query = String::from_utf8_lossy(bytes.rest()).into_owned();

    let (catalog, _) = Catalog::new(skills);
    let index = SearchIndex::build(&catalog);
    let result = index.search(&query, limit, &|i| i % 3 != 1);
    assert!(result.hits.len() <= limit);
    assert!((0.0..=1.0).contains(&result.confidence));
    let mut seen = HashSet::new();
    for pair in result.hits.windows(2) {
        assert!(pair[0].score >= pair[1].score, "hits best first");
    }
    for hit in &result.hits {
        assert!(
            hit.index < catalog.len() && hit.index % 3 != 1,
            "only eligible hits"
        );
        assert!(hit.score.is_finite());
        assert!(seen.insert(hit.index), "a skill appears once");
    }
    for mention in index.mentions(&query) {
        assert!(mention < catalog.len());
    }

    let no_extra = HashMap::new();
    for skill in catalog.skills() {
        let closure = dependency_closure(&catalog, &skill.name, &no_extra);
        assert_eq!(
            closure.order.last(),
            Some(&skill.name),
            "the root loads last"
        );
        let unique: HashSet<&String> = closure.order.iter().collect();
        assert_eq!(unique.len(), closure.order.len(), "each skill loads once");
        for name in &closure.order {
            assert!(catalog.get(name).is_some(), "only catalog skills load");
        }
    }
    let absent = dependency_closure(&catalog, "no-such-skill", &no_extra);
    assert!(absent.order.is_empty());

    let compiled = NamePattern::new(&pattern);
    for skill in catalog.skills() {
        assert_eq!(
            compiled.matches(&skill.name),
            reference_match(&pattern, &skill.name),
            "pattern {pattern:?} on {:?}",
            skill.name
        );
    }
    assert_eq!(
        compiled.matches(&query),
        reference_match(&pattern, &query),
        "pattern {pattern:?} on the query"
    );
}

/// Whole-string `*`/`?` matching by dynamic programming over chars: the slow, obvious
/// definition the fast matcher must agree with. Names match in their canonical form, so the
/// name is folded and so is each literal of the pattern (a name of characters that fold to
/// nothing is the empty name).
pub fn reference_match(pattern: &str, name: &str) -> bool {
    // `None` is `*`, `Some(None)` is `?`, `Some(Some(c))` a literal.
    let mut tokens: Vec<Option<Option<char>>> = Vec::new();
    for ch in pattern.chars() {
        match ch {
            '*' => tokens.push(None),
            '?' => tokens.push(Some(None)),
            other => {
                let mut folded = String::new();
                crate::skills::names::fold_char(other, &mut folded);
                tokens.extend(folded.chars().map(|c| Some(Some(c))));
            }
        }
    }
    let name: Vec<char> = crate::skills::names::fold_name(name).chars().collect();
    // row[j]: tokens[..i] match name[..j]
    let mut row = vec![false; name.len() + 1];
    row[0] = true;
    for &token in &tokens {
        let mut next = vec![false; name.len() + 1];
        match token {
            None => {
                let mut any = false;
                for j in 0..=name.len() {
                    any |= row[j];
                    next[j] = any;
                }
            }
            Some(one) => {
                for j in 1..=name.len() {
                    next[j] = row[j - 1] && one.is_none_or(|c| c == name[j - 1]);
                }
            }
        }
        row = next;
    }
    row[name.len()]
}

/// The vector kernels of `simd.rs` and their scalar references, for `benches/simd.rs` (which
/// keeps a kernel only while it beats its reference by 1.5× or more).
#[doc(hidden)]
pub mod kernels {
    /// Byte classes of 32 bytes, by the kernel (`vector`) or the scalar reference.
    pub fn classify32(bytes: &[u8; 32], vector: bool) -> [u32; 6] {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if vector {
            return crate::simd::classify32_sse2(bytes);
        }
        let _ = vector;
        crate::simd::scalar::classify32(bytes)
    }

    /// Masks of three byte pairs over 16 bytes.
    pub fn pair_masks16(lane: &[u8; 16], pairs: [[u8; 2]; 3], vector: bool) -> [u32; 3] {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if vector {
            return crate::simd::pair_masks16(lane, pairs);
        }
        let _ = vector;
        crate::simd::scalar::pair_masks16(lane, pairs)
    }

    /// Disallowed control bytes and high bytes of 16 bytes.
    pub fn control_masks16(lane: &[u8; 16], allowed: [u8; 6], vector: bool) -> (u32, u32) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if vector {
            return crate::simd::control_masks16(lane, allowed);
        }
        let _ = vector;
        crate::simd::scalar::control_masks16(lane, allowed)
    }

    /// JSON marks of 64 bytes.
    pub fn json_marks64(block: &[u8; 64], vector: bool) -> (u64, u64, usize) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if vector {
            return crate::simd::json_marks64(block);
        }
        let _ = vector;
        crate::simd::scalar::json_marks64(block)
    }
}
