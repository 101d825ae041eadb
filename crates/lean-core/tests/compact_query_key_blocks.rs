//! The block an asked key opens is kept: "which Go files make up `net/http/pprof`" over
//! `go list -json` asks for each package's `"GoFiles": [` with the lines up to its `],`,
//! not the 16 lines after it. Three rules meet here:
//! - a heading that opens a bracket heads the lines up to where it closes;
//! - a quoted string alone on its line (`"net/http/pprof",` in another package's `Deps`) is
//!   an item of a list and heads nothing, so it does not spend the room for headed lines;
//! - the lines a word and its stem both hold (`packages`, `package`) count once against the
//!   bound on plain words' lines.
//!
//! Property over generated JSON streams of three to six package records, each with its
//! import path, a `Doc` line, a `Deps` list naming other records, and `GoFiles`,
//! `TestGoFiles` and `XTestGoFiles` lists of one to eight files: asked which packages import
//! one of them and which Go files make it up, the view keeps that record's `GoFiles` block
//! whole.
//!
//! Cases come from fixed seeds (`KEY_BLOCK_CASES`, default 300).

mod support;
use support::{asked_view_of, Rng, NOUNS, VERBS};

fn list(key: &str, items: &[String]) -> Vec<String> {
    let mut lines = vec![format!("\t\"{key}\": [")];
    for (k, item) in items.iter().enumerate() {
        let comma = if k + 1 < items.len() { "," } else { "" };
        lines.push(format!("\t\t\"{item}\"{comma}"));
    }
    lines.push("\t],".to_string());
    lines
}

fn stream(seed: u64) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let records = rng.range(3, 7) as usize;
    let root = format!("{}/{}", rng.pick(NOUNS), rng.pick(VERBS));
    let paths: Vec<String> = (0..records)
        .map(|k| format!("{root}/{}{k}", rng.pick(NOUNS)))
        .collect();
    let asked = rng.below(records as u64) as usize;
    let files = |rng: &mut Rng, suffix: &str| -> Vec<String> {
        (0..rng.range(1, 9))
            .map(|k| format!("{}{k}{suffix}.go", rng.pick(VERBS)))
            .collect()
    };
    let mut lines = Vec::new();
    let mut needle = String::new();
    for (r, path) in paths.iter().enumerate() {
        let name = path.rsplit('/').next().unwrap_or(path);
        lines.push("{".to_string());
        lines.push(format!("\t\"Dir\": \"/usr/lib/go/src/{path}\","));
        lines.push(format!("\t\"ImportPath\": \"{path}\","));
        lines.push(format!("\t\"Name\": \"{name}\","));
        lines.push(format!(
            "\t\"Doc\": \"Package {name} {} the {}.\",",
            rng.pick(VERBS),
            rng.pick(NOUNS)
        ));
        lines.push("\t\"Standard\": true,".to_string());
        let go_files = list("GoFiles", &files(&mut rng, ""));
        if r == asked {
            needle = go_files.join("\n");
        }
        lines.extend(go_files);
        let mut deps: Vec<String> = (0..rng.range(400, 700))
            .map(|k| format!("{}/{}{k}", rng.pick(NOUNS), rng.pick(VERBS)))
            .collect();
        for other in paths.iter().filter(|p| *p != path) {
            let at = rng.below(deps.len() as u64) as usize;
            deps.insert(at, other.clone());
        }
        deps.sort();
        lines.extend(list("Deps", &deps));
        lines.extend(list("TestGoFiles", &files(&mut rng, "_test")));
        lines.extend(list("XTestGoFiles", &files(&mut rng, "_x_test")));
        lines.push("\t\"Root\": \"/usr/lib/go\"".to_string());
        lines.push("}".to_string());
    }
    let query = format!(
        "{} which packages does import package go files make up go+files files+make make+up",
        paths[asked]
    );
    (lines.join("\n"), query, needle)
}

#[test]
fn an_asked_key_keeps_the_block_it_opens() {
    let cases = support::cases("KEY_BLOCK_CASES", 300);
    support::check_seeds(cases, 0x3f1_0000, |seed| {
        let (text, query, needle) = stream(seed);
        let Some(view) = asked_view_of(&text, "go list -json ./...", &query) else {
            return Err("left whole: the case is too small to test the rule".into());
        };
        support::keeps_block(&view, &needle)
    });
}
