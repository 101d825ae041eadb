//! Principle 0 on generated outputs: a view is never larger than Pi's own 2,000-line / 50 KB
//! cut of the same output, and it fits the per-result token budget by priority (errors and
//! their cause chains first, then summaries, then first instances of templates).

use lean_core::compact::{compact, pi_sent_bytes, CompactOptions};

fn with_id(input: &[u8]) -> CompactOptions {
    CompactOptions {
        recovery_id: Some(lean_core::hash::xxh3_hex(input)),
        ..Default::default()
    }
}

/// o200k-free token estimate for assertions: chars / 3 over-counts most text, so a view under
/// it is comfortably under the same budget in real tokens.
fn rough_tokens(bytes: &[u8]) -> usize {
    bytes.len() / 3
}

/// About `bytes` of clippy output: thousands of warnings of a few lints over many files, a
/// handful of distinct errors with their notes, and the final summary.
fn clippy_run(bytes: usize) -> Vec<u8> {
    let lints = [
        "needless_range_loop",
        "redundant_clone",
        "too_many_arguments",
        "manual_memcpy",
        "clone_on_copy",
    ];
    let mut out = String::from("    Checking app v0.1.0 (/home/dev/app)\n");
    let mut k = 0usize;
    while out.len() < bytes {
        let lint = lints[k % lints.len()];
        out.push_str(&format!(
            "warning: this could be simpler: `clippy::{lint}`\n  --> src/mod_{}/file_{}.rs:{}:{}\n   |\n{} |     let value = compute(input_{k}, &table[{}]);\n   |                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n   |\n   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#{lint}\n\n",
            k % 97,
            k % 13,
            10 + k % 900,
            5 + k % 40,
            10 + k % 900,
            k % 50
        ));
        if k % 1500 == 700 {
            let n = k / 1500;
            out.push_str(&format!(
                "error[E0{n}99]: mismatched types number {n}\n  --> src/core_{n}.rs:{n}4:9\n   |\n   = note: expected `u32`, found `usize`\n   = note: caused by the call in src/caller_{n}.rs:12\n\n"
            ));
        }
        k += 1;
    }
    out.push_str("warning: `app` (lib) generated 9001 warnings\nerror: could not compile `app` (lib) due to 7 previous errors; 9001 warnings emitted\n");
    out.into_bytes()
}

/// A long `git diff` of many files with small hunks.
fn long_diff(bytes: usize) -> Vec<u8> {
    let mut out = String::new();
    let mut f = 0usize;
    while out.len() < bytes {
        out.push_str(&format!(
            "diff --git a/src/file_{f}.rs b/src/file_{f}.rs\nindex 1234567..89abcde 100644\n--- a/src/file_{f}.rs\n+++ b/src/file_{f}.rs\n"
        ));
        for h in 0..6 {
            out.push_str(&format!(
                "@@ -{0},7 +{0},8 @@ fn helper_{h}() {{\n     let a = {h};\n-    let b = old_{f}_{h}(a);\n+    let b = new_{f}_{h}(a);\n+    trace(b);\n     use_it(b);\n     done();\n }}\n",
                10 + h * 40
            ));
        }
        if f % 25 == 3 {
            out.push_str(&format!(
                "diff --git a/assets/logo_{f}.png b/assets/logo_{f}.png\nnew file mode 100644\nindex 0000000..1111111\nBinary files /dev/null and b/assets/logo_{f}.png differ\n"
            ));
            out.push_str(&format!(
                "diff --git a/old_{f}.rs b/renamed_{f}.rs\nsimilarity index 91%\nrename from old_{f}.rs\nrename to renamed_{f}.rs\n"
            ));
        }
        f += 1;
    }
    out.into_bytes()
}

fn assert_within_pi_cut(input: &[u8], out: &[u8], head: bool) {
    let cut = pi_sent_bytes(input, head);
    assert!(
        out.len() <= cut,
        "view {} bytes exceeds Pi's cut {} bytes",
        out.len(),
        cut
    );
}

#[test]
fn one_megabyte_clippy_run_fits_the_budget_and_keeps_every_distinct_error() {
    let input = clippy_run(1 << 20);
    let out = compact(&input, &with_id(&input));
    assert!(out.changed);
    assert_within_pi_cut(&input, &out.text, false);
    let text = String::from_utf8_lossy(&out.text);
    // About 8k tokens by default, far below Pi's 50 KB.
    assert!(
        rough_tokens(&out.text) <= 12_000,
        "{} bytes",
        out.text.len()
    );
    for n in 0..((1 << 20) / 1_000_000 + 1) {
        assert!(text.contains(&format!("error[E0{n}99]: mismatched types number {n}")));
        // The cause chain follows its error.
        assert!(text.contains(&format!(
            "   = note: caused by the call in src/caller_{n}.rs:12"
        )));
    }
    assert!(text.contains("error: could not compile `app` (lib) due to 7 previous errors"));
    // Every lint shows up at least once: the first instance of each template.
    for lint in ["needless_range_loop", "redundant_clone", "manual_memcpy"] {
        assert!(text.contains(lint), "{lint} missing");
    }
}

#[test]
fn long_diff_keeps_file_headers_and_metadata_within_pi_cut() {
    let input = long_diff(155 * 1024);
    let out = compact(&input, &with_id(&input));
    assert!(out.changed);
    assert_within_pi_cut(&input, &out.text, false);
    let text = String::from_utf8_lossy(&out.text);
    assert!(text.contains("diff --git a/src/file_0.rs b/src/file_0.rs"));
    assert!(text.contains("rename from old_3.rs"));
    assert!(text.contains("rename to renamed_3.rs"));
    assert!(text.contains("Binary files /dev/null and b/assets/logo_3.png differ"));
}

#[test]
fn smaller_budget_gives_a_smaller_view_and_errors_come_first() {
    let input = clippy_run(400 * 1024);
    let wide = compact(&input, &with_id(&input));
    let narrow = compact(
        &input,
        &CompactOptions {
            budget_tokens: Some(300),
            ..with_id(&input)
        },
    );
    assert!(narrow.text.len() < wide.text.len());
    assert!(rough_tokens(&narrow.text) <= 600, "{}", narrow.text.len());
    let text = String::from_utf8_lossy(&narrow.text);
    assert!(text.contains("error[E0099]: mismatched types number 0"));
    assert!(text.contains("error: could not compile"));
}

#[test]
fn view_never_exceeds_an_explicit_cap_even_when_nothing_fits() {
    let input = clippy_run(200 * 1024);
    for cap in [120usize, 400, 2000] {
        let out = compact(
            &input,
            &CompactOptions {
                max_output_bytes: Some(cap),
                ..with_id(&input)
            },
        );
        assert!(out.changed);
        assert!(out.text.len() <= cap, "{} > {cap}", out.text.len());
        assert!(!out.ranges.is_empty());
    }
}

#[test]
fn read_results_are_capped_at_pis_head_cut() {
    // Long unique lines: Pi's head cut of 50 KB is the cap for `read`.
    let input: Vec<u8> = (0..3000)
        .flat_map(|i| format!("{i:05} {}\n", "word ".repeat(20 + i % 7)).into_bytes())
        .collect();
    let opts = CompactOptions {
        tool: Some("read".into()),
        budget_tokens: Some(100_000),
        ..with_id(&input)
    };
    let out = compact(&input, &opts);
    assert_within_pi_cut(&input, &out.text, true);
}

#[test]
fn huge_single_line_output_stays_within_pis_cut() {
    let mut input = b"starting\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 300_000));
    input.extend_from_slice(b"\nerror: boom\n");
    for i in 0..40 {
        input.extend_from_slice(format!("note: cleanup step {i} finished\n").as_bytes());
    }
    let out = compact(&input, &with_id(&input));
    assert!(out.changed);
    assert_within_pi_cut(&input, &out.text, false);
    assert!(String::from_utf8_lossy(&out.text).contains("error: boom"));
}

#[test]
fn outputs_under_the_budget_are_not_squeezed_further() {
    // A 30 KB log with one error: the default selection already fits, and raising the budget
    // does not change it (the budget is a ceiling, not a target).
    let mut input = String::new();
    for i in 0..600 {
        input.push_str(&format!(
            "[{i:04}] INFO worker ready on port {}\n",
            8000 + i
        ));
    }
    input.push_str("[0600] ERROR connection refused by db:5432\n");
    let a = compact(input.as_bytes(), &with_id(input.as_bytes()));
    let b = compact(
        input.as_bytes(),
        &CompactOptions {
            budget_tokens: Some(50_000),
            ..with_id(input.as_bytes())
        },
    );
    assert_eq!(a.text, b.text);
    assert!(String::from_utf8_lossy(&a.text).contains("ERROR connection refused by db:5432"));
}
