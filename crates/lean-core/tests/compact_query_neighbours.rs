//! A record often spans lines of one shape, and its key and value are apart: an asked line is
//! shown with the line before it and the two after, as `grep -B1 -A2` would. pickletools
//! prints the key `'SOABI'`, then a memo line, then the value; Python's tokenizer prints the
//! `'def'` of `def split(` on the line before the asked `'split'`.
//!
//! Two properties over generated outputs of 600 to 2,000 lines:
//! - a pickle disassembly (key, memo and value lines for each of a few hundred variables),
//!   asked about one variable's key: the view keeps the key line and the two after it;
//! - a token stream of many small functions, asked about one function's name: the view keeps
//!   the name's line and the `'def'` line before it.
//!
//! Cases come from fixed seeds (`NEIGHBOUR_CASES`, default 300).

mod support;
use support::{Rng, NOUNS};

fn pickle(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(200, 650) as usize;
    let asked = rng.range(3, count as u64 - 3) as usize;
    let mut offset = 20u64;
    let mut memo = 0u64;
    let mut lines = vec![
        "    0: \\x80 PROTO      4".to_string(),
        "    2: }    EMPTY_DICT".to_string(),
    ];
    let mut wanted = Vec::new();
    for k in 0..count {
        let key = if k == asked {
            "ZQUANTA".to_string()
        } else {
            format!("{}_{}", rng.pick(NOUNS).to_uppercase(), k)
        };
        let value = format!(
            "{}-{}-{}",
            rng.pick(NOUNS),
            rng.range(100, 999),
            rng.pick(NOUNS)
        );
        let key_line = format!("{offset:5}: X        BINUNICODE '{key}'");
        offset += 6 + key.len() as u64;
        let memo_line = format!("{offset:5}: r        LONG_BINPUT {memo}");
        memo += 1;
        offset += 5;
        let value_line = format!("{offset:5}: X        BINUNICODE '{value}'");
        offset += 6 + value.len() as u64;
        if k == asked {
            wanted = vec![key_line.clone(), memo_line.clone(), value_line.clone()];
        }
        lines.extend([key_line, memo_line, value_line]);
        lines.push(format!("{offset:5}: r        LONG_BINPUT {memo}"));
        memo += 1;
        offset += 5;
    }
    lines.push(format!("{offset:5}: u    SETITEMS   (MARK at 5)"));
    lines.push(format!("{:5}: .    STOP", offset + 1));
    lines.push("highest protocol among opcodes = 4".to_string());
    let query = "What value does ZQUANTA have and at which offset".to_string();
    (lines.join("\n"), query, wanted)
}

fn tokens(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(40, 120) as usize;
    let asked = rng.range(1, count as u64 - 1) as usize;
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    let mut row = 1u64;
    let token = |row: u64, c0: usize, c1: usize, kind: &str, text: &str| {
        let place = format!("{row},{c0}-{row},{c1}:");
        format!("{place:<20}{kind:<15}{:<15}", format!("'{text}'"))
    };
    for k in 0..count {
        let name = if k == asked {
            "quantize_rows".to_string()
        } else {
            format!("{}_{}", rng.pick(NOUNS), k)
        };
        let def = token(row, 0, 3, "NAME", "def");
        let named = token(row, 4, 4 + name.len(), "NAME", &name);
        if k == asked {
            wanted = vec![def.clone(), named.clone()];
        }
        lines.extend([def, named]);
        lines.push(token(row, 4 + name.len(), 5 + name.len(), "OP", "("));
        lines.push(token(row, 5 + name.len(), 6 + name.len(), "OP", ")"));
        lines.push(token(row, 6 + name.len(), 7 + name.len(), "OP", ":"));
        lines.push(token(row, 7 + name.len(), 8 + name.len(), "NEWLINE", "\\n"));
        row += 1;
        lines.push(token(row, 0, 4, "INDENT", "    "));
        for _ in 0..rng.range(2, 6) {
            let word = rng.pick(NOUNS);
            lines.push(token(row, 4, 4 + word.len(), "NAME", word));
            lines.push(token(row, 4 + word.len(), 5 + word.len(), "OP", "."));
            lines.push(token(row, 5 + word.len(), 9 + word.len(), "NAME", "read"));
            lines.push(token(
                row,
                9 + word.len(),
                10 + word.len(),
                "NEWLINE",
                "\\n",
            ));
            row += 1;
        }
        lines.push(token(row, 0, 0, "DEDENT", ""));
    }
    lines.push(token(row, 0, 0, "ENDMARKER", ""));
    let query = "At which line and columns is quantize_rows defined".to_string();
    (lines.join("\n"), query, wanted)
}

#[test]
fn an_asked_key_is_shown_with_the_value_after_it() {
    let cases = support::cases("NEIGHBOUR_CASES", 300);
    support::check_seeds(cases, 0x9e1_0000, |seed| {
        let (text, query, wanted) = pickle(seed);
        let view = support::asked_view_of(&text, "python -m pickletools vars.pickle", &query)
            .ok_or("left whole")?;
        support::keeps_block(&view, &wanted.join("\n"))
    });
}

#[test]
fn an_asked_token_is_shown_with_the_line_before_it() {
    let cases = support::cases("NEIGHBOUR_CASES", 300);
    support::check_seeds(cases, 0x9e2_0000, |seed| {
        let (text, query, wanted) = tokens(seed);
        let view = support::asked_view_of(&text, "python -m tokenize rows.py", &query)
            .ok_or("left whole")?;
        support::keeps_block(&view, &wanted.join("\n"))
    });
}
