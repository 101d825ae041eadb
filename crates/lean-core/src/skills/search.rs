//! Ranked skill search over names and descriptions.
//!
//! The ranking is BM25F: name and description are separate fields with their own weight and
//! length normalisation, combined before term-frequency saturation. Every per-(term, skill)
//! contribution ("impact") is precomputed at build time, so a query is a handful of posting-list
//! walks. On top of lexical BM25F, a query is widened in a few principled ways, each at a
//! reduced weight so exact matches still dominate:
//!
//! - stemming and stopwords (including conversational filler and idioms like "figure out"),
//! - name-token affixes (`deseq2` finds `pydeseq2`) and known parts of unknown compounds
//!   ("antiderivative" finds "derivative"),
//! - a small general concept table (plot ~ chart ~ figure),
//! - adjacent query words joined into one ("semantic scholar" finds `semanticscholar`),
//! - a small bonus for query bigrams found verbatim in a skill,
//! - optional pseudo-relevance feedback (off by default: it hurt on the routing sets).
//!
//! Then the BM25F scores are fused with meaning: the cosine between static embeddings
//! ([`super::embed`]) of the query and of each skill, each side scaled to its best skill and
//! added with the cosine at 0.6, so paraphrases that share no word with a description still
//! find it while a skill far ahead by its own words keeps its lead. The BM25F side counts in
//! full only when its own confidence is fair (0.7); below that it fades with the square of the
//! shortfall, so a paraphrase's incidental word matches do not outrank the skill it means.
//! Without the embedding table, or with `embedding_weight` 0, the ranking is BM25F alone.
//!
//! On the catalog side, description clauses that name another skill ("for docking use
//! diffdock") count for less, since they describe that other skill.
//!
//! An exact, distinctive skill name written in the query pins that skill first. `confidence`
//! grows with how much of the query's information the best skill explains and, with the
//! embedding table, with how near in meaning the nearest skill is (the two averaged); `strong`
//! says whether it clears [`STRONG_CONFIDENCE`] ([`STRONG_LEXICAL_CONFIDENCE`] without the table).

use std::collections::VecDeque;

use super::catalog::Catalog;
use super::embed::{
    cosines_fixed, fixed_stride, shipped_table, to_fixed, EmbedError, EmbeddingTable,
};
use super::names::{fold_name, Folded};
use super::scan::SkillMeta;
use super::text::{
    camel_parts, concepts, is_compound_rest, is_phrasal_verb, is_stopword, raw_runs, stands_alone,
    stem, words,
};
use crate::bm25f::{self, FastMap, FastSet, Field, Impacts, Interner};

/// `SearchResult::strong` is set when `confidence` reaches this value, when the confidence
/// includes the meaning side (the default, with the embedding table). Chosen on the held-out
/// tuning split of `eval/routing-heldout` only: every "no skill fits" prompt there stays below
/// it with a wide margin (they peak at 0.18) while about four in five answerable prompts clear
/// it. The top cosine separates "none" prompts better than the lexical confidence alone does
/// (the mean of both: AUC 0.98 against 0.84 on the held-out test split), so both go into the
/// confidence.
pub const STRONG_CONFIDENCE: f64 = 0.40;

/// The threshold for a confidence from BM25F alone (no embedding table, or `embedding_weight`
/// 0). Chosen on the routing sets so that every "no skill fits" query stays below it with some
/// margin (their confidence peaked at 0.36) while about four in five answerable queries clear it.
pub const STRONG_LEXICAL_CONFIDENCE: f64 = 0.45;

/// Cosine at which the meaning side of the confidence is full: about the median top cosine of
/// answerable held-out prompts (the floor, [`MEANING_FLOOR`], is where it is empty).
const MEANING_FULL: f32 = 0.6;

/// Ranking knobs. The defaults are what the crate ships; the struct exists so evaluation
/// tooling can run ablations without recompiling.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq)]
pub struct SearchTuning {
    pub k1: f32,
    pub name_weight: f32,
    pub name_b: f32,
    pub description_weight: f32,
    pub description_b: f32,
    /// Weight of a query word matched only through a name-token prefix or suffix.
    pub affix_weight: f32,
    /// Weight of a concept-table expansion (shared by all expansions of one query word).
    pub concept_weight: f32,
    /// Bonus factor for a query bigram that also appears as a bigram in the skill.
    pub bigram_weight: f32,
    /// Weight of description words in clauses that name another skill.
    pub cross_reference_weight: f32,
    /// Pseudo-relevance feedback: skills read, terms added, and their total weight.
    pub feedback_docs: usize,
    pub feedback_terms: usize,
    pub feedback_weight: f32,
    /// Weight of the embedding ranking in the fusion; 0 turns embeddings off (BM25F alone).
    pub embedding_weight: f32,
    /// Weight of the BM25F ranking in the fusion; 0 ranks by embeddings alone (evaluation).
    pub lexical_weight: f32,
    /// Reciprocal-rank fusion constant: a skill at rank r adds weight / (rrf_k + r).
    pub rrf_k: f32,
    /// Above 0 (the default), fuse by adding the two scores, each scaled to its best skill;
    /// 0 fuses by reciprocal rank instead (evaluation).
    pub score_mix: f32,
    /// Lexical confidence at which BM25F's side of the score mix has full weight; below it the
    /// side is scaled by `(confidence / lexical_gate) ^ lexical_gate_power`. 0 turns it off.
    pub lexical_gate: f32,
    pub lexical_gate_power: f32,
}

impl Default for SearchTuning {
    fn default() -> Self {
        SearchTuning {
            k1: 1.2,
            name_weight: 2.5,
            name_b: 0.3,
            description_weight: 1.0,
            description_b: 0.75,
            affix_weight: 0.5,
            concept_weight: 0.6,
            bigram_weight: 0.1,
            cross_reference_weight: 0.3,
            feedback_docs: 3,
            feedback_terms: 8,
            // Measured on the routing sets, feedback from the first-pass top skills drifted
            // more queries away than it rescued, so it is off by default.
            feedback_weight: 0.0,
            // Score mixing, not reciprocal-rank fusion: rank fusion throws away BM25F's
            // margins, so a skill far ahead by its own words lost first place to one that was
            // merely nearest in meaning. The weight was chosen with `lexical_gate` below.
            embedding_weight: 0.6,
            lexical_weight: 1.0,
            // The usual constant of reciprocal-rank fusion, used when `score_mix` is 0.
            rrf_k: 60.0,
            score_mix: 1.0,
            // With `embedding_weight` 0.6: chosen on the held-out tuning split
            // (eval/routing-heldout, `tune` files only) as the best recall@5, then MRR, of a
            // grid that keeps the visible set at or above 0.95; see docs/embedding-refit.md.
            lexical_gate: 0.7,
            lexical_gate_power: 2.0,
        }
    }
}

impl SearchTuning {
    /// Sets one knob by name (`"k1"`, `"name_weight"`, ...); false for an unknown name.
    pub fn set(&mut self, key: &str, value: f32) -> bool {
        let slot = match key {
            "k1" => &mut self.k1,
            "name_weight" => &mut self.name_weight,
            "name_b" => &mut self.name_b,
            "description_weight" => &mut self.description_weight,
            "description_b" => &mut self.description_b,
            "affix_weight" => &mut self.affix_weight,
            "concept_weight" => &mut self.concept_weight,
            "bigram_weight" => &mut self.bigram_weight,
            "cross_reference_weight" => &mut self.cross_reference_weight,
            "feedback_weight" => &mut self.feedback_weight,
            "embedding_weight" => &mut self.embedding_weight,
            "lexical_weight" => &mut self.lexical_weight,
            "rrf_k" => &mut self.rrf_k,
            "score_mix" => &mut self.score_mix,
            "lexical_gate" => &mut self.lexical_gate,
            "lexical_gate_power" => &mut self.lexical_gate_power,
            "feedback_docs" => {
                self.feedback_docs = value as usize;
                return true;
            }
            "feedback_terms" => {
                self.feedback_terms = value as usize;
                return true;
            }
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// Queries are analysed up to this many bytes.
const MAX_QUERY_BYTES: usize = 2048;

/// `text` cut to at most `max_bytes`, at a character boundary.
pub(super) fn truncate_at_char_boundary(text: &str, max_bytes: usize) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut cut = max_bytes;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    &text[..cut]
}

/// Cosine below which the embedding ranking leaves a skill out: about the 95th percentile of
/// cosines between random unrelated texts of the fit's held-out set
/// (`unrelated_pair_cosine_p50_p95_p99` in `data/skill-embeddings.fit.json`, 0.18 to 0.20 over
/// the fits so far). Below it a cosine is no evidence of shared meaning,
/// so a query that means nothing to any skill still finds nothing.
const MEANING_FLOOR: f32 = 0.19;

/// Shortest catalog word accepted as part of an unknown query compound.
const MIN_PART_LEN: usize = 5;

/// Shortest name affix that may match a query word.
const MIN_AFFIX_LEN: usize = 4;

/// Name words longer than this contribute no affixes.
const MAX_AFFIX_WORD_CHARS: usize = 64;

/// One ranked skill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchHit {
    /// Index into `catalog.skills()`.
    pub index: usize,
    /// Ranking score; higher is better, comparable within one search only.
    pub score: f64,
}

/// Why a skill named in the query was pinned ahead of the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pin {
    /// The query invokes it explicitly (`/skill:x`, `` `x` ``, "the x skill", "skill x").
    Invocation,
    /// The query names it, and the name is distinctive (several words, or letters with
    /// digits): nobody writes `release-notes` in passing.
    Name,
    /// The query names it with a single word that is rare in descriptions (`scanpy`). It ranks
    /// first, but an ordinary word may be used in passing, so confidence stays lexical.
    Word,
}

impl Pin {
    /// The stable string a host sees.
    pub const fn as_str(self) -> &'static str {
        match self {
            Pin::Invocation => "invocation",
            Pin::Name => "name",
            Pin::Word => "word",
        }
    }

    /// Whether the pin is certain enough to count as the user's own pick.
    pub const fn is_certain(self) -> bool {
        matches!(self, Pin::Invocation | Pin::Name)
    }
}

/// Ranked hits plus how sure the ranker is about the best one.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// Best first, at most the limit asked for.
    pub hits: Vec<SearchHit>,
    /// 0..=1; 1 for a pinned name mention.
    pub confidence: f64,
    /// `confidence >= STRONG_CONFIDENCE` (or [`STRONG_LEXICAL_CONFIDENCE`] when the confidence
    /// is lexical only).
    pub strong: bool,
    /// The skills pinned ahead of the ranking, in the query's order, and why.
    pub pinned: Vec<(usize, Pin)>,
}

/// A precomputed search structure for one catalog snapshot. Immutable, so `Send + Sync`.
#[derive(Debug)]
pub struct SearchIndex {
    tuning: SearchTuning,
    doc_count: usize,
    vocabulary: FastMap<String, u32>,
    /// Surface words seen in the catalog → their term, so queries skip the stemmer for them.
    word_ids: FastMap<String, u32>,
    /// term → its stemmed text.
    term_text: Vec<String>,
    idf: Vec<f32>,
    /// term → (skill, impact), impact = idf × saturated BM25F term frequency.
    postings: Vec<Vec<(u32, f32)>>,
    /// skill → (term, impact), for pseudo-relevance feedback.
    forward: Vec<Vec<(u32, f32)>>,
    /// Prefixes and suffixes of name words → the name terms they belong to.
    affixes: FastMap<String, Vec<u32>>,
    /// Adjacent term pairs → skills containing them adjacently.
    bigrams: FastMap<(u32, u32), Vec<u32>>,
    /// Stemmed concept word → related vocabulary terms and bigrams.
    concept_terms: FastMap<String, Vec<u32>>,
    concept_bigrams: FastMap<String, Vec<(u32, u32)>>,
    /// Finds skill names written in a text.
    names: NameMatcher,
    /// How a plain mention of each skill's name is treated.
    pin_kind: Vec<PinKind>,
    /// Static embeddings of the skills; `None` when off or when the table is unavailable.
    embeddings: Option<SkillVectors>,
}

/// One L2-normalised static embedding per skill, for the meaning side of the fusion, in fixed
/// point ([`to_fixed`]): half the memory of `f32` rows and a dot product that vectorises as
/// 16-bit multiply-add, which is most of what a search over a large catalog costs.
#[derive(Debug)]
struct SkillVectors {
    table: &'static EmbeddingTable<'static>,
    /// `doc_count` rows of [`fixed_stride`] components; a skill without tokens has a zero row.
    rows: Vec<i16>,
}

impl SkillVectors {
    /// `descriptions[i]` is what skill `i` says about itself (clauses about other skills out).
    fn build(
        table: &'static EmbeddingTable<'static>,
        skills: &[SkillMeta],
        descriptions: &[String],
    ) -> SkillVectors {
        let dims = table.dims();
        let zeros = vec![0f32; dims];
        let mut rows = Vec::with_capacity(skills.len() * fixed_stride(dims));
        for (skill, description) in skills.iter().zip(descriptions) {
            // Name words read as words ("diagnosing-bugs" -> "diagnosing bugs"), then the
            // description: the text a person would read to decide.
            let name = skill.name.replace(['-', '_'], " ");
            match table.embed(&format!("{name}: {description}")) {
                Some(vector) => to_fixed(&vector, &mut rows),
                None => to_fixed(&zeros, &mut rows),
            }
        }
        SkillVectors { table, rows }
    }

    /// Cosine of `query` to every skill, or `None` when the query has no tokens.
    fn cosines(&self, query: &str) -> Option<Vec<f32>> {
        let query = self.table.embed_query(query)?;
        let mut fixed = Vec::with_capacity(fixed_stride(query.len()));
        to_fixed(&query, &mut fixed);
        let mut cosines = Vec::with_capacity(self.rows.len() / fixed.len());
        cosines_fixed(&self.rows, &fixed, &mut cosines);
        Some(cosines)
    }
}

/// How a skill's name, found in a query, affects ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PinKind {
    /// Multi-word or alphanumeric names (`scikit-bio`, `pydeseq2`): pinned, full confidence.
    Distinctive,
    /// A single word that is rare in descriptions (`scanpy`): pinned, lexical confidence.
    RareWord,
    /// A common word (`research`): only an explicit invocation pins it.
    Never,
}

/// One skill name found in a text.
#[derive(Debug, Clone, Copy)]
struct Mention {
    skill: usize,
    explicit: bool,
    /// Byte range in the (folded) text it was found in.
    start: usize,
    end: usize,
}

/// Names longer than this are never recognised in text (Pi caps names at 64 characters).
const MAX_MENTION_NAME_BYTES: usize = 128;

/// Finds whole-word occurrences of skill names in a text with one pass over its words: each
/// word start is tried against the word ends that follow it, as far as the longest name
/// reaches, and each candidate is one hash lookup. Linear in the text and in the catalog,
/// unlike an automaton over every name, whose construction grew faster than the catalog.
/// Names are keyed by their core, from the first to the last letter or digit; punctuation
/// around the core (`-21risk-automation`) is checked in place.
#[derive(Debug, Default)]
struct NameMatcher {
    /// Folded name core -> the skills with that core.
    by_core: FastMap<String, Vec<NameEntry>>,
    /// Byte lengths of the cores, so most candidates are rejected before hashing.
    lengths: FastSet<usize>,
    max_len: usize,
    /// Most letter-or-digit runs in one core.
    max_words: usize,
    /// Core with its word separators (`-`, `_`, space) taken out -> the same entries, for
    /// names with separators: redaction also hides `my skill`, `my_skill` and `myskill`.
    by_compact: FastMap<String, Vec<NameEntry>>,
}

/// One skill name as the matcher keys it.
#[derive(Debug, Clone)]
struct NameEntry {
    skill: usize,
    /// Folded text before the core, and after it.
    before: String,
    after: String,
    /// Offsets in the compact core where the name had separators: a loose mention may only
    /// separate its words there (`change log style` is not `changelog-style`).
    breaks: Vec<usize>,
}

/// `text` without separators into `compact`, and the compact offsets where they were.
fn compact_into(text: &str, compact: &mut String, breaks: &mut Vec<usize>) {
    compact.clear();
    breaks.clear();
    for ch in text.chars() {
        if is_separator(ch) {
            if breaks.last() != Some(&compact.len()) {
                breaks.push(compact.len());
            }
        } else {
            compact.push(ch);
        }
    }
}

/// Characters a hyphenated name's words may be joined by, or left out, in a loose mention.
fn is_separator(ch: char) -> bool {
    matches!(ch, '-' | '_' | ' ')
}

/// Separators a loose mention may have between two words, beyond what the name has.
const MAX_LOOSE_GAP: usize = 3;

impl NameMatcher {
    fn new(skills: &[SkillMeta]) -> NameMatcher {
        let mut matcher = NameMatcher::default();
        for (index, skill) in skills.iter().enumerate() {
            let key = fold_name(&skill.name);
            if key.chars().nth(1).is_none() || key.len() > MAX_MENTION_NAME_BYTES {
                continue;
            }
            let runs: Vec<(usize, usize)> = word_runs(&key).collect();
            let (Some(&(core_start, _)), Some(&(_, core_end))) = (runs.first(), runs.last()) else {
                continue;
            };
            let core = &key[core_start..core_end];
            matcher.max_len = matcher.max_len.max(core.len());
            matcher.max_words = matcher.max_words.max(runs.len());
            matcher.lengths.insert(core.len());
            let mut entry = NameEntry {
                skill: index,
                before: key[..core_start].to_string(),
                after: key[core_end..].to_string(),
                breaks: Vec::new(),
            };
            if core.contains(is_separator) {
                let mut compact = String::new();
                let mut breaks = Vec::new();
                compact_into(core, &mut compact, &mut breaks);
                let loose = NameEntry {
                    breaks,
                    ..entry.clone()
                };
                matcher.by_compact.entry(compact).or_default().push(loose);
            }
            entry.breaks.clear();
            matcher
                .by_core
                .entry(core.to_string())
                .or_default()
                .push(entry);
        }
        matcher
    }

    /// Whole-word occurrences in `haystack` (already folded), in text order. `loose` also
    /// finds names with separators written with other separators or none (see `by_compact`).
    fn scan(&self, haystack: &str, loose: bool) -> Vec<Mention> {
        let mut compact = String::new();
        let mut breaks: Vec<usize> = Vec::new();
        let mut found: Vec<(usize, Mention)> = Vec::new();
        if self.by_core.is_empty() {
            return Vec::new();
        }
        // The current start word and the words that may end a name starting there.
        let mut window: VecDeque<(usize, usize)> = VecDeque::with_capacity(self.max_words + 1);
        let mut runs = word_runs(haystack);
        loop {
            let next = runs.next();
            if let Some(run) = next {
                window.push_back(run);
                if window.len() < self.max_words {
                    continue;
                }
            }
            let Some(&(start, _)) = window.front() else {
                break;
            };
            for &(_, end) in window.iter() {
                let span = end - start;
                if span
                    > self.max_len
                        + if loose {
                            MAX_LOOSE_GAP * self.max_words
                        } else {
                            0
                        }
                {
                    break;
                }
                let exact = if span <= self.max_len && self.lengths.contains(&span) {
                    self.by_core.get(&haystack[start..end])
                } else {
                    None
                };
                let compacted = if loose && !self.by_compact.is_empty() {
                    compact_into(&haystack[start..end], &mut compact, &mut breaks);
                    self.by_compact.get(&compact)
                } else {
                    None
                };
                let loose_names = compacted
                    .into_iter()
                    .flatten()
                    .filter(|entry| breaks.iter().all(|at| entry.breaks.contains(at)));
                let names = exact.into_iter().flatten().chain(loose_names);
                for NameEntry {
                    skill,
                    before,
                    after,
                    ..
                } in names
                {
                    let full_start = start.checked_sub(before.len());
                    let in_place = full_start.is_some_and(|from| {
                        haystack.get(from..start) == Some(before.as_str())
                            && haystack[end..].starts_with(after.as_str())
                    });
                    let Some(from) = full_start.filter(|_| in_place) else {
                        continue;
                    };
                    let full_end = end + after.len();
                    if !stands_alone(haystack, from, full_end) {
                        continue;
                    }
                    let before_text = &haystack[..from];
                    let after_text = &haystack[full_end..];
                    let explicit = before_text.ends_with("skill:")
                        || before_text.ends_with("skill ")
                        || (before_text.ends_with('`') && after_text.starts_with('`'))
                        || after_text.starts_with(" skill");
                    found.push((
                        from,
                        Mention {
                            skill: *skill,
                            explicit,
                            start: from,
                            end: full_end,
                        },
                    ));
                }
            }
            window.pop_front();
            if next.is_none() && window.is_empty() {
                break;
            }
        }
        // Punctuation before a core can put a later core's name first in the text.
        found.sort_by_key(|&(start, mention)| (start, mention.end));
        found.into_iter().map(|(_, mention)| mention).collect()
    }
}

/// Byte ranges of the letter-or-digit runs of `text`.
fn word_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        let (start, _) = chars.find(|&(_, ch)| ch.is_alphanumeric())?;
        let mut end = text.len();
        while let Some(&(index, ch)) = chars.peek() {
            if !ch.is_alphanumeric() {
                end = index;
                break;
            }
            chars.next();
        }
        Some((start, end))
    })
}

impl SearchIndex {
    /// Precomputes everything a query needs for `catalog`.
    ///
    /// ```
    /// use lean_core::skills::{Catalog, SearchIndex, SkillMeta};
    ///
    /// let skill = |name: &str, description: &str| SkillMeta {
    ///     name: name.into(),
    ///     description: description.into(),
    ///     ..Default::default()
    /// };
    /// let (catalog, diagnostics) = Catalog::new(vec![
    ///     skill("release-notes", "Write release notes from the changelog and merged pull requests."),
    ///     skill("git-bisect", "Find the commit that introduced a regression with git bisect."),
    ///     skill("perf-profiling", "Profile CPU hot spots with flame graphs."),
    /// ]);
    /// assert!(diagnostics.is_empty());
    /// let index = SearchIndex::build(&catalog);
    ///
    /// // Best first, at most 2 hits, over every skill the filter admits.
    /// let result = index.search("which commit broke the build?", 2, &|_| true);
    /// assert_eq!(catalog.skills()[result.hits[0].index].name, "git-bisect");
    /// assert!(result.hits.len() <= 2);
    ///
    /// // A skill named in the query is pinned first, whatever the words around it.
    /// let named = index.search("use release-notes for the flame graphs", 1, &|_| true);
    /// assert_eq!(catalog.skills()[named.hits[0].index].name, "release-notes");
    /// assert!(!named.pinned.is_empty());
    /// ```
    pub fn build(catalog: &Catalog) -> SearchIndex {
        Self::build_tuned(catalog, SearchTuning::default())
    }

    /// [`SearchIndex::build`] ranking by BM25F alone, without static embeddings.
    pub fn build_lexical(catalog: &Catalog) -> SearchIndex {
        Self::build_tuned(
            catalog,
            SearchTuning {
                embedding_weight: 0.0,
                ..SearchTuning::default()
            },
        )
    }

    /// [`SearchIndex::build`] with non-default ranking knobs (evaluation tooling only).
    #[doc(hidden)]
    pub fn build_tuned(catalog: &Catalog, tuning: SearchTuning) -> SearchIndex {
        let tuning_ref = &tuning;
        let skills = catalog.skills();
        let doc_count = skills.len();
        let mut interner = Interner::default();

        // Per skill: term ids of name and description, in order.
        let mut name_terms: Vec<Vec<u32>> = Vec::with_capacity(doc_count);
        let mut description_terms: Vec<Vec<u32>> = Vec::with_capacity(doc_count);
        let mut affixes: FastMap<String, Vec<u32>> = FastMap::default();
        let mut name_words: Vec<(String, u32)> = Vec::new();
        let names = NameMatcher::new(skills);

        let mut description_weights: Vec<Vec<f32>> = Vec::with_capacity(doc_count);
        let mut name_weights: Vec<Vec<f32>> = Vec::with_capacity(doc_count);
        let mut embedding_texts: Vec<String> = Vec::with_capacity(doc_count);
        for (own_index, skill) in skills.iter().enumerate() {
            let (terms, weights) = interner.analyze_name(&skill.name);
            name_terms.push(terms);
            name_weights.push(weights);
            for word in words(&skill.name) {
                let term = interner.word(&word);
                name_words.push((word, term));
            }
            // A clause that names another skill ("for docking use diffdock instead") describes
            // that skill, not this one, so its words count for less here.
            let mut terms = Vec::new();
            let mut weights = Vec::new();
            let mut own_clauses: Vec<&str> = Vec::new();
            let mut refers_anywhere = false;
            for clause in skill
                .description
                .split(['.', ';', '!', '?', '(', ')', '\n'])
            {
                let refers_elsewhere = names
                    .scan(&Folded::new(clause).text, false)
                    .iter()
                    .any(|mention| mention.skill != own_index);
                let weight = if refers_elsewhere {
                    refers_anywhere = true;
                    tuning_ref.cross_reference_weight
                } else {
                    own_clauses.push(clause);
                    1.0
                };
                let (clause_terms, term_weights) = interner.analyze(clause);
                weights.extend(
                    term_weights
                        .into_iter()
                        .map(|term_weight| term_weight * weight),
                );
                terms.extend(clause_terms);
            }
            description_terms.push(terms);
            description_weights.push(weights);
            // The meaning side leaves those clauses out altogether, for the same reason.
            embedding_texts.push(if refers_anywhere {
                own_clauses.join(". ")
            } else {
                skill.description.clone()
            });
        }
        // Name-word affixes, once every catalog word is known: an affix counts only when the
        // rest of the name word is a word or morpheme of its own ("deseq2" in "pydeseq2",
        // "loop" in "humanloop"), never a chance substring ("table" in "stable").
        let is_catalog_word = |rest: &str| interner.word_ids.contains_key(rest);
        for (word, term) in &name_words {
            let chars: Vec<char> = word.chars().collect();
            // A word's affixes cost the square of its length; real name words are short.
            if chars.len() > MAX_AFFIX_WORD_CHARS {
                continue;
            }
            for len in MIN_AFFIX_LEN..chars.len() {
                let cut = chars.len() - len;
                let prefix: String = chars[..len].iter().collect();
                let after_prefix: String = chars[len..].iter().collect();
                let suffix: String = chars[cut..].iter().collect();
                let before_suffix: String = chars[..cut].iter().collect();
                for (affix, rest, rest_before) in
                    [(prefix, after_prefix, false), (suffix, before_suffix, true)]
                {
                    if !is_compound_rest(&rest, rest_before, is_catalog_word) {
                        continue;
                    }
                    let entry = affixes.entry(affix).or_default();
                    if entry.last() != Some(term) {
                        entry.push(*term);
                    }
                }
            }
        }
        // Each affix lists its terms once, in first-seen order (a set per list rather than a
        // scan per insert: thousands of names can share one prefix).
        for terms in affixes.values_mut() {
            let mut seen = FastSet::with_capacity_and_hasher(terms.len(), Default::default());
            terms.retain(|term| seen.insert(*term));
        }
        let vocabulary = interner.vocabulary;
        let word_ids = interner.word_ids;
        let mut term_text = vec![String::new(); vocabulary.len()];
        for (text, &term) in &vocabulary {
            term_text[term as usize] = text.clone();
        }

        let Impacts {
            idf,
            postings,
            forward,
        } = bm25f::impacts(
            vocabulary.len(),
            doc_count,
            &[
                Field {
                    terms: &name_terms,
                    weights: &name_weights,
                    weight: tuning_ref.name_weight,
                    b: tuning_ref.name_b,
                },
                Field {
                    terms: &description_terms,
                    weights: &description_weights,
                    weight: tuning_ref.description_weight,
                    b: tuning_ref.description_b,
                },
            ],
            tuning_ref.k1,
            bm25f::Saturation::Combined,
        );

        let mut bigrams: FastMap<(u32, u32), Vec<u32>> = FastMap::default();
        for (doc, (names, description)) in name_terms.iter().zip(&description_terms).enumerate() {
            for list in [names, description] {
                for pair in list.windows(2) {
                    let docs = bigrams.entry((pair[0], pair[1])).or_default();
                    if docs.last() != Some(&(doc as u32)) {
                        docs.push(doc as u32);
                    }
                }
            }
        }

        let table = concepts();
        let mut concept_terms: FastMap<String, Vec<u32>> = FastMap::default();
        let mut concept_bigrams: FastMap<String, Vec<(u32, u32)>> = FastMap::default();
        let mut related_members = |key: &str, groups: &[usize]| {
            for &group in groups {
                for member in &table.members[group] {
                    if member == key {
                        continue;
                    }
                    let parts: Vec<&str> = member.split(' ').collect();
                    match parts.as_slice() {
                        [single] => {
                            if let Some(&term) = vocabulary.get(*single) {
                                let entry = concept_terms.entry(key.to_string()).or_default();
                                if !entry.contains(&term) {
                                    entry.push(term);
                                }
                            }
                        }
                        [first, second] => {
                            if let (Some(&a), Some(&b)) =
                                (vocabulary.get(*first), vocabulary.get(*second))
                            {
                                if bigrams.contains_key(&(a, b)) {
                                    concept_bigrams
                                        .entry(key.to_string())
                                        .or_default()
                                        .push((a, b));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        };
        for (word, groups) in &table.word_groups {
            related_members(word, groups);
        }
        for ((first, second), groups) in &table.phrase_groups {
            related_members(&format!("{first} {second}"), groups);
        }

        // Single-word names that are ordinary vocabulary ("research", "review") would pin on
        // every sentence that uses the word, so they only pin when rare in descriptions.
        let pin_df_limit = ((doc_count as f32) * 0.01).max(4.0) as usize;
        let mut description_df_by_term = vec![0usize; vocabulary.len()];
        for terms in &description_terms {
            let mut distinct = terms.clone();
            distinct.sort_unstable();
            distinct.dedup();
            for term in distinct {
                description_df_by_term[term as usize] += 1;
            }
        }
        let description_df = |word: &str| -> usize {
            vocabulary
                .get(&stem(word))
                .map_or(0, |&term| description_df_by_term[term as usize])
        };
        let pin_kind: Vec<PinKind> = skills
            .iter()
            .map(|skill| {
                let name_words = words(&skill.name);
                if name_words.len() > 1 || skill.name.chars().any(|ch| ch.is_ascii_digit()) {
                    PinKind::Distinctive
                } else if name_words
                    .first()
                    .is_some_and(|word| description_df(word) <= pin_df_limit)
                {
                    PinKind::RareWord
                } else {
                    PinKind::Never
                }
            })
            .collect();

        let embeddings = if tuning.embedding_weight > 0.0 {
            shipped_table()
                .ok()
                .map(|table| SkillVectors::build(table, skills, &embedding_texts))
        } else {
            None
        };

        SearchIndex {
            tuning,
            doc_count,
            vocabulary,
            word_ids,
            term_text,
            idf,
            postings,
            forward,
            affixes,
            bigrams,
            concept_terms,
            concept_bigrams,
            names,
            pin_kind,
            embeddings,
        }
    }

    /// Why an index built with embeddings on ranks by BM25F alone: the table file was named
    /// but is missing or corrupt. `None` when the table loaded, when embeddings are off, and
    /// when no table was given at all (a build for tests or tools).
    pub fn embeddings_error(&self) -> Option<&'static EmbedError> {
        if self.tuning.embedding_weight <= 0.0 {
            return None;
        }
        shipped_table()
            .err()
            .filter(|error| !matches!(error, EmbedError::Missing))
    }

    /// Whether rankings fuse static embeddings with BM25F.
    pub fn uses_embeddings(&self) -> bool {
        self.embeddings.is_some()
    }

    /// Skills whose exact name appears in `text` as a whole word (so `tdd` matches
    /// "use the tdd skill" and "/skill:tdd" but not "tdds" or "my-tdd-notes"), in order of first
    /// occurrence, each once.
    pub fn mentions(&self, text: &str) -> Vec<usize> {
        self.mention_details(text)
            .into_iter()
            .map(|mention| mention.skill)
            .collect()
    }

    /// Like [`SearchIndex::mentions`], also telling whether any occurrence was an explicit
    /// invocation (`/skill:x`, `` `x` ``, "the x skill", "skill x").
    fn mention_details(&self, text: &str) -> Vec<Mention> {
        // One case folding for mentions and redaction (see [`Folded`]).
        let haystack = Folded::new(text).text;
        let mut mentions: Vec<Mention> = Vec::new();
        let mut position: FastMap<usize, usize> = FastMap::default();
        for mention in self.names.scan(&haystack, false) {
            match position.get(&mention.skill) {
                Some(&known) => mentions[known].explicit |= mention.explicit,
                None => {
                    position.insert(mention.skill, mentions.len());
                    mentions.push(mention);
                }
            }
        }
        mentions
    }

    /// The skills [`SearchIndex::redact`] would hide in `text`: every mention
    /// [`SearchIndex::mentions`] reports, plus names with separators written with other ones
    /// or none (`my skill`, `my_skill`, `myskill` for `my-skill`). In order, each once.
    pub fn redactable_mentions(&self, text: &str) -> Vec<usize> {
        let mut seen = FastSet::default();
        self.names
            .scan(&Folded::new(text).text, true)
            .into_iter()
            .map(|mention| mention.skill)
            .filter(|&skill| seen.insert(skill))
            .collect()
    }

    /// `text` with every mention of a skill for which `hide(index)` holds replaced by
    /// `replacement`, the rest byte for byte. Mentions are found in the canonical form of
    /// the text ([`super::names`]) with the word-boundary rule of [`SearchIndex::mentions`],
    /// so no reported mention survives, and loosely as [`SearchIndex::redactable_mentions`]
    /// says; overlapping mentions are replaced as one span. Linear in the text plus the
    /// matches.
    pub fn redact(&self, text: &str, hide: &dyn Fn(usize) -> bool, replacement: &str) -> String {
        let folded = Folded::new(text);
        let mut out = String::with_capacity(text.len());
        let mut copied = 0;
        let mut span: Option<(usize, usize)> = None;
        let flush = |out: &mut String, copied: &mut usize, (start, end): (usize, usize)| {
            out.push_str(&text[*copied..start]);
            out.push_str(replacement);
            *copied = end;
        };
        for mention in self.names.scan(&folded.text, true) {
            if !hide(mention.skill) {
                continue;
            }
            let (start, end) = folded.original_range(mention.start, mention.end);
            span = match span {
                Some((open_start, open_end)) if start < open_end => {
                    Some((open_start, open_end.max(end)))
                }
                Some(open) => {
                    flush(&mut out, &mut copied, open);
                    Some((start, end))
                }
                None => Some((start, end)),
            };
        }
        if let Some(open) = span {
            flush(&mut out, &mut copied, open);
        }
        out.push_str(&text[copied..]);
        out
    }

    /// Ranks skills for `query`, best first, considering only indices where `include(i)`.
    pub fn search(
        &self,
        query: &str,
        limit: usize,
        include: &dyn Fn(usize) -> bool,
    ) -> SearchResult {
        let empty = SearchResult {
            hits: Vec::new(),
            confidence: 0.0,
            strong: false,
            pinned: Vec::new(),
        };
        if limit == 0 || self.doc_count == 0 {
            return empty;
        }
        // Explicit invocations and distinctive names pin with full confidence; a rare
        // single-word name pins too, but keeps its lexical confidence because an ordinary word
        // ("modal", "prototype") may just be used in passing.
        let mut reasons: Vec<(usize, Pin)> = Vec::new();
        for mention in self.mention_details(query) {
            if !include(mention.skill) {
                continue;
            }
            let pin = match (mention.explicit, self.pin_kind[mention.skill]) {
                (true, _) => Pin::Invocation,
                (false, PinKind::Distinctive) => Pin::Name,
                (false, PinKind::RareWord) => Pin::Word,
                (false, PinKind::Never) => continue,
            };
            reasons.push((mention.skill, pin));
        }
        let certain = reasons.iter().any(|(_, pin)| pin.is_certain());
        let pinned: Vec<usize> = reasons.iter().map(|&(skill, _)| skill).collect();

        // The filter is asked once per skill, not once per use.
        let admitted: Vec<bool> = (0..self.doc_count).map(include).collect();
        let (mut scores, confidence_score, information) = self.lexical_scores(query, &admitted);
        let lexical = self.confidence(confidence_score, information);
        let top_cosine = self.fuse_embeddings(query, lexical, &mut scores, &admitted);

        let mut ranked = top_k(&scores, limit + pinned.len());
        if !pinned.is_empty() {
            let top = ranked.first().map_or(0.0, |&(_, score)| score);
            ranked.retain(|(doc, _)| !pinned.contains(doc));
            let pins = pinned
                .iter()
                .enumerate()
                .map(|(order, &doc)| (doc, top + 1.0 + (pinned.len() - order) as f32));
            ranked = pins.chain(ranked).collect();
        }
        ranked.truncate(limit);
        let (confidence, threshold) = match top_cosine {
            _ if certain => (1.0, STRONG_CONFIDENCE),
            Some(top) => {
                let meaning =
                    ((top - MEANING_FLOOR) / (MEANING_FULL - MEANING_FLOOR)).clamp(0.0, 1.0);
                (0.5 * lexical + 0.5 * f64::from(meaning), STRONG_CONFIDENCE)
            }
            None => (lexical, STRONG_LEXICAL_CONFIDENCE),
        };
        SearchResult {
            hits: ranked
                .into_iter()
                .map(|(index, score)| SearchHit {
                    index,
                    score: f64::from(score),
                })
                .collect(),
            confidence,
            strong: confidence >= threshold,
            pinned: reasons,
        }
    }

    /// BM25F scores of every skill for `query` (excluded skills at 0, feedback added), the best
    /// first-pass score and the query's information: the lexical side of [`SearchIndex::search`].
    fn lexical_scores(&self, query: &str, admitted: &[bool]) -> (Vec<f32>, f32, f32) {
        let query_terms = self.query_terms(query);
        let mut scores = vec![0f32; self.doc_count];
        for &(term, weight) in &query_terms.weighted {
            for &(doc, impact) in &self.postings[term as usize] {
                scores[doc as usize] += weight * impact;
            }
        }
        for &((first, second), weight) in &query_terms.bigrams {
            if let Some(docs) = self.bigrams.get(&(first, second)) {
                let bonus = weight
                    * self.tuning.bigram_weight
                    * (self.idf[first as usize] + self.idf[second as usize]);
                for &doc in docs {
                    scores[doc as usize] += bonus;
                }
            }
        }
        for (score, &admitted) in scores.iter_mut().zip(admitted) {
            if *score > 0.0 && !admitted {
                *score = 0.0;
            }
        }
        let first_pass = top_k(&scores, self.tuning.feedback_docs.max(1));
        let confidence_score = first_pass.first().map_or(0.0, |&(_, score)| score);
        self.add_feedback(&first_pass, &query_terms, &mut scores, admitted);
        (scores, confidence_score, query_terms.information)
    }

    /// The inputs of the fusion for `query`, for evaluation tooling that compares fusion rules
    /// without rebuilding: BM25F scores of every skill (feedback added, excluded skills at 0),
    /// the cosine of every skill (`None` without the table or query tokens) and the lexical
    /// confidence.
    #[doc(hidden)]
    pub fn fusion_inputs(
        &self,
        query: &str,
        include: &dyn Fn(usize) -> bool,
    ) -> (Vec<f32>, Option<Vec<f32>>, f64) {
        let admitted: Vec<bool> = (0..self.doc_count).map(include).collect();
        let (scores, confidence_score, information) = self.lexical_scores(query, &admitted);
        let cosines = self.embeddings.as_ref().and_then(|e| e.cosines(query));
        (
            scores,
            cosines,
            self.confidence(confidence_score, information),
        )
    }

    /// Maps the best first-pass score to 0..=1 relative to the query's total information (the
    /// summed idf of its known terms): a skill that explains much of a query is a strong match,
    /// one that shares a single common word is not.
    fn confidence(&self, top_score: f32, information: f32) -> f64 {
        if top_score <= 0.0 || information <= 0.0 {
            return 0.0;
        }
        // Saturating in the absolute score too, so one very rare shared term (a library name)
        // is enough on its own, while long vague queries need broad coverage.
        // The absolute scale follows the largest possible idf, which grows with ln(catalog
        // size), so confidence means the same thing for 50 skills and for 5000.
        let coverage = (top_score / information).min(1.0);
        let max_idf = (1.0 + (self.doc_count as f32 - 0.5) / 1.5).ln().max(1.0);
        let absolute = 1.0 - (-top_score / (2.7 * max_idf)).exp();
        f64::from((0.5 * coverage + 0.5 * absolute).clamp(0.0, 1.0))
    }

    /// Replaces the BM25F `scores` by their fusion with the embedding cosine: by default
    /// `score / best score + embedding_weight × (cosine − floor) / (best cosine − floor)`, or
    /// by reciprocal rank with `score_mix` 0. Both sides cover only included skills: BM25F those
    /// with a positive score, meaning those at or above [`MEANING_FLOOR`]. A query without any
    /// shared word still finds the skills nearest in meaning (confidence says how sure).
    /// Returns the best cosine of an included skill, `None` without embeddings or query tokens.
    fn fuse_embeddings(
        &self,
        query: &str,
        lexical_confidence: f64,
        scores: &mut [f32],
        admitted: &[bool],
    ) -> Option<f32> {
        let cosines = self.embeddings.as_ref().and_then(|e| e.cosines(query))?;
        let best = cosines
            .iter()
            .zip(admitted)
            .filter(|&(_, &admitted)| admitted)
            .fold(None, |best: Option<f32>, (&cosine, _)| {
                Some(best.map_or(cosine, |b| b.max(cosine)))
            })?;
        if self.tuning.score_mix > 0.0 {
            // Each signal scaled to 0..1 of its best included skill, then added.
            let top_lexical = scores.iter().copied().fold(0.0f32, f32::max);
            // The best cosine among the skills at or above the floor, or the floor itself.
            let top_cosine = best.max(MEANING_FLOOR);
            if top_lexical > 0.0 {
                // Weak lexical evidence (a query that shares only common words with the
                // catalog) counts for less against meaning: a paraphrase's few incidental word
                // matches should not outrank the skill it means.
                // Never quite 0, so every lexical match still ranks, after the meaningful ones.
                let gate = if self.tuning.lexical_gate > 0.0 {
                    (lexical_confidence as f32 / self.tuning.lexical_gate)
                        .min(1.0)
                        .powf(self.tuning.lexical_gate_power)
                        .max(1e-6)
                } else {
                    1.0
                };
                let scale = self.tuning.lexical_weight * gate / top_lexical;
                scores.iter_mut().for_each(|score| *score *= scale);
            }
            if top_cosine > MEANING_FLOOR {
                let scale = self.tuning.embedding_weight / (top_cosine - MEANING_FLOOR);
                for ((score, &cosine), &admitted) in scores.iter_mut().zip(&cosines).zip(admitted) {
                    if admitted && cosine >= MEANING_FLOOR {
                        *score += (cosine - MEANING_FLOOR) * scale;
                    }
                }
            }
            return Some(best);
        }
        let k = self.tuning.rrf_k;
        let ranked_by = |key: &dyn Fn(usize) -> Option<f32>| -> Vec<usize> {
            let mut docs: Vec<(usize, f32)> = (0..self.doc_count)
                .filter_map(|doc| key(doc).map(|value| (doc, value)))
                .collect();
            docs.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            docs.into_iter().map(|(doc, _)| doc).collect()
        };
        let lexical = ranked_by(&|doc| (scores[doc] > 0.0).then_some(scores[doc]));
        let semantic = ranked_by(&|doc| {
            (admitted[doc] && cosines[doc] >= MEANING_FLOOR).then_some(cosines[doc])
        });
        scores.iter_mut().for_each(|score| *score = 0.0);
        for (rank, doc) in lexical.into_iter().enumerate() {
            scores[doc] += self.tuning.lexical_weight / (k + rank as f32 + 1.0);
        }
        for (rank, doc) in semantic.into_iter().enumerate() {
            scores[doc] += self.tuning.embedding_weight / (k + rank as f32 + 1.0);
        }
        Some(best)
    }

    fn add_feedback(
        &self,
        first_pass: &[(usize, f32)],
        query_terms: &QueryTerms,
        scores: &mut [f32],
        admitted: &[bool],
    ) {
        let Some(&(_, best)) = first_pass.first() else {
            return;
        };
        if best <= 0.0 || self.tuning.feedback_terms == 0 || self.tuning.feedback_weight <= 0.0 {
            return;
        }
        let mut feedback: FastMap<u32, f32> = FastMap::default();
        for &(doc, score) in first_pass {
            let share = score / best;
            for &(term, impact) in &self.forward[doc] {
                *feedback.entry(term).or_default() += share * impact;
            }
        }
        let mut candidates: Vec<(u32, f32)> = feedback
            .into_iter()
            .filter(|(term, _)| !query_terms.weighted.iter().any(|(known, _)| known == term))
            .collect();
        candidates.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        candidates.truncate(self.tuning.feedback_terms);
        let Some(&(_, strongest)) = candidates.first() else {
            return;
        };
        for (term, weight) in candidates {
            let weight = self.tuning.feedback_weight * weight / strongest;
            for &(doc, impact) in &self.postings[term as usize] {
                if admitted[doc as usize] {
                    scores[doc as usize] += weight * impact;
                }
            }
        }
    }

    /// Per-term score contributions of `query` to skill `index` (first pass, no pins), largest
    /// first. A debugging aid for ranking work.
    #[doc(hidden)]
    pub fn explain(&self, query: &str, index: usize) -> Vec<(String, f64)> {
        let query_terms = self.query_terms(query);
        let mut parts: Vec<(String, f64)> = Vec::new();
        for &(term, weight) in &query_terms.weighted {
            let impact = self.postings[term as usize]
                .iter()
                .find(|&&(doc, _)| doc as usize == index)
                .map_or(0.0, |&(_, impact)| impact);
            if impact > 0.0 {
                parts.push((
                    format!("{} (x{weight:.2})", self.term_text[term as usize]),
                    f64::from(weight * impact),
                ));
            }
        }
        for &((first, second), weight) in &query_terms.bigrams {
            let hit = self
                .bigrams
                .get(&(first, second))
                .is_some_and(|docs| docs.contains(&(index as u32)));
            if hit {
                let bonus = weight
                    * self.tuning.bigram_weight
                    * (self.idf[first as usize] + self.idf[second as usize]);
                parts.push((
                    format!(
                        "\"{} {}\"",
                        self.term_text[first as usize], self.term_text[second as usize]
                    ),
                    f64::from(bonus),
                ));
            }
        }
        parts.sort_by(|a, b| b.1.total_cmp(&a.1));
        parts
    }

    /// The longest catalog word that is a prefix or suffix of `word`, at least
    /// [`MIN_PART_LEN`] characters and half of `word`, where the rest of `word` is a word or
    /// morpheme of its own ([`is_compound_rest`]): "multithreaded" holds "threaded", "stable"
    /// does not hold "table".
    fn longest_known_part(&self, word: &str) -> Option<u32> {
        let boundaries: Vec<usize> = word
            .char_indices()
            .map(|(index, _)| index)
            .skip(1)
            .collect();
        let length = word.chars().count();
        let minimum = MIN_PART_LEN.max(length.div_ceil(2));
        // boundaries[i] is the byte offset after i + 1 characters.
        for part_len in (minimum..length).rev() {
            let prefix_end = boundaries[part_len - 1];
            let suffix_start = boundaries[length - part_len - 1];
            let is_catalog_word = |rest: &str| self.word_ids.contains_key(rest);
            for (part, rest, rest_before) in [
                (&word[suffix_start..], &word[..suffix_start], true),
                (&word[..prefix_end], &word[prefix_end..], false),
            ] {
                if let Some(&term) = self.word_ids.get(part) {
                    if is_compound_rest(rest, rest_before, is_catalog_word) {
                        return Some(term);
                    }
                }
            }
        }
        None
    }

    /// The stem of a query word, without running the stemmer for words the catalog uses.
    fn stem_known(&self, word: &str) -> String {
        match self.word_ids.get(word) {
            Some(&term) => self.term_text[term as usize].clone(),
            None => stem(word),
        }
    }

    fn query_terms(&self, query: &str) -> QueryTerms {
        // Only the start of a very long query is analysed: term bookkeeping below is
        // quadratic in the number of distinct words, and a routing query is a sentence or two.
        let query = truncate_at_char_boundary(query, MAX_QUERY_BYTES);
        let all_words = words(query);
        let raw_words: Vec<String> = all_words
            .iter()
            .enumerate()
            .filter(|&(position, word)| {
                !is_stopword(word) && !is_phrasal_verb(word, all_words.get(position + 1))
            })
            .map(|(_, word)| word.clone())
            .collect();
        let mut stems: Vec<String> = raw_words.iter().map(|word| self.stem_known(word)).collect();
        let word_stems = stems.len();
        for run in raw_runs(query) {
            // Catalog text was indexed with both "powerpoint" and its humps "power", "point";
            // adding the humps of a query word the catalog already knows would count it thrice.
            let whole = run.to_lowercase();
            if self.word_ids.contains_key(&whole) {
                continue;
            }
            for part in camel_parts(run) {
                if !is_stopword(&part) {
                    stems.push(self.stem_known(&part));
                }
            }
        }
        // Each term once, at its highest weight, in first-raised order. An affix can expand to
        // thousands of terms, so positions are found through a map, not a scan.
        let mut weights = RaisedTerms::default();
        let raise = |term: u32, weight: f32, weights: &mut RaisedTerms| weights.raise(term, weight);
        let mut information = 0.0;
        let unknown_idf = ((self.doc_count as f32 + 0.5) / 0.5).ln_1p();
        let mut seen: Vec<&str> = Vec::new();
        let mut seen_set: FastSet<&str> = FastSet::default();
        for stemmed in &stems {
            if !seen_set.insert(stemmed.as_str()) {
                continue;
            }
            seen.push(stemmed);
            match self.vocabulary.get(stemmed) {
                Some(&term) => {
                    information += self.idf[term as usize];
                    raise(term, 1.0, &mut weights);
                }
                // Unknown words still carry information: a query full of them is about
                // something the catalog does not cover, which lowers confidence.
                None => information += 0.5 * unknown_idf,
            }
        }
        for (word, stemmed) in raw_words.iter().zip(&stems) {
            if word.chars().count() < MIN_AFFIX_LEN || self.vocabulary.contains_key(stemmed) {
                continue;
            }
            if let Some(terms) = self.affixes.get(word.as_str()) {
                for &term in terms {
                    raise(term, self.tuning.affix_weight, &mut weights);
                }
                continue;
            }
            // An unknown compound may end or start with a catalog word: "antiderivative"
            // → "derivative", "multithreaded" → "threaded". The longest such part wins.
            if let Some(term) = self.longest_known_part(word) {
                raise(term, self.tuning.affix_weight, &mut weights);
            }
        }
        // Two query words written together in a skill ("semantic scholar" vs
        // `semanticscholar-automation`, "data frame" vs "dataframe") count as one full match.
        for pair in raw_words.windows(2) {
            let joined = format!("{}{}", pair[0], pair[1]);
            let known = self
                .word_ids
                .get(&joined)
                .or_else(|| self.vocabulary.get(&joined));
            if let Some(&term) = known {
                raise(term, 1.0, &mut weights);
            }
        }
        let mut bigrams: Vec<((u32, u32), f32)> = Vec::new();
        let mut concept_keys: Vec<String> =
            seen.iter().map(|stemmed| stemmed.to_string()).collect();
        for pair in stems[..word_stems].windows(2) {
            if let (Some(&a), Some(&b)) =
                (self.vocabulary.get(&pair[0]), self.vocabulary.get(&pair[1]))
            {
                if !bigrams.iter().any(|(known, _)| *known == (a, b)) {
                    bigrams.push(((a, b), 1.0));
                }
            }
            concept_keys.push(format!("{} {}", pair[0], pair[1]));
        }
        for key in &concept_keys {
            let related = self
                .concept_terms
                .get(key)
                .map(Vec::as_slice)
                .unwrap_or_default();
            if !related.is_empty() {
                let weight = self.tuning.concept_weight / (related.len() as f32).sqrt();
                for &term in related {
                    raise(term, weight, &mut weights);
                }
            }
            for &pair in self
                .concept_bigrams
                .get(key)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                if !bigrams.iter().any(|(known, _)| *known == pair) {
                    bigrams.push((pair, self.tuning.concept_weight));
                }
            }
        }
        QueryTerms {
            weighted: weights.terms,
            bigrams,
            information,
        }
    }
}

#[derive(Default)]
struct RaisedTerms {
    terms: Vec<(u32, f32)>,
    position: FastMap<u32, usize>,
}

impl RaisedTerms {
    fn raise(&mut self, term: u32, weight: f32) {
        match self.position.get(&term) {
            Some(&at) => self.terms[at].1 = self.terms[at].1.max(weight),
            None => {
                self.position.insert(term, self.terms.len());
                self.terms.push((term, weight));
            }
        }
    }
}

struct QueryTerms {
    weighted: Vec<(u32, f32)>,
    bigrams: Vec<((u32, u32), f32)>,
    /// Summed idf of the query's distinct terms (see [`SearchIndex::confidence`]).
    information: f32,
}

/// The `k` best positive scores, best first; ties break towards the lower index so results are
/// deterministic. A small sorted buffer beats sorting all candidates because `k` is tiny.
fn top_k(scores: &[f32], k: usize) -> Vec<(usize, f32)> {
    let mut best: Vec<(usize, f32)> = Vec::with_capacity(k + 1);
    if k == 0 {
        return best;
    }
    for (doc, &score) in scores.iter().enumerate() {
        // Scanning in index order, an equal score never displaces an earlier skill.
        if score <= 0.0 || (best.len() == k && score <= best[k - 1].1) {
            continue;
        }
        let position = best.partition_point(|&(_, known)| known >= score);
        best.insert(position, (doc, score));
        best.truncate(k);
    }
    best
}
