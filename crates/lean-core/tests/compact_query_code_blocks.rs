//! A line of code a question points at is shown with the small block it stands in: "what does
//! `ExecuteC` do when a command is not found" finds the comment `// If found parse to a
//! subcommand and then failed, …`, and the answer is the `if err != nil {` block around it,
//! from its head to its `}`.
//!
//! Property over generated source reads (Go with braces, Python with colons): hundreds of
//! functions whose bodies hold small error blocks with comments of common words; one block's
//! comment holds a word no other line has, and the question names it. The view keeps that
//! block whole, from the line that opens it to the line that closes it.
//!
//! Cases come from fixed seeds (`CODE_BLOCK_CASES`, default 300).

mod support;
use support::{read_view, Rng, NOUNS, VERBS};

/// Words no generated line holds but the needle's comment.
const RARE: &[&str] = &["subcommand", "quarantine", "tombstone", "handshake"];

fn block(rng: &mut Rng, python: bool, depth: &str, comment: &str) -> Vec<String> {
    let inner = format!("{depth}    ");
    let mut lines = if python {
        vec![format!("{depth}if err is not None:")]
    } else {
        vec![format!("{depth}if err != nil {{")]
    };
    let hash = if python { "#" } else { "//" };
    lines.push(format!("{inner}{hash} {comment}"));
    for _ in 0..rng.range(1, 6) {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        lines.push(if python {
            format!("{inner}self.{verb}_{noun}(err)")
        } else {
            format!("{inner}c.{verb}{noun}(err)")
        });
    }
    lines.push(if python {
        format!("{inner}return None, err")
    } else {
        format!("{inner}return nil, err")
    });
    if !python {
        lines.push(format!("{depth}}}"));
    }
    lines
}

fn source(seed: u64) -> (String, &'static str, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let python = rng.below(2) == 0;
    let rare = rng.pick(RARE);
    let count = rng.range(80, 200) as usize;
    let asked = rng.below(count as u64) as usize;
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    for k in 0..count {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        if python {
            lines.push(format!("    def {verb}_{noun}_{k}(self, args):"));
        } else {
            lines.push(format!(
                "func (c *Command) {verb}{noun}{k}(args []string) (*Command, error) {{"
            ));
        }
        let depth = "    ";
        for b in 0..rng.range(1, 4) {
            lines.push(format!(
                "{depth}err := c.{}{}(args)",
                rng.pick(VERBS),
                rng.pick(NOUNS)
            ));
            let comment = if k == asked && b == 0 {
                format!(
                    "If the {rare} {} then {}, report the {}",
                    rng.pick(VERBS),
                    rng.pick(VERBS),
                    rng.pick(NOUNS)
                )
            } else {
                format!(
                    "The {} failed to {}: report it",
                    rng.pick(NOUNS),
                    rng.pick(VERBS)
                )
            };
            let depth = if python { "        " } else { "\t" };
            let block = block(&mut rng, python, depth, &comment);
            if k == asked && b == 0 {
                wanted = block.clone();
            }
            lines.extend(block);
        }
        lines.push(if python {
            "        return self, None".into()
        } else {
            "\treturn c, nil".into()
        });
        if !python {
            lines.push("}".into());
        }
        lines.push(String::new());
    }
    let path = if python { "command.py" } else { "command.go" };
    let query = format!("What does it do when the {rare} fails");
    (lines.join("\n") + "\n", path, query, wanted)
}

#[test]
fn an_asked_line_of_code_comes_with_its_block() {
    let cases = support::cases("CODE_BLOCK_CASES", 300);
    support::check_seeds(cases, 0x5b1_0000, |seed| {
        let (text, path, query, wanted) = source(seed);
        let Some(view) = read_view(&text, path, Some(&query)) else {
            return Err("left whole: the case is too small to test the rule".into());
        };
        support::keeps_block(
            &view,
            &wanted.join(
                "
",
            ),
        )
    });
}
