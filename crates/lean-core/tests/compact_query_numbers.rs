//! A row the user asks about by its number stays, as a property over generated outputs: among
//! hundreds to thousands of rows keyed by numbers (SQL inserts, a process table, a request log,
//! CSV records), the prompt names one row's number (`What is the row of customer 1234?`). Many
//! other rows hold numbers that contain it without being it: `12345`, `91234`, `1234.5`,
//! `1.1234`. The asked row must be shown verbatim, as a bash output and as a read. The number
//! counts only as a whole number, so a look-alike that merely contains it does not make it
//! unselective.
//!
//! Cases come from a fixed seed (`QUERY_NUMBER_CASES`, default 300).

mod support;
use support::{asked_view_of, cases, check_seeds, keeps_lines, read_view, Rng};

/// A number that contains `needle` without being it: digits around it, a decimal part, or a
/// dotted prefix.
fn containing(rng: &mut Rng, needle: u64) -> String {
    match rng.below(4) {
        0 => format!("{needle}{}", rng.below(10)),
        1 => format!("{}{needle}", rng.range(1, 10)),
        2 => format!("{needle}.{}", rng.range(1, 100)),
        _ => format!("{}.{needle}", rng.range(1, 10)),
    }
}

/// Row `key` of an output of `kind`, with `other` as a number that appears in the row's body.
fn row(kind: u64, rng: &mut Rng, key: &str, other: &str) -> String {
    let names = [
        "alan", "grace", "edsger", "barbara", "ken", "dennis", "margaret",
    ];
    match kind {
        0 => format!(
            "INSERT INTO customers VALUES({key},'{} {}','{}.{other}@example.com','{}','2026-0{}-1{}');",
            rng.pick(&names),
            rng.pick(&names),
            rng.pick(&names),
            rng.pick(&["JP", "DE", "US", "FR"]),
            rng.range(1, 10),
            rng.below(10)
        ),
        1 => format!(
            "root     {key:>7}  {:>4}.{}  0.{}  {other:>8}  {:>6} ?        S    10:{:02}   0:00 /usr/bin/worker --id {}",
            rng.below(99),
            rng.below(10),
            rng.below(10),
            rng.range(1000, 99_999),
            rng.below(60),
            rng.range(1, 99)
        ),
        2 => format!(
            "2026-12-05T10:{:02}:{:02}Z INFO request {key} served GET /api/items/{other} in {}ms",
            rng.below(60),
            rng.below(60),
            rng.range(1, 900)
        ),
        _ => format!(
            "{key},{},{},{other},{}",
            rng.pick(&names),
            rng.range(1, 500),
            rng.pick(&["open", "closed", "pending"])
        ),
    }
}

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let kind = rng.below(4);
    let n = rng.range(600, 3000) as usize;
    let needle = rng.range(1000, 9000);
    let at = rng.below(n as u64) as usize;
    let mut lines = Vec::with_capacity(n);
    for k in 0..n {
        let key = if k == at {
            needle.to_string()
        } else if rng.below(4) == 0 {
            containing(&mut rng, needle)
        } else {
            // Keys of the same width as the needle's, but never it.
            let mut key = rng.range(1000, 9000);
            if key == needle {
                key += 1;
            }
            key.to_string()
        };
        let other = if rng.below(3) == 0 {
            containing(&mut rng, needle)
        } else {
            rng.range(10_000, 99_999).to_string()
        };
        lines.push(row(kind, &mut rng, &key, &other));
    }
    let input = lines.join("\n") + "\n";
    let wanted = [lines[at].clone()];
    let query = format!("What is the row of customer {needle}");
    // An output left unchanged reaches the model whole.
    let shell = asked_view_of(&input, "cat rows", &query).unwrap_or_else(|| input.clone());
    keeps_lines(&shell, &wanted).map_err(|e| format!("bash, kind {kind}, {n} rows: {e}"))?;
    let read = read_view(&input, "rows.txt", Some(&query)).unwrap_or_else(|| input.clone());
    keeps_lines(&read, &wanted).map_err(|e| format!("read, kind {kind}, {n} rows: {e}"))
}

#[test]
fn a_row_asked_about_by_its_number_is_shown() {
    check_seeds(cases("QUERY_NUMBER_CASES", 300), 0x4e75_0000, check);
}
