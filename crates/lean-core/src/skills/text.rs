//! Text analysis for skill and tool search: tokenising, stemming, stopwords and a small concept
//! table (the concept table only widens skill queries).
//!
//! The same analysis runs over skill names, descriptions and queries so that they meet in one
//! vocabulary of stemmed terms. The concept table links common software and science words to
//! their everyday paraphrases (plot ~ chart ~ figure); it is deliberately generic, not tuned to
//! any catalog.

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

/// Splits text into lowercase alphanumeric words. camelCase humps stay inside a word here;
/// [`camel_parts`] splits them, and analysis indexes both (the parts at a lower weight).
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
/// they are identifiers ("h5ad", "r01") or acronyms, where stemming only does harm. Words in
/// [`STEM_EXCEPTIONS`] get their listed stem.
pub fn stem(word: &str) -> String {
    if word.len() <= 3 || word.chars().any(|ch| ch.is_ascii_digit()) {
        return word.to_string();
    }
    static EXCEPTIONS: OnceLock<crate::bm25f::FastMap<&'static str, &'static str>> =
        OnceLock::new();
    let exceptions = EXCEPTIONS.get_or_init(|| STEM_EXCEPTIONS.iter().copied().collect());
    if let Some(&fixed) = exceptions.get(word) {
        return fixed.to_string();
    }
    stemmer().stem(word).into_owned()
}

/// Words the Snowball English stemmer reduces to the stem of a common, unrelated word. Each
/// entry is a word whose suffix is not an inflection of that other word but makes a new one:
/// a person or role ("customer" is not "custom"), a thing configured or produced ("settings"
/// are not a "set", "production" is the live environment, not a "product"), or a term of art
/// that happens to share a root. They were found by stemming a list of common software words
/// and reading the collisions, not from any query. Each listed stem joins a word with its own
/// inflections only (and, where the stemmer already links them, its own derivations:
/// "experiment" meets "experimental", "international" meets "internationalization").
const STEM_EXCEPTIONS: &[(&str, &str)] = &[
    // A buyer, not made-to-order ("custom", "customize").
    ("customer", "customer"),
    ("customers", "customer"),
    // Configuration, not a collection ("set").
    ("setting", "setting"),
    ("settings", "setting"),
    // Living things and carbon chemistry, not "organize" / "organization".
    ("organic", "organic"),
    ("organism", "organism"),
    ("organisms", "organism"),
    // A trial, not "experience" (both stem to "experi").
    ("experiment", "experiment"),
    ("experiments", "experiment"),
    // Across countries (i18n), not "internal".
    ("international", "internation"),
    // Access control, not a writer ("author").
    ("authorize", "authoriz"),
    ("authorized", "authoriz"),
    ("authorizes", "authoriz"),
    ("authorizing", "authoriz"),
    ("authorization", "authoriz"),
    ("authorizations", "authoriz"),
    // A shell window, not ending a process ("terminate").
    ("terminal", "terminal"),
    ("terminals", "terminal"),
    // A goal, not a value in code ("object").
    ("objective", "objective"),
    ("objectives", "objective"),
    // The live environment, not something sold ("product").
    ("production", "production"),
    // A mapping or forecast, not a piece of work ("project").
    ("projection", "projection"),
    ("projections", "projection"),
    // A structure, not a file layout ("format").
    ("formation", "formation"),
    ("formations", "formation"),
    // Casual, not data ("information").
    ("informal", "informal"),
    // A manager, not running code ("execution").
    ("executive", "executive"),
    ("executives", "executive"),
    // Comparative or kin, not a database relation ("relation", "relational").
    ("relative", "relative"),
    ("relatives", "relative"),
    ("relatively", "relative"),
    // An error raised, not the preposition "except".
    ("exception", "exception"),
    ("exceptions", "exception"),
    // Slides, not "present" (show, current).
    ("presentation", "presentation"),
    ("presentations", "presentation"),
    // A language and region setting, not "local".
    ("locale", "locale"),
    ("locales", "locale"),
    // Financial instruments, not "security".
    ("securities", "securities"),
    // A paid plan, not an index ("subscript").
    ("subscription", "subscription"),
    ("subscriptions", "subscription"),
];

/// Bound combining forms that make a closed compound with a whole word ("antiderivative",
/// "multithreaded", "microservices"). They are not words on their own, so no catalog lists
/// them. Only forms of three or more letters whose spelling is rarely the start of an
/// unrelated word: "re", "de", "un", "pre", "sub" and "trans" are left out, since
/// "research", "recover", "preserve" and "transaction" are not "search", "cover", "serve" and
/// "action".
const COMBINING_FORMS: &[&str] = &[
    "anti", "cyber", "hyper", "intra", "macro", "micro", "multi", "nano", "poly", "pseudo", "semi",
    "ultra",
];

/// Language markers that package names glue to a word ("pydeseq2", "scanpy", "pytorch").
const PACKAGE_MARKERS: &[&str] = &["py", "js"];

/// Shortest leftover of a compound that counts as a word of its own.
const MIN_COMPOUND_WORD_CHARS: usize = 3;

/// Whether cutting a known word out of a longer one falls on a real morpheme boundary: what
/// is left (`rest`, before the known word when `rest_before`, after it otherwise) must be a
/// word the index knows (`is_word`), a combining form in front, a package marker, or a number.
/// So "timetable" holds "table", but "stable", "notable" and "portable" do not: "s", "no" and
/// "por" are not words of the catalog.
pub fn is_compound_rest(rest: &str, rest_before: bool, is_word: impl Fn(&str) -> bool) -> bool {
    if !rest.is_empty() && rest.chars().all(|ch| ch.is_ascii_digit()) {
        return true;
    }
    if PACKAGE_MARKERS.contains(&rest) || (rest_before && COMBINING_FORMS.contains(&rest)) {
        return true;
    }
    rest.chars().count() >= MIN_COMPOUND_WORD_CHARS && !is_stopword(rest) && is_word(rest)
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
    "mine",
    "theirs",
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
    static SET: OnceLock<crate::bm25f::FastSet<&'static str>> = OnceLock::new();
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

/// Whether a char continues a word for name mentions: a letter or digit.
fn is_word_char(ch: Option<char>) -> bool {
    ch.is_some_and(char::is_alphanumeric)
}

/// The one word-boundary rule for skill-name mentions (found by search, replaced by
/// redaction): the name at `text[start..end]` stands alone when the char on each side is not a
/// letter or digit, and is not a hyphen joined to a further letter or digit. Hyphens build
/// identifiers in skill names (`my-tdd-notes` is another name, not `tdd`); underscores and all
/// other punctuation separate (`_secret-x_`, `secret-x_v2` and `--secret-x` all mention
/// `secret-x`).
pub fn stands_alone(text: &str, start: usize, end: usize) -> bool {
    let before_text = &text[..start];
    let after_text = &text[end..];
    let mut before = before_text.chars().rev();
    let mut after = after_text.chars();
    let (prev, next) = (before.next(), after.next());
    if is_word_char(prev) || is_word_char(next) {
        return false;
    }
    let joined_before = prev == Some('-') && is_word_char(before.next());
    let joined_after = next == Some('-') && is_word_char(after.next());
    !(joined_before || joined_after)
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
    fn word_boundaries_for_mentions() {
        let at = |text: &str, name: &str| {
            let start = text.find(name).unwrap();
            stands_alone(text, start, start + name.len())
        };
        for text in [
            "_secret-x_",
            "--secret-x",
            "secret-x_v2",
            "(secret-x).",
            "«secret-x»",
            "secret-x",
        ] {
            assert!(at(text, "secret-x"), "{text}");
        }
        for text in [
            "my-secret-x",
            "secret-x-tools",
            "secret-xy",
            "asecret-x",
            "secret-x\u{e9}",
            "\u{e9}secret-x",
        ] {
            assert!(!at(text, "secret-x"), "{text}");
        }
    }

    #[test]
    fn stems_share_roots() {
        assert_eq!(stem("plotting"), stem("plots"));
        assert_eq!(stem("h5ad"), "h5ad");
    }

    #[test]
    fn stem_exceptions_split_unrelated_words_and_keep_inflections() {
        // Each pair collides under plain Snowball; the exception list parts them.
        for (word, unrelated) in [
            ("customers", "custom"),
            ("settings", "set"),
            ("organic", "organize"),
            ("experiment", "experience"),
            ("international", "internal"),
            ("authorization", "author"),
            ("terminal", "terminate"),
            ("objectives", "object"),
            ("production", "product"),
            ("projection", "project"),
            ("formation", "format"),
            ("informal", "information"),
            ("executive", "execution"),
            ("relative", "relational"),
            ("exceptions", "except"),
            ("presentations", "present"),
            ("locale", "local"),
            ("securities", "security"),
            ("subscription", "subscript"),
        ] {
            assert_eq!(
                stemmer().stem(word),
                stemmer().stem(unrelated),
                "{word} no longer collides with {unrelated}; drop its exception"
            );
            assert_ne!(stem(word), stem(unrelated), "{word} vs {unrelated}");
        }
        // Inflections and the derivations the stemmer already links still meet.
        for (a, b) in [
            ("customer", "customers"),
            ("setting", "settings"),
            ("experiment", "experimental"),
            ("international", "internationalization"),
            ("authorize", "authorization"),
            ("presentation", "presentations"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} vs {b}");
        }
        // Words outside the list keep the stemmer's stem.
        assert_eq!(stem("customize"), "custom");
        assert_eq!(stem("sets"), "set");
    }

    #[test]
    fn compound_rests_must_be_real_morphemes() {
        let catalog = ["time", "human", "send", "check", "local"];
        let is_word = |rest: &str| catalog.contains(&rest);
        // "timetable", "humanloop", "localstorage": both parts are words.
        assert!(is_compound_rest("time", true, is_word));
        assert!(is_compound_rest("human", true, is_word));
        // "antiderivative", "multithreaded": a combining form in front.
        assert!(is_compound_rest("anti", true, is_word));
        assert!(is_compound_rest("multi", true, is_word));
        // A combining form only counts in front ("semi" after a word is no prefix).
        assert!(!is_compound_rest("semi", false, is_word));
        // "pydeseq2", "scanpy", "python3".
        assert!(is_compound_rest("py", true, is_word));
        assert!(is_compound_rest("py", false, is_word));
        assert!(is_compound_rest("3", false, is_word));
        // "stable", "notable", "portable", "domain", "improve", "explain", "research":
        // the leftover is no word.
        for rest in ["s", "no", "por", "do", "im", "ex", "re"] {
            assert!(!is_compound_rest(rest, true, is_word), "{rest}");
        }
        // "countdown": the leftover is a stopword, even if a catalog happens to list it.
        assert!(!is_compound_rest("down", false, |_| true));
        // "processors": a suffix is no word of its own.
        assert!(!is_compound_rest("ors", false, is_word));
        assert!(!is_compound_rest("", false, |_| true));
    }
}
