//! Criterion benchmarks of the compactor: throughput on a generated 10+ MB build log and a 10+ MB
//! grep output, and latency on a 50 KB test-run output. Inputs are generated deterministically
//! from realistic line templates so runs are comparable across machines.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lean_core::compact::{compact, CompactOptions};

/// Small deterministic generator (xorshift) so the bench needs no extra dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const MODULES: &[&str] = &[
    "parser", "lexer", "codegen", "runtime", "io", "net", "util", "ast",
];

fn build_log(target_bytes: usize) -> Vec<u8> {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut out = String::with_capacity(target_bytes + 4096);
    let mut unit = 0u64;
    while out.len() < target_bytes {
        unit += 1;
        let module = MODULES[rng.below(MODULES.len() as u64) as usize];
        match rng.below(100) {
            0..=59 => out.push_str(&format!(
                "gcc -std=gnu99 -O2 -Wall -Wextra -c src/{module}/unit{unit}.c -o build/{module}/unit{unit}.o\n"
            )),
            60..=84 => out.push_str(&format!(
                "   Compiling {module}-{unit} v0.{}.{} (/home/dev/work/project/crates/{module})\n",
                rng.below(20),
                rng.below(50)
            )),
            85..=94 => out.push_str(&format!(
                "src/{module}/unit{unit}.c:{}:{}: warning: conversion from 'long' to 'int' may change value [-Wconversion]\n  {} |   int n = strlen(s);\n      |           ^~~~~~\n",
                rng.below(900) + 1,
                rng.below(80) + 1,
                rng.below(900) + 1
            )),
            95..=98 => out.push_str(&format!(
                "[{:>3}%] Built target {module}_{unit}\n",
                rng.below(101)
            )),
            _ => out.push_str(&format!(
                "src/{module}/unit{unit}.c:{}:5: error: '{module}_state' undeclared (first use in this function)\n",
                rng.below(900) + 1
            )),
        }
    }
    out.push_str(
        "make: *** [Makefile:10: all] Error 2\nmake: Target 'all' not remade because of errors.\n",
    );
    out.into_bytes()
}

fn grep_output(target_bytes: usize) -> Vec<u8> {
    let mut rng = Rng(0x2545f4914f6cdd1d);
    let mut out = String::with_capacity(target_bytes + 4096);
    let mut file = 0u64;
    while out.len() < target_bytes {
        file += 1;
        let module = MODULES[rng.below(MODULES.len() as u64) as usize];
        let path = format!("crates/{module}-{}/src/{module}/file{file}.rs", file % 37);
        let hits = rng.below(30) + 1;
        let mut line = 1;
        for _ in 0..hits {
            line += rng.below(40) + 1;
            let text = match rng.below(6) {
                0 => format!("pub fn parse_{module}(input: &str) -> Result<Ast, Error> {{"),
                1 => "        return Err(Error::new(ErrorKind::Unexpected, span));".to_string(),
                2 => format!("    let value = {module}::Error::from(err);"),
                3 => "impl std::error::Error for ParseError {}".to_string(),
                4 => format!("pub enum Error{file} {{"),
                _ => "            .map_err(|e| Error::Io(e))?;".to_string(),
            };
            out.push_str(&format!("{path}:{line}:{text}\n"));
        }
    }
    out.into_bytes()
}

fn test_run(target_bytes: usize) -> Vec<u8> {
    let mut out = String::from("running 1200 tests\n");
    let mut i = 0;
    while out.len() < target_bytes {
        i += 1;
        if i == 400 {
            out.push_str("test parser::tests::nested_groups ... FAILED\n");
        } else {
            out.push_str(&format!("test parser::tests::case_{i} ... ok\n"));
        }
    }
    out.push_str("\nfailures:\n\n---- parser::tests::nested_groups stdout ----\n");
    out.push_str("thread 'parser::tests::nested_groups' panicked at src/parser.rs:88:9:\n");
    out.push_str("assertion `left == right` failed\n  left: 3\n right: 4\n\n");
    out.push_str(&format!(
        "test result: FAILED. {} passed; 1 failed; 0 ignored\n",
        i - 1
    ));
    out.into_bytes()
}

fn throughput(c: &mut Criterion) {
    let opts = CompactOptions {
        recovery_id: Some("0123456789abcdef".into()),
        ..Default::default()
    };
    let mut group = c.benchmark_group("compact-throughput");
    group.sample_size(20);
    for (name, input) in [
        ("build-log-10MB", build_log(10 << 20)),
        ("grep-10MB", grep_output(10 << 20)),
    ] {
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| b.iter(|| compact(black_box(&input), &opts)));
    }
    group.finish();
}

fn latency(c: &mut Criterion) {
    let opts = CompactOptions::default();
    let input = test_run(50 * 1024);
    let mut group = c.benchmark_group("compact-latency");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("test-run-50KB", |b| {
        b.iter(|| compact(black_box(&input), &opts))
    });
    group.finish();
}

/// A hostile query hint: 100k distinct terms against a 10 MB log. Terms past the first
/// `MAX_QUERY_TERMS` are ignored, so this costs about as much as a one-term query.
fn hostile_query(c: &mut Criterion) {
    let input = build_log(10 << 20);
    let terms: Vec<String> = (0..100_000).map(|i| format!("unit{i}.c")).collect();
    let mut group = c.benchmark_group("compact-query");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(input.len() as u64));
    for (name, query) in [
        ("1-term-10MB", terms[0].clone()),
        ("100k-terms-10MB", terms.join(" ")),
    ] {
        let opts = CompactOptions {
            query: Some(query),
            ..Default::default()
        };
        group.bench_function(name, |b| b.iter(|| compact(black_box(&input), &opts)));
    }
    group.finish();
}

criterion_group!(benches, throughput, latency, hostile_query);
criterion_main!(benches);
