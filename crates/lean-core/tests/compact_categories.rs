//! A slot whose values are a few recurring categories (process ids, file descriptors, worker
//! names, status codes) as a property over generated outputs: one line whose category is seen
//! once among categories that each recur is unlike its look-alikes and stays visible (or is
//! named by a marker with its line number), wherever its value falls in the categories' range:
//! not only when it happens to be the largest or smallest number.
//!
//! Cases come from a fixed seed (`CATEGORY_CASES`, default 200).

use lean_core::compact::{compact, CompactOptions};

mod support;
use support::Rng;

struct Case {
    lines: Vec<String>,
    /// 1-based line of the needle, and the needle's text.
    at: usize,
    needle: String,
}

/// An strace-like trace of `n` calls by `k` processes (or named workers), each recurring, with
/// one call by a process seen nowhere else, its number between the others'.
fn generate(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let k = rng.range(3, 13) as usize;
    let n = rng.range(300, 900) as usize;
    let numeric = rng.below(3) != 0;
    let base = rng.range(1000, 60000);
    let step = rng.range(2, 9);
    // Categories `base + j * step`; the needle's is `base + step * pick + 1`, strictly inside.
    let category = |j: u64| -> String {
        if numeric {
            format!("{}", base + j * step)
        } else {
            format!(
                "worker-{}",
                [
                    "alpha", "bravo", "delta", "gamma", "kilo", "lima", "mike", "oscar", "papa",
                    "romeo", "sierra", "tango"
                ][j as usize]
            )
        }
    };
    let calls = ["read", "write", "openat", "fstat", "close", "mmap"];
    let files = [
        "/etc/hosts",
        "/usr/lib/libc.so.6",
        "/proc/self/maps",
        "/tmp/cache.db",
        "/var/log/app.log",
    ];
    let line = |rng: &mut Rng, who: String, i: usize| {
        let call = calls[rng.below(calls.len() as u64) as usize];
        let file = files[rng.below(files.len() as u64) as usize];
        let fd = rng.range(3, 9);
        let took = rng.range(1, 999_999);
        let size = rng.range(0, 4096);
        format!("[pid {who}] {call}({fd}, \"{file}\", 4096) = {size} <0.{took:06}> #{i}")
    };
    let mut lines: Vec<String> = (0..n)
        .map(|i| {
            let who = category(rng.below(k as u64));
            line(&mut rng, who, i)
        })
        .collect();
    // The outsider looks like every other call but for its process.
    let outsider = if numeric {
        format!("{}", base + step * rng.range(0, k as u64 - 1) + 1)
    } else {
        "worker-zulu".to_string()
    };
    let at = rng.range(20, n as u64 - 20) as usize;
    let needle = line(&mut rng, outsider, at);
    lines.insert(at, needle.clone());
    Case {
        lines,
        at: at + 1,
        needle,
    }
}

/// Whether a marker names `line` among the lines of its values (`(l. 12)`, `(l. 3, 12)`).
fn named(marker: &str, line: usize) -> bool {
    marker.match_indices("(l. ").any(|(at, _)| {
        marker[at + 4..]
            .split(')')
            .next()
            .is_some_and(|list| list.split(", ").any(|n| n == line.to_string()))
    })
}

fn check(seed: u64) -> Result<(), String> {
    let case = generate(seed);
    let mut input = case.lines.join("\n");
    input.push('\n');
    let opts = CompactOptions {
        tool: Some("bash".into()),
        command: Some("strace -f -T ./app".into()),
        recovery_id: Some(lean_core::hash::xxh3_hex(input.as_bytes())),
        ..Default::default()
    };
    let result = compact(input.as_bytes(), &opts);
    let view = String::from_utf8_lossy(&result.text).into_owned();
    if !result.changed {
        return Ok(());
    }
    let shown = view.lines().any(|l| l == case.needle);
    let markers: Vec<&str> = view.lines().filter(|l| l.starts_with("[… ")).collect();
    if !shown && !markers.iter().any(|m| named(m, case.at)) {
        return Err(format!(
            "line {} ({}) neither shown nor named",
            case.at, case.needle
        ));
    }
    Ok(())
}

#[test]
fn a_category_seen_once_stays_visible() {
    support::check_seeds(support::cases("CATEGORY_CASES", 200), 0xca7e_0000, check);
}
