//! Profiling driver: compacts every file given (files or directories) a number of times with the
//! options `npm run bench` uses for the corpora (bash tool, `cat FILE` command, a recovery id),
//! so `valgrind --tool=callgrind` can count where the instructions go without node in the way.
//!
//! Usage: `compact_corpus [--rounds N] [--plain] [--command CMD] [--dump DIR] PATH...` (`--plain`
//! uses default options, with `--command` only that command, as the 10 MB bench of `npm run bench`
//! calls it; `--dump` writes each file's view, kind, strategies and ranges to `DIR/<name>`, so a
//! speed change can be diffed for byte-identical views).
//! Prints the sum over files of each file's fastest round (with `COMPACT_CORPUS_EACH=1`, every
//! file's): a wall-clock figure that is steadier than a median on a busy machine.

use lean_core::compact::{
    compact_unchanged_empty, compact_unchanged_empty_with_id, CompactOptions,
};
use lean_core::hash::xxh3_hex;

fn main() {
    let mut rounds = 1usize;
    let mut plain = false;
    let mut dump: Option<std::path::PathBuf> = None;
    let mut command: Option<String> = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            "--plain" => plain = true,
            "--dump" => dump = args.next().map(Into::into),
            "--command" => command = args.next(),
            path => {
                let meta = std::fs::metadata(path).unwrap_or_else(|e| panic!("{path}: {e}"));
                if meta.is_dir() {
                    let mut names: Vec<_> = std::fs::read_dir(path)
                        .expect("read dir")
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| {
                            p.file_name()
                                .and_then(|n| n.to_str())
                                .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
                        })
                        .collect();
                    names.sort();
                    files.extend(names);
                } else {
                    files.push(path.into());
                }
            }
        }
    }
    let mut total = 0usize;
    let mut fastest_sum = 0.0f64;
    for file in &files {
        let input = std::fs::read(file).expect("read input");
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let opts = if plain {
            CompactOptions {
                command: command.clone(),
                ..CompactOptions::default()
            }
        } else {
            CompactOptions {
                tool: Some("bash".into()),
                command: Some(format!("cat {name}")),
                recovery_id: Some(xxh3_hex(&input)),
                ..CompactOptions::default()
            }
        };
        // As the binding calls it: a recoverable call hands over the id it already computed.
        let run = || match opts.recovery_id.clone() {
            Some(id) => compact_unchanged_empty_with_id(&input, &opts, id),
            None => compact_unchanged_empty(&input, &opts),
        };
        if let Some(dir) = &dump {
            let mut result = run();
            if !result.changed {
                result.text = input.clone();
            }
            let mut record = format!(
                "kind={} changed={} id={} lines={} strategies={:?}\n",
                result.kind.as_str(),
                result.changed,
                result.id,
                result.original_lines,
                result.strategies
            );
            for range in &result.ranges {
                record += &format!(
                    "range {}-{} {:?}\n",
                    range.start_line, range.end_line, range.template
                );
            }
            record += "----\n";
            let mut bytes = record.into_bytes();
            bytes.extend_from_slice(&result.text);
            std::fs::write(dir.join(name), bytes).expect("write dump");
        }
        let mut fastest = f64::MAX;
        for _ in 0..rounds {
            let started = std::time::Instant::now();
            total += run().output_bytes;
            fastest = fastest.min(started.elapsed().as_secs_f64() * 1e3);
        }
        fastest_sum += fastest;
        if files.len() == 1 || std::env::var_os("COMPACT_CORPUS_EACH").is_some() {
            println!("{name}: fastest of {rounds}: {fastest:.3} ms");
        }
    }
    println!(
        "{} files, {total} output bytes, sum of fastest rounds {fastest_sum:.3} ms",
        files.len()
    );
}
