//! An output printed as a few long blocks separated by blank lines keeps each block's title
//! and its closing count. psql prints one table per extension with `\dx+`, each titled
//! `Objects in extension "isn"` and closed by `(459 rows)`; a fold of look-alike rows ran
//! across the blank line between two tables and hid one table's count with the next one's
//! title, so the question "how many objects does isn install" had no answer in the view.
//!
//! Property over generated outputs: 3 to 24 tables (or report sections) of 5 to 400 rows of
//! one shape each, every one titled, ruled and closed by a count or a total line of a shape
//! no row has; every title and every closing line is in the view verbatim.
//!
//! Cases come from fixed seeds (`BLOCK_EDGE_CASES`, default 300).

mod support;
use support::{keeps_lines, view_of, Rng, NOUNS, VERBS};

/// One row of a block in style `style`.
fn row(rng: &mut Rng, style: u64) -> String {
    match style {
        0 => format!(
            " function {}_{}({},{})",
            rng.pick(VERBS),
            rng.pick(NOUNS),
            rng.pick(NOUNS),
            rng.pick(NOUNS)
        ),
        1 => format!(
            "  {:<18} {:>8} {:>6.2}",
            format!("{}.{}", rng.pick(NOUNS), rng.pick(VERBS)),
            rng.range(1, 90_000),
            rng.below(10_000) as f64 / 100.0
        ),
        _ => format!(
            "{}/{}/{}.rs:{}: {}",
            rng.pick(NOUNS),
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.range(1, 900),
            rng.pick(VERBS)
        ),
    }
}

/// The output and the title and closing line of every block.
fn output(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let style = rng.below(3);
    let blocks = rng.range(3, 25) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut edges = Vec::new();
    for b in 0..blocks {
        let rows = if rng.below(3) == 0 {
            rng.range(100, 401)
        } else {
            rng.range(5, 60)
        } as usize;
        let title = match style {
            0 => format!(
                "            Objects in extension \"{}{b}\"",
                rng.pick(NOUNS)
            ),
            1 => format!("== {} {} ({b}) ==", rng.pick(VERBS), rng.pick(NOUNS)),
            _ => format!("Checking target {}-{b}:", rng.pick(NOUNS)),
        };
        let end = match style {
            0 => format!("({rows} rows)"),
            1 => format!("total: {rows} entries, {} KiB", rng.range(1, 9000)),
            _ => format!("{rows} findings in {} files", rng.range(1, 80)),
        };
        lines.push(title.clone());
        if style == 0 {
            lines.push("                Object description".into());
            lines.push("-".repeat(40));
        }
        lines.extend((0..rows).map(|_| row(&mut rng, style)));
        lines.push(end.clone());
        lines.push(String::new());
        edges.push(title);
        edges.push(end);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, edges)
}

#[test]
fn every_block_keeps_its_title_and_its_closing_line() {
    let cases = support::cases("BLOCK_EDGE_CASES", 300);
    support::check_seeds(cases, 0x0b10_c4ed, |seed| {
        let (text, edges) = output(seed);
        // A small output is passed whole, which keeps every line.
        let Some(view) = view_of(&text, "psql -c '\\dx+'") else {
            return Ok(());
        };
        keeps_lines(&view, &edges)
    });
}
