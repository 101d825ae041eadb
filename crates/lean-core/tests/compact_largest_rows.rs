//! The few largest values of a measured column stay, not only the largest: a question about a
//! listing or a table of measurements is about its big rows ("what takes the space", "which
//! modules are heavy", "the slowest calls"), and the runner-up is as much news as the winner.
//!
//! Property over generated listings well over Pi's 50 KB cut (`unzip -l`, `ls -l`, `du`
//! style rows, sizes spread over six orders of magnitude, the largest rows anywhere): the rows
//! holding the three largest sizes are kept verbatim.
//!
//! Cases come from fixed seeds (`LARGEST_CASES`, default 300).

mod support;
use support::{view_of, Rng};

const DIRS: &[&str] = &[
    "core", "lib", "linalg", "random", "fft", "ma", "tests", "include", "data", "typing",
];
const STEMS: &[&str] = &[
    "array", "umath", "utils", "common", "helpers", "io", "format", "shape", "index", "dtype",
];
const EXTENSIONS: &[&str] = &["py", "pyi", "h", "c", "txt", "so", "json", "pxd"];

/// One row of the listing with `size` bytes, in directory `dir` (a listing names the files of
/// one directory together).
fn row(rng: &mut Rng, style: u64, size: u64, k: usize, dir: &str) -> String {
    let path = format!("pkg/{dir}/{}_{k}.{}", rng.pick(STEMS), rng.pick(EXTENSIONS));
    match style {
        0 => format!("{size:>9}  2024-02-05 22:00   {path}"),
        1 => format!("-rw-r--r-- 1 root root {size:>10} Jan  1  2026 {path}"),
        _ => format!("{size}\t{path}"),
    }
}

/// A listing and its three largest rows.
fn listing(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let style = seed % 3;
    let rows = rng.range(2200, 4000) as usize;
    // Ordinary sizes up to about a megabyte; the three largest are well above every other.
    let mut sizes: Vec<u64> = (0..rows)
        .map(|_| {
            let digits = rng.range(1, 7) as u32;
            rng.range(10u64.pow(digits - 1), 10u64.pow(digits))
        })
        .collect();
    let mut large: Vec<usize> = Vec::new();
    while large.len() < 3 {
        let at = rng.range(3, rows as u64 - 3) as usize;
        if !large.contains(&at) {
            large.push(at);
        }
    }
    for (rank, &at) in large.iter().enumerate() {
        sizes[at] = rng.range(2_000_000, 9_000_000) * (3 - rank as u64);
    }
    let mut lines: Vec<String> = Vec::new();
    let mut wanted: Vec<String> = Vec::new();
    for (k, &size) in sizes.iter().enumerate() {
        let dir = DIRS[k * DIRS.len() / rows];
        let line = row(&mut rng, style, size, k, dir);
        if large.contains(&k) {
            wanted.push(line.clone());
        }
        lines.push(line);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn the_three_largest_rows_stay() {
    let cases = support::cases("LARGEST_CASES", 300);
    support::check_seeds(cases, 0x1a26_0000, |seed| {
        let (text, wanted) = listing(seed);
        assert!(text.len() > 52_000, "a case is over Pi's cut");
        let Some(view) = view_of(&text, "unzip -l pkg.whl") else {
            return Ok(());
        };
        support::keeps_lines(&view, &wanted)
    });
}
