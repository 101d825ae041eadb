//! Criterion benches for the durable recovery store: what `put` costs the caller (Node's event
//! loop) now that blobs are written behind it, next to the full durable write it used to do.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lean_core::recovery::{RecoveryStore, StoreConfig};

fn original(size: usize, salt: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(size + 64);
    let mut line = 0u64;
    while out.len() < size {
        out.extend_from_slice(format!("{salt} line {line} of a large tool output\n").as_bytes());
        line += 1;
    }
    out
}

fn bench_put(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("lean-core-bench-recovery-{}", std::process::id()));
    let store = RecoveryStore::open(StoreConfig {
        max_entries: 4,
        max_bytes: 64 << 20,
        dir: Some(dir.clone()),
        disk_budget_bytes: 256 << 20,
    })
    .unwrap();
    let mut group = c.benchmark_group("recovery-put");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(10 << 20));
    let mut salt = 0u64;
    // Distinct originals each time, so every put really writes a blob.
    group.bench_function("put-10MB (returns before the write)", |b| {
        b.iter_batched(
            || {
                // The previous write drains outside the measurement, so the queue never
                // applies backpressure here.
                store.flush().unwrap();
                salt += 1;
                original(10 << 20, salt)
            },
            |bytes| store.put(black_box(&bytes)).unwrap(),
            criterion::BatchSize::PerIteration,
        );
        store.flush().unwrap();
    });
    group.bench_function("put+flush-10MB (durable, what put used to cost)", |b| {
        b.iter_batched(
            || {
                salt += 1;
                original(10 << 20, salt)
            },
            |bytes| {
                store.put(black_box(&bytes)).unwrap();
                store.flush().unwrap();
            },
            criterion::BatchSize::PerIteration,
        );
    });
    group.finish();
    drop(store);
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(benches, bench_put);
criterion_main!(benches);
