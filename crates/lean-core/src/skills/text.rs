//! Text analysis for skill search: tokenising, stemming, stopwords and a small concept table.
//!
//! The same analysis runs over skill names, descriptions and queries so that they meet in one
//! vocabulary of stemmed terms. The concept table links common software and science words to
//! their everyday paraphrases (plot ~ chart ~ figure); it is deliberately generic, not tuned to
//! any catalog.

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

/// Splits text into lowercase alphanumeric words. camelCase and letter→digit boundaries are
/// kept inside a word here; see [`split_compound`] for the finer split used on names.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            current.extend(ch.to_lowercase());
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Splits a raw word on camelCase humps ("FoundryClient" → "foundry", "client"). Returns an
/// empty list when there is nothing to split.
pub fn camel_parts(raw: &str) -> Vec<String> {
    let chars: Vec<char> = raw.chars().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..chars.len() {
        let hump = chars[i].is_uppercase()
            && (chars[i - 1].is_lowercase()
                || (chars[i - 1].is_uppercase()
                    && chars.get(i + 1).is_some_and(|c| c.is_lowercase())));
        if hump {
            parts.push(chars[start..i].iter().collect::<String>().to_lowercase());
            start = i;
        }
    }
    if start == 0 {
        return Vec::new();
    }
    parts.push(chars[start..].iter().collect::<String>().to_lowercase());
    parts.retain(|part| part.chars().any(char::is_alphanumeric));
    parts
}

/// Raw (case-preserving) alphanumeric runs, for camelCase detection.
pub fn raw_runs(text: &str) -> impl Iterator<Item = &str> {
    text.split(|ch: char| !ch.is_alphanumeric())
        .filter(|run| !run.is_empty())
}

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

/// Stems a lowercase word. Words with digits and very short words are kept as they are:
/// they are identifiers ("h5ad", "r01") or acronyms, where stemming only does harm.
pub fn stem(word: &str) -> String {
    if word.len() <= 3 || word.chars().any(|ch| ch.is_ascii_digit()) {
        return word.to_string();
    }
    stemmer().stem(word).into_owned()
}

/// English function words plus the conversational filler of requests to an assistant
/// ("please help me ... I want ..."), which carries no topic.
const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "done",
    "down",
    "during",
    "each",
    "either",
    "etc",
    "even",
    "ever",
    "every",
    "few",
    "for",
    "from",
    "further",
    "get",
    "gets",
    "getting",
    "give",
    "go",
    "going",
    "got",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "him",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "let",
    "like",
    "lot",
    "may",
    "me",
    "might",
    "more",
    "most",
    "much",
    "must",
    "my",
    "need",
    "needs",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "ok",
    "on",
    "once",
    "one",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "out",
    "over",
    "own",
    "please",
    "put",
    "quite",
    "rather",
    "really",
    "same",
    "she",
    "should",
    "so",
    "some",
    "something",
    "such",
    "sure",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "thing",
    "things",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "us",
    "use",
    "used",
    "uses",
    "using",
    "very",
    "via",
    "want",
    "wants",
    "was",
    "way",
    "we",
    "were",
    "what",
    "whatever",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "within",
    "without",
    "would",
    "yet",
    "you",
    "your",
    "yours",
    "i'd",
    "i'm",
    "i've",
    "ve",
    "ll",
    "re",
    "s",
    "t",
    "d",
    "m",
    "help",
    "make",
    "makes",
    "try",
    "able",
    "already",
    "anything",
    "else",
    "many",
    "well",
    "around",
    "back",
    "able",
    "still",
    "tell",
    "show",
    "actually",
    "basically",
    "probably",
    "whose",
    "vs",
    "per",
    "versus",
    "skill",
    "skills",
    "user",
    "users",
    "task",
    "tasks",
    "work",
    "working",
    "trigger",
    "particularly",
    "including",
    "include",
    "includes",
    "especially",
    "specific",
    "specifically",
];

pub fn is_stopword(word: &str) -> bool {
    static SET: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| STOPWORDS.iter().copied().collect())
        .contains(word)
}

/// True for the verb of an idiom whose meaning has nothing to do with the verb's topic:
/// "figure out" is not about figures, "sort out" is not about sorting.
pub fn is_phrasal_verb(word: &str, next: Option<&String>) -> bool {
    const VERBS_BEFORE_OUT: &[&str] = &[
        "figure", "find", "carry", "point", "sort", "turn", "rule", "spell", "try",
    ];
    next.is_some_and(|next| next == "out") && VERBS_BEFORE_OUT.contains(&word)
}

/// Groups of words that name the same concept in software and science writing. A query word
/// in a group also looks for the group's other words, at a reduced weight.
// Words whose stem collides with a common unrelated word are left out on purpose
// ("container" stems to "contain", "performance" to "perform", "publication" to "public").
const CONCEPTS: &[&[&str]] = &[
    // Presentation of data.
    &[
        "plot",
        "chart",
        "graph",
        "visualize",
        "visualization",
        "figure",
        "diagram",
    ],
    &["table", "tabular", "dataframe", "spreadsheet"],
    &["spreadsheet", "excel", "xlsx", "csv", "sheet"],
    &[
        "slide",
        "presentation",
        "deck",
        "powerpoint",
        "pptx",
        "talk",
    ],
    &["document", "doc", "docs", "docx", "word"],
    &["documentation", "docs", "manual", "guide"],
    &["pdf", "document"],
    &["image", "picture", "photo", "imaging"],
    &["video", "movie", "clip"],
    &["audio", "sound", "speech", "voice"],
    &["text", "prose", "writing"],
    &["markdown", "md"],
    // Writing and publishing.
    &["paper", "article", "manuscript", "journal"],
    &["citation", "cite", "bibliography", "bibtex"],
    &["literature", "papers"],
    &["grant", "proposal", "funding"],
    &["review", "critique", "referee", "feedback", "assess"],
    &["write", "draft", "compose", "author"],
    &["summary", "summarize", "abstract", "overview", "digest"],
    &["translate", "translation"],
    &["thesis", "dissertation"],
    // Finding information.
    &["search", "lookup", "query", "find", "retrieve"],
    &["scrape", "crawl", "extract", "harvest"],
    &["web", "internet", "online", "website", "browser"],
    &["database", "db", "sql", "datastore"],
    &["api", "endpoint", "sdk", "client"],
    // Software engineering.
    &["test", "spec", "unittest", "testing"],
    &["pr", "pull request", "merge request"],
    &["repository", "repo", "codebase"],
    &["git", "version control", "commit", "branch", "worktree"],
    &["cli", "terminal", "command line", "shell", "bash"],
    &["deploy", "deployment", "release", "ship", "publish"],
    &["bug", "defect", "error", "failure", "crash", "broken"],
    &["debug", "troubleshoot", "diagnose", "fix", "root cause"],
    &["refactor", "restructure", "cleanup", "rewrite"],
    &["speed", "fast", "faster", "slow", "latency", "optimize"],
    &[
        "parallel",
        "concurrent",
        "multithreaded",
        "multicore",
        "multiprocessing",
    ],
    &["gpu", "cuda", "accelerator", "graphics card"],
    &["cpu", "processor"],
    &["memory", "ram"],
    &["cloud", "serverless", "remote", "cluster"],
    &["docker", "containerize"],
    &["kubernetes", "k8s"],
    &["authentication", "auth", "login", "oauth", "sign in"],
    &["ui", "frontend", "interface", "user interface"],
    &["config", "configuration", "settings"],
    &["workflow", "pipeline"],
    &["automate", "automation", "script"],
    &["ticket", "issue", "todo"],
    &["email", "mail", "inbox"],
    &["message", "chat", "messaging"],
    &["calendar", "schedule", "meeting", "appointment"],
    &["note", "notes", "notebook"],
    &[
        "verify",
        "verification",
        "check",
        "confirm",
        "validate",
        "validation",
    ],
    &["complete", "completion", "done", "finish", "finished"],
    &[
        "prototype",
        "mockup",
        "throwaway",
        "disposable",
        "proof of concept",
        "poc",
    ],
    &["brainstorm", "brainstorming", "ideation", "ideas"],
    &["resume", "cv", "curriculum vitae"],
    // Machine learning and statistics.
    &["ml", "machine learning"],
    &["ai", "artificial intelligence"],
    &["llm", "language model", "gpt"],
    &["neural network", "deep learning", "nn"],
    &["train", "training", "fit", "learn"],
    &["predict", "prediction", "forecast", "estimate"],
    &["time series", "temporal", "forecasting"],
    &["classify", "classification", "classifier"],
    &["cluster", "clustering"],
    &["regression", "regress"],
    &["statistic", "statistics", "stats", "statistical"],
    &["bayesian", "posterior", "probabilistic", "inference"],
    &["survival", "hazard", "censored", "time to event"],
    &["explain", "interpretability", "explainability"],
    &[
        "feature",
        "descriptor",
        "representation",
        "embedding",
        "featurize",
    ],
    &["benchmark", "dataset", "data set"],
    &["optimize", "optimization"],
    &["simulate", "simulation"],
    &["reinforcement learning", "rl"],
    // Science.
    &["equation", "symbolic", "algebra", "calculus", "derivative"],
    &["molecule", "compound", "chemical", "small molecule"],
    &["drug", "ligand", "medicinal", "pharmaceutical"],
    &["protein", "peptide", "enzyme", "antibody"],
    &["gene", "genomic", "genome", "dna"],
    &["rna", "transcript", "transcriptomic", "expression"],
    &["cell", "cellular", "single cell"],
    &["sequence", "sequencing"],
    &["microscopy", "microscope", "imaging"],
    &[
        "patient", "clinical", "medical", "health", "hospital", "ehr",
    ],
    &["assay", "lab", "laboratory", "wet lab"],
    &["robot", "robotics", "automation"],
    &["quantum", "qubit"],
    &[
        "astronomy",
        "astrophysics",
        "galaxy",
        "telescope",
        "cosmology",
    ],
    &["material", "crystal", "materials"],
    &["chemistry", "chemical", "chemist"],
    &["physics", "physical"],
    &["map", "geospatial", "gis", "geographic", "location"],
    &["finance", "financial", "stock", "trading"],
    &["phylogenetic", "phylogeny", "evolutionary"],
    &["microbiome", "bacteria", "microbial"],
    &["neuroscience", "brain", "neuron"],
    &["ecg", "eeg", "physiological"],
];

/// A concept-table entry resolved to stemmed terms: single words, or two-word phrases.
pub struct ConceptTable {
    /// Stemmed single word → ids of the groups it belongs to.
    pub word_groups: HashMap<String, Vec<usize>>,
    /// Stemmed two-word phrase → group ids.
    pub phrase_groups: HashMap<(String, String), Vec<usize>>,
    /// Each group's members, stemmed; a phrase member is stored as its words joined by a space.
    pub members: Vec<Vec<String>>,
}

pub fn concepts() -> &'static ConceptTable {
    static TABLE: OnceLock<ConceptTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = ConceptTable {
            word_groups: HashMap::new(),
            phrase_groups: HashMap::new(),
            members: Vec::new(),
        };
        for (group, words_in_group) in CONCEPTS.iter().enumerate() {
            let mut members = Vec::new();
            for entry in words_in_group.iter() {
                let stems: Vec<String> = entry.split(' ').map(stem).collect();
                match stems.as_slice() {
                    [single] => table
                        .word_groups
                        .entry(single.clone())
                        .or_default()
                        .push(group),
                    [first, second] => table
                        .phrase_groups
                        .entry((first.clone(), second.clone()))
                        .or_default()
                        .push(group),
                    _ => continue,
                }
                members.push(stems.join(" "));
            }
            table.members.push(members);
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_camel_case() {
        assert_eq!(
            words("Run scikit-learn on H5AD!"),
            vec!["run", "scikit", "learn", "on", "h5ad"]
        );
        assert_eq!(camel_parts("FoundryClient"), vec!["foundry", "client"]);
        assert_eq!(camel_parts("HTMLParser"), vec!["html", "parser"]);
        assert!(camel_parts("scanpy").is_empty());
    }

    #[test]
    fn stems_share_roots() {
        assert_eq!(stem("plotting"), stem("plots"));
        assert_eq!(stem("h5ad"), "h5ad");
    }
}
