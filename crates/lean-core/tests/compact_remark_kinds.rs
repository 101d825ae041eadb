//! A compiler's remarks name their kind after the location (`xxhash.c:499:23: optimized:
//! basic block part vectorized`, `… missed: couldn't vectorize loop`, `… note: …`), with no
//! code. Among thousands of `note:` lines, the one `optimized:` remark is the answer to "what
//! did gcc vectorize": each kind keeps an example, as each lint code does.
//!
//! Property over generated `-fopt-info`-style floods: hundreds of notes and misses over one
//! file's lines, and one to three remarks of a rarer kind (`optimized:`, `remark:`, `hint:`):
//! the first of each kind is kept verbatim.
//!
//! A kind of at most three lines keeps them all, and the flood is read as a compiler's log
//! whatever ran it. Property over the same floods, run by `gcc` or by a build script whose
//! name says nothing: every remark of the rare kind is kept verbatim.
//!
//! Cases come from fixed seeds (`REMARK_KIND_CASES`, default 300).

mod support;
use support::{view_of, Rng, NOUNS, VERBS};

fn flood(seed: u64) -> (String, Vec<String>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let file = format!("src/{}/{}.c", rng.pick(NOUNS), rng.pick(VERBS));
    let rare = rng.pick(&["optimized", "remark", "hint", "passed"]);
    let n = rng.range(800, 3000) as usize;
    let rare_at: Vec<usize> = (0..rng.range(1, 4))
        .map(|_| rng.range(n as u64 / 10, n as u64 - 20) as usize)
        .collect();
    let mut lines = Vec::with_capacity(n);
    let mut wanted = Vec::new();
    let mut rares = Vec::new();
    for k in 0..n {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        let at = format!("{file}:{}:{}:", 40 + rng.below(900), 1 + rng.below(40));
        let line = if rare_at.contains(&k) {
            format!("{at} {rare}: basic block part vectorized using 16 byte vectors")
        } else if rng.below(12) == 0 {
            format!("{at} missed: couldn't vectorize loop over {noun}")
        } else {
            format!(
                "{at} note: ==> examining statement: _{} = {noun}_{verb}[_{}];",
                rng.below(400),
                rng.below(400)
            )
        };
        if Some(&k) == rare_at.iter().min() {
            wanted.push(line.clone());
        }
        if rare_at.contains(&k) {
            rares.push(line.clone());
        }
        lines.push(line);
    }
    (lines.join("\n"), wanted, rares)
}

#[test]
fn each_remark_kind_keeps_an_example() {
    let cases = support::cases("REMARK_KIND_CASES", 300);
    support::check_seeds(cases, 0x2e3_0000, |seed| {
        let (text, wanted, _) = flood(seed);
        let Some(view) = view_of(&text, "gcc -O3 -fopt-info-vec-all -c xxhash.c") else {
            return Ok(());
        };
        support::keeps_lines(&view, &wanted)
    });
}

#[test]
fn every_line_of_a_rare_kind_is_kept() {
    let cases = support::cases("REMARK_KIND_CASES", 300);
    support::check_seeds(cases, 0x2e4_0000, |seed| {
        let (text, _, rares) = flood(seed);
        let command = if seed % 2 == 0 {
            "gcc -O3 -fopt-info-vec-all -c xxhash.c"
        } else {
            "./ci/build.sh 2>&1"
        };
        let Some(view) = view_of(&text, command) else {
            return Ok(());
        };
        support::keeps_lines(&view, &rares)
    });
}
