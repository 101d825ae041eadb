//! A report that writes one block per entry names the entry last before the block opens:
//! `php --re` writes `Function [ <internal:SPL> function iterator_to_array ] {` and the
//! parameters inside. A question naming the entry asks for its block, as it asks for a
//! function's body: the name with nothing after it but closing brackets and the `{` that ends
//! the line is where the entry is defined.
//!
//! Property over generated reflection dumps of 200 to 600 look-alike function blocks: with a
//! question naming one function, its parameter lines are kept.
//!
//! Cases come from fixed seeds (`REPORT_BLOCK_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

fn dump(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let ext = rng.pick(&["SPL", "Core", "standard", "pcre", "json"]);
    let n = rng.range(200, 600) as usize;
    let asked = rng.below(n as u64) as usize;
    let mut lines = vec![
        format!(
            "Extension [ <persistent> extension #{} {ext} version 8.2.{} ] {{",
            rng.below(40),
            rng.below(30)
        ),
        "".into(),
        "  - Functions {".into(),
    ];
    let mut wanted = Vec::new();
    let mut asked_name = String::new();
    for k in 0..n {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        let name = format!("{noun}_{verb}_{k}");
        lines.push(format!(
            "    Function [ <internal:{ext}> function {name} ] {{"
        ));
        lines.push(String::new());
        let params = rng.range(1, 4);
        lines.push(format!("      - Parameters [{params}] {{"));
        for p in 0..params {
            let kind = if p == 0 { "required" } else { "optional" };
            let default = if p == 0 {
                String::new()
            } else {
                format!(" = {}", rng.pick(&["true", "false", "null", "0"]))
            };
            let line = format!(
                "        Parameter #{p} [ <{kind}> {} ${}_{p}{default} ]",
                rng.pick(&["array", "int", "bool", "string", "?object"]),
                rng.pick(NOUNS)
            );
            if k == asked {
                wanted.push(line.clone());
            }
            lines.push(line);
        }
        lines.push("      }".into());
        lines.push(format!(
            "      - Return [ {} ]",
            rng.pick(&["array", "int", "bool", "string", "void"])
        ));
        lines.push("    }".into());
        if k == asked {
            asked_name = name;
        }
    }
    lines.push("  }".into());
    lines.push("}".into());
    let query = format!("what are the parameters of {asked_name} and their defaults");
    (lines.join("\n"), query, wanted)
}

#[test]
fn a_named_entrys_block_is_kept() {
    let cases = support::cases("REPORT_BLOCK_CASES", 300);
    support::check_seeds(cases, 0x7e9_0000, |seed| {
        let (text, query, wanted) = dump(seed);
        let Some(view) = asked_view_of(&text, "php --re spl", &query) else {
            return Ok(());
        };
        support::keeps_lines(&view, &wanted)
    });
}
