//! Tool-metadata search, used to defer rarely used tool schemas behind a search tool.
//!
//! The Token Saver keeps only core tools declared to the model and lets it find the rest with
//! `token_tool_search {query}`. This index ranks tools by BM25F over three fields (the name
//! split into words, the description, and parameter names with their descriptions), analysed
//! with the same tokenizer and stemmer as skill search so that "screenshot" meets
//! "take_screenshot" and "issues" meets "issue". A query that names a tool exactly pins it first.

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

/// Metadata of one tool, as Pi reports it in `getAllTools()`.
#[derive(Clone, Debug, Default)]
pub struct ToolMeta {
    pub name: String,
    pub description: String,
    /// Parameter names and their descriptions, flattened to text by the caller.
    pub parameters: String,
}

/// One ranked match.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolHit {
    /// Index into the tools the index was built from.
    pub index: usize,
    pub score: f64,
}

/// Field weights: a name word says far more about a tool than a word in its prose.
const NAME_WEIGHT: f64 = 3.0;
const DESCRIPTION_WEIGHT: f64 = 1.0;
const PARAMETER_WEIGHT: f64 = 0.5;
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// Added to a tool whose exact name appears in the query, so it always ranks first.
const EXACT_NAME_BONUS: f64 = 1000.0;

/// Largest result set a caller can ask for; activation must stay bounded.
pub const MAX_TOOL_HITS: usize = 8;

/// Function words that say nothing about what a tool does.
const STOPWORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for", "from", "i", "in", "into",
    "is", "it", "me", "my", "need", "of", "on", "or", "some", "that", "the", "this", "to", "tool",
    "tools", "use", "want", "with", "you",
];

fn stem(word: &str) -> String {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    // Short words and identifiers with digits are acronyms or ids: stemming only hurts them.
    if word.len() <= 3 || word.chars().any(|c| c.is_ascii_digit()) {
        return word.to_string();
    }
    STEMMER
        .get_or_init(|| Stemmer::create(Algorithm::English))
        .stem(word)
        .into_owned()
}

/// Splits one alphanumeric run on camelCase humps ("takeScreenshot" → take, screenshot).
fn camel_split(run: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for ch in run.chars() {
        if ch.is_uppercase() && previous_lower && !current.is_empty() {
            parts.push(std::mem::take(&mut current));
        }
        previous_lower = ch.is_lowercase() || ch.is_ascii_digit();
        current.extend(ch.to_lowercase());
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// Stemmed content terms of `text`: alphanumeric runs, split on camelCase, stopwords dropped.
fn terms(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|run| !run.is_empty())
        .flat_map(camel_split)
        .filter(|w| !STOPWORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
        .collect()
}

/// A tool name as words: `mcp__github__create_issue` → mcp github create issue.
fn name_terms(name: &str) -> Vec<String> {
    terms(&name.replace(['_', '-', '.', ':', '/'], " "))
}

struct Field {
    /// term → frequency in each document.
    postings: HashMap<String, Vec<(usize, u32)>>,
    lengths: Vec<f64>,
    average: f64,
    weight: f64,
}

impl Field {
    fn build(docs: Vec<Vec<String>>, weight: f64) -> Field {
        let mut postings: HashMap<String, Vec<(usize, u32)>> = HashMap::new();
        let lengths: Vec<f64> = docs.iter().map(|d| d.len() as f64).collect();
        for (doc, doc_terms) in docs.into_iter().enumerate() {
            let mut counts: HashMap<String, u32> = HashMap::new();
            for term in doc_terms {
                *counts.entry(term).or_default() += 1;
            }
            for (term, count) in counts {
                postings.entry(term).or_default().push((doc, count));
            }
        }
        let average = if lengths.is_empty() {
            0.0
        } else {
            lengths.iter().sum::<f64>() / lengths.len() as f64
        };
        Field {
            postings,
            lengths,
            average: average.max(1.0),
            weight,
        }
    }
}

/// Immutable search index over a set of tools.
pub struct ToolIndex {
    tools: Vec<ToolMeta>,
    fields: [Field; 3],
    /// lowercase exact name → tool index.
    names: HashMap<String, usize>,
}

impl ToolIndex {
    pub fn build(tools: Vec<ToolMeta>) -> ToolIndex {
        let names = tools
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.to_lowercase(), i))
            .collect();
        let fields = [
            Field::build(
                tools.iter().map(|t| name_terms(&t.name)).collect(),
                NAME_WEIGHT,
            ),
            Field::build(
                tools.iter().map(|t| terms(&t.description)).collect(),
                DESCRIPTION_WEIGHT,
            ),
            Field::build(
                tools.iter().map(|t| terms(&t.parameters)).collect(),
                PARAMETER_WEIGHT,
            ),
        ];
        ToolIndex {
            tools,
            fields,
            names,
        }
    }

    pub fn len(&self) -> usize {
        self.tools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    pub fn tools(&self) -> &[ToolMeta] {
        &self.tools
    }

    /// Ranks tools for `query`, best first; at most `limit` (clamped to 1..=[`MAX_TOOL_HITS`])
    /// hits, each with a positive score. Ties break by name so results are deterministic.
    pub fn search(&self, query: &str, limit: usize) -> Vec<ToolHit> {
        let limit = limit.clamp(1, MAX_TOOL_HITS);
        let n = self.tools.len() as f64;
        let mut scores = vec![0.0f64; self.tools.len()];
        let mut query_terms = terms(query);
        query_terms.sort();
        query_terms.dedup();
        for term in &query_terms {
            // Document frequency across fields, so a term common in every name is worth little.
            let mut docs_with_term = vec![false; self.tools.len()];
            for field in &self.fields {
                if let Some(list) = field.postings.get(term) {
                    for &(doc, _) in list {
                        docs_with_term[doc] = true;
                    }
                }
            }
            let df = docs_with_term.iter().filter(|&&b| b).count() as f64;
            if df == 0.0 {
                continue;
            }
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            for field in &self.fields {
                let Some(list) = field.postings.get(term) else {
                    continue;
                };
                for &(doc, tf) in list {
                    let tf = f64::from(tf);
                    let norm = 1.0 - B + B * field.lengths[doc] / field.average;
                    scores[doc] += field.weight * idf * tf * (K1 + 1.0) / (tf + K1 * norm);
                }
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
}
