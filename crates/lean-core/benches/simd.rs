//! Each vector kernel of `src/simd.rs` against its scalar reference, over 64 KB of a build
//! log (the bytes the kernels see in practice). `docs/unsafe.md` keeps a kernel only while
//! its `vector` figure is at least 1.5× its `scalar` one; run with `cargo bench -p lean-core
//! --bench simd`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use lean_core::fuzzing::kernels;

fn log_bytes(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 128);
    let mut i = 0u64;
    while out.len() < len {
        let line = match i % 4 {
            0 => format!("   Compiling dep{i} v1.0.{i} (/home/u/src/dep{i})\n"),
            1 => format!("test tests::case_{i} ... ok\n"),
            2 => format!(
                "{{\"level\":\"info\",\"id\":{i},\"msg\":\"request done\",\"ms\":{}}}\n",
                i % 97
            ),
            _ => format!(
                "\twarning: unused variable `x{i}` at src/lib.rs:{}:9\n",
                i % 500
            ),
        };
        out.extend_from_slice(line.as_bytes());
        i += 1;
    }
    out.truncate(len);
    out
}

fn bench_kernels(c: &mut Criterion) {
    let bytes = log_bytes(64 * 1024);
    let mut group = c.benchmark_group("simd");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    for vector in [true, false] {
        let way = if vector { "vector" } else { "scalar" };
        group.bench_with_input(
            BenchmarkId::new("classify32", way),
            &vector,
            |b, &vector| {
                b.iter(|| {
                    let mut acc = 0u32;
                    for chunk in bytes.chunks_exact(32) {
                        let masks = kernels::classify32(chunk.try_into().unwrap(), vector);
                        acc ^= masks.iter().fold(0, |a, m| a ^ m);
                    }
                    black_box(acc)
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("pair_masks16", way),
            &vector,
            |b, &vector| {
                let pairs = [[b'\n', b'\n'], [b'/', b'\\'], [b':', b'=']];
                b.iter(|| {
                    let mut acc = 0u32;
                    for lane in bytes.chunks_exact(16) {
                        let masks = kernels::pair_masks16(lane.try_into().unwrap(), pairs, vector);
                        acc ^= masks[0] ^ masks[1] ^ masks[2];
                    }
                    black_box(acc)
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("control_masks16", way),
            &vector,
            |b, &vector| {
                let allowed = [b'\t', b'\n', b'\r', 0x1b, 0x08, 0x0c];
                b.iter(|| {
                    let mut acc = 0u32;
                    for lane in bytes.chunks_exact(16) {
                        let (bad, high) =
                            kernels::control_masks16(lane.try_into().unwrap(), allowed, vector);
                        acc ^= bad ^ high;
                    }
                    black_box(acc)
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("json_marks64", way),
            &vector,
            |b, &vector| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for block in bytes.chunks_exact(64) {
                        let (special, solid, newlines) =
                            kernels::json_marks64(block.try_into().unwrap(), vector);
                        acc ^= special ^ solid ^ newlines as u64;
                    }
                    black_box(acc)
                })
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = bench_kernels
}
criterion_main!(benches);
