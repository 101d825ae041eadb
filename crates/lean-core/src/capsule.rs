//! Capsules: short, extractive forms of tool guidelines and skill text.
//!
//! A capsule is made only of whole units of the source, copied verbatim and kept in source
//! order: a unit is a markdown list item or heading (a "rule line", never split) or one sentence
//! of a prose line. It keeps what triggers the use (the first sentence), every negative
//! constraint (MUST NOT, NEVER, do not, avoid), every ordering or obligation rule (before,
//! after, first, then, must, always, only) and every pointer to the full text (see, docs,
//! details). Everything else, mostly explanation and examples, is left out. The distiller never
//! writes a word of its own, so it cannot invent an instruction, and it refuses (returns
//! `None`) when the result would not be shorter than the source.
//!
//! [`validate`] re-checks a stored capsule against its source before use: same units, same
//! order, every rule unit present, shorter. A cache that holds anything else is ignored.
//! Work is linear in the input: one pass to split, one to classify, one to join.

/// Bumped whenever the rules below change, so cached capsules of older distillers are remade.
pub const DISTILLER_VERSION: u32 = 1;

/// Largest source the distiller reads; longer text is left as it is.
pub const MAX_SOURCE_CHARS: usize = 256 * 1024;

/// Phrases that make a unit a negative constraint (matched on whole words, case-insensitive).
const NEGATIVE: &[&[&str]] = &[
    &["never"],
    &["do", "not"],
    &["don't"],
    &["dont"],
    &["must", "not"],
    &["mustn't"],
    &["should", "not"],
    &["shouldn't"],
    &["may", "not"],
    &["avoid"],
    &["forbidden"],
    &["prohibited"],
    &["not", "allowed"],
    &["unless"],
    &["only", "when"],
    &["only", "if"],
    &["only", "after"],
    &["only", "before"],
];

/// Phrases that make a unit an obligation, whatever its grammar.
const OBLIGATION: &[&[&str]] = &[
    &["must"],
    &["always"],
    &["required"],
    &["make", "sure"],
    &["ensure"],
    &["need", "to"],
    &["needs", "to"],
    &["important"],
];

/// Words that point the reader at the full text.
const POINTER: &[&str] = &[
    "see",
    "docs",
    "documentation",
    "readme",
    "reference",
    "manual",
];

/// Words that make an imperative sentence an ordering or trigger rule.
const ORDERING: &[&str] = &[
    "before", "after", "first", "then", "until", "once", "when", "whenever", "if", "prior",
    "finally", "last", "instead",
];

/// Verbs that open imperative sentences in tool guidelines and skills. A sentence opening with
/// one (or with an ordering word) and naming an order or a condition is a rule; one opening
/// with a subject ("It waits", "browser_x returns") describes behaviour and may be left out.
const IMPERATIVE: &[&str] = &[
    "use", "call", "run", "pass", "search", "ask", "wait", "check", "read", "open", "reply",
    "link", "report", "tell", "prefer", "keep", "set", "add", "write", "include", "navigate",
    "retry", "confirm", "verify", "list", "create", "file", "send", "stop", "start", "give",
    "make", "put", "paste", "quote", "fetch", "load", "save", "close", "select", "choose",
    "return", "provide", "mention", "install", "update", "delete", "remove", "test", "build",
    "commit", "push", "review", "skip", "try", "do", "let", "show", "explain", "respond", "before",
    "after", "first", "then", "once", "when", "if", "finally", "only",
];

/// Why a unit is in the capsule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// The opening sentence: what the text is for and when to use it.
    Trigger,
    /// A negative constraint, an ordering or obligation rule, or a pointer to the full text.
    Rule,
    /// Explanation the capsule may leave out.
    Other,
}

/// One unit of the source: a byte range of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// 0-based line of the source the unit is on.
    pub line: usize,
    /// Byte offset of the unit's start in the source.
    pub start: usize,
    /// Byte offset just past the unit's end in the source.
    pub end: usize,
    /// Whether the capsule must keep it.
    pub kind: UnitKind,
}

/// The result of distilling one text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capsule {
    /// The capsule: kept units in source order, joined line by line.
    pub text: String,
    /// Units kept and units in the source.
    pub kept_units: usize,
    /// Units in the source.
    pub total_units: usize,
    /// Rule units in the source (all of them are kept).
    pub rule_units: usize,
}

/// True for a markdown list item or heading: a rule line, kept or dropped whole.
fn is_rule_line(line: &str) -> bool {
    let trimmed = line.trim_start();
    if trimmed.starts_with("- ")
        || trimmed.starts_with("* ")
        || trimmed.starts_with("+ ")
        || trimmed.starts_with('#')
    {
        return true;
    }
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && digits < 4 && matches!(trimmed.as_bytes().get(digits), Some(b'.' | b')'))
}

/// Byte ranges of the sentences of one prose line: a sentence ends at `.`, `!` or `?`
/// followed by whitespace. Abbreviations may split early; each piece is still verbatim.
fn sentence_ranges(line: &str) -> Vec<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut ranges = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if matches!(b, b'.' | b'!' | b'?')
            && bytes.get(i + 1).is_some_and(|n| n.is_ascii_whitespace())
        {
            push_trimmed(line, start, i + 1, &mut ranges);
            start = i + 1;
        }
        i += 1;
    }
    push_trimmed(line, start, bytes.len(), &mut ranges);
    ranges
}

fn push_trimmed(line: &str, start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let piece = &line[start..end];
    let lead = piece.len() - piece.trim_start().len();
    let trail = piece.len() - piece.trim_end().len();
    if lead + trail < piece.len() {
        out.push((start + lead, end - trail));
    }
}

/// Whole lowercase words of a unit (letters, digits and apostrophes; curly quotes folded).
fn words(unit: &str) -> Vec<String> {
    unit.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '\u{2019}'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().replace('\u{2019}', "'"))
        .collect()
}

/// Whether `phrase` occurs in `words` as consecutive whole words.
fn has_phrase(words: &[String], phrase: &[&str]) -> bool {
    words
        .windows(phrase.len())
        .any(|w| w.iter().zip(phrase).all(|(a, b)| a == b))
}

fn is_rule_unit(unit: &str) -> bool {
    // Upper-case emphasis (MUST, NEVER, IMPORTANT) marks a rule whatever the word.
    let shouting = unit
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w.chars().count() >= 4 && w.chars().all(|c| c.is_uppercase()));
    if shouting {
        return true;
    }
    let words = words(unit);
    if NEGATIVE
        .iter()
        .chain(OBLIGATION)
        .any(|p| has_phrase(&words, p))
    {
        return true;
    }
    if words.iter().any(|w| POINTER.contains(&w.as_str())) {
        return true;
    }
    // A list marker or heading text is not the opener: skip leading markers and digits.
    let opener = words
        .iter()
        .find(|w| !w.chars().all(|c| c.is_ascii_digit()));
    opener.is_some_and(|w| IMPERATIVE.contains(&w.as_str()))
        && words.iter().any(|w| ORDERING.contains(&w.as_str()))
}

/// Splits `text` into units and classifies them. Lines are split on `\n`.
pub fn units(text: &str) -> Vec<Unit> {
    let mut out = Vec::new();
    let mut offset = 0;
    for (line_no, line) in text.split('\n').enumerate() {
        let line_start = offset;
        offset += line.len() + 1;
        if line.trim().is_empty() {
            continue;
        }
        let ranges = if is_rule_line(line) {
            let lead = line.len() - line.trim_start().len();
            vec![(lead, line.trim_end().len())]
        } else {
            sentence_ranges(line)
        };
        for (start, end) in ranges {
            let piece = &line[start..end];
            let kind = if out.is_empty() {
                UnitKind::Trigger
            } else if is_rule_unit(piece) {
                UnitKind::Rule
            } else {
                UnitKind::Other
            };
            out.push(Unit {
                line: line_no,
                start: line_start + start,
                end: line_start + end,
                kind,
            });
        }
    }
    out
}

/// Joins kept units: units of one line with a space, lines with `\n`.
fn join(text: &str, kept: &[&Unit]) -> String {
    let mut out = String::new();
    let mut line = None;
    for unit in kept {
        match line {
            Some(l) if l == unit.line => out.push(' '),
            Some(_) => out.push('\n'),
            None => {}
        }
        line = Some(unit.line);
        out.push_str(&text[unit.start..unit.end]);
    }
    out
}

/// Distils `text` into a capsule, or `None` when it would not be shorter (or the text is
/// empty or too large to read).
pub fn distill(text: &str) -> Option<Capsule> {
    if text.trim().is_empty() || text.len() > MAX_SOURCE_CHARS {
        return None;
    }
    let all = units(text);
    let kept: Vec<&Unit> = all.iter().filter(|u| u.kind != UnitKind::Other).collect();
    let capsule = join(text, &kept);
    if capsule.len() >= text.trim().len() {
        return None;
    }
    Some(Capsule {
        text: capsule,
        kept_units: kept.len(),
        total_units: all.len(),
        rule_units: all.iter().filter(|u| u.kind == UnitKind::Rule).count(),
    })
}

/// Why a stored capsule cannot be used for `source`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// The source is over [`MAX_SOURCE_CHARS`]: too large to have a capsule, so none is checked.
    SourceTooLarge,
    /// Not shorter than the source.
    NotShorter,
    /// A line of the capsule is not a run of the source's units in order.
    NotExtractive {
        /// 0-based line of the capsule that is not.
        line: usize,
    },
    /// A rule unit (or the trigger) of the source is missing.
    DropsRule {
        /// The missing unit's text.
        unit: String,
    },
}

impl std::fmt::Display for Invalid {
    /// Why, in words a caller can log or show.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Invalid::SourceTooLarge => write!(f, "the source is too large to have a capsule"),
            Invalid::NotShorter => write!(f, "not shorter than the source"),
            Invalid::NotExtractive { line } => write!(
                f,
                "line {} is not whole source sentences in source order",
                line + 1
            ),
            Invalid::DropsRule { unit } => write!(f, "drops the rule \"{unit}\""),
        }
    }
}

/// Checks that `capsule` is an extractive capsule of `source`: every capsule line is made of
/// source units in source order, every trigger and rule unit of the source is present, and it
/// is shorter. A source [`distill`] would not shorten for its size has no valid capsule. Linear
/// in both lengths.
pub fn validate(source: &str, capsule: &str) -> Result<(), Invalid> {
    if source.len() > MAX_SOURCE_CHARS {
        return Err(Invalid::SourceTooLarge);
    }
    if capsule.len() >= source.trim().len() {
        return Err(Invalid::NotShorter);
    }
    let all = units(source);
    let mut next = 0;
    let mut kept = vec![false; all.len()];
    for (line_no, line) in capsule.split('\n').enumerate() {
        let mut rest = line;
        let mut line_of_source = None;
        while !rest.is_empty() {
            // The next source unit that starts the rest of this line (skipping dropped units).
            let found = (next..all.len()).find(|&i| {
                let u = &all[i];
                line_of_source.is_none_or(|l| l == u.line)
                    && rest.starts_with(&source[u.start..u.end])
            });
            let Some(i) = found else {
                return Err(Invalid::NotExtractive { line: line_no });
            };
            let unit = &source[all[i].start..all[i].end];
            kept[i] = true;
            next = i + 1;
            line_of_source = Some(all[i].line);
            rest = &rest[unit.len()..];
            if let Some(stripped) = rest.strip_prefix(' ') {
                rest = stripped;
            } else if !rest.is_empty() {
                return Err(Invalid::NotExtractive { line: line_no });
            }
        }
    }
    if let Some(missing) = all
        .iter()
        .zip(&kept)
        .find(|(u, k)| u.kind != UnitKind::Other && !**k)
    {
        return Err(Invalid::DropsRule {
            unit: source[missing.0.start..missing.0.end].to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUIDE: &str = "Use deploy_preview when the user asks to preview a branch. It builds the site in a sandbox and uploads it to a temporary URL that lives for a day. The sandbox has Node 20 and pnpm preinstalled. Never deploy the main branch with this tool. Run the tests first and only deploy when they pass.\n- Do not pass secrets in the env parameter.\nThe URL is printed at the end of the output. See the full docs at docs/deploy.md for flags.";

    #[test]
    fn keeps_trigger_rules_and_pointers_verbatim_and_in_order() {
        let capsule = distill(GUIDE).expect("shorter");
        assert_eq!(
            capsule.text,
            "Use deploy_preview when the user asks to preview a branch. Never deploy the main branch with this tool. Run the tests first and only deploy when they pass.\n- Do not pass secrets in the env parameter.\nSee the full docs at docs/deploy.md for flags."
        );
        assert_eq!(capsule.total_units, 8);
        assert_eq!(capsule.kept_units, 5);
        assert_eq!(capsule.rule_units, 4);
        assert_eq!(validate(GUIDE, &capsule.text), Ok(()));
    }

    #[test]
    fn rule_lines_are_never_split() {
        let text = "Lists things.\n- A long item. It has two sentences and plain words.\n- Never delete. Explanation follows here.";
        let capsule = distill(text).expect("shorter").text;
        assert_eq!(
            capsule,
            "Lists things.\n- Never delete. Explanation follows here."
        );
    }

    #[test]
    fn refuses_when_not_shorter() {
        assert_eq!(distill("Use x_tool when asked."), None);
        assert_eq!(distill("Use x. Never y. Always z."), None);
        assert_eq!(distill("   \n "), None);
    }

    #[test]
    fn shouting_marks_a_rule() {
        let text = "Opens tickets. Tickets have a title and a body of any length. IMPORTANT: tag the owning team.";
        assert_eq!(
            distill(text).unwrap().text,
            "Opens tickets. IMPORTANT: tag the owning team."
        );
    }

    #[test]
    fn validation_rejects_invented_reordered_truncated_or_rule_dropping_capsules() {
        let good = distill(GUIDE).unwrap().text;
        assert_eq!(validate(GUIDE, &good), Ok(()));
        assert_eq!(validate(GUIDE, GUIDE), Err(Invalid::NotShorter));
        let huge = "Always run the tests. ".repeat(MAX_SOURCE_CHARS / 20);
        assert_eq!(validate(&huge, "x"), Err(Invalid::SourceTooLarge));
        let invented = good.replace("Never deploy", "Always deploy");
        assert!(matches!(
            validate(GUIDE, &invented),
            Err(Invalid::NotExtractive { .. })
        ));
        let reordered = "Never deploy the main branch with this tool. Use deploy_preview when the user asks to preview a branch.";
        assert!(matches!(
            validate(GUIDE, reordered),
            Err(Invalid::NotExtractive { .. })
        ));
        let sliced = good.replace("with this tool.", "with");
        assert!(validate(GUIDE, &sliced).is_err());
        let dropped = "Use deploy_preview when the user asks to preview a branch. Never deploy the main branch with this tool.";
        assert_eq!(
            validate(GUIDE, dropped),
            Err(Invalid::DropsRule {
                unit: "Run the tests first and only deploy when they pass.".into()
            })
        );
        // Units of two source lines may not be glued onto one capsule line.
        let glued = good.replacen('\n', " ", 1);
        assert!(matches!(
            validate(GUIDE, &glued),
            Err(Invalid::NotExtractive { .. })
        ));
    }

    #[test]
    fn large_and_odd_input_is_bounded() {
        assert_eq!(distill(&"x".repeat(MAX_SOURCE_CHARS + 1)), None);
        let many = "Explains. ".repeat(10_000) + "Never stop.";
        let capsule = distill(&many).unwrap();
        assert_eq!(capsule.text, "Explains. Never stop.");
        let multibyte = "Ünïcödé tool — does things. Это объяснение. Never run twice.";
        assert_eq!(
            distill(multibyte).unwrap().text,
            "Ünïcödé tool — does things. Never run twice."
        );
    }
}
