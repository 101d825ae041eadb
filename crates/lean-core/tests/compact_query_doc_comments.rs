//! What a field, a setting or a statement is for is written in the comment right above it,
//! not on its own line: an asked line comes with that comment. "Which field of `Command`
//! holds the positional-argument validator" finds `Args PositionalArgs`; the comment
//! `// Expected arguments` above it is what says that field is the one.
//!
//! Property over generated source files of 150 to 400 fields (Go structs with `//` comments,
//! or Python classes with `#` comments), each field under a comment of one to three lines:
//! asked about the one field whose type no other line names, the view keeps that field and
//! every line of its comment.
//!
//! Cases come from fixed seeds (`DOC_COMMENT_CASES`, default 300).

mod support;
use support::{Rng, NOUNS, VERBS};

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

fn source(seed: u64) -> (String, &'static str, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let go = rng.below(2) == 0;
    let count = rng.range(150, 400) as usize;
    let asked = rng.range(5, count as u64 - 5) as usize;
    let asked_type = format!(
        "{}Validator{}",
        capitalised(rng.pick(NOUNS)),
        rng.range(10, 99)
    );
    let (comment, indent) = if go { ("//", "\t") } else { ("#", "    ") };
    let mut lines = vec![if go {
        "type Command struct {".to_string()
    } else {
        "class Command:".to_string()
    }];
    let mut wanted = Vec::new();
    for k in 0..count {
        let comment_lines = rng.range(1, 4);
        let mut block = Vec::new();
        for c in 0..comment_lines {
            block.push(format!(
                "{indent}{comment} {} {} the {} {} when the {} is set{}.",
                if c == 0 { "It" } else { "and" },
                rng.pick(VERBS),
                rng.pick(NOUNS),
                k,
                rng.pick(NOUNS),
                if c + 1 == comment_lines { "" } else { "," }
            ));
        }
        let name = format!(
            "{}{}{k}",
            capitalised(rng.pick(NOUNS)),
            capitalised(rng.pick(NOUNS))
        );
        let ty = if k == asked {
            asked_type.clone()
        } else {
            ["string", "bool", "int", "[]string", "time.Duration"][rng.below(5) as usize]
                .to_string()
        };
        let field = if go {
            format!("{indent}{name} {ty}")
        } else {
            format!("{indent}{}: {ty} = None", name.to_lowercase())
        };
        if k == asked {
            wanted = block.clone();
            wanted.push(field.clone());
        }
        lines.extend(block);
        lines.push(field);
        lines.push(String::new());
    }
    if go {
        lines.push("}".to_string());
    }
    let path = if go { "command.go" } else { "command.py" };
    let query = format!("Which field holds the {asked_type} and what is it for");
    (lines.join("\n"), path, query, wanted)
}

#[test]
fn an_asked_line_is_shown_with_the_comment_above_it() {
    let cases = support::cases("DOC_COMMENT_CASES", 300);
    support::check_seeds(cases, 0xd0c_0000, |seed| {
        let (text, path, query, wanted) = source(seed);
        let view = support::read_as_shown(&text, path, Some(&query));
        support::keeps_lines(&view, &wanted)
    });
}
