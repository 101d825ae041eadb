//! Criterion benches for the capsule distiller and validator: a typical tool's guidelines
//! (about 1.4 KB, distilled once per tool and cached) and the 256 KiB input bound, to show
//! both stay linear and far below a prompt's latency.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lean_core::capsule::{distill, validate, MAX_SOURCE_CHARS};

const GUIDELINES: &str = "Use browser_navigate when the user asks to open a web page, follow a link or check what a URL renders in a real browser. It starts a headless Chromium on first use and keeps one tab open for the session, so later calls reuse cookies and local storage.\nbrowser_navigate waits for the load event and then for the network to be idle for half a second. Pages that poll forever are cut off after 30 seconds and reported as partially loaded.\nNever use browser_navigate for file:// URLs or for hosts the user did not mention; ask first. Do not submit forms that change data without the user's explicit confirmation.\nCall browser_navigate before browser_screenshot: the screenshot tool captures the current tab and fails when no page is open.\nThe browser runs with a 1280x800 viewport, English locale and the UTC time zone. Downloads are blocked; links to binaries return their headers only.\nSee the browser package README for proxy settings.";

fn large() -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.len() + 200 < MAX_SOURCE_CHARS {
        out.push_str(&format!(
            "Sentence {i} explains a detail of the tool. Never repeat step {i} twice.\n"
        ));
        i += 1;
    }
    out
}

fn bench_capsule(c: &mut Criterion) {
    let big = large();
    let big_capsule = distill(&big).expect("shorter").text;
    let capsule = distill(GUIDELINES).expect("shorter").text;
    let mut group = c.benchmark_group("capsule");
    group.throughput(Throughput::Bytes(GUIDELINES.len() as u64));
    group.bench_function("distill 1.4 KB guidelines", |b| {
        b.iter(|| distill(black_box(GUIDELINES)))
    });
    group.bench_function("validate 1.4 KB guidelines", |b| {
        b.iter(|| validate(black_box(GUIDELINES), black_box(&capsule)))
    });
    group.throughput(Throughput::Bytes(big.len() as u64));
    group.sample_size(20);
    group.bench_function("distill 256 KiB", |b| b.iter(|| distill(black_box(&big))));
    group.bench_function("validate 256 KiB", |b| {
        b.iter(|| validate(black_box(&big), black_box(&big_capsule)))
    });
    group.finish();
}

criterion_group!(benches, bench_capsule);
criterion_main!(benches);
