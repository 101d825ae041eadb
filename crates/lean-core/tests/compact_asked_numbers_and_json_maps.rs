//! Three pointers a question gives, and a small document left as printed:
//! - a small JSON document (within the lossless threshold as the model reads it) reaches the
//!   model as printed, like any small output: detect-secrets' 17 KB pretty report of 5,300
//!   tokens was re-laid out, and every file with one finding became `[{…5}]`;
//! - a key the question names opens its value in a map (`"moto/sts/models.py":[{…,
//!   "line_number":182}]` for "where is the key in moto/sts/models.py");
//! - a number of three digits the question names (`transaction 777`) pins the lines that hold
//!   it as a whole number, in a long stream of look-alike transactions.
//!
//! Properties over generated reports and streams; cases come from fixed seeds
//! (`ASKED_POINTER_CASES`, default 300).

mod support;
use lean_core::compact::{compact, CompactOptions};
use support::{asked_view_of, Rng, NOUNS, VERBS};

/// A findings report by file: `files` files, one to three findings each; pretty or minified.
/// Returns the text and one file's name and its first finding's line number.
fn report(rng: &mut Rng, files: usize, pretty: bool) -> (String, String, u64) {
    let kinds = [
        "Secret Keyword",
        "Private Key",
        "AWS Access Key",
        "Hex High Entropy String",
    ];
    let asked_at = rng.below(files as u64) as usize;
    let mut entries = Vec::new();
    let mut asked = (String::new(), 0);
    for f in 0..files {
        let name = format!("src/{}/{}_{f}.py", rng.pick(NOUNS), rng.pick(VERBS));
        let findings: Vec<String> = (0..rng.range(1, 4))
            .map(|k| {
                let line = rng.range(1, 2000);
                if f == asked_at && k == 0 {
                    asked = (name.clone(), line);
                }
                let sep = if pretty { "\n        " } else { "" };
                let colon = if pretty { ": " } else { ":" };
                format!(
                    "{{{sep}\"type\"{colon}\"{}\",{sep}\"filename\"{colon}\"{name}\",{sep}\"hashed_secret\"{colon}\"{:016x}{:016x}\",{sep}\"is_verified\"{colon}false,{sep}\"line_number\"{colon}{line}{}}}",
                    kinds[rng.below(4) as usize],
                    rng.next(),
                    rng.next(),
                    if pretty { "\n      " } else { "" }
                )
            })
            .collect();
        entries.push(if pretty {
            format!(
                "    \"{name}\": [\n      {}\n    ]",
                findings.join(",\n      ")
            )
        } else {
            format!("\"{name}\":[{}]", findings.join(","))
        });
    }
    let text = if pretty {
        format!(
            "{{\n  \"version\": \"1.5.0\",\n  \"results\": {{\n{}\n  }},\n  \"generated_at\": \"2026-12-07T16:00:00Z\"\n}}\n",
            entries.join(",\n")
        )
    } else {
        format!(
            "{{\"version\":\"1.5.0\",\"results\":{{{}}},\"generated_at\":\"2026-12-07T16:00:00Z\"}}\n",
            entries.join(",")
        )
    };
    (text, asked.0, asked.1)
}

#[test]
fn a_small_document_is_shown_as_printed() {
    let cases = support::cases("ASKED_POINTER_CASES", 300);
    support::check_seeds(cases, 0x05a1_1d0c, |seed| {
        let mut rng = Rng::new(seed);
        let files = rng.range(10, 30) as usize;
        let (text, name, _) = report(&mut rng, files, true);
        let opts = CompactOptions {
            tool: Some("bash".into()),
            command: Some("detect-secrets scan".into()),
            query: Some(format!("where is the key in {name}")),
            ..Default::default()
        };
        let result = compact(text.as_bytes(), &opts);
        // At most half a token a byte: within the 8,000-token threshold, the view is the input.
        if result.changed && text.len() <= 14_000 {
            return Err(format!(
                "a document of {} bytes was re-laid out: {:?}",
                text.len(),
                result.strategies
            ));
        }
        Ok(())
    });
}

#[test]
fn an_asked_key_of_a_map_opens_its_value() {
    let cases = support::cases("ASKED_POINTER_CASES", 300);
    support::check_seeds(cases, 0x05a1_1d0d, |seed| {
        let mut rng = Rng::new(seed);
        let files = rng.range(300, 900) as usize;
        let pretty = rng.below(2) == 0;
        let (text, name, line) = report(&mut rng, files, pretty);
        let view = asked_view_of(
            &text,
            "detect-secrets scan",
            &format!("where is the key in {name}"),
        )
        .ok_or("a large report came back unchanged")?;
        let Some(at) = view.find(&format!("\"{name}\":")) else {
            return Err(format!("lost the key {name}"));
        };
        let value = &view[at..view.len().min(at + 600)];
        if !value.contains(&format!("\"line_number\":{line}")) {
            return Err(format!(
                "{name}'s finding is not open: {}",
                &value[..value.len().min(200)]
            ));
        }
        Ok(())
    });
}

#[test]
fn a_three_digit_number_asked_pins_its_record() {
    let cases = support::cases("ASKED_POINTER_CASES", 300);
    support::check_seeds(cases, 0x05a1_1d0e, |seed| {
        let mut rng = Rng::new(seed);
        let first = rng.range(100, 500);
        let count = rng.range(150, 400);
        let asked = rng.range(first + 10, first + count - 10);
        let mut text = String::new();
        for xid in first..first + count {
            text.push_str(&format!("BEGIN {xid}\n"));
            for _ in 0..rng.range(3, 6) {
                text.push_str(&format!(
                    "table public.{}: UPDATE: id[integer]:{} balance[integer]:{}\n",
                    rng.pick(NOUNS),
                    rng.range(1000, 99_999),
                    rng.range(1000, 999_999)
                ));
            }
            text.push_str(&format!("COMMIT {xid}\n"));
        }
        let view = asked_view_of(
            &text,
            "pg_recvlogical --start -f -",
            &format!("what did transaction change {asked}"),
        )
        .ok_or("a long stream came back unchanged")?;
        let wanted = format!("BEGIN {asked}");
        if !view.lines().any(|l| l == wanted) {
            return Err(format!("lost {wanted:?}"));
        }
        Ok(())
    });
}
