//! The line where two words of the question meet stays, also when the question writes a word
//! in another form. "When was nodejs upgraded?" names a package that a log mentions on every
//! step of its install and upgrade, and an action the log takes for dozens of packages: each
//! word alone is on too many lines to point at any, and only the line holding both
//! (`upgrade nodejs:amd64 20.1 20.2`) answers.
//!
//! Property over generated package logs well over Pi's 50 KB cut (dpkg, apt history or
//! pacman style): 40 to 120 packages, each on 9 to 16 lines of its steps, a third of them
//! upgraded; the question names one upgraded package and the action in an inflected form
//! (`upgraded`, `removed`, `installing`); that package's one line of that action is kept
//! verbatim.
//!
//! Cases come from fixed seeds (`MEETINGS_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng};

/// Syllables of package names: plain words of letters, as most package names are, which a
/// question writes without any mark that would make them a name.
const SYLLABLES: &[&str] = &[
    "lib", "node", "py", "go", "red", "post", "ssl", "xml", "curl", "ngin", "lite", "perl", "ruby",
    "tz", "ssh", "sys", "rsync", "bzip", "vim", "less", "gres", "data", "core", "util",
];
/// Actions as the log writes them, and as a question writes them.
const ACTIONS: &[(&str, &str)] = &[
    ("upgrade", "upgraded"),
    ("remove", "removed"),
    ("install", "installing"),
    ("purge", "purged"),
];
const STEPS: &[&str] = &[
    "status half-installed",
    "status unpacked",
    "status half-configured",
    "status installed",
    "configure",
    "trigproc",
    "status triggers-pending",
    "status triggers-awaited",
];

/// A log, the question and the line that answers it.
fn log(seed: u64) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let style = seed % 3;
    let count = rng.range(40, 121) as usize;
    let mut names: Vec<String> = Vec::new();
    while names.len() < count {
        let name: String = (0..rng.range(2, 4)).map(|_| rng.pick(SYLLABLES)).collect();
        if !names
            .iter()
            .any(|n| n.starts_with(&name) || name.starts_with(n.as_str()))
        {
            names.push(name);
        }
    }
    let (action, asked_as) = ACTIONS[rng.below(ACTIONS.len() as u64) as usize];
    // Every package takes the asked action or another one; a third take the asked one.
    let target = rng.below(count as u64) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = String::new();
    let mut minute = 0u64;
    for (k, name) in names.iter().enumerate() {
        let takes = k == target || rng.below(3) == 0;
        let act = if takes {
            action
        } else {
            ACTIONS[rng.below(ACTIONS.len() as u64) as usize].0
        };
        let act = if !takes && act == action {
            "configure"
        } else {
            act
        };
        let old = format!(
            "{}.{}.{}-{}",
            rng.range(1, 30),
            rng.below(20),
            rng.below(9),
            rng.range(1, 5)
        );
        let new = format!(
            "{}.{}.{}-{}",
            rng.range(1, 30),
            rng.below(20),
            rng.below(9),
            rng.range(1, 5)
        );
        let steps = rng.range(8, 15) as usize;
        for s in 0..=steps {
            minute += rng.below(2);
            let clock = format!(
                "2026-09-22 {:02}:{:02}:{:02}",
                4 + minute / 60,
                minute % 60,
                rng.below(60)
            );
            let line = if s == 0 {
                match style {
                    0 => format!("{clock} {act} {name}:amd64 {old} {new}"),
                    1 => format!("[{clock}] [ALPM] {act} {name} ({old} -> {new})"),
                    _ => format!("{clock} {act}: {name}:amd64 ({old}, {new})"),
                }
            } else {
                let step = STEPS[(s - 1) % STEPS.len()];
                match style {
                    0 => format!("{clock} {step} {name}:amd64 {new}"),
                    1 => format!("[{clock}] [ALPM-SCRIPTLET] {step} {name} {new}"),
                    _ => format!("{clock} {step}: {name}:amd64 {new}"),
                }
            };
            if s == 0 && k == target {
                wanted = line.clone();
            }
            lines.push(line);
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    let query = format!("When was {} {asked_as} which version", names[target]);
    (text, query, wanted)
}

#[test]
fn the_line_where_two_asked_words_meet_stays() {
    let cases = support::cases("MEETINGS_CASES", 300);
    support::check_seeds(cases, 0x3e17_0000, |seed| {
        let (text, query, wanted) = log(seed);
        let Some(view) = asked_view_of(&text, "tail -n 2000 /var/log/dpkg.log", &query) else {
            return Err("left unchanged".into());
        };
        support::keeps_lines(&view, &[wanted])
    });
}
