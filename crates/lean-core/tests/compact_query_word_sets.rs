//! The line where every word of a question meets is kept, even when each pair of them meets
//! on many lines. "What does `<dead_psili> <dead_tilde> <Greek_omega>` produce" asks about
//! the one compose sequence holding all three; each pair of them starts dozens of others.
//!
//! Property over generated outputs of look-alike entries, each naming two of three words of
//! the question (every pair on 12 to 60 lines) and one naming all three: with the question as
//! the prompt, that entry is kept.
//!
//! A name the question writes with capitals meets its other words only where the output writes
//! it so. Property: among the entries holding all three words, one writes the capitalised
//! name as the question does and the others (about 20) in capitals (`Greek_OMEGA` for the asked
//! `Greek_omega`): that one is kept.
//!
//! Cases come from fixed seeds (`WORD_SET_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

/// Words of the question: none is another's prefix, stem or part.
const WORDS: &[&str] = &[
    "psili", "tilde", "omega", "grave", "acute", "breve", "macron", "caron", "ogonek",
];

fn output(seed: u64, cased: bool) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let mut three: Vec<&str> = Vec::new();
    while three.len() < 3 {
        let w = rng.pick(WORDS);
        if !three.contains(&w) {
            three.push(w);
        }
    }
    let others: Vec<&str> = WORDS
        .iter()
        .copied()
        .filter(|w| !three.contains(w))
        .collect();
    let n = rng.range(1500, 3000) as usize;
    let needle_at = rng.range(10, n as u64 - 10) as usize;
    let mut lines = Vec::with_capacity(n);
    let mut needle = String::new();
    for k in 0..n {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        let mut shouted = false;
        let keys: Vec<&str> = if k == needle_at {
            three.clone()
        } else if cased && rng.below(n as u64 / 20) == 0 {
            // All three, the capitalised name written otherwise than asked.
            shouted = true;
            three.clone()
        } else if rng.below(5) == 0 {
            // Two of the three, with another word where the third would be.
            let skip = rng.below(3) as usize;
            let mut keys: Vec<&str> = three.clone();
            keys[skip] = rng.pick(&others);
            keys
        } else {
            vec![rng.pick(&others), rng.pick(&others), rng.pick(&others)]
        };
        let third = if shouted {
            keys[2].to_ascii_uppercase()
        } else {
            keys[2].to_string()
        };
        let line = format!(
            "<dead_{}> <dead_{}> <Greek_{third}>    : \"{verb}\"  U{:04x}  # {noun}",
            keys[0],
            keys[1],
            0x1f00 + k
        );
        if k == needle_at {
            needle = line.clone();
        }
        lines.push(line);
    }
    let query = format!(
        "what does dead_{} dead_{} Greek_{} produce",
        three[0], three[1], three[2]
    );
    (lines.join("\n"), query, needle)
}

#[test]
fn the_line_where_every_asked_word_meets_is_kept() {
    check(false, 0x3e7_0000);
}

#[test]
fn a_capitalised_name_meets_the_other_words_only_where_written_so() {
    check(true, 0x3e8_0000);
}

fn check(cased: bool, base: u64) {
    let cases = support::cases("WORD_SET_CASES", 300);
    support::check_seeds(cases, base, |seed| {
        let (text, query, needle) = output(seed, cased);
        let Some(view) = asked_view_of(&text, "cat compose.txt", &query) else {
            return Ok(());
        };
        support::keeps_lines(&view, &[needle])
    });
}
