//! A fold never hides a line whose value few of its look-alikes hold, as properties over
//! generated outputs well over Pi's 50 KB cut (so a view is lossy, and stock Pi would show
//! the line when it falls in its last 50 KB).
//!
//! - **A minority category stays.** In a table of look-alike rows (`java -XX:+PrintFlagsFinal`,
//!   a package list, a config dump) whose category column holds one value on most rows, every
//!   row holding a value that only a few rows hold (`{ergonomic}` among `{default}`) is kept
//!   verbatim, wherever the column stands and however the other columns (names, numbers,
//!   booleans, types, padding) vary.
//! - **A minority is kept before rare lines fill the budget.** In a list where every line is
//!   its own template (`checking for SYMBOL... yes`, each symbol a constant word) after a few
//!   very long lines (`Running \`rustc …\``), the one line whose verdict differs (`... no`) is
//!   kept: that all lines are rare says nothing, and long lines that the view excerpts cost
//!   it only their excerpts.
//! - **A minority kind stays.** In a class-loading log where most entries name one kind of
//!   source (`source: jrt:/…`, values alike or all distinct), the entries whose source is of
//!   another kind (`source: file:/tmp/…/out/`) are kept verbatim, also when their value's
//!   shape (a digit in the path) sets them apart from every look-alike of their own shape.
//!
//! Cases come from fixed seeds (`MINORITY_CASES`, default 300 per property).

mod support;
use support::{view_of, Rng};

/// Fails naming the first needle the view does not show as a whole line.
fn all_kept(text: &str, view: Option<String>, needles: &[String]) -> Result<(), String> {
    assert!(
        text.len() > 52_000,
        "a case is over Pi's cut: {}",
        text.len()
    );
    let Some(view) = view else {
        return Ok(());
    };
    for needle in needles {
        let whole =
            view.starts_with(&format!("{needle}\n")) || view.contains(&format!("\n{needle}\n"));
        if !whole {
            return Err(format!("lost {needle:?}"));
        }
    }
    Ok(())
}

const SYLLABLES: &[&str] = &[
    "Max", "Min", "Heap", "Size", "Use", "Code", "Cache", "Print", "Flags", "Stack", "Thread",
    "Count", "Limit", "Region", "Young", "Old", "Gen", "Compile", "Inline", "Level", "Trace",
    "Verify", "Alloc", "Buffer", "Ratio", "Policy", "Adaptive", "Scale", "Factor", "Period",
];

/// A name of two to four syllables: letters only, mostly distinct.
fn name(rng: &mut Rng) -> String {
    (0..rng.range(2, 5)).map(|_| rng.pick(SYLLABLES)).collect()
}

/// What a column of the generated table holds.
#[derive(Clone, Copy, PartialEq)]
enum Column {
    /// A name per row (letters, mostly distinct).
    Name,
    /// An integer of a random width.
    Number,
    /// `true` or `false`.
    Boolean,
    /// One of a few types, about equally often.
    Type,
    /// A number on some rows and a word on others (a value column of several types).
    Mixed,
    /// The same word on every row (`=`, `|`).
    Constant,
    /// The category: one value on all rows but the needles.
    Category,
}

/// A row's cells padded to their columns' widths (left or right aligned), without trailing
/// blanks.
fn row_text(cells: &[String], widths: &[usize], right: &[bool]) -> String {
    let padded: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(k, cell)| {
            let w = widths[k].max(cell.len());
            if right[k] {
                format!("{cell:>w$}")
            } else {
                format!("{cell:<w$}")
            }
        })
        .collect();
    padded.join(" ").trim_end().to_string()
}

/// A table of look-alike rows with a category column; returns its text and the needle rows.
fn category_table(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let mut columns: Vec<Column> = vec![Column::Name];
    for _ in 0..rng.range(1, 5) {
        columns.push(
            [
                Column::Number,
                Column::Boolean,
                Column::Type,
                Column::Mixed,
                Column::Constant,
            ][rng.below(5) as usize],
        );
    }
    let at = rng.below(columns.len() as u64 + 1) as usize;
    columns.insert(at, Column::Category);
    // The category's decoration is the same for every value: only the word differs.
    let (open, close) = [("{", "}"), ("[", "]"), ("(", ")"), ("", "")][rng.below(4) as usize];
    let usual = rng.pick(&["default", "inherited", "builtin", "stable", "auto"]);
    let rare = rng.pick(&["ergonomic", "override", "manual", "custom", "user"]);
    let usual = format!("{open}{usual}{close}");
    let rare = format!("{open}{rare}{close}");
    let constant = rng.pick(&["=", "|", ":=", "->"]);
    let types = ["bool", "intx", "uintx", "double", "ccstr", "word"];
    let type_count = rng.range(2, 5) as usize;
    let widths: Vec<usize> = columns.iter().map(|_| rng.range(1, 40) as usize).collect();
    let right: Vec<bool> = columns.iter().map(|_| rng.below(2) == 0).collect();
    // Rows until the table is well over Pi's cut; then a few of them take the rare value.
    let target = rng.range(60_000, 120_000) as usize;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut bytes = 0usize;
    while bytes < target {
        let cells: Vec<String> = columns
            .iter()
            .map(|column| match column {
                Column::Name => format!("{}{}", name(&mut rng), rng.pick(SYLLABLES)),
                Column::Number => {
                    let digits = rng.range(1, 10) as u32;
                    rng.below(10u64.pow(digits)).to_string()
                }
                Column::Boolean => rng.pick(&["true", "false"]).to_string(),
                Column::Type => types[rng.below(type_count as u64) as usize].to_string(),
                Column::Mixed if rng.below(2) == 0 => rng.below(100_000).to_string(),
                Column::Mixed => rng.pick(&["true", "false", "none", "auto"]).to_string(),
                Column::Constant => constant.to_string(),
                Column::Category => usual.clone(),
            })
            .collect();
        bytes += row_text(&cells, &widths, &right).len() + 1;
        rows.push(cells);
    }
    let needles: Vec<usize> = (0..rng.range(1, 4))
        .map(|_| rng.below(rows.len() as u64) as usize)
        .collect();
    for &r in &needles {
        rows[r][at] = rare.clone();
    }
    let mut lines: Vec<String> = Vec::new();
    if rng.below(2) == 0 {
        lines.push("[Global flags]".into());
    }
    let mut kept = Vec::new();
    for (r, cells) in rows.iter().enumerate() {
        let line = row_text(cells, &widths, &right);
        if needles.contains(&r) {
            kept.push(line.clone());
        }
        lines.push(line);
    }
    if rng.below(2) == 0 {
        lines.push("openjdk version \"17.0.9\" 2023-10-17".into());
        lines.push("OpenJDK Runtime Environment (build 17.0.9+9-Debian-1deb12u1)".into());
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, kept)
}

#[test]
fn a_row_of_a_minority_category_stays() {
    support::check_seeds(support::cases("MINORITY_CASES", 300), 0x6a7e_0000, |seed| {
        let (text, needles) = category_table(seed);
        all_kept(
            &text,
            view_of(&text, "java -XX:+PrintFlagsFinal -version"),
            &needles,
        )
    });
}

/// A symbol name: letters, underscores and sometimes a digit, unique by its index.
fn symbol(rng: &mut Rng, index: usize) -> String {
    let base = rng.pick(&[
        "str", "mem", "pthread_", "aio_", "get", "set", "f", "w", "sig", "sched_",
    ]);
    let mut s = format!(
        "{base}{}",
        rng.pick(&["cpy", "cat", "open", "close", "read", "write", "init", "wait", "mask", "stat"])
    );
    // Distinct by the index, spelled in letters (or digits for some).
    let mut i = index;
    loop {
        s.push((b'a' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            break;
        }
    }
    if rng.below(5) == 0 {
        s.push_str(&rng.range(1, 65).to_string());
    }
    s
}

/// A build script's probe log: a line per symbol checked (each its own template), a
/// configuration line after many, one symbol missing; very long command lines around it.
fn probe_log(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let probes = rng.range(1400, 2600) as usize;
    let missing = rng.below(probes as u64) as usize;
    let krate = rng.pick(&["probe", "libc-sys", "openssl-sys", "zstd-sys"]);
    let prefix = format!("[{krate} 0.{}.{}]", rng.range(1, 9), rng.range(0, 9));
    let long = |rng: &mut Rng| {
        let vars: Vec<String> = (0..rng.range(30, 300))
            .map(|k| format!("CARGO_CFG_VAR_{k}='{}'", rng.pick(SYLLABLES)))
            .collect();
        format!(
            "     Running `{} /tmp/build/{krate}/build-script-build`",
            vars.join(" ")
        )
    };
    let mut lines = vec![format!("   Compiling {krate} v0.1.0 (/tmp/{krate})")];
    for _ in 0..rng.range(0, 4) {
        lines.push(long(&mut rng));
    }
    let mut needle = String::new();
    for p in 0..probes {
        let s = symbol(&mut rng, p);
        if p == missing {
            needle = format!("{prefix} checking for {s}... no");
            lines.push(needle.clone());
            if rng.below(2) == 0 {
                lines.push(format!(
                    "{prefix} cargo:warning={s} not found in libc; using the bundled fallback"
                ));
            }
        } else {
            lines.push(format!("{prefix} checking for {s}... yes"));
            if rng.below(3) != 0 {
                lines.push(format!("{prefix} cargo:rustc-cfg=have_{s}"));
            }
        }
    }
    lines.push(format!("{prefix} cargo:rerun-if-changed=wanted.txt"));
    for _ in 0..rng.range(0, 3) {
        lines.push(long(&mut rng));
    }
    lines.push("    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.36s".into());
    let mut text = lines.join("\n");
    text.push('\n');
    (text, vec![needle])
}

#[test]
fn a_probe_unlike_the_others_stays_among_rare_lines() {
    support::check_seeds(support::cases("MINORITY_CASES", 300), 0x9b0e_0000, |seed| {
        let (text, needles) = probe_log(seed);
        all_kept(&text, view_of(&text, "cargo build -vv"), &needles)
    });
}

const PACKAGES: &[&str] = &[
    "java.lang",
    "java.util",
    "java.io",
    "java.nio.file",
    "jdk.internal.misc",
    "sun.nio.cs",
    "java.util.concurrent",
    "java.lang.invoke",
    "jdk.internal.loader",
    "java.util.stream",
];

/// A class name: a package and a class, sometimes nested or numbered.
fn class(rng: &mut Rng) -> String {
    let mut c = format!("{}.{}", rng.pick(PACKAGES), name(rng));
    match rng.below(6) {
        0 => c.push_str(&format!("${}", rng.range(1, 20))),
        1 => c.push_str(&format!("${}", name(rng))),
        _ => {}
    }
    c
}

/// `java -verbose:class`: most classes from the shared archive, the rest from a runtime
/// module (`jrt:/…`, one module for most or a distinct path each), a few from a directory
/// (`file:/…`), a few defined at run time; the program's own output in between.
fn class_log(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let entries = rng.range(900, 1700) as usize;
    let shared_share = rng.range(30, 85);
    let distinct = rng.below(2) == 0;
    let dir = format!(
        "/{}/{}/{}/out/",
        rng.pick(&["tmp", "home/dev", "srv", "work"]),
        rng.pick(&["set", "build", "app", "proj"]),
        if rng.below(2) == 0 {
            rng.range(1, 99).to_string()
        } else {
            rng.pick(&["java", "classes", "billing"]).to_string()
        }
    );
    let own: Vec<usize> = (0..rng.range(1, 5))
        .map(|_| rng.below(entries as u64) as usize)
        .collect();
    let defined: Vec<usize> = (0..rng.range(0, 4))
        .map(|_| rng.below(entries as u64) as usize)
        .collect();
    let app = rng.pick(&["com.example.billing", "org.acme.app", "net.shop.core"]);
    let mut lines = Vec::new();
    let mut kept = Vec::new();
    for e in 0..entries {
        let stamp = format!("[{}.{:03}s][info][class,load]", e / 1000, e % 1000);
        let line = if own.contains(&e) {
            let line = format!("{stamp} {app}.{} source: file:{dir}", name(&mut rng));
            kept.push(line.clone());
            line
        } else if defined.contains(&e) {
            format!(
                "{stamp} java.lang.invoke.LambdaForm$DMH/0x00007f66{:08x} source: __JVM_LookupDefineClass__",
                rng.next() as u32
            )
        } else if rng.below(100) < shared_share {
            format!("{stamp} {} source: shared objects file", class(&mut rng))
        } else if distinct {
            let c = class(&mut rng);
            format!(
                "{stamp} {c} source: jrt:/java.base/{}.class",
                c.replace('.', "/")
            )
        } else {
            let module = if rng.below(20) == 0 {
                rng.pick(&["jdk.localedata", "java.logging", "jdk.zipfs"])
            } else {
                "java.base"
            };
            format!("{stamp} {} source: jrt:/{module}", class(&mut rng))
        };
        lines.push(line);
        if e == entries / 2 {
            lines.push(format!(
                "billing: {} invoices, total {}.{:02}",
                rng.range(2, 90),
                rng.range(100, 99999),
                rng.below(100)
            ));
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, kept)
}

#[test]
fn an_entry_of_a_minority_kind_stays() {
    support::check_seeds(support::cases("MINORITY_CASES", 300), 0x1c1a_0000, |seed| {
        let (text, needles) = class_log(seed);
        all_kept(
            &text,
            view_of(&text, "java -verbose:class -cp out Main"),
            &needles,
        )
    });
}
