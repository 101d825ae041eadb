//! The static-embedding tokenizer against the teacher's own (HuggingFace `tokenizers`, run by
//! `scripts/embed-fit/tokenizer_fixture.py`): exact ids on 3,200 strings, corpus sentences and
//! generated Unicode edge cases alike, plus the shipped table's own sanity.

use lean_core::skills::embed::{cosine, shipped_table};
use serde_json::Value;

#[test]
fn tokenizer_matches_the_teacher_on_every_fixture_string() {
    let table = shipped_table().expect("the shipped table loads");
    let fixture = include_str!("fixtures/wordpiece.jsonl");
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for line in fixture.lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        let text = row["text"].as_str().unwrap();
        let expected: Vec<u32> = row["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| id.as_u64().unwrap() as u32)
            .collect();
        let got = table.tokenize(text);
        if got != expected {
            mismatches.push(format!(
                "{text:?}\n  teacher {expected:?}\n  ours    {got:?}"
            ));
        }
        checked += 1;
    }
    assert!(checked >= 3000, "fixture has {checked} strings");
    assert!(
        mismatches.is_empty(),
        "{} of {checked} differ:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn shipped_table_puts_paraphrases_closer_than_unrelated_text() {
    let table = shipped_table().expect("the shipped table loads");
    assert_eq!(table.dims(), 256);
    let skill = table
        .embed("web performance: audit Core Web Vitals, shrink bundles, cache assets, speed up rendering")
        .unwrap();
    let paraphrase = table.embed("the page takes forever to load").unwrap();
    let unrelated = table.embed("file my quarterly tax return").unwrap();
    assert!(
        cosine(&skill, &paraphrase) > cosine(&skill, &unrelated) + 0.1,
        "paraphrase {} unrelated {}",
        cosine(&skill, &paraphrase),
        cosine(&skill, &unrelated)
    );
}
