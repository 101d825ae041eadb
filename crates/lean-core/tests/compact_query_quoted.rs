//! Words the user puts in double quotes are found as written, as a property over generated
//! logs: every line is a message of common words, and each word of the quoted text is on
//! hundreds of lines, in other orders and with other words between them, while the quoted text
//! itself is on one to three lines. Asked `Which request logged "w1 w2 w3"?` (the extension
//! passes `"w1+w2+w3"`), the view must show every line holding the text verbatim.
//!
//! Cases come from a fixed seed (`QUERY_QUOTED_CASES`, default 300).

mod support;
use support::{asked_view_of, cases, check_seeds, keeps_lines, Rng};

const WORDS: &[&str] = &[
    "connection",
    "refused",
    "reset",
    "closed",
    "timeout",
    "upstream",
    "server",
    "client",
    "request",
    "failed",
    "retry",
    "backend",
    "socket",
    "handshake",
    "remote",
    "peer",
];

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let size = rng.range(2, 4) as usize;
    let mut quoted: Vec<&str> = Vec::new();
    while quoted.len() < size {
        let w = rng.pick(WORDS);
        if !quoted.contains(&w) {
            quoted.push(w);
        }
    }
    let text = quoted.join(" ");
    let n = rng.range(800, 3000) as usize;
    let mut lines = Vec::with_capacity(n);
    let mut wanted = Vec::new();
    let needles = rng.range(1, 4) as usize;
    let places: Vec<usize> = (0..needles).map(|_| rng.below(n as u64) as usize).collect();
    for k in 0..n {
        let message = if places.contains(&k) {
            format!("{} {text}", rng.pick(WORDS))
        } else {
            // The quoted words, shuffled or apart, among others; never the text as written.
            let mut words: Vec<&str> = (0..rng.range(3, 7)).map(|_| rng.pick(WORDS)).collect();
            words.insert(
                rng.below(words.len() as u64) as usize,
                quoted[rng.below(size as u64) as usize],
            );
            let message = words.join(" ");
            if message.contains(&text) {
                words.reverse();
                words.join(" ")
            } else {
                message
            }
        };
        let line = format!(
            "2026-12-05T10:{:02}:{:02}Z WARN worker-{} req={} {message}",
            rng.below(60),
            rng.below(60),
            rng.below(8),
            rng.range(100_000, 999_999)
        );
        if line.contains(&text) {
            wanted.push(line.clone());
        }
        lines.push(line);
    }
    if wanted.is_empty() || wanted.len() > 3 {
        return Ok(());
    }
    let input = lines.join("\n") + "\n";
    let query = format!("Which request logged \"{}\"", quoted.join("+"));
    let view = asked_view_of(&input, "cat app.log", &query).unwrap_or_else(|| input.clone());
    keeps_lines(&view, &wanted).map_err(|e| format!("{n} lines, {} hold it: {e}", wanted.len()))
}

#[test]
fn words_in_double_quotes_are_found_as_written() {
    check_seeds(cases("QUERY_QUOTED_CASES", 300), 0x9407_0000, check);
}

/// The line a query pins stays when more distinct errors than Pi's cut holds come before it:
/// every line of a warning flood is an error of its own wording, and the prompt asks for one
/// request by its number.
#[test]
fn an_asked_line_outranks_a_flood_of_distinct_errors() {
    check_seeds(cases("QUERY_QUOTED_CASES", 300), 0x9408_0000, |seed| {
        let mut rng = Rng::new(seed);
        let n = rng.range(1500, 4000) as usize;
        let at = rng.range(n as u64 / 2, n as u64) as usize;
        let lines: Vec<String> = (0..n)
            .map(|k| {
                let words: Vec<&str> = (0..rng.range(4, 8)).map(|_| rng.pick(WORDS)).collect();
                format!(
                    "2026-12-05T10:{:02}:{:02}Z WARN worker-{} req={} failed: {}",
                    rng.below(60),
                    rng.below(60),
                    rng.below(8),
                    100_000 + k,
                    words.join(" ")
                )
            })
            .collect();
        let input = lines.join("\n") + "\n";
        let query = format!("What happened to request {}", 100_000 + at);
        let view = asked_view_of(&input, "cat app.log", &query).unwrap_or_else(|| input.clone());
        keeps_lines(&view, &[lines[at].clone()]).map_err(|e| format!("{n} lines: {e}"))
    });
}
