//! A line the user asks about by a plain word stays, as a property over generated outputs:
//! among hundreds to thousands of look-alike lines (library opens, a file listing, a log, a
//! table), one ordinary line holds a name found nowhere else, and the prompt names it as a
//! plain word (`Which libssl file was opened?`). The view must show that line verbatim. A word
//! every line holds (`openat`, `INFO`) or a question word keeps nothing: the view with such a
//! query is the view without one.
//!
//! Cases come from a fixed seed (`QUERY_NEEDLE_CASES`, default 300).

use lean_core::compact::{compact, CompactOptions};

mod support;
use support::Rng;

fn name(rng: &mut Rng) -> String {
    (0..rng.range(5, 10))
        .map(|_| (b'a' + rng.below(26) as u8) as char)
        .collect()
}

/// One look-alike line of `kind` about `subject`, and the word every line of the kind holds.
fn line(kind: u64, rng: &mut Rng, subject: &str) -> (String, &'static str) {
    match kind {
        0 => (
            format!(
                "openat(AT_FDCWD, \"/usr/lib/x86_64-linux-gnu/{subject}.so.{}\", O_RDONLY|O_CLOEXEC) = {}",
                rng.below(4),
                3 + rng.below(3)
            ),
            "openat",
        ),
        1 => (
            format!(
                "-rw-r--r-- 1 root root {:>8} Mar {:>2} 12:{:02} {subject}.py",
                rng.range(100, 90_000),
                rng.range(1, 29),
                rng.below(60)
            ),
            "root",
        ),
        2 => (
            format!(
                "2026-12-05T10:{:02}:{:02}Z INFO worker-{} loaded module {subject} in {}ms",
                rng.below(60),
                rng.below(60),
                rng.below(8),
                rng.range(1, 400)
            ),
            "INFO",
        ),
        _ => (
            format!(
                "| {subject:<12} | {:>6} | {:>5} | active |",
                rng.range(1, 99_999),
                rng.range(1, 500)
            ),
            "active",
        ),
    }
}

fn view(input: &str, query: Option<String>) -> String {
    let opts = CompactOptions {
        tool: Some("bash".into()),
        query,
        ..Default::default()
    };
    String::from_utf8(compact(input.as_bytes(), &opts).text).expect("UTF-8 view")
}

fn cases() -> u64 {
    std::env::var("QUERY_NEEDLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

#[test]
fn a_line_asked_about_by_a_plain_word_is_shown() {
    let mut checked = 0;
    for seed in 0..cases() {
        let mut rng = Rng::new(0x5129_0000 + seed);
        let kind = rng.below(4);
        let n = rng.range(400, 3000) as usize;
        let at = rng.below(n as u64) as usize;
        let mut lines = Vec::with_capacity(n);
        let mut subject = String::new();
        let mut common = "";
        for k in 0..n {
            let s = name(&mut rng);
            let (text, word) = line(kind, &mut rng, &s);
            if k == at {
                subject = s;
            }
            common = word;
            lines.push(text);
        }
        let input = lines.join("\n") + "\n";
        // The subject must be the needle's alone, where a word starts.
        let holders = lines
            .iter()
            .filter(|l| l.to_ascii_lowercase().contains(&subject))
            .count();
        if holders != 1 {
            continue;
        }
        checked += 1;
        let plain = view(&input, None);
        let asked = view(
            &input,
            Some(format!("Which {subject} file was loaded? {common}")),
        );
        assert!(
            asked.lines().any(|l| l == lines[at]),
            "seed {seed}: kind {kind}, {n} lines, the asked line {} is not shown:\n{asked}",
            at + 1
        );
        let only_common = view(&input, Some(format!("which {common} lines")));
        assert_eq!(
            only_common, plain,
            "seed {seed}: a common word changed the view"
        );
    }
    assert!(checked * 10 >= cases() * 9, "only {checked} cases checked");
}

/// A stanza whose heading names what the prompt asks about is shown whole, however many other
/// stanzas mention that name (a package that many others depend on, in a read of dpkg status).
#[test]
fn a_stanza_headed_by_the_asked_name_is_shown_whole() {
    for seed in 0..200u64 {
        let mut rng = Rng::new(0x57a2_0000 + seed);
        let target = format!("lib{}{}", name(&mut rng), rng.below(10));
        let count = rng.range(300, 1200) as usize;
        let at = rng.below(count as u64) as usize;
        let mut stanzas: Vec<Vec<String>> = Vec::new();
        for k in 0..count {
            let package = if k == at {
                target.clone()
            } else {
                name(&mut rng)
            };
            let mut stanza = vec![
                format!("Package: {package}"),
                "Status: install ok installed".to_string(),
                format!(
                    "Priority: {}",
                    if rng.below(3) == 0 {
                        "required"
                    } else {
                        "optional"
                    }
                ),
                format!("Installed-Size: {}", rng.range(10, 90_000)),
                format!(
                    "Version: {}.{}.{}-{}",
                    rng.below(9),
                    rng.below(30),
                    rng.below(30),
                    rng.range(1, 5)
                ),
            ];
            if k != at && rng.below(4) == 0 {
                stanza.push(format!("Depends: libc6 (>= 2.36), {target} (>= 1:1.1.4)"));
            }
            stanza.push(format!(
                "Description: {} {}",
                name(&mut rng),
                name(&mut rng)
            ));
            stanzas.push(stanza);
        }
        let input = stanzas
            .iter()
            .map(|s| s.join("\n"))
            .collect::<Vec<_>>()
            .join("\n\n")
            + "\n";
        let opts = CompactOptions {
            tool: Some("read".into()),
            path: Some("/var/lib/dpkg/status".into()),
            query: Some(format!(
                "What version of {target} is installed, and its Priority?"
            )),
            ..Default::default()
        };
        let view = String::from_utf8(compact(input.as_bytes(), &opts).text).unwrap();
        let shown: std::collections::HashSet<&str> = view.lines().collect();
        for line in &stanzas[at] {
            assert!(
                shown.contains(line.as_str()),
                "seed {seed}: {line:?} of the asked stanza is not shown"
            );
        }
    }
}

/// A block opened by a short line that names the asked identifier and then opens what follows
/// (`<event name="jdk.X">`, `CREATE VIEW x AS`, `x = {`) is shown with its first lines, however
/// many other lines mention the name: the block is the answer to "how is x defined".
#[test]
fn a_block_opened_by_the_asked_name_is_shown() {
    for seed in 0..300u64 {
        let mut rng = Rng::new(0x0b10_0000 + seed);
        let style = seed % 3;
        let count = rng.range(200, 700) as usize;
        let at = rng.range(5, count as u64 - 5) as usize;
        let names: Vec<String> = (0..count)
            .map(|k| format!("app_{}_{k}", name(&mut rng).to_ascii_lowercase()))
            .collect();
        let target = &names[at];
        let mut blocks: Vec<Vec<String>> = Vec::new();
        for (k, block_name) in names.iter().enumerate() {
            let mention = if k != at && rng.below(3) == 0 {
                format!(" -- see {target}")
            } else {
                String::new()
            };
            let fields: Vec<(String, u64)> = (0..rng.range(3, 7))
                .map(|_| (name(&mut rng).to_ascii_lowercase(), rng.range(1, 5000)))
                .collect();
            let block: Vec<String> = match style {
                0 => std::iter::once(format!("    <event name=\"{block_name}\">"))
                    .chain(fields.iter().map(|(f, v)| {
                        format!("      <setting name=\"{f}\">{v} ms</setting>{mention}")
                    }))
                    .chain(std::iter::once("    </event>".to_string()))
                    .collect(),
                1 => std::iter::once(format!("CREATE VIEW {block_name} AS"))
                    .chain(std::iter::once("    SELECT".to_string()))
                    .chain(
                        fields
                            .iter()
                            .map(|(f, v)| format!("            t{v}.{f} AS {f},{mention}")),
                    )
                    .chain(std::iter::once("    FROM base;".to_string()))
                    .collect(),
                _ => std::iter::once(format!("  {block_name} = {{"))
                    .chain(
                        fields
                            .iter()
                            .map(|(f, v)| format!("    {f} = {v},{mention}")),
                    )
                    .chain(std::iter::once("  }".to_string()))
                    .collect(),
            };
            blocks.push(block);
        }
        let separator = if style == 1 { "\n\n" } else { "\n" };
        let input = blocks
            .iter()
            .map(|b| b.join("\n"))
            .collect::<Vec<_>>()
            .join(separator)
            + "\n";
        let opts = CompactOptions {
            tool: Some("read".into()),
            path: Some(["default.jfc", "views.sql", "settings.conf"][style as usize].into()),
            query: Some(format!("How is {target} defined")),
            ..Default::default()
        };
        let view = String::from_utf8(compact(input.as_bytes(), &opts).text).unwrap();
        let shown: std::collections::HashSet<&str> = view.lines().collect();
        for line in blocks[at].iter().take(4) {
            assert!(
                shown.contains(line.as_str()),
                "seed {seed}: {line:?} of the asked block is not shown"
            );
        }
    }
}

/// An over-long line (a minified bundle, a one-line JSON document) is excerpted by its two
/// ends, which rarely hold what was asked: where the prompt names something the line holds,
/// the excerpt also shows that place, so the asked setting is read in the view.
#[test]
fn an_excerpt_shows_the_asked_place_of_a_long_line() {
    for seed in 0..300u64 {
        let mut rng = Rng::new(0xe0c0_0000 + seed);
        // 40-200 KB on one line: over the lossless threshold, and some over Pi's cut.
        let count = rng.range(3000, 12000) as usize;
        let at = rng.range(50, count as u64 - 50) as usize;
        let key = format!("{}Limit", name(&mut rng).to_ascii_lowercase());
        let value = rng.range(1, 100_000);
        let fields: Vec<String> = (0..count)
            .map(|k| {
                if k == at {
                    format!("{key}:{value}")
                } else {
                    format!("{}{k}:!{}", name(&mut rng).to_ascii_lowercase(), k % 2)
                }
            })
            .collect();
        let input = format!(
            "/*! bundle v{} */\n!function(e){{var defaults={{{}}};e.exports=defaults}}(module);\n//# sourceMappingURL=bundle.js.map\n",
            rng.range(1, 9),
            fields.join(",")
        );
        let opts = CompactOptions {
            tool: Some("read".into()),
            path: Some("dist/bundle.js".into()),
            query: Some(format!("What is the default {key}")),
            recovery_id: Some("0123456789abcdef".into()),
            ..Default::default()
        };
        let view = String::from_utf8(compact(input.as_bytes(), &opts).text).unwrap();
        let wanted = format!("{key}:{value},");
        assert!(
            view.contains("token_retrieve"),
            "seed {seed}: not excerpted"
        );
        assert!(view.contains(&wanted), "seed {seed}: {wanted:?} not shown");
        assert!(
            view.ends_with("//# sourceMappingURL=bundle.js.map\n"),
            "seed {seed}"
        );
    }
}

/// A name the prompt gives qualified (`semver::Version`, `shop.models.Invoice`) is printed by
/// its last part alone (`type: \`Version\``, `loaded Invoice`): the line holding that part,
/// among look-alikes naming other types, is shown.
#[test]
fn a_qualified_name_finds_the_line_printing_its_last_part() {
    let camel = |rng: &mut Rng| -> String {
        let word = name(rng);
        let mut chars = word.chars();
        let first = chars.next().expect("a name").to_ascii_uppercase();
        std::iter::once(first).chain(chars).collect()
    };
    let mut checked = 0;
    for seed in 0..cases() {
        let mut rng = Rng::new(0x9a51_0000 + seed);
        let rust = seed % 2 == 0;
        let n = rng.range(400, 3000) as usize;
        let at = rng.below(n as u64) as usize;
        let mut lines = Vec::with_capacity(n);
        let mut needle = String::new();
        for k in 0..n {
            let type_name = camel(&mut rng);
            let line = if rust {
                format!(
                    "print-type-size type: `{type_name}`: {} bytes, alignment: 8 bytes",
                    8 * rng.range(1, 20)
                )
            } else {
                format!(
                    "2026-12-06 07:{:02}:{:02} INFO registry: loaded {type_name} from models ({} fields)",
                    rng.below(60),
                    rng.below(60),
                    rng.range(1, 40)
                )
            };
            if k == at {
                needle = type_name;
            }
            lines.push(line);
        }
        let holders = lines
            .iter()
            .filter(|l| {
                l.to_ascii_lowercase()
                    .contains(&needle.to_ascii_lowercase())
            })
            .count();
        if holders != 1 {
            continue;
        }
        checked += 1;
        let input = lines.join("\n") + "\n";
        let qualified = if rust {
            format!("mycrate::{needle}")
        } else {
            format!("shop.models.{needle}")
        };
        let asked = view(&input, Some(format!("{qualified} large")));
        assert!(
            asked.lines().any(|l| l == lines[at]),
            "seed {seed}: the line printing {needle} (asked as {qualified}) is not shown"
        );
    }
    assert!(checked * 10 >= cases() * 9, "only {checked} cases checked");
}
