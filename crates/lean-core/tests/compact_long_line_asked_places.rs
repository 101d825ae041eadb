//! An over-long line the question asks about shows the place where the asked words meet,
//! and a read whose asked line lies past Pi's cut shows it excerpted, not omitted. A source
//! map's `sourcesContent` is one line of 157 KB holding every source file: asked for marked's
//! default options (`async`, `breaks`, `gfm`, `pedantic`), the view first omitted the line
//! whole (a line that long was never shown past the cut), and an excerpt's windows went to
//! the first place of each word, where the source merely mentions it.
//!
//! Properties over generated lines of 8 to 160 KB of filler and code, in which each asked word
//! is mentioned alone a few times and all of them meet once, in a block of settings:
//! - a bash output of short lines and the long one shows the block of settings whole;
//! - a read of a source map whose long line lies past Pi's 50 KB head shows it too.
//!
//! Cases come from fixed seeds (`LONG_LINE_PLACE_CASES`, default 300).

mod support;
use support::{asked_view_of, read_view, Rng, NOUNS, VERBS};

/// Filler words that hold no asked word (letters the asked words do not start with).
fn filler(rng: &mut Rng) -> String {
    let len = rng.range(3, 9) as usize;
    (0..len)
        .map(|_| (b'q' + rng.below(4) as u8) as char)
        .collect()
}

/// The long line, the block of settings it holds, and the asked words.
fn long_line(rng: &mut Rng) -> (String, String, Vec<String>) {
    let mut names: Vec<&str> = NOUNS.to_vec();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let asked: Vec<String> = names[..rng.range(3, 5) as usize]
        .iter()
        .map(|n| format!("{n}{}", rng.pick(VERBS)))
        .collect();
    let block: String = asked
        .iter()
        .map(|k| {
            format!(
                "    {k}: {},\\n",
                ["false", "true", "null", "0"][rng.below(4) as usize]
            )
        })
        .collect();
    let block = format!("return {{\\n{block}  }};");
    let target = rng.range(8_000, 160_000) as usize;
    let at = rng.range(target as u64 / 4, target as u64 * 3 / 4) as usize;
    let mut line = String::from("\"sourcesContent\": [\"");
    let mut placed = false;
    while line.len() < target {
        if !placed && line.len() >= at {
            line.push_str(&block);
            line.push(' ');
            placed = true;
        } else if rng.below(40) == 0 {
            // One asked word named alone, as code mentions an option in passing.
            line.push_str(&format!(
                "if (opts.{}) ",
                asked[rng.below(asked.len() as u64) as usize]
            ));
        } else {
            line.push_str(&filler(rng));
            line.push(' ');
        }
    }
    line.push_str("\"],");
    (line, block, asked)
}

#[test]
fn an_asked_long_line_shows_where_the_asked_words_meet() {
    let cases = support::cases("LONG_LINE_PLACE_CASES", 300);
    support::check_seeds(cases, 0x0010_a9e5, |seed| {
        let mut rng = Rng::new(seed);
        let (line, block, asked) = long_line(&mut rng);
        let question = format!("what are the defaults of {}", asked.join(" "));
        // A bash output: a few short lines around the long one.
        let mut text = String::new();
        for k in 0..rng.range(3, 30) {
            text.push_str(&format!(
                "{} {} step {k}\n",
                rng.pick(VERBS),
                rng.pick(NOUNS)
            ));
        }
        text.push_str(&line);
        text.push_str("\ndone\n");
        // A small output is passed whole, which shows the block.
        let view = asked_view_of(&text, "node build.js --print-map", &question).unwrap_or(text);
        if !view.contains(&block) {
            return Err(format!("the bash view lost the block {block:?}"));
        }
        // A read of a source map: its long line lies past Pi's head cut when over 50 KB.
        let map = format!(
            "{{\n  \"version\": 3,\n  \"sources\": [\"../src/a.ts\", \"../src/b.ts\"],\n  \"mappings\": \"{}\",\n  {line}\n  \"names\": []\n}}\n",
            "AAAA,".repeat(rng.range(9_000, 12_000) as usize)
        );
        let view = read_view(&map, "dist/app.js.map", Some(&question))
            .ok_or("a read past Pi's cut came back unchanged")?;
        if !view.contains(&block) {
            return Err(format!("the read lost the block {block:?}"));
        }
        Ok(())
    });
}
