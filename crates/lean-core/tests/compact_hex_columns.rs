//! A column of zero-padded hexadecimal numbers is a column of numbers. `readelf -S`, `objdump
//! -h` and `pmap -x` print sizes and offsets in hex (`000d1000`, `27069e`), and the question
//! about such a table is its largest row ("how big is .text"). Read as words, `27069e` is no
//! number, or worse the number 27069 with a unit `e`, so the largest size was neither kept
//! nor named.
//!
//! Property over generated section tables well over the lossless threshold (sizes of six hex
//! digits spread over five orders of magnitude, the largest anywhere): the row with the
//! largest size is kept verbatim, or the marker over it names its line as the column's max.
//!
//! Cases come from fixed seeds (`HEX_COLUMN_CASES`, default 300).

mod support;
use support::{hidden_range, view_of, Rng};

const NAMES: &[&str] = &[
    "text",
    "rodata",
    "data",
    "bss",
    "eh_frame",
    "init_array",
    "dynsym",
    "dynstr",
    "rela_dyn",
    "got",
    "plt",
    "tdata",
    "note",
    "comment",
    "debug_info",
    "debug_line",
    "gcc_except_table",
];
const TYPES: &[&str] = &["PROGBITS", "NOBITS", "RELA", "STRTAB", "DYNSYM", "NOTE"];
const FLAGS: &[&str] = &["AX", "A", "WA", "WAT", "MS"];

/// A section table, the line (from 1) of its largest row, and that row.
fn table(seed: u64) -> (String, usize, String) {
    let mut rng = Rng::new(seed);
    let rows = rng.range(700, 1500) as usize;
    let largest = rng.below(rows as u64) as usize;
    let mut lines = vec![
        format!("There are {rows} section headers, starting at offset 0x1d5458:"),
        String::new(),
        "Section Headers:".to_string(),
        "  [Nr]   Name Type Address Off Size ES Flg Lk Inf Al".to_string(),
    ];
    let mut address: u64 = 0x350;
    let mut largest_row = (0, String::new());
    for k in 0..rows {
        // Ordinary sizes below 0x10000; the largest well above every other.
        let size = if k == largest {
            rng.range(0x200000, 0xffffff)
        } else {
            let magnitude = rng.below(4) * 4;
            rng.range(1, 0x10000 >> magnitude)
        };
        let line = format!(
            "  [{k:04}] .{}_{k} {} {address:016x} {:06x} {size:06x} {:02x} {} {} {} {}",
            rng.pick(NAMES),
            rng.pick(TYPES),
            address & 0xffffff,
            rng.below(0x20),
            rng.pick(FLAGS),
            rng.below(8),
            rng.below(40),
            1 << rng.below(7),
        );
        address += size;
        if k == largest {
            largest_row = (lines.len() + 1, line.clone());
        }
        lines.push(line);
    }
    lines.push("Key to Flags:".to_string());
    lines.push("  W (write), A (alloc), X (execute), M (merge), S (strings), I (info)".to_string());
    let mut text = lines.join("\n");
    text.push('\n');
    (text, largest_row.0, largest_row.1)
}

#[test]
fn the_largest_row_of_a_hex_column_is_kept_or_named() {
    let cases = support::cases("HEX_COLUMN_CASES", 300);
    support::check_seeds(cases, 0x4e8c_0000, |seed| {
        let (text, line, row) = table(seed);
        let Some(view) = view_of(&text, "readelf -S -W") else {
            return Err("a table over the threshold came back unchanged".into());
        };
        if view.lines().any(|l| l == row) {
            return Ok(());
        }
        let marker = view
            .lines()
            .filter(|l| l.starts_with("[… "))
            .find(|m| hidden_range(m).is_some_and(|(a, b)| (a..=b).contains(&line)))
            .ok_or_else(|| format!("line {line} is neither kept nor under a marker"))?;
        if marker.contains(&format!("max l. {line})")) {
            Ok(())
        } else {
            Err(format!("{marker:.300} does not name line {line}, {row}"))
        }
    });
}
