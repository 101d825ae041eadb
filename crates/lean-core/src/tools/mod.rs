//! Tool-metadata search, used by capability routing to decide which tool schemas a request
//! needs, and by `request_capabilities` to find more.
//!
//! This index ranks tools with the BM25F code that skill search uses (`crate::bm25f`: the
//! same tokenizer, stopwords, camelCase split and stemmer, the same impact computation) over
//! three fields: the name split into words, the description with the tool's guidelines, and
//! parameter names with their descriptions. Each field saturates on its own
//! (`bm25f::Saturation::PerField`), so a word the tool's name carries counts on top of the
//! same word in its prose. So "screenshot" meets "take_screenshot" and "issues" meets
//! "issue". A query that names a tool exactly pins it first.

use std::collections::{HashMap, HashSet};

use crate::bm25f::{self, FastMap, Field, Interner};
use crate::skills::text::{camel_parts, is_stopword, raw_runs, stem, words};

/// Metadata of one tool, as Pi reports it in `getAllTools()`.
#[derive(Clone, Debug, Default)]
pub struct ToolMeta {
    /// The tool's name, as the model calls it.
    pub name: String,
    /// What the tool does.
    pub description: String,
    /// Parameter names and their descriptions, flattened to text by the caller.
    pub parameters: String,
}

/// One ranked match.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolHit {
    /// Index into the tools the index was built from.
    pub index: usize,
    /// Ranking score; higher is better, comparable within one search only.
    pub score: f64,
}

/// Field weights: a name word says far more about a tool than a word in its prose.
const NAME_WEIGHT: f32 = 3.0;
const DESCRIPTION_WEIGHT: f32 = 1.0;
const PARAMETER_WEIGHT: f32 = 0.5;
/// Length normalisation, the same for every field.
const B: f32 = 0.75;
const K1: f32 = 1.2;
/// Added to a tool whose exact name appears in the query, so it always ranks first.
const EXACT_NAME_BONUS: f64 = 1000.0;
/// Queries are analysed up to this many bytes.
const MAX_QUERY_BYTES: usize = 4096;

/// Largest result set a caller can ask for; activation must stay bounded.
pub const MAX_TOOL_HITS: usize = 8;
/// Result set when the caller names no limit.
pub const DEFAULT_TOOL_HITS: usize = 3;

/// Immutable search index over a set of tools.
pub struct ToolIndex {
    tools: Vec<ToolMeta>,
    /// Stemmed term → id, and surface word → id.
    vocabulary: FastMap<String, u32>,
    word_ids: FastMap<String, u32>,
    /// term → (tool, impact).
    postings: Vec<Vec<(u32, f32)>>,
    /// lowercase exact name → tool index.
    names: HashMap<String, usize>,
}

impl ToolIndex {
    /// Indexes `tools` for search over their names, descriptions and parameters.
    pub fn build(tools: Vec<ToolMeta>) -> ToolIndex {
        let names = tools
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.to_lowercase(), i))
            .collect();
        let mut interner = Interner::default();
        let analyzed = |interner: &mut Interner, text: fn(&ToolMeta) -> &str, name: bool| {
            let mut terms = Vec::with_capacity(tools.len());
            let mut weights = Vec::with_capacity(tools.len());
            for tool in &tools {
                let (t, w) = match name {
                    true => interner.analyze_name(text(tool)),
                    false => interner.analyze(text(tool)),
                };
                terms.push(t);
                weights.push(w);
            }
            (terms, weights)
        };
        let (name_terms, name_weights) = analyzed(&mut interner, |t| &t.name, true);
        let (description_terms, description_weights) =
            analyzed(&mut interner, |t| &t.description, false);
        let (parameter_terms, parameter_weights) =
            analyzed(&mut interner, |t| &t.parameters, false);
        let field = |terms, weights, weight| Field {
            terms,
            weights,
            weight,
            b: B,
        };
        let impacts = bm25f::impacts(
            interner.vocabulary.len(),
            tools.len(),
            &[
                field(&name_terms, &name_weights, NAME_WEIGHT),
                field(&description_terms, &description_weights, DESCRIPTION_WEIGHT),
                field(&parameter_terms, &parameter_weights, PARAMETER_WEIGHT),
            ],
            K1,
            bm25f::Saturation::PerField,
        );
        ToolIndex {
            tools,
            vocabulary: interner.vocabulary,
            word_ids: interner.word_ids,
            postings: impacts.postings,
            names,
        }
    }

    /// Number of tools indexed.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// Whether no tools are indexed.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// The tools, in the order given.
    pub fn tools(&self) -> &[ToolMeta] {
        &self.tools
    }

    /// The known term of one lowercase query word, without stemming words the index knows.
    fn term_of(&self, word: &str) -> Option<u32> {
        self.word_ids
            .get(word)
            .or_else(|| self.vocabulary.get(&stem(word)))
            .copied()
    }

    /// Distinct known terms of `query`: stopword-free words and camelCase parts, as the
    /// index analysed its fields.
    fn query_terms(&self, query: &str) -> Vec<u32> {
        let mut seen = HashSet::new();
        let parts = raw_runs(query).flat_map(camel_parts);
        words(query)
            .into_iter()
            .chain(parts)
            .filter(|word| !is_stopword(word))
            .filter_map(|word| self.term_of(&word))
            .filter(|term| seen.insert(*term))
            .collect()
    }

    /// Ranks tools for `query`, best first; at most `limit` (clamped to 1..=[`MAX_TOOL_HITS`])
    /// hits, each with a positive score. Ties break by name so results are deterministic.
    pub fn search(&self, query: &str, limit: usize) -> Vec<ToolHit> {
        let limit = limit.clamp(1, MAX_TOOL_HITS);
        let mut cut = query.len().min(MAX_QUERY_BYTES);
        while !query.is_char_boundary(cut) {
            cut -= 1;
        }
        let query = &query[..cut];
        let mut scores = vec![0.0f64; self.tools.len()];
        for term in self.query_terms(query) {
            for &(doc, impact) in &self.postings[term as usize] {
                scores[doc as usize] += f64::from(impact);
            }
        }
        for token in query.split(|c: char| c.is_whitespace() || c == ',' || c == '`') {
            let token = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
            if let Some(&i) = self.names.get(&token.to_lowercase()) {
                scores[i] += EXACT_NAME_BONUS;
            }
        }
        let mut hits: Vec<ToolHit> = scores
            .into_iter()
            .enumerate()
            .filter(|&(_, s)| s > 0.0)
            .map(|(index, score)| ToolHit { index, score })
            .collect();
        hits.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then_with(|| self.tools[a.index].name.cmp(&self.tools[b.index].name))
        });
        hits.truncate(limit);
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, description: &str, parameters: &str) -> ToolMeta {
        ToolMeta {
            name: name.to_string(),
            description: description.to_string(),
            parameters: parameters.to_string(),
        }
    }

    fn sample() -> ToolIndex {
        ToolIndex::build(vec![
            tool(
                "browser_screenshot",
                "Capture a PNG image of the current browser page.",
                "fullPage: capture the whole page",
            ),
            tool(
                "github_create_issue",
                "Open a new issue in a GitHub repository with a title and body.",
                "repo title body labels",
            ),
            tool(
                "db_query",
                "Run a read-only SQL query against the project database.",
                "sql: the statement",
            ),
            tool("weather", "Current weather for a city.", "city: city name"),
        ])
    }

    fn names(index: &ToolIndex, query: &str, limit: usize) -> Vec<String> {
        index
            .search(query, limit)
            .into_iter()
            .map(|h| index.tools()[h.index].name.clone())
            .collect()
    }

    #[test]
    fn name_words_and_stems_match() {
        let index = sample();
        assert_eq!(
            names(&index, "take a screenshot", 3),
            ["browser_screenshot"]
        );
        assert_eq!(
            names(&index, "file issues on github", 3)[0],
            "github_create_issue"
        );
        assert_eq!(names(&index, "sql database", 3), ["db_query"]);
    }

    #[test]
    fn exact_name_is_pinned_first() {
        let index = sample();
        assert_eq!(names(&index, "weather browser page", 2)[0], "weather");
    }

    #[test]
    fn unrelated_query_finds_nothing_and_limit_is_bounded() {
        let index = sample();
        assert!(index.search("quantum chromodynamics", 5).is_empty());
        assert!(index.search("", 5).is_empty());
        assert!(
            index
                .search("the a page city issue sql screenshot", 100)
                .len()
                <= MAX_TOOL_HITS
        );
        assert_eq!(index.search("page city issue sql screenshot", 2).len(), 2);
    }

    #[test]
    fn ranking_is_deterministic() {
        let index = sample();
        let first = index.search("page issue", 8);
        for _ in 0..5 {
            assert_eq!(index.search("page issue", 8), first);
        }
    }

    #[test]
    fn empty_index_is_fine() {
        let index = ToolIndex::build(Vec::new());
        assert!(index.is_empty());
        assert!(index.search("anything", 3).is_empty());
    }

    #[test]
    fn analysis_is_the_skill_search_analysis() {
        let index = ToolIndex::build(vec![
            tool("takeScreenshot", "Grab the screen.", ""),
            tool("listIssues", "List open issues.", "state"),
        ]);
        // camelCase humps, as skill names are split.
        assert_eq!(
            names(&index, "screenshot of the page", 3),
            ["takeScreenshot"]
        );
        // The skill stopwords: conversational filler carries no topic.
        assert!(index
            .search("please could you help me with this", 3)
            .is_empty());
        // Stems meet across fields: "issue" (query) and "issues" (name hump, description).
        assert_eq!(names(&index, "issue", 3), ["listIssues"]);
    }
}
