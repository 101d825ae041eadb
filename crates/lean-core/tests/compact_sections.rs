//! What a kept line belongs to, as properties over generated outputs.
//!
//! - **Headings are the outline.** An output of sections (a heading after a blank line, then a
//!   body of look-alike lines: `readelf -S` over several files, `python -m dis` over a module's
//!   functions, a report per host) keeps every section's heading verbatim, and the caption line
//!   each section opens with (`There are 27 section headers, …`), wherever the section falls:
//!   a question names the part it is about, and the heading is where a reader finds it.
//! - **A record is read with its name.** In an output of short records (`stat` over many
//!   files), a record whose line is unlike its look-alikes' (`Access: (0640/…)` among 0644) is
//!   shown whole, its opener (`File: /etc/shadow`) included: the odd line alone says nothing
//!   about which record it belongs to.
//!
//! Cases come from fixed seeds (`SECTION_CASES`, `RECORD_CASES`, default 200 each).

mod support;
use support::{view_of, Rng};

const NAMES: &[&str] = &[
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
];

/// Sections of look-alike body lines, each opened by a heading (and maybe a caption) after a
/// blank line. Returns the text and, per section, the lines that must stay together.
fn sections(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(2, 24) as usize;
    let style = rng.below(3);
    let captioned = rng.below(2) == 0;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    for s in 0..count {
        let name = format!("{}_{}", rng.pick(NAMES), s);
        let heading = match style {
            0 => format!("File: /usr/lib/x86_64-linux-gnu/lib{name}.so.{}", rng.range(1, 9)),
            1 => format!(
                "Disassembly of <code object {name} at 0x7f{:010x}, file \"/src/app/{}.py\", line {}>:",
                rng.next() & 0xff_ffff_ffff,
                rng.pick(NAMES),
                rng.range(1, 900)
            ),
            _ => format!("Host {name}.example.net ({}.{}.0.{})", rng.range(10, 200), rng.range(0, 250), rng.range(1, 250)),
        };
        lines.push(String::new());
        lines.push(heading.clone());
        let mut block = heading;
        if captioned {
            let caption = format!(
                "There are {} entries, starting at offset 0x{:x}:",
                rng.range(10, 90),
                rng.range(4096, 1 << 24)
            );
            lines.push(caption.clone());
            block = format!("{block}\n{caption}");
        }
        wanted.push(block);
        for k in 0..rng.range(20, 160) {
            lines.push(match style {
                0 => format!(
                    "  [{k:2}] .sec{:<12} PROGBITS        {:016x} {:06x} {:06x} 00  AX  0   0 16",
                    k,
                    rng.range(0, 1 << 40),
                    rng.range(0, 1 << 20),
                    rng.range(0, 1 << 20)
                ),
                1 => format!(
                    "             {:>4} LOAD_FAST                {} ({})",
                    k * 2,
                    rng.range(0, 12),
                    rng.pick(NAMES)
                ),
                _ => format!(
                    "  port {}/tcp open  {}  latency {}ms",
                    rng.range(1, 65535),
                    rng.pick(NAMES),
                    rng.range(1, 400)
                ),
            });
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn every_section_heading_stays() {
    support::check_seeds(support::cases("SECTION_CASES", 200), 0x5ec7_0000, |seed| {
        let (text, wanted) = sections(seed);
        let Some(view) = view_of(&text, "./report --all") else {
            return Ok(());
        };
        match wanted
            .iter()
            .find(|block| !view.contains(&format!("{block}\n")))
        {
            Some(block) => Err(format!("heading {block:?} lost")),
            None => Ok(()),
        }
    });
}

/// `stat`-like records of eight lines; `odd_records` of them (a handful) share a mode unlike
/// every other's, as `/etc/shadow`, `/etc/gshadow` and their backups do (with `odd_group`,
/// their group too: a line unlike the rest in two slots that go together). Returns the text
/// and the odd records' lines.
fn records(seed: u64, odd_records: usize, odd_group: bool) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(60, 300) as usize;
    let mut odd: Vec<usize> = Vec::new();
    while odd.len() < odd_records {
        let r = rng.range(5, count as u64 - 5) as usize;
        if !odd.contains(&r) {
            odd.push(r);
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    for r in 0..count {
        let name = format!("/etc/{}{}.conf", rng.pick(NAMES), r);
        let mode = if odd.contains(&r) {
            "0640/-rw-r-----"
        } else {
            "0644/-rw-r--r--"
        };
        let record = [
            format!("  File: {name}"),
            format!(
                "  Size: {:<10}\tBlocks: 8          IO Block: 4096   regular file",
                rng.range(100, 99999)
            ),
            format!(
                "Device: 254,0\tInode: {:<11} Links: 1",
                rng.range(10, 999_999)
            ),
            if odd_group && odd.contains(&r) {
                format!("Access: ({mode})  Uid: (    0/    root)   Gid: (   42/  shadow)")
            } else {
                format!("Access: ({mode})  Uid: (    0/    root)   Gid: (    0/    root)")
            },
            format!(
                "Access: 2026-12-05 03:35:{:02}.{:09} +0000",
                rng.range(0, 60),
                rng.range(0, 999_999_999)
            ),
            format!(
                "Modify: 2025-0{}-1{} 07:29:29.000000000 +0000",
                rng.range(1, 10),
                rng.range(0, 10)
            ),
            format!(
                "Change: 2025-0{}-1{} 07:29:29.000000000 +0000",
                rng.range(1, 10),
                rng.range(0, 10)
            ),
            " Birth: 1970-01-01 00:00:00.000000000 +0000".to_string(),
        ];
        if odd.contains(&r) {
            wanted.push(record.join("\n"));
        }
        lines.extend(record);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn an_unlike_record_is_shown_with_its_name() {
    support::check_seeds(support::cases("RECORD_CASES", 200), 0x2ec0_0000, |seed| {
        let (text, wanted) = records(seed, 1, false);
        let Some(view) = view_of(&text, "stat /etc/*") else {
            return Ok(());
        };
        // The odd line is kept (the minority rule), and with it its whole record.
        shown_whole(&view, &wanted)
    });
}

/// A handful of records holding the same unlike value are each the news, not one of them: a
/// question is about one of them (`/etc/shadow`, not its backup), and keeping one would hide
/// the others' names.
#[test]
fn every_record_of_a_handful_unlike_the_rest_is_shown_with_its_name() {
    support::check_seeds(support::cases("RECORD_CASES", 300), 0x2ec1_0000, |seed| {
        let (text, wanted) = records(seed, 2 + seed as usize % 5, seed % 3 == 0);
        let Some(view) = view_of(&text, "stat /etc/*") else {
            return Ok(());
        };
        shown_whole(&view, &wanted)
    });
}

/// Fails naming the first of `records` that `view` does not show whole.
fn shown_whole(view: &str, records: &[String]) -> Result<(), String> {
    match records
        .iter()
        .find(|record| !view.contains(record.as_str()))
    {
        Some(lost) => Err(format!(
            "{:?} not shown whole",
            lost.lines().next().unwrap_or_default()
        )),
        None => Ok(()),
    }
}

/// The widest inputs the two rules read: every other line a heading whose first word opens
/// exactly two sections (the most kinds of heading, each with a caption to check), and a list
/// of 100,000 two-line records whose every line has a shape of its own. Each is read in a few
/// linear passes: a quadratic path would not finish here. The views stay within Pi's cut.
#[test]
fn the_widest_outlines_and_record_lists_stay_linear() {
    let mut headings = String::new();
    for k in 0..60_000 {
        let word = format!("Kind{}", k / 2);
        headings.push_str(&format!(
            "\n{word} section {k}\nCaption{} of {k}\nbody {k}\n",
            k / 2
        ));
    }
    let mut records = String::new();
    for k in 0..100_000 {
        records.push_str(&format!("File: /f/{k:x}\nField{}: {k}\n", k % 7));
    }
    for (text, command) in [(headings, "./report"), (records, "stat /f/*")] {
        let view = view_of(&text, command).expect("a long output is compacted");
        assert!(view.len() <= 51_200, "view of {} bytes", view.len());
    }
}
