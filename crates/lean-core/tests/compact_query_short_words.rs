//! A short word the user asks about is a name, found as a whole word. Questions name things
//! by two or three letters (`CC` among pickled build variables, the `nix` lexer, a `5D`
//! camera, a `PID`); the words around them in the question say little. Such a word counts
//! only where it stands alone, and in capitals where the user wrote capitals: `CC` is not in
//! `gcc`, `CCSHARED` or `cc1`, and `nix` is not in `nixos`.
//!
//! Property over generated outputs well over the lossless threshold: 1,500 to 3,000 look-alike
//! records (pickled keys, lexer entries, device rules), among them near misses that hold the
//! asked word inside a longer one or in other capitals, and one record that names it whole;
//! with the word as the query, that record's line is in the view verbatim.
//!
//! Cases come from fixed seeds (`SHORT_WORD_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_lines, Rng, NOUNS};

/// The asked words: acronyms, lowercase names and a letter-digit model.
const ASKED: &[&str] = &[
    "CC", "AR", "PID", "TLS", "GC", "nix", "gfm", "isn", "5D", "X2",
];

/// A name of letters that holds none of the asked words whole.
fn filler_name(rng: &mut Rng) -> String {
    let mut name = rng.pick(NOUNS).to_string();
    if rng.below(2) == 0 {
        name.push('_');
        name.push_str(rng.pick(NOUNS));
    }
    name
}

/// A near miss of `asked`: the word inside a longer one, or in other capitals.
fn near_miss(rng: &mut Rng, asked: &str) -> String {
    let lower = asked.to_ascii_lowercase();
    match rng.below(4) {
        0 => format!("{asked}SHARED"),
        1 => format!("g{lower}"),
        2 => format!("{asked}{}", rng.range(1, 9)),
        _ if asked.bytes().any(|b| b.is_ascii_uppercase()) => lower,
        _ => format!("{lower}os"),
    }
}

/// One record line naming `name`, in style `style`, numbered `k`.
fn record(rng: &mut Rng, style: u64, k: usize, name: &str) -> String {
    match style {
        0 => format!("{:>6}: X        BINUNICODE '{name}'", 1000 + 7 * k),
        1 => format!(
            "* {name}, {}:\n    {} (filenames *.{})",
            rng.pick(NOUNS),
            rng.pick(NOUNS),
            rng.pick(NOUNS)
        ),
        _ => format!(
            "# Vendor {} {name} Mark {}\nusb:v04A9p{:04X}*\n GPHOTO2_DRIVER=PTP",
            rng.pick(NOUNS),
            rng.range(1, 5),
            rng.below(0xffff)
        ),
    }
}

/// An output, its needle line and the asked word.
fn output(seed: u64) -> (String, String, &'static str) {
    let mut rng = Rng::new(seed);
    let asked = ASKED[rng.below(ASKED.len() as u64) as usize];
    let style = rng.below(3);
    let count = rng.range(1500, 3000) as usize;
    let needle_at = rng.range(count as u64 / 10, count as u64 * 9 / 10) as usize;
    let mut lines = Vec::with_capacity(count);
    let mut needle = String::new();
    for k in 0..count {
        let name = if k == needle_at {
            asked.to_string()
        } else if rng.below(40) == 0 {
            near_miss(&mut rng, asked)
        } else {
            filler_name(&mut rng)
        };
        let line = record(&mut rng, style, k, &name);
        if k == needle_at {
            needle = line
                .lines()
                .find(|l| l.contains(asked))
                .unwrap_or_default()
                .to_string();
        }
        lines.push(line);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, needle, asked)
}

#[test]
fn an_asked_short_word_keeps_its_whole_word_line() {
    let cases = support::cases("SHORT_WORD_CASES", 300);
    support::check_seeds(cases, 0x0054_077e, |seed| {
        let (text, needle, asked) = output(seed);
        let Some(view) = asked_view_of(&text, "python -m pickletools sysconfig.pickle", asked)
        else {
            return Err("an output over the threshold came back unchanged".into());
        };
        keeps_lines(&view, std::slice::from_ref(&needle))
    });
}
