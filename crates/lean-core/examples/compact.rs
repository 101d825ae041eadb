//! Command-line front end for the compactor: reads a file (or stdin) and prints the compacted
//! view. Used by the corpus evaluation and for manual inspection.
//!
//! Usage: `compact [FILE|-] [--kind K] [--command CMD] [--query Q] [--tool T] [--path P]
//! [--budget TOKENS] [--max-bytes BYTES] [--id] [--stats]`

use std::io::{Read, Write};

use lean_core::compact::{compact, CompactOptions, ContentKind};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut opts = CompactOptions::default();
    let mut file: Option<String> = None;
    let mut with_id = false;
    let mut stats = false;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("missing value for {name}");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--kind" => {
                let kind = value("--kind");
                if kind != "auto" {
                    opts.kind = Some(ContentKind::parse(&kind).unwrap_or_else(|| {
                        eprintln!("unknown kind {kind}");
                        std::process::exit(2)
                    }));
                }
            }
            "--command" => opts.command = Some(value("--command")),
            "--query" => opts.query = Some(value("--query")),
            "--tool" => opts.tool = Some(value("--tool")),
            "--path" => opts.path = Some(value("--path")),
            "--budget" => opts.budget_tokens = value("--budget").parse().ok(),
            "--max-bytes" => opts.max_output_bytes = value("--max-bytes").parse().ok(),
            "--id" => with_id = true,
            "--stats" => stats = true,
            // A query that opens with a dash (`--jitless`) is written `--query=--jitless`.
            other if other.starts_with("--query=") => {
                opts.query = Some(other["--query=".len()..].to_string())
            }
            "-" => file = None,
            other if other.starts_with("--") => {
                eprintln!("unknown flag {other}");
                std::process::exit(2)
            }
            other => file = Some(other.to_string()),
        }
    }
    let input = match &file {
        Some(path) => std::fs::read(path).unwrap_or_else(|e| {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1)
        }),
        None => {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).expect("read stdin");
            buf
        }
    };
    if with_id {
        opts.recovery_id = Some(lean_core::hash::xxh3_hex(&input));
    }
    let result = compact(&input, &opts);
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(&result.text);
    if stats {
        eprintln!(
            "kind={} changed={} bytes {} -> {} lines={} ranges={} strategies={:?}",
            result.kind.as_str(),
            result.changed,
            result.original_bytes,
            result.output_bytes,
            result.original_lines,
            result.ranges.len(),
            result.strategies
        );
    }
}
