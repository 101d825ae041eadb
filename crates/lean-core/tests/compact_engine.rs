//! Compaction engine tests: every strategy on real snippets (fixtures cut from the evaluation
//! corpus), passthrough, determinism, binary and invalid UTF-8 input, and marker exactness.

use lean_core::compact::{compact, detect, CompactOptions, Compacted, ContentKind};
use lean_core::recovery::{RecoveryStore, StoreConfig};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/compact/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// The fixture repeated, as a command run several times in one call prints it, until it is
/// well past the size below which only lossless steps run (8,000 estimated tokens).
fn enlarged(name: &str) -> Vec<u8> {
    let one = fixture(name);
    let mut input = one.clone();
    while input.len() < 40_000 {
        input.extend_from_slice(&one);
    }
    input
}

fn text(result: &Compacted) -> String {
    String::from_utf8_lossy(&result.text).into_owned()
}

fn with_id(input: &[u8]) -> CompactOptions {
    CompactOptions {
        recovery_id: Some(lean_core::hash::xxh3_hex(input)),
        ..Default::default()
    }
}

/// Parses `[… N lines A-B …` into (A, N).
fn parse_marker(line: &[u8]) -> Option<(usize, usize)> {
    let line = std::str::from_utf8(line).ok()?;
    let rest = line.strip_prefix("[… ")?;
    let (count, rest) = rest.split_once(" lines ")?;
    let range: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    let (start, end) = range.split_once('-')?;
    let (count, start, end): (usize, usize, usize) =
        (count.parse().ok()?, start.parse().ok()?, end.parse().ok()?);
    assert_eq!(
        end + 1 - start,
        count,
        "marker count matches its range: {line}"
    );
    Some((start, count))
}

/// The line number an excerpt of an over-long line names (` [… columns A-B of line N`).
fn excerpted_line(line: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(line);
    let at = text.find(" [… columns ")?;
    let rest = &text[at..];
    let (_, after) = rest.split_once(" of line ")?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Rebuilds the original from the compacted output: kept lines are copied, every marker is
/// replaced by what the recovery store returns for its range. Checks that markers and kept lines
/// tile the original in order.
fn reconstruct(result: &Compacted, store: &RecoveryStore) -> Vec<u8> {
    let mut rebuilt = Vec::new();
    let mut next_line = 1usize;
    let mut marker_index = 0usize;
    for line in result.text.split_inclusive(|&b| b == b'\n') {
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        if let Some(n) = excerpted_line(content) {
            // An over-long line shown as an excerpt: its range is that one line.
            assert_eq!(n, next_line, "an excerpt stands where its line was");
            let range = &result.ranges[marker_index];
            assert_eq!((range.start_line, range.end_line), (n, n));
            marker_index += 1;
            let got = store.retrieve(&result.id, n, 1).expect("line retrievable");
            rebuilt.extend_from_slice(&got.text);
            next_line += 1;
        } else if let Some((start, count)) = parse_marker(content) {
            assert_eq!(
                start, next_line,
                "marker starts where the kept lines stopped"
            );
            let range = &result.ranges[marker_index];
            assert_eq!(
                (range.start_line, range.end_line),
                (start, start + count - 1)
            );
            marker_index += 1;
            let got = store
                .retrieve(&result.id, start, count)
                .expect("range retrievable");
            assert_eq!(got.start_line, start);
            assert_eq!(got.end_line, start + count - 1);
            rebuilt.extend_from_slice(&got.text);
            next_line += count;
        } else {
            rebuilt.extend_from_slice(line);
            next_line += 1;
        }
    }
    assert_eq!(
        marker_index,
        result.ranges.len(),
        "every range has a marker"
    );
    rebuilt
}

fn assert_round_trip(input: &[u8], opts: &CompactOptions) -> Compacted {
    let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    let id = store.put(input).unwrap();
    let result = compact(input, opts);
    assert_eq!(result.id, id);
    if result.changed {
        assert_eq!(reconstruct(&result, &store), input);
    } else {
        assert_eq!(result.text, input);
    }
    result
}

fn assert_keeps(result: &Compacted, facts: &[&str]) {
    let out = text(result);
    for fact in facts {
        assert!(out.contains(fact), "lost {fact:?} in:\n{out}");
    }
}

#[test]
fn small_input_passes_through_byte_identical() {
    let input = b"error: something broke\nsee above\n";
    let result = compact(input, &CompactOptions::default());
    assert!(!result.changed);
    assert_eq!(result.text, input);
    assert!(result.ranges.is_empty());
}

#[test]
fn input_over_max_passes_through_untouched() {
    let input = "line of build output 42\n".repeat(2000);
    let opts = CompactOptions {
        max_input_bytes: Some(1000),
        ..Default::default()
    };
    let result = compact(input.as_bytes(), &opts);
    assert!(!result.changed);
    assert_eq!(result.text, input.as_bytes());
}

#[test]
fn cargo_test_failures_keep_panics_and_assertions() {
    let input = enlarged("cargo_test_2fail.txt");
    let result = assert_round_trip(&input, &with_id(&input));
    assert!(result.changed);
    assert_eq!(result.kind, ContentKind::Test);
    assert_keeps(
        &result,
        &[
            "panicked at src/lib.rs:215:21:",
            "start byte index 19 is out of bounds of `\\.+*?()|[]{}^$#&-~`",
            "panicked at src/utf8.rs:515:9:",
            "left: [[0-7F], [C2-DF][80-BF], [E0][A0-BF][80-BF], [E1-EC][80-BF][80-BF], [ED][80-9F][80-BF], [EE-EF][80-BF][80-BF]]",
            "right: [[0-7F], [C2-DF][80-BF], [E0][A0-BF][80-BF], [E1-EC][80-BF][80-BF], [ED][80-9E][80-BF], [EE-EF][80-BF][80-BF]]",
            "test result: FAILED. 145 passed; 2 failed",
            "error: test failed, to rerun pass `--lib`",
            "token_retrieve id=",
        ],
    );
    assert!(result.output_bytes * 2 < result.original_bytes);
}

#[test]
fn pytest_failures_keep_assertion_text_and_summary() {
    let input = enlarged("pytest_2fail.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert!(result.changed);
    assert_keeps(
        &result,
        &[
            "FAILED tests/test_more.py::ChunkedTests::test_even",
            "FAILED tests/test_recipes.py::NcyclesTests::test_pathological_case",
            "AssertionError: Lists differ",
            "ValueError: n must be non-negative, got -10",
            "more_itertools/recipes.py:264: ValueError",
            "2 failed, 661 passed, 1 skipped, 8 warnings, 2332 subtests passed",
        ],
    );
    // Markers without an id say lines were omitted and name no retrieval call.
    assert!(text(&result).contains(" omitted"));
    assert!(!text(&result).contains("token_retrieve"));
}

#[test]
fn jest_failures_keep_expected_received_and_top_frame() {
    let input = enlarged("jest_2fail.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_keeps(
        &result,
        &[
            "● isCompatible › 2.3.0 satisfies ~2.3.0 -> false",
            "● nextRelease › bump 0.9.12 by preminor gives 2.0.1",
            "Expected: \"2.0.1\"",
            "Received: \"0.10.0-rc.0\"",
            "at toBe (__tests__/versioning.test.js:246:45)",
            "at toBe (__tests__/versioning.test.js:323:46)",
            "Tests:       2 failed, 313 passed, 315 total",
        ],
    );
    assert!(text(&result).contains("lines"));
}

#[test]
fn compiler_errors_small_output_is_kept_whole() {
    let input = fixture("cargo_build_errors.txt");
    let result = compact(&input, &CompactOptions::default());
    let out = text(&result);
    for fact in [
        "error[E0308]: mismatched types",
        "--> src/ast/parse.rs:504:26",
        "help: there is a method `parse_set_class_open` with a similar name",
        "error: could not compile `regex-syntax` (lib) due to 4 previous errors",
    ] {
        assert!(out.contains(fact), "lost {fact}");
    }
}

#[test]
fn make_gcc_log_keeps_the_error_among_warnings() {
    let input = fixture("gcc_make.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_keeps(
        &result,
        &[
            "lstrlib.c:152:30: error: 'n_repeats' undeclared (first use in this function)",
            "make: *** [Makefile:10: lstrlib.o] Error 1",
            "make: Target 'liblua.a' not remade because of errors.",
        ],
    );
}

#[test]
fn diagnostics_flood_keeps_every_distinct_error_and_the_total() {
    let input = fixture("mypy_errors.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Diagnostics);
    assert!(result.changed);
    let out = text(&result);
    assert!(out.contains("Found 1200 errors in 26 files (checked 27 source files)"));
    // Each distinct message template survives at least once.
    let mut seen_codes: Vec<&str> = std::str::from_utf8(&input)
        .unwrap()
        .lines()
        .filter_map(|l| l.rsplit_once("  [").map(|(_, code)| code))
        .collect();
    seen_codes.sort_unstable();
    seen_codes.dedup();
    for code in seen_codes {
        assert!(
            out.contains(&format!("  [{code}")),
            "lost error code {code}"
        );
    }
    assert!(result.strategies.contains(&"thin-repeated-errors"));
}

#[test]
fn grep_hits_are_grouped_by_file_and_definitions_kept() {
    // A small search passes through as stock Pi shows it (principle 1): not regrouped.
    let small = fixture("rg_word_error.txt");
    assert!(!compact(&small, &CompactOptions::default()).changed);
    // The same hits in three more crate versions are over the lossless threshold.
    let mut input = small.clone();
    for k in 1..4 {
        let copy = String::from_utf8(small.clone()).unwrap();
        input.extend_from_slice(copy.replace("-0.", &format!("-{k}.")).as_bytes());
    }
    let result = compact(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Grep);
    assert!(result.strategies.contains(&"group-grep-by-file"));
    let out = text(&result);
    assert!(
        out.contains("\nglobset-0.4.18/src/lib.rs\n")
            || out.starts_with("globset-0.4.18/src/lib.rs\n")
            || out.contains("globset-0.4.18/src/lib.rs\n")
    );
    assert!(out.contains("157:pub struct Error {"));
    assert!(out.contains("66:pub enum Error {"));
    // Each file path is printed once, not on every hit.
    assert_eq!(out.matches("globset-0.4.18/src/lib.rs").count(), 1);
    // Ranges still point at original lines: retrieving them returns `path:line:` hits.
    let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    store.put(&input).unwrap();
    for range in &result.ranges {
        let got = store
            .retrieve(
                &result.id,
                range.start_line,
                range.end_line - range.start_line + 1,
            )
            .unwrap();
        assert!(got
            .text
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .all(|l| l.contains(&b':')));
    }
}

/// Checks grouped grep output against its input: file headers name the file of the hits after
/// them, kept hits are the original `path:line:text` lines in order, and every marker's range
/// retrieves exactly the original lines it replaced. Returns the markers' lines.
fn assert_grouped_grep_round_trip(input: &[u8], result: &Compacted) -> Vec<String> {
    let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    assert_eq!(store.put(input).unwrap(), result.id);
    let originals: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    let path_of = |line: &[u8]| -> Vec<u8> {
        let colon = line.iter().position(|&b| b == b':').unwrap();
        line[..colon].to_vec()
    };
    let mut markers = Vec::new();
    let mut next = 0usize;
    let mut current: Option<Vec<u8>> = None;
    let mut marker_index = 0usize;
    for line in result.text.split_inclusive(|&b| b == b'\n') {
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        if let Some((start, count)) = parse_marker(content) {
            assert_eq!(
                start,
                next + 1,
                "marker starts where the kept lines stopped"
            );
            let range = &result.ranges[marker_index];
            assert_eq!(
                (range.start_line, range.end_line),
                (start, start + count - 1)
            );
            marker_index += 1;
            let got = store.retrieve(&result.id, start, count).unwrap();
            assert_eq!(got.text, originals[next..next + count].concat());
            markers.push(String::from_utf8_lossy(content).into_owned());
            next += count;
            continue;
        }
        let path = path_of(originals[next]);
        if content == path.as_slice() && current.as_deref() != Some(content) {
            current = Some(path);
            continue;
        }
        let mut original = current
            .clone()
            .expect("a kept hit follows its file's header");
        original.push(b':');
        original.extend_from_slice(line);
        assert_eq!(
            String::from_utf8_lossy(&original),
            String::from_utf8_lossy(originals[next]),
            "kept hit shown under its own file"
        );
        next += 1;
    }
    assert_eq!(next, originals.len(), "output covers the whole input");
    assert_eq!(marker_index, result.ranges.len());
    markers
}

#[test]
fn grep_hits_spread_over_many_files_collapse_across_files() {
    // 2,000 hits over ~1,330 files of one or two hits each, as rg prints them, with one file
    // of many hits (holding a definition) in the middle.
    let mut input = String::new();
    let mut file = 0usize;
    let mut hits = 0usize;
    while hits < 2000 {
        if file == 600 {
            let path = "crates/big/src/search.rs";
            for k in 0..200 {
                if k == 90 {
                    input.push_str(&format!(
                        "{path}:{k}:pub fn memchr_fallback(needle: u8) {{\n"
                    ));
                } else {
                    input.push_str(&format!(
                        "{path}:{}:    memchr::memchr(b'x', &buf[{k}..]).map(|i| i + start);\n",
                        3 * k + 1
                    ));
                }
            }
        }
        for h in 0..1 + file % 2 {
            input.push_str(&format!(
                "crates/part_{}/src/mod_{file}.rs:{}:    let result = memchr::memchr(b'\\n', \
                 &haystack[{}..]).map(|i| i + offset_{});\n",
                file % 37,
                10 + 7 * h,
                (file * 7 + h) % 100,
                file % 51
            ));
            hits += 1;
        }
        file += 1;
    }
    let input = input.into_bytes();
    let result = compact(&input, &with_id(&input));
    assert_eq!(result.kind, ContentKind::Grep);
    assert!(result.changed);
    assert!(
        result.output_bytes * 20 < result.original_bytes,
        "{} -> {}",
        result.original_bytes,
        result.output_bytes
    );
    assert!(result.strategies.contains(&"collapse-sparse-grep-files"));
    let out = text(&result);
    // The many-hit file keeps its definition and its header.
    assert!(out.contains("\ncrates/big/src/search.rs\n"), "{out}");
    assert!(
        out.contains("90:pub fn memchr_fallback(needle: u8) {"),
        "{out}"
    );
    let markers = assert_grouped_grep_round_trip(&input, &result);
    let originals: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    let mut spanning = 0;
    for (marker, range) in markers.iter().zip(&result.ranges) {
        let lines = &originals[range.start_line - 1..range.end_line];
        let mut files: Vec<&[u8]> = lines
            .iter()
            .map(|l| &l[..l.iter().position(|&b| b == b':').unwrap()])
            .collect();
        files.dedup();
        if files.len() > 1 {
            spanning += 1;
            let counts = format!("{} hits in {} files", lines.len(), files.len());
            assert!(marker.contains(&counts), "{marker} should say {counts}");
            assert!(marker.contains("under \"crates/\""), "{marker}");
            // The many-hit file is never merged with its neighbours.
            assert!(
                !files.contains(&&b"crates/big/src/search.rs"[..]),
                "{marker}"
            );
        }
    }
    assert!(spanning >= 2, "{out}");
}

#[test]
fn git_log_patch_keeps_commits_headers_and_definitions() {
    let input = fixture("git_log_p.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Diff);
    let out = text(&result);
    assert_keeps(
        &result,
        &[
            "commit 12fd88e819f9cdf6b26f5baec0243b7dd05a5365",
            "Release 10.5.0",
            "Release 10.4.0",
            "+def sort_together(",
            "+def circular_shifts(iterable, steps=1):",
        ],
    );
    let original = String::from_utf8_lossy(&input);
    for header in original
        .lines()
        .filter(|l| l.starts_with("diff --git") || l.starts_with("@@"))
    {
        assert!(out.contains(header), "lost {header}");
    }
}

#[test]
fn listing_keeps_directories_and_names_entries_in_markers() {
    let input = enlarged("ls_laR.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Tree);
    let out = text(&result);
    for dir in String::from_utf8_lossy(&input)
        .lines()
        .filter(|l| l.starts_with("./") && l.ends_with(':'))
    {
        assert!(out.contains(dir), "lost directory header {dir}");
    }
    assert!(result.strategies.contains(&"listing-names"));
    assert!(out.contains("Cargo.toml"));
}

#[test]
fn git_status_keeps_changes_and_top_level_untracked() {
    let input = enlarged("git_status.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert_keeps(
        &result,
        &[
            "On branch main",
            "deleted:    __tests__/versioning.test.js",
            "new file:   src/release.js",
            "modified:   package.json",
            "modified:   src/versioning.js",
            "\t.eslintrc.json",
        ],
    );
    assert!(result.output_bytes * 4 < result.original_bytes);
}

#[test]
fn access_log_keeps_error_statuses() {
    let input = fixture("access_log.txt");
    let result = assert_round_trip(&input, &CompactOptions::default());
    let original = String::from_utf8_lossy(&input);
    let out = text(&result);
    for line in original.lines().filter(|l| l.contains("\" 404 ")) {
        assert!(out.contains(line), "lost {line}");
    }
    assert!(result.output_bytes * 3 < result.original_bytes);
}

#[test]
fn json_array_is_minified_or_skeletonized_with_constant_fields_factored() {
    let input = fixture("npm_query.json");
    let result = compact(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Json);
    assert!(result.changed);
    let out = text(&result);
    assert!(result.strategies.contains(&"minify-json"));
    assert!(out.contains("\"name\":\"@babel/code-frame\""));
    assert!(
        out.contains("[all 25 items: "),
        "constant fields factored out:\n{out}"
    );
    assert_eq!(result.ranges.len(), 1);
    assert_eq!(result.ranges[0].start_line, 1);
    assert_eq!(result.ranges[0].end_line, result.original_lines);
}

#[test]
fn hostile_json_nesting_takes_the_line_path_without_exhausting_the_stack() {
    for depth in [300usize, 200_000] {
        let input = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let result = assert_round_trip(input.as_bytes(), &with_id(input.as_bytes()));
        assert_eq!(result.kind, ContentKind::Json);
        assert!(!result.strategies.contains(&"minify-json"));
    }
}

#[test]
fn small_json_reaches_the_model_as_printed() {
    // Small as the model reads it (principle 1): not re-laid out, not even minified.
    let items: Vec<String> = (0..400)
        .map(|i| format!("  {{\n    \"id\": {i},\n    \"name\": \"item-{i}\"\n  }}"))
        .collect();
    let input = format!("[\n{}\n]\n", items.join(",\n"));
    assert!(input.len() > 16 * 1024);
    let result = compact(input.as_bytes(), &CompactOptions::default());
    assert!(!result.changed, "{:?}", result.strategies);
    assert_eq!(text(&result), input);
    assert_eq!(result.kind, ContentKind::Json);
}

#[test]
fn ansi_colors_and_progress_overwrites_are_stripped() {
    let mut input = Vec::new();
    for i in 0..200 {
        input.extend_from_slice(format!("\x1b[32mCompiling\x1b[0m crate{i} v0.1.{i}\n").as_bytes());
    }
    input.extend_from_slice(b"Downloading 10%\rDownloading 50%\rDownloading 100%\n");
    input.extend_from_slice(b"\x1b[1;31merror\x1b[0m: linking failed\n");
    let result = assert_round_trip_ignoring_cleanup(&input);
    let out = text(&result);
    assert!(!out.contains('\x1b'));
    assert!(out.contains("error: linking failed"));
    assert!(out.contains("Downloading 100%\n"));
    assert!(!out.contains("Downloading 10%"));
    assert!(result.strategies.contains(&"strip-ansi-progress"));
}

#[test]
fn a_trailing_blank_or_control_segment_does_not_erase_the_text_before_it() {
    // A terminal leaves "error: disk full" on screen after `\r` and a form feed or blanks: the
    // cleaned line is that text, not the invisible segment.
    let mut input = Vec::new();
    for i in 0..200 {
        input.extend_from_slice(format!("Compiling crate{i} v0.1.{i}\n").as_bytes());
    }
    input.extend_from_slice(b"error: disk full\r\x0c\n");
    input.extend_from_slice(b"progress 99%\r   \n");
    let result = assert_round_trip_ignoring_cleanup(&input);
    let out = text(&result);
    assert!(out.contains("error: disk full\n"), "{out}");
    assert!(out.contains("progress 99%\n"), "{out}");
}

/// Round trip where kept lines may have been cleaned: markers must still recover exact bytes.
fn assert_round_trip_ignoring_cleanup(input: &[u8]) -> Compacted {
    let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    store.put(input).unwrap();
    let result = compact(input, &with_id(input));
    assert!(result.changed);
    let lines: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    for range in &result.ranges {
        let got = store
            .retrieve(
                &result.id,
                range.start_line,
                range.end_line - range.start_line + 1,
            )
            .unwrap();
        assert_eq!(
            got.text,
            lines[range.start_line - 1..range.end_line].concat()
        );
    }
    result
}

#[test]
fn identical_runs_collapse_into_one_marker() {
    let mut input = String::from("starting job\n");
    for _ in 0..300 {
        input.push_str("waiting for lock on build directory\n");
    }
    input.push_str("done\n");
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    let out = text(&result);
    assert_eq!(
        out.matches("waiting for lock on build directory").count(),
        1
    );
    assert!(out.contains("identical"));
    assert!(result.strategies.contains(&"collapse-identical-runs"));
}

#[test]
fn rare_templates_first_last_and_query_lines_are_kept() {
    let mut input = String::from("first line of the run\n");
    for i in 0..1500 {
        input.push_str(&format!("GET /api/items/{i} 200 {}ms\n", i % 17));
        if i == 200 {
            input.push_str("cache warmed with special token alpha-omega\n");
        }
        if i == 300 {
            input.push_str(&format!("GET /api/items/{i}/needle 200 3ms\n"));
        }
    }
    input.push_str("last line of the run\n");
    let opts = CompactOptions {
        query: Some("needle".into()),
        ..Default::default()
    };
    let result = assert_round_trip(input.as_bytes(), &opts);
    assert_keeps(
        &result,
        &[
            "first line of the run",
            "last line of the run",
            "cache warmed with special token alpha-omega",
            "/needle 200",
        ],
    );
    assert!(result.output_bytes * 5 < result.original_bytes);
}

#[test]
fn query_hits_of_one_template_are_one_fact() {
    // The query names a file every record of the build mentions: its first instances stay,
    // the rest fold into markers; a distinct line holding the term stays too.
    let mut input = String::from("[build] start\n");
    for i in 0..300 {
        input.push_str(&format!(
            "[build] compile src/m{i:03}.mjs -> dist/m{i:03}.mjs\n[build]   resolve ../pricing.mjs -> src/pricing.mjs\n"
        ));
        if i == 150 {
            input.push_str("[build] src/pricing.mjs changed since the last build\n");
        }
    }
    input.push_str("[build] done: 300 modules\n");
    let opts = CompactOptions {
        query: Some("src/pricing.mjs".into()),
        ..Default::default()
    };
    let result = assert_round_trip(input.as_bytes(), &opts);
    assert_keeps(
        &result,
        &[
            "[build]   resolve ../pricing.mjs -> src/pricing.mjs",
            "[build] src/pricing.mjs changed since the last build",
            "[build] done: 300 modules",
        ],
    );
    let hits = text(&result).matches("-> src/pricing.mjs").count();
    assert!((1..=12).contains(&hits), "{hits} hits kept");
    assert!(result.output_bytes * 5 < result.original_bytes);
}

#[test]
fn markers_name_the_dominant_template() {
    let mut input = String::new();
    for i in 0..1500 {
        input.push_str(&format!("test module::case_{i} ... ok\n"));
    }
    input.push_str("test result: ok. 1500 passed; 0 failed\n");
    let result = compact(input.as_bytes(), &CompactOptions::default());
    assert!(result
        .ranges
        .iter()
        .any(|r| r.template == "test <*> ... ok"));
    assert!(text(&result).contains("test result: ok. 1500 passed; 0 failed"));
}

#[test]
fn lower_aggressiveness_keeps_more() {
    let input = fixture("access_log.txt");
    let tight = compact(&input, &CompactOptions::default());
    let loose = compact(
        &input,
        &CompactOptions {
            aggressiveness: Some(0.0),
            ..Default::default()
        },
    );
    assert!(loose.output_bytes > tight.output_bytes);
}

/// `input` copied to `offset` bytes past a fresh allocation's start, so SIMD scans meet it at
/// another alignment.
fn shifted(input: &[u8], offset: usize) -> (Vec<u8>, usize) {
    let mut buffer = vec![b'#'; offset];
    buffer.extend_from_slice(input);
    (buffer, offset)
}

#[test]
fn compaction_does_not_depend_on_hash_seeds_threads_or_alignment() {
    for name in [
        "cargo_test_2fail.txt",
        "rg_word_error.txt",
        "npm_query.json",
        "git_log_p.txt",
    ] {
        let input = fixture(name);
        let opts = with_id(&input);
        let reference = compact(&input, &opts);
        // Each run on its own thread (fresh HashMap seeds), all at once, each reading the
        // input at a different alignment.
        std::thread::scope(|scope| {
            let runs: Vec<_> = (1..=8)
                .map(|offset| {
                    let (input, opts) = (&input, &opts);
                    scope.spawn(move || {
                        let (buffer, start) = shifted(input, offset);
                        compact(&buffer[start..], opts)
                    })
                })
                .collect();
            for (offset, run) in (1..=8).zip(runs) {
                let result = run.join().expect("no panic");
                assert_eq!(result.text, reference.text, "{name} at offset {offset}");
                assert_eq!(result.ranges, reference.ranges, "{name} at offset {offset}");
            }
        });
    }
}

#[test]
fn binary_input_passes_through_untouched() {
    let mut input: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 256) as u8).collect();
    input[10] = 0;
    let result = compact(&input, &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Binary);
    assert!(!result.changed);
    assert_eq!(result.text, input);
}

#[test]
fn invalid_utf8_lines_are_kept_verbatim() {
    let mut input = Vec::new();
    input.extend_from_slice(b"header\n");
    for i in 0..1500 {
        input.extend_from_slice(format!("progress step {i} of the job\n").as_bytes());
    }
    input.extend_from_slice(b"error: bad byte \xff\xfe in name caf\xe9\n");
    input.extend_from_slice(b"footer\n");
    let result = assert_round_trip(&input, &CompactOptions::default());
    assert!(result.changed);
    let needle: &[u8] = b"error: bad byte \xff\xfe in name caf\xe9\n";
    assert!(result.text.windows(needle.len()).any(|w| w == needle));
}

#[test]
fn crlf_lines_keep_their_terminators() {
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&format!("info: request {i} handled\r\n"));
    }
    input.push_str("error: request 300 failed\r\n");
    let result = assert_round_trip(input.as_bytes(), &with_id(input.as_bytes()));
    assert!(text(&result).contains("error: request 300 failed\r\n"));
}

#[test]
fn hints_steer_detection() {
    let text = b"a.rs:1:fn main() {}\nb.rs:2:let x = 1;\n";
    let by_tool = CompactOptions {
        tool: Some("grep".into()),
        ..Default::default()
    };
    assert_eq!(detect(b"anything at all\n", &by_tool), ContentKind::Grep);
    let by_command = CompactOptions {
        command: Some("cargo test --workspace".into()),
        ..Default::default()
    };
    assert_eq!(detect(b"running 3 tests\n", &by_command), ContentKind::Test);
    let by_path = CompactOptions {
        path: Some("src/main.rs".into()),
        ..Default::default()
    };
    assert_eq!(detect(b"fn main() {}\n", &by_path), ContentKind::Source);
    let forced = CompactOptions {
        kind: Some(ContentKind::Log),
        ..Default::default()
    };
    assert_eq!(detect(text, &forced), ContentKind::Log);
    assert_eq!(ContentKind::parse("auto"), None);
    for kind in ContentKind::ALL {
        assert_eq!(ContentKind::parse(kind.as_str()), Some(kind));
    }
}

#[test]
fn content_detection_on_real_snippets() {
    let cases = [
        ("cargo_test_2fail.txt", ContentKind::Test),
        ("pytest_2fail.txt", ContentKind::Test),
        ("mypy_errors.txt", ContentKind::Diagnostics),
        ("rg_word_error.txt", ContentKind::Grep),
        ("git_log_p.txt", ContentKind::Diff),
        ("npm_query.json", ContentKind::Json),
        ("ls_laR.txt", ContentKind::Tree),
        ("git_status.txt", ContentKind::Tree),
    ];
    for (name, kind) in cases {
        assert_eq!(
            detect(&fixture(name), &CompactOptions::default()),
            kind,
            "{name}"
        );
    }
}

#[test]
fn a_marker_must_pay_for_itself() {
    // Two droppable lines between kept ones are cheaper than a marker.
    let mut input = String::new();
    for i in 0..40 {
        input.push_str(&format!(
            "error: distinct failure number {i} in module m{i}\n"
        ));
        input.push_str("note: x\n");
    }
    let result = compact(input.as_bytes(), &CompactOptions::default());
    for range in &result.ranges {
        assert!(range.end_line - range.start_line >= 2, "{range:?}");
    }
}

#[test]
fn go_test_failure_keeps_the_failing_test_and_its_message() {
    let mut input = String::new();
    for i in 0..800 {
        input.push_str(&format!(
            "=== RUN   TestParse{i}\n--- PASS: TestParse{i} (0.00s)\n"
        ));
        if i == 150 {
            input.push_str("=== RUN   TestLexer\n--- FAIL: TestLexer (0.00s)\n");
            input.push_str("    lexer_test.go:42: expected token IDENT, got NUMBER\n");
        }
    }
    input.push_str("FAIL\nFAIL\texample.com/parser\t0.012s\nok  \texample.com/util\t0.003s\n");
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Test);
    assert_keeps(
        &result,
        &[
            "--- FAIL: TestLexer (0.00s)",
            "lexer_test.go:42: expected token IDENT, got NUMBER",
            "FAIL\texample.com/parser\t0.012s",
        ],
    );
    assert!(result.output_bytes * 10 < result.original_bytes);
}

#[test]
fn repeated_diagnostic_is_sampled_and_the_odd_one_kept() {
    let mut input = String::new();
    for i in 0..600 {
        input.push_str(&format!(
            "src/mod{i}.ts({i},5): error TS7006: Parameter 'x' implicitly has an 'any' type.\n"
        ));
        if i == 77 {
            input.push_str("src/api.ts(12,3): error TS2322: Type 'string' is not assignable to type 'number'.\n");
        }
    }
    input.push_str("\nFound 601 errors in 600 files.\n");
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    assert_keeps(
        &result,
        &[
            "src/api.ts(12,3): error TS2322",
            "Found 601 errors in 600 files.",
        ],
    );
    let out = text(&result);
    assert!(out.matches("TS7006").count() <= 12, "flood sampled:\n{out}");
}

#[test]
fn exception_cause_chain_is_kept_in_a_log() {
    let mut input = String::new();
    for i in 0..400 {
        input.push_str(&format!(
            "2024-05-01 12:00:{:02} INFO worker.pool: processed batch {i} in {}ms\n",
            i % 60,
            i % 7
        ));
        if i == 200 {
            input.push_str(
                "2024-05-01 12:01:00 ERROR worker.pool: batch 401 crashed\n\
                 Traceback (most recent call last):\n  \
                 File \"/app/worker/codec.py\", line 12, in decode\n    \
                 return json.loads(data)\n\
                 json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n\
                 \n\
                 The above exception was the direct cause of the following exception:\n\
                 \n\
                 Traceback (most recent call last):\n  \
                 File \"/app/worker/pool.py\", line 90, in run\n    \
                 raise BatchError(batch.id) from exc\n\
                 worker.errors.BatchError: batch 401 could not be decoded\n",
            );
        }
    }
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    assert_keeps(
        &result,
        &[
            "ERROR worker.pool: batch 401 crashed",
            "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
            "The above exception was the direct cause of the following exception:",
            "worker.errors.BatchError: batch 401 could not be decoded",
            "File \"/app/worker/codec.py\", line 12, in decode",
        ],
    );
    assert!(result.output_bytes * 8 < result.original_bytes);
}

#[test]
fn source_file_keeps_its_outline() {
    let mut input = String::from("//! Module docs.\nuse std::fmt;\n\n");
    for i in 0..60 {
        input.push_str(&format!(
            "pub struct Item{i} {{\n    value: u32,\n}}\n\nimpl Item{i} {{\n    pub fn value_{i}(&self) -> u32 {{\n        let doubled = self.value * 2;\n        doubled / 2\n    }}\n}}\n\n"
        ));
    }
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Source);
    assert_keeps(
        &result,
        &[
            "pub struct Item0 {",
            "pub struct Item59 {",
            "    pub fn value_42(&self) -> u32 {",
        ],
    );
}

#[test]
fn ndjson_logs_keep_their_error_records() {
    let mut input = String::new();
    for i in 0..400 {
        input.push_str(&format!(
            "{{\"ts\":\"2024-01-01T00:00:{:02}Z\",\"level\":\"info\",\"msg\":\"request handled\",\"path\":\"/api/items/{i}\"}}\n",
            i % 60
        ));
        if i == 250 {
            input.push_str("{\"ts\":\"2024-01-01T00:04:10Z\",\"level\":\"error\",\"msg\":\"upstream timed out\",\"path\":\"/api/pay\"}\n");
        }
    }
    let result = assert_round_trip(input.as_bytes(), &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Json);
    assert_keeps(&result, &["\"msg\":\"upstream timed out\""]);
    assert!(result.output_bytes * 10 < result.original_bytes);
}

#[test]
fn a_caller_held_id_gives_the_same_result_without_hashing_again() {
    use lean_core::compact::{compact_unchanged_empty, compact_unchanged_empty_with_id};
    let mut log = String::new();
    for i in 0..600 {
        log += &format!("   Compiling dep{i} v1.0.{i}\n");
    }
    log += "error[E0425]: cannot find value `retries` in this scope\n";
    for input in [log.as_bytes(), &b"tiny"[..]] {
        let opts = with_id(input);
        let id = opts.recovery_id.clone().expect("an id");
        let hashed = compact_unchanged_empty(input, &opts);
        let given = compact_unchanged_empty_with_id(input, &opts, id.clone());
        assert_eq!(given.id, id);
        assert_eq!(given.id, hashed.id);
        assert_eq!(given.text, hashed.text);
        assert_eq!(given.ranges, hashed.ranges);
        assert_eq!(given.changed, hashed.changed);
    }
}

/// Grep output of two files, each with many hits of one shape at different line numbers: more
/// lines than Pi's cut shows, so it is folded without a question.
fn grep_todo_hits() -> String {
    let mut input = String::new();
    for (file, first, step) in [("src/alpha.rs", 10, 3), ("src/beta.rs", 200, 7)] {
        for k in 0..1100 {
            let line = first + k * step;
            input.push_str(&format!(
                "{file}:{line}:        // TODO: handle case {k} of the parser\n"
            ));
        }
    }
    input
}

#[test]
fn grep_range_templates_name_the_shape_not_the_hit_lines() {
    let input = grep_todo_hits();
    let result = compact(input.as_bytes(), &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Grep);
    let out = text(&result);
    // The marker the model reads still says where the hits are.
    assert!(out.contains("hits at lines "), "{out}");
    let templates: Vec<&str> = result.ranges.iter().map(|r| r.template.as_str()).collect();
    assert!(templates.len() >= 2, "{templates:?}\n{out}");
    // Runs of one shape at different lines share a template, so retrieval feedback from one
    // grep view matches the next; the template carries no line numbers.
    assert!(
        templates.iter().all(|t| *t == templates[0]),
        "{templates:?}"
    );
    assert!(templates[0].contains("TODO"), "{templates:?}");
    assert!(!templates[0].contains("hits at lines"), "{templates:?}");
    assert!(!templates[0].starts_with('"') && !templates[0].ends_with('"'));
}

/// rg output of `files` files with two hits of one shape each.
fn grep_hits_across_files(files: usize) -> String {
    let mut out = String::new();
    for f in 0..files {
        for h in 0..2 {
            out.push_str(&format!(
                "crates/part_{}/src/mod_{f}.rs:{}:    let found = memchr::memchr(b'\\n', &haystack[{}..]);\n",
                f % 7,
                10 + h * 40 + f % 13,
                f % 50
            ));
        }
    }
    out
}

#[test]
fn cross_file_grep_templates_carry_no_counts() {
    // Runs that span files are described by their hit and file counts, which differ from one
    // search to the next; the range's template is the line shape alone, so retrieval feedback
    // from one view matches the next.
    let mut templates = Vec::new();
    for files in [400, 700] {
        let result = compact(
            grep_hits_across_files(files).as_bytes(),
            &CompactOptions::default(),
        );
        assert_eq!(result.kind, ContentKind::Grep);
        let out = text(&result);
        assert!(out.contains(" hits in "), "{out}");
        let cross: Vec<String> = result
            .ranges
            .iter()
            .map(|r| r.template.clone())
            .filter(|t| t.contains("let found"))
            .collect();
        assert!(!cross.is_empty(), "{:?}\n{out}", result.ranges);
        templates.extend(cross);
    }
    assert!(
        templates.iter().all(|t| *t == templates[0]),
        "{templates:?}"
    );
    assert!(!templates[0].contains(" hits in "), "{templates:?}");
}

#[test]
fn range_templates_keep_quotes_of_the_lines_themselves() {
    // GNU `ls` quotes a name holding `'` with double quotes: the marker lists such names, and
    // the range's template must keep their first and last quote. Long owner and group names
    // make the listing big while the names stay few bytes.
    let (owner, group) = ("o".repeat(90), "g".repeat(90));
    let mut input = String::from("total 1200\n");
    for i in 0..200 {
        input.push_str(&format!(
            "-rw-r--r-- 1 {owner} {group} {} Jan  1 12:00 \"'{i}\"\n",
            1000 + i
        ));
    }
    let result = compact(input.as_bytes(), &CompactOptions::default());
    assert_eq!(result.kind, ContentKind::Tree);
    let out = text(&result);
    let listed: Vec<&str> = result
        .ranges
        .iter()
        .map(|r| r.template.as_str())
        .filter(|t| t.contains("'1"))
        .collect();
    assert!(!listed.is_empty(), "{:?}\n{out}", result.ranges);
    for template in listed {
        assert!(
            template.starts_with("\"'") && template.ends_with('"'),
            "{template}"
        );
        // The marker shows the same names after its `: `.
        assert!(out.contains(&format!(": {template}")), "{template}\n{out}");
    }
}
