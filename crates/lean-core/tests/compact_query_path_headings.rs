//! A path that ends in the name a question asks about heads the block below it, as the name
//! alone would: `ldd -v` lists each object's needed versions under
//! `/usr/lib/postgresql/15/bin/postgres:`, and "which libm version does postgres itself
//! need" is answered by that block's lines, not by the header alone.
//!
//! Property over generated `ldd -v`-style listings: a hundred or more objects, each a path
//! header and 3 to 14 version lines of a few common libraries, no blank lines between them.
//! Asked which versions one object needs, by the last part of its path, the view keeps its
//! header and the first three lines under it.
//!
//! Cases come from fixed seeds (`PATH_HEADING_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

const NEEDED: &[&str] = &["libc.so.6", "libm.so.6", "libz.so.1", "libpthread.so.0"];

fn listing(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(100, 250) as usize;
    let asked = rng.below(count as u64) as usize;
    let mut lines = vec!["\tVersion information:".to_string()];
    let mut wanted = Vec::new();
    let mut asked_name = String::new();
    for k in 0..count {
        let name = format!("{}{}{k}", rng.pick(VERBS), rng.pick(NOUNS));
        let dir = if rng.below(3) == 0 {
            "/usr/lib/x86_64-linux-gnu"
        } else {
            "/usr/lib/postgresql/15/bin"
        };
        let header = format!("\t{dir}/{name}:");
        let mut block = vec![header];
        for _ in 0..rng.range(3, 15) {
            let lib = rng.pick(NEEDED);
            block.push(format!(
                "\t\t{lib} (GLIBC_2.{}) => /lib/x86_64-linux-gnu/{lib}",
                rng.range(2, 38)
            ));
        }
        if k == asked {
            wanted = block[..4].to_vec();
            asked_name = name;
        }
        lines.extend(block);
    }
    let query = format!("{asked_name} Which versions does need itself");
    (lines.join("\n"), query, wanted)
}

#[test]
fn a_path_ending_in_the_asked_name_heads_its_block() {
    let cases = support::cases("PATH_HEADING_CASES", 300);
    support::check_seeds(cases, 0x6a7_0000, |seed| {
        let (text, query, wanted) = listing(seed);
        let Some(view) = asked_view_of(&text, "ldd -v ./bin/server", &query) else {
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
