//! The plain-BM25 baseline of `npm run eval:routing`, scored by the `bm25` crate from crates.io
//! rather than by our own code, so the routing table compares the product with a maintained
//! library.
//!
//! Reads one JSON object on stdin, `{"catalog": [{"name", "description"}], "queries": [{"id",
//! "prompt"}], "limit": 20}`, and prints one JSON line per query: `{"id", "ranked": [names],
//! "scores": [floats], "topScore"}`.
//!
//! The baseline is the one the routing data's README defines: a skill's document is its name
//! and description, tokens are lowercase ASCII alphanumeric runs (no stemming, no stopwords),
//! k1 = 1.2, b = 0.75, each distinct query token counted once, ties in catalog order. The crate
//! does the BM25 arithmetic (its `Embedder` for saturated, length-normalised term frequencies,
//! its `Scorer` for idf and the sum); this file only supplies that tokenizer and the ordering.
//!
//! The crate scores one text field per document, which is why the product keeps its own BM25F:
//! names and descriptions weighted apart, concept expansion and scopes cannot be said to it.
//!
//! Usage: `cargo run --release -p lean-core --example plain_bm25 < input.json`

use std::io::Read;
use std::process::ExitCode;

use bm25::{EmbedderBuilder, Scorer, Tokenizer};
use serde_json::{json, Value};

/// Lowercase ASCII letter-and-digit runs, as the routing data's README tokenizes.
#[derive(Default)]
struct AsciiWords;

impl Tokenizer for AsciiWords {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        input_text
            .to_lowercase()
            .split(|ch: char| !ch.is_ascii_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_string)
            .collect()
    }
}

fn run() -> Result<(), String> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|error| format!("stdin: {error}"))?;
    let input: Value = serde_json::from_str(&input).map_err(|error| format!("stdin: {error}"))?;
    let catalog = input["catalog"]
        .as_array()
        .ok_or("input needs a \"catalog\" array")?;
    let queries = input["queries"]
        .as_array()
        .ok_or("input needs a \"queries\" array")?;
    let limit = input["limit"].as_u64().unwrap_or(20) as usize;

    let names: Vec<&str> = catalog
        .iter()
        .map(|skill| skill["name"].as_str().unwrap_or_default())
        .collect();
    let documents: Vec<String> = catalog
        .iter()
        .zip(&names)
        .map(|(skill, name)| {
            format!(
                "{name} {}",
                skill["description"].as_str().unwrap_or_default()
            )
        })
        .collect();
    let corpus: Vec<&str> = documents.iter().map(String::as_str).collect();
    // u64 token ids: the crate hashes tokens, and a wider space keeps collisions out.
    let embedder =
        EmbedderBuilder::<u64, AsciiWords>::with_tokenizer_and_fit_to_corpus(AsciiWords, &corpus)
            .k1(1.2)
            .b(0.75)
            .build();
    let mut scorer = Scorer::<usize, u64>::new();
    for (index, document) in corpus.iter().enumerate() {
        scorer.upsert(&index, embedder.embed(document));
    }

    let mut out = String::new();
    for query in queries {
        let prompt = query["prompt"].as_str().unwrap_or_default();
        let mut distinct: Vec<String> = Vec::new();
        for token in AsciiWords.tokenize(prompt) {
            if !distinct.contains(&token) {
                distinct.push(token);
            }
        }
        let query_embedding = embedder.embed(&distinct.join(" "));
        let mut scored: Vec<(usize, f32)> = (0..corpus.len())
            .map(|index| (index, scorer.score(&index, &query_embedding).unwrap_or(0.0)))
            .collect();
        // Stable: equal scores keep catalog order.
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let top_score = scored.first().map_or(0.0, |&(_, score)| score);
        let top: Vec<(usize, f32)> = scored
            .into_iter()
            .filter(|&(_, score)| score > 0.0)
            .take(limit)
            .collect();
        let line = json!({
            "id": query["id"],
            "ranked": top.iter().map(|&(index, _)| names[index]).collect::<Vec<_>>(),
            "scores": top.iter().map(|&(_, score)| score).collect::<Vec<_>>(),
            "topScore": top_score,
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("plain_bm25: {message}");
            ExitCode::FAILURE
        }
    }
}
