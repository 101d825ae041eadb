//! An output small as the model reads it is shown whole, however many blanks pad it: a
//! tokenizer takes a run of blanks or of a rule's dashes in long pieces, so a table padded
//! into columns is far fewer tokens than its bytes. `psql`'s `\doS` and `errcodes.txt` were
//! folded at a loss because the byte count said they were large.
//!
//! Property over generated psql-style tables of 480 to 760 cells (a header, a `---+---` rule,
//! short cells padded to wide columns, a row count): when the words and runs of the table
//! come to at most 7,000 tokens, counted with a word as up to three and a run as one per 16
//! bytes, and its bytes are above what a byte count would let through whole, the output
//! reaches the model unchanged.
//!
//! Cases come from fixed seeds (`PADDED_CASES`, default 300).

mod support;
use support::{Rng, NOUNS};

fn table(seed: u64) -> (String, usize) {
    let mut rng = Rng::new(seed);
    let columns = rng.range(3, 6) as usize;
    // Between 480 and 760 cells: above 32 KB of bytes, under 7,000 tokens.
    let rows = rng.range(480, 760) as usize / columns;
    let widths: Vec<usize> = (0..columns).map(|_| rng.range(50, 90) as usize).collect();
    let mut tokens = 0usize;
    let row = |cells: Vec<String>, tokens: &mut usize| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, &w)| {
                *tokens += 3 + (w - c.len().min(w)).div_ceil(16) + 1;
                format!(" {c:<w$} ")
            })
            .collect();
        padded.join("|")
    };
    let mut lines = vec![row(
        (0..columns).map(|k| format!("column_{k}")).collect(),
        &mut tokens,
    )];
    lines.push(
        widths
            .iter()
            .map(|&w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("+"),
    );
    tokens += widths
        .iter()
        .map(|w| (w + 2).div_ceil(16) + 1)
        .sum::<usize>();
    for r in 0..rows {
        // The first cell is the row's id: no row repeats the one before it (a repeat would be
        // folded losslessly).
        let cells = (0..columns)
            .map(|k| match if k == 0 { 3 } else { rng.below(3) } {
                0 => rng.pick(NOUNS).to_string(),
                1 => format!("{}", rng.range(1, 9999)),
                2 => String::new(),
                _ => format!("{}", r + 1),
            })
            .collect();
        lines.push(row(cells, &mut tokens));
    }
    lines.push(format!("({rows} rows)"));
    (lines.join("\n"), tokens)
}

#[test]
fn a_padded_table_small_as_read_is_shown_whole() {
    let cases = support::cases("PADDED_CASES", 300);
    support::check_seeds(cases, 0x9ad_0000, |seed| {
        let (text, tokens) = table(seed);
        // Only tables a byte count takes for large (a quarter token a byte, over 8,000).
        if tokens > 7_000 || text.len() <= 4 * 8_000 {
            return Ok(());
        }
        match support::view_of(&text, "psql -c '\\doS'") {
            None => Ok(()),
            Some(view) => Err(format!(
                "folded {} bytes (about {tokens} tokens) to {} bytes",
                text.len(),
                view.len()
            )),
        }
    });
}
