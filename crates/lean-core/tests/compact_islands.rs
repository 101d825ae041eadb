//! A short list in the middle of a long output, of a shape found nowhere else, stays whole. A
//! program's own output printed between the lines of a runtime's trace (the top words a
//! program counted, amid the JVM's `-XX:+PrintCompilation` log), a settings dump between the
//! phases of a server's log, a small table a build prints halfway: every line of such a list
//! has the one template, and all of that template's lines stand together. The fold gave the
//! list its first line at best, ranked with the first line of every other shape, and a long
//! trace has hundreds of those.
//!
//! Property over generated outputs well over the lossless threshold: 600 to 2,000 lines of
//! look-alike log lines of one of three styles, with the list (4 to 16 lines of one of four
//! shapes: counts and words, `key = value`, table rows, sizes and paths) somewhere between a
//! tenth and nine tenths of the way down; every line of the list is in the view verbatim.
//!
//! Cases come from fixed seeds (`ISLAND_CASES`, default 300).

mod support;
use support::{keeps_lines, view_of, Rng, NOUNS, VERBS};

/// One body line of style `style`, numbered `k`: a JIT trace, compile lines, or a server log.
fn body_line(rng: &mut Rng, style: u64, k: usize) -> String {
    match style {
        // Compilations and inlining decisions, whose reasons vary in length: a trace of many
        // shapes, each with a first line that competes for the view.
        0 if rng.below(2) == 0 => format!(
            "{:>7} {:>4} {}     {}       java.util.{}::{} ({} bytes)",
            600 + k / 3,
            rng.range(1, 400),
            ["%", " ", "s", "!"][rng.below(4) as usize],
            rng.below(5),
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.range(1, 900)
        ),
        0 => {
            let reason: Vec<&str> = (0..rng.range(1, 5)).map(|_| rng.pick(VERBS)).collect();
            format!(
                "{:indent$}@ {}   java.util.{}::{} ({} bytes)   {}",
                "",
                rng.range(1, 400),
                rng.pick(NOUNS),
                rng.pick(VERBS),
                rng.range(1, 900),
                reason.join(" "),
                indent = 30 + 2 * rng.below(4) as usize
            )
        }
        1 => format!(
            "   Compiling {}-{} v0.{}.{} (/home/dev/src/{})",
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.below(20),
            rng.below(9),
            rng.pick(NOUNS)
        ),
        _ => format!(
            "2026-12-07T10:{:02}:{:02}.{:03}Z INFO [worker-{}] {} {} in {}ms",
            rng.below(60),
            rng.below(60),
            rng.below(1000),
            rng.below(8),
            rng.pick(VERBS),
            rng.pick(NOUNS),
            rng.below(900)
        ),
    }
}

/// The list's lines: `len` lines of one shape, with distinct names.
fn island(rng: &mut Rng, len: usize) -> Vec<String> {
    let shape = rng.below(4);
    let mut names: Vec<&str> = NOUNS.to_vec();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut count = rng.range(10_000, 40_000);
    names[..len]
        .iter()
        .map(|name| {
            count -= rng.range(1, count / 4);
            match shape {
                0 => format!("{count} {name}"),
                1 => format!("    {name}_limit = {}", rng.below(100_000)),
                2 => format!(
                    "| {name:<14} | {:>7} | {:>5.1}% |",
                    count,
                    rng.below(1000) as f64 / 10.0
                ),
                _ => format!("{:>9}K  ./{name}/", rng.range(4, 900_000)),
            }
        })
        .collect()
}

/// An output and the lines of its list.
fn output(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let style = rng.below(3);
    let body = rng.range(600, 2000) as usize;
    let mut lines: Vec<String> = (0..body).map(|k| body_line(&mut rng, style, k)).collect();
    let len = rng.range(4, 17) as usize;
    let list = island(&mut rng, len);
    let at = rng.range(body as u64 / 10, body as u64 * 9 / 10) as usize;
    lines.splice(at..at, list.iter().cloned());
    let mut text = lines.join("\n");
    text.push('\n');
    (text, list)
}

#[test]
fn every_line_of_a_list_amid_a_long_output_is_kept() {
    let cases = support::cases("ISLAND_CASES", 300);
    support::check_seeds(cases, 0x0015_1a4d, |seed| {
        let (text, list) = output(seed);
        let Some(view) = view_of(&text, "java -XX:+PrintCompilation WordFreq") else {
            return Err("an output over the threshold came back unchanged".into());
        };
        keeps_lines(&view, &list)
    });
}
