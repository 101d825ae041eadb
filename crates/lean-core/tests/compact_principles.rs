//! Principles 1-6 of the compaction engine, each checked on outputs generated here (never on
//! the evaluation corpora): small outputs stay lossless, distinct grep hits are facts, a tree's
//! top level is kept, the state before a failure is kept, long lines of one shape are one
//! template, and every kind has its recognizer.

use lean_core::compact::{compact, CompactOptions, ContentKind};

fn run(input: &str, opts: CompactOptions) -> String {
    let opts = CompactOptions {
        recovery_id: Some(lean_core::hash::xxh3_hex(input.as_bytes())),
        ..opts
    };
    String::from_utf8(compact(input.as_bytes(), &opts).text).unwrap()
}

fn auto(input: &str) -> String {
    run(input, CompactOptions::default())
}

#[test]
fn p1_small_outputs_stay_lossless() {
    // About 1,500 tokens of lines of many shapes: dropping some would save only a few hundred.
    let shapes = [
        "resolved dependency graph for",
        "warning: field is never read in",
        "fetched index of",
        "note: consider using",
        "linking with cc for",
        "stored artifact",
        "checked features of",
        "skipped optional",
    ];
    let input: String = (0..96)
        .map(|i| format!("{} module_{} ({} ms)\n", shapes[i % 8], i * 7, i % 13))
        .collect();
    assert_eq!(auto(&input), input);
    // Exact repeats still collapse: that is lossless (the marker names the range).
    let repeated = format!("{input}{}", "waiting for lock\n".repeat(60));
    let out = auto(&repeated);
    assert!(out.contains(&input));
    assert!(out.contains("waiting for lock\n[… 59 lines 98-156 identical"));
    assert!(out.len() < repeated.len());
}

#[test]
fn p2_distinct_grep_hits_are_facts() {
    // The same text on different lines and files: small, so every hit stays.
    let small: String = (0..40)
        .map(|i| format!("src/m{}.rs:{}:    let x = parse(input)?;\n", i % 4, 10 + i))
        .collect();
    let out = run(
        &small,
        CompactOptions {
            tool: Some("grep".into()),
            ..Default::default()
        },
    );
    for i in 0..40 {
        assert!(out.contains(&format!("{}:    let x = parse(input)?;", 10 + i)));
    }
    // Large: runs collapse, and the marker names where the hits are.
    let large: String = (0..6000)
        .map(|i| {
            format!(
                "src/m{}.rs:{}:    let x = parse(input)?;\n",
                i / 600,
                10 + i
            )
        })
        .collect();
    let out = run(
        &large,
        CompactOptions {
            tool: Some("grep".into()),
            ..Default::default()
        },
    );
    assert!(out.len() < large.len() / 10);
    assert!(out.contains("hits at lines "));
    for file in 0..10 {
        assert!(
            out.contains(&format!("src/m{file}.rs")),
            "file {file} named"
        );
    }
}

#[test]
fn p3_a_trees_top_level_is_kept() {
    let mut tree = String::from("app v0.1.0 (/home/dev/app)\n");
    for top in 0..30 {
        let branch = if top == 29 { "└──" } else { "├──" };
        tree.push_str(&format!("{branch} dep_{top} v1.{top}.0\n"));
        for child in 0..40 {
            tree.push_str(&format!("│   ├── sub_{top}_{child} v0.{child}.1\n"));
            tree.push_str(&format!("│   │   └── leaf_{top}_{child} v2.0.{child}\n"));
        }
    }
    let out = auto(&tree);
    assert!(out.len() < tree.len() / 2);
    assert!(out.starts_with("app v0.1.0"));
    for top in 0..30 {
        assert!(
            out.contains(&format!(" dep_{top} v1.{top}.0\n")),
            "dep_{top}"
        );
    }
    // `find` output: every direct child of the common root is named.
    let mut paths = String::new();
    for dir in ["alpha", "beta", "gamma", "delta"] {
        for i in 0..900 {
            paths.push_str(&format!("/usr/share/{dir}/sub{}/file_{i}.h\n", i % 9));
        }
    }
    let out = run(
        &paths,
        CompactOptions {
            tool: Some("find".into()),
            ..Default::default()
        },
    );
    for dir in ["alpha", "beta", "gamma", "delta"] {
        assert!(out.contains(&format!("/usr/share/{dir}/")), "{dir}");
    }
}

#[test]
fn p4_the_state_before_a_failure_is_kept() {
    let mut log = String::new();
    for i in 0..500 {
        log.push_str(&format!(
            "2026-01-01 10:00:{:02} INFO synced batch {i}\n",
            i % 60
        ));
    }
    log.push_str("2026-01-01 10:09:00 ERROR worker crashed\n");
    log.push_str(
        "Traceback (most recent call last):\n  File \"w.py\", line 3, in run\nOSError: disk full\n",
    );
    for _ in 0..300 {
        log.push_str("2026-01-01 10:09:01 INFO retrying in 5s\n");
    }
    let out = auto(&log);
    assert!(out.len() < log.len() / 5);
    assert!(
        out.contains("INFO synced batch 499\n"),
        "last event before the failure"
    );
    assert!(
        out.contains("INFO synced batch 0\n"),
        "first instance of the template"
    );
    assert!(out.contains("ERROR worker crashed"));
    assert!(out.contains("OSError: disk full"));
    assert!(
        out.contains("INFO retrying in 5s"),
        "the repeated tail is named"
    );
}

#[test]
fn p5_long_unique_lines_of_one_shape_compact() {
    // A 65 KB `cargo build -v` shape: every line one long rustc command with its own flags.
    let mut log = String::new();
    let mut k = 0;
    while log.len() < 65 * 1024 {
        log.push_str(&format!("   Compiling crate_{k} v0.{k}.0\n"));
        log.push_str(&format!(
            "     Running `rustc --crate-name crate_{k} --edition=2021 src/lib.rs --error-format=json --crate-type lib -C opt-level={} -C metadata={k:016x} --cfg 'feature=\"f{k}\"' --check-cfg 'cfg(no_core_error)' -L dependency=/home/dev/target/debug/deps --extern dep_{k}=/home/dev/target/debug/deps/libdep_{k}.rlib`\n",
            k % 4
        ));
        k += 1;
    }
    log.push_str("    Finished `dev` profile [unoptimized + debuginfo] target(s) in 41.20s\n");
    let result = compact(log.as_bytes(), &CompactOptions::default());
    assert!(result.changed);
    assert!(result.text.len() < log.len() / 3, "{}", result.text.len());
    let out = String::from_utf8(result.text).unwrap();
    assert!(out.contains("Finished `dev` profile"));
    // `--error-format` and `no_core_error` are flags, not errors: no line is kept as one.
    assert!(out.matches("Running `rustc").count() < 20);
}

#[test]
fn p6_tables_configs_and_source_outlines() {
    // Table: the header, the edge rows and the outlier row.
    let mut table = String::from("id    suite     status  ms\n----  --------  ------  -----\n");
    for i in 1..=1200 {
        let ms = if i == 700 {
            98_123
        } else {
            40 + (i * 37) % 300
        };
        table.push_str(&format!("{i:<5} suite_{:<3} ok      {ms}\n", i % 23));
    }
    let out = auto(&table);
    assert_eq!(
        lean_core::compact::detect(table.as_bytes(), &CompactOptions::default()),
        ContentKind::Table
    );
    assert!(out.len() < table.len() / 5);
    assert!(out.contains("id    suite     status  ms"));
    assert!(out.contains("700   suite_10  ok      98123"));
    assert!(out.contains("1200  suite_4   ok"));

    // Config: every section and its first key, among hundreds of commented defaults.
    let mut config = String::new();
    for s in 0..12 {
        config.push_str(&format!("[ section_{s} ]\nkey_{s} = value_{s}\n"));
        for c in 0..150 {
            config.push_str(&format!("# option_{s}_{c} = default ({c})\n"));
        }
    }
    let out = auto(&config);
    assert!(out.len() < config.len() / 3);
    for s in 0..12 {
        assert!(out.contains(&format!("[ section_{s} ]\nkey_{s} = value_{s}")));
    }

    // Source outline: imports, decorators and TODO/FIXME lines besides definitions.
    let mut source = String::from("import os\nfrom typing import Any\n");
    for f in 0..80 {
        if f % 20 == 0 {
            source.push_str("@lru_cache(maxsize=None)\n");
        }
        source.push_str(&format!("def func_{f}(x: Any) -> int:\n"));
        for l in 0..12 {
            source.push_str(&format!("    value_{l} = compute(x, {l}) + {f}\n"));
        }
        if f == 41 {
            source.push_str("    # TODO: handle negative inputs\n");
        }
    }
    let out = run(
        &source,
        CompactOptions {
            path: Some("mod.py".into()),
            ..Default::default()
        },
    );
    assert!(out.len() < source.len() / 2);
    for needle in [
        "import os",
        "from typing import Any",
        "@lru_cache(maxsize=None)",
        "# TODO: handle negative inputs",
        "def func_0(x: Any) -> int:",
    ] {
        assert!(out.contains(needle), "{needle}");
    }
}

#[test]
fn p4_failed_tests_of_every_reporter_keep_their_name_and_message() {
    // A long passing run, then one failure as Node's spec reporter prints it (`✖` marks the
    // test; the assertion announces its details with a colon, then a blank line) and as TAP
    // prints it (`not ok`).
    let words = ["cart", "coupon", "ship", "tax", "refund", "stock"];
    let mut input = String::new();
    for i in 0..1500 {
        input.push_str(&format!(
            "  \u{2714} m{:03} {} total of {} line(s) at {} cents (0.{}ms)\n",
            i / 8,
            words[i % 6],
            i % 8 + 1,
            100 + 25 * (i % 8),
            i * 37 % 1000
        ));
    }
    input.push_str("  \u{2716} rounds half-cent results to the nearest cent (0.57ms)\n");
    input.push_str("not ok 1201 - gift cards cannot go negative\n");
    input.push_str("\u{2139} tests 1502\n\u{2139} pass 1500\n\u{2139} fail 2\n\n");
    input.push_str("\u{2716} failing tests:\n\n");
    input.push_str("test at test/pricing.test.mjs:14:3\n");
    input.push_str("\u{2716} rounds half-cent results to the nearest cent (0.57ms)\n");
    input.push_str("  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n");
    input.push_str("  898 !== 899\n\n");
    for i in 0..12 {
        input.push_str(&format!(
            "      at TestContext.<anonymous> (file:///t/p.mjs:{i}:3)\n"
        ));
    }
    for budget in [None, Some(8000), Some(1500)] {
        let out = run(
            &input,
            CompactOptions {
                tool: Some("bash".into()),
                command: Some("npm test".into()),
                budget_tokens: budget,
                ..CompactOptions::default()
            },
        );
        assert!(
            out.len() < input.len() / 2,
            "budget {budget:?}: not compacted"
        );
        for fact in [
            "\u{2716} rounds half-cent results to the nearest cent",
            "not ok 1201 - gift cards cannot go negative",
            "898 !== 899",
            "\u{2139} fail 2",
        ] {
            assert!(
                out.contains(fact),
                "budget {budget:?}: lost {fact:?}\n{out}"
            );
        }
    }
}

#[test]
fn summary_words_are_whole_words_so_a_verbose_build_keeps_its_last_line() {
    // Hundreds of `exports totalX…` records once counted as summaries (` total` inside an
    // identifier), filled the budget in text order and pushed out the real summary at the end.
    let mut input = String::new();
    for i in 0..160 {
        input.push_str(&format!(
            "[build] compile src/modules/m{i:03}.mjs -> dist/modules/m{i:03}.mjs  {} B -> {} B  sha256:{:064x}\n",
            400 + i,
            300 + i,
            (i as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
        ));
        input.push_str(&format!(
            "[build]   exports totalCartM{i:03}, couponFactorM{i:03}, scaleCouponM{i:03}\n"
        ));
    }
    input.push_str("built 160 modules: 80837 B -> 56082 B, 0 warning(s)\n");
    let out = run(
        &input,
        CompactOptions {
            tool: Some("bash".into()),
            command: Some("npm run build".into()),
            ..CompactOptions::default()
        },
    );
    assert!(
        out.contains("built 160 modules: 80837 B -> 56082 B"),
        "{out}"
    );
    assert!(
        out.len() < input.len() / 3,
        "{} of {}",
        out.len(),
        input.len()
    );
}

/// Test names made of words only (no digits), all distinct: each line differs by words. Some
/// hold "error" and "total": a passing test named so is neither a failure nor a verdict.
fn test_names(count: usize) -> Vec<String> {
    let verbs = [
        "parses", "renders", "keeps", "rejects", "merges", "sorts", "rounds", "loads", "saves",
        "skips",
    ];
    let nouns = [
        "header", "cart", "invoice", "coupon", "session", "profile", "order", "report", "token",
        "config",
    ];
    // Long enough that 600 of them make an output past the lossless-only size.
    let tails = [
        "on reload after the session cookie has expired and the cache is cold",
        "when empty and the customer has never placed an order before today",
        "with error total shown beside the discount line of the summary panel",
        "with unicode names in every field of the shipping and billing address",
        "for guests who check out without creating an account on the storefront",
        "in bulk when the import file holds thousands of rows from the warehouse",
    ];
    (0..count)
        .map(|i| {
            format!(
                "{} the {} {}",
                verbs[i % 10],
                nouns[(i / 10) % 10],
                tails[(i / 100) % 6]
            )
        })
        .collect()
}

fn camel(name: &str) -> String {
    name.split(' ')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect()
}

#[test]
fn p5_status_lines_of_one_shape_are_one_template() {
    // 600 passing tests whose names differ by words, one failure, per runner: the passing
    // lines fold into markers naming their shape; the failure, its message and the summary
    // stay.
    let names = test_names(600);
    let bad = 417;
    let runners: Vec<(&str, String, &str, &str)> = vec![
        {
            let mut s = String::from("> node --test --test-reporter=spec\n\n");
            for (i, n) in names.iter().enumerate() {
                if i % 20 == 0 {
                    s.push_str(&format!("▶ suite {}\n", names[i / 20 * 7 % 600]));
                }
                let mark = if i == bad { "✖" } else { "✔" };
                s.push_str(&format!("  {mark} {n} (0.{}ms)\n", 100 + i * 37 % 900));
            }
            s.push_str("ℹ tests 600\nℹ pass 599\nℹ fail 1\n\n✖ failing tests:\n\n");
            s.push_str(&format!(
                "✖ {} (0.3ms)\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n  898 !== 899\n\n",
                names[bad]
            ));
            ("node spec", s, "898 !== 899", "ℹ fail 1")
        },
        {
            let mut s = String::from("PASS src/cart.test.js\n");
            for (i, n) in names.iter().enumerate() {
                let mark = if i == bad { "✕" } else { "✓" };
                s.push_str(&format!("  {mark} {n} ({} ms)\n", 1 + i % 40));
            }
            s.push_str(&format!(
                "\n  ● cart › {}\n\n    expect(received).toBe(expected)\n\n    Expected: 899\n    Received: 898\n\nTests:       1 failed, 599 passed, 600 total\n",
                names[bad]
            ));
            (
                "jest",
                s,
                "Received: 898",
                "Tests:       1 failed, 599 passed, 600 total",
            )
        },
        {
            let mut s = String::from("============ test session starts ============\n");
            for (i, n) in names.iter().enumerate() {
                let status = if i == bad { "FAILED" } else { "PASSED" };
                let snake = n.replace(' ', "_");
                s.push_str(&format!(
                    "tests/test_cart.py::test_{snake} {status} [{:>3}%]\n",
                    i * 100 / 600
                ));
            }
            s.push_str(&format!(
                "\n================= FAILURES =================\n_____ test_{} _____\n\n    def test_x():\n>       assert total() == 899\nE       assert 898 == 899\n\n========= 1 failed, 599 passed in 2.10s =========\n",
                names[bad].replace(' ', "_")
            ));
            (
                "pytest",
                s,
                "E       assert 898 == 899",
                "1 failed, 599 passed in 2.10s",
            )
        },
        {
            let mut s = String::from("running 600 tests\n");
            for (i, n) in names.iter().enumerate() {
                let status = if i == bad { "FAILED" } else { "ok" };
                s.push_str(&format!(
                    "test cart::{} ... {status}\n",
                    n.replace(' ', "_")
                ));
            }
            s.push_str(&format!(
                "\nfailures:\n\n---- cart::{} stdout ----\nthread 'cart::x' panicked at src/cart.rs:12:5:\nassertion `left == right` failed\n  left: 898\n right: 899\n\ntest result: FAILED. 599 passed; 1 failed; 0 ignored\n",
                names[bad].replace(' ', "_")
            ));
            (
                "cargo",
                s,
                "  left: 898",
                "test result: FAILED. 599 passed; 1 failed",
            )
        },
        {
            let mut s = String::new();
            for (i, n) in names.iter().enumerate() {
                let camel = camel(n);
                s.push_str(&format!("=== RUN   Test{camel}\n"));
                if i == bad {
                    s.push_str(&format!(
                        "    cart_test.go:12: total = 898, want 899\n--- FAIL: Test{camel} (0.00s)\n"
                    ));
                } else {
                    s.push_str(&format!("--- PASS: Test{camel} (0.{:02}s)\n", i % 50));
                }
            }
            s.push_str("FAIL\nFAIL\texample.com/cart\t0.412s\n");
            ("go", s, "total = 898, want 899", "FAIL\texample.com/cart")
        },
    ];
    for (runner, input, message, summary) in runners {
        let out = run(
            &input,
            CompactOptions {
                kind: Some(ContentKind::Test),
                ..Default::default()
            },
        );
        assert!(
            out.len() * 8 < input.len(),
            "{runner}: view {} of {} bytes:\n{out}",
            out.len(),
            input.len()
        );
        assert!(out.contains(message), "{runner}: message lost:\n{out}");
        assert!(out.contains(summary), "{runner}: summary lost:\n{out}");
        let failing = match runner {
            "go" => format!("--- FAIL: Test{}", camel(&names[bad])),
            "pytest" | "cargo" => names[bad].replace(' ', "_"),
            _ => names[bad].clone(),
        };
        assert!(
            out.contains(&failing),
            "{runner}: failing test lost:\n{out}"
        );
        assert!(
            out.contains("token_retrieve"),
            "{runner}: no marker:\n{out}"
        );
    }
}
