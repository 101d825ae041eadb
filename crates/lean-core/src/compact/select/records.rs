//! The minority rule on JSON records one per line (JSON Lines logs, registry indexes, event
//! streams, and a JSON array printed one record per line, as `sqlite3 -json` does, when its
//! skeleton is over budget). Such records rarely share a line shape (their nested lists differ
//! in length), so word positions cannot compare them; their top-level fields can. A record whose field holds
//! a value unlike the one most records share (`"yanked": true` among `false`, `"level":
//! "error"` among `"info"`), or that has a field almost no other record has, ranks high, above
//! the ordinary records a fold hides. (Not merely with the rare lines: records whose text is
//! unique, a checksum or a timestamp, each form a rare template of their own.)
//!
//! Work is bounded: the first [`MAX_RECORD_LINES`] record lines, the first [`MAX_SCANNED_BYTES`]
//! bytes of each, scalar values up to [`MAX_VALUE_BYTES`], and [`MAX_DISTINCT`] distinct
//! values counted per field (a field with more is an id or a measurement, not a category).

use super::flags::{LineFlags, Rank, DUPLICATE};
use super::line_texts::LineTexts;
use std::collections::HashMap;
use xxhash_rust::xxh3::xxh3_64;

/// Fewer records have no majority to be unlike.
const MIN_RECORDS: usize = 5;
/// Record lines read; later ones are not compared.
const MAX_RECORD_LINES: usize = 20_000;
/// Lines read before giving up on an output that has shown no record.
const NO_RECORD_YET: usize = 2000;
/// Bytes of a record line scanned for its top-level fields.
const MAX_SCANNED_BYTES: usize = 4096;
/// Longer scalar values are not compared (descriptions, hashes of content).
const MAX_VALUE_BYTES: usize = 64;
/// Distinct values counted per field.
const MAX_DISTINCT: usize = 16;
/// Lines remembered per value or field, to rank them.
const LINES_PER_VALUE: usize = 3;
/// Most record lines ranked as unlike their siblings; the rest are named by the markers'
/// value summaries.
const MAX_UNLIKE: usize = 40;

/// One top-level field of the records: how many records have it, and its values.
#[derive(Default)]
struct Field {
    records: u32,
    /// The first lines that have the field.
    lines: Vec<u32>,
    /// Distinct scalar values: hash, count, first lines. Empty once over [`MAX_DISTINCT`].
    values: Vec<(u64, u32, Vec<u32>)>,
    too_many: bool,
}

impl Field {
    fn add(&mut self, value: Option<&[u8]>, line: u32) {
        self.records += 1;
        if self.lines.len() < LINES_PER_VALUE {
            self.lines.push(line);
        }
        let Some(value) = value else { return };
        if self.too_many {
            return;
        }
        let hash = xxh3_64(value);
        if let Some((_, count, lines)) = self.values.iter_mut().find(|(h, _, _)| *h == hash) {
            *count += 1;
            if lines.len() < LINES_PER_VALUE {
                lines.push(line);
            }
        } else if self.values.len() < MAX_DISTINCT {
            self.values.push((hash, 1, vec![line]));
        } else {
            self.too_many = true;
            self.values = Vec::new();
        }
    }
}

/// Ranks record lines unlike their siblings high; returns how many were ranked.
pub(super) fn mark_unlike_records(texts: &LineTexts<'_>, flags: &mut [LineFlags]) -> usize {
    let mut fields: HashMap<u64, Field> = HashMap::new();
    let mut records = 0usize;
    let mut scratch = Vec::new();
    for i in 0..flags.len() {
        // An output with no record among its first lines is not JSON lines: a log of a
        // million lines is not walked for nothing.
        if records == MAX_RECORD_LINES || (records == 0 && i == NO_RECORD_YET) {
            break;
        }
        let line = record_text(texts.get(i));
        if !(line.first() == Some(&b'{') && line.last() == Some(&b'}')) {
            continue;
        }
        scratch.clear();
        top_level_fields(&line[..line.len().min(MAX_SCANNED_BYTES)], &mut scratch);
        if scratch.is_empty() {
            continue;
        }
        records += 1;
        for &(key, value) in &scratch {
            fields.entry(xxh3_64(key)).or_default().add(value, i as u32);
        }
    }
    if records < MIN_RECORDS {
        return 0;
    }
    let limit = (records / 50).max(1);
    let mut candidates: Vec<u32> = Vec::new();
    for field in fields.values() {
        let have = field.records as usize;
        // A field almost no record has is the difference itself.
        if have <= limit && records - have >= MIN_RECORDS {
            candidates.extend(&field.lines);
            continue;
        }
        if field.too_many || have < MIN_RECORDS {
            continue;
        }
        let Some(&(dominant, top, _)) = field.values.iter().max_by_key(|(_, count, _)| *count)
        else {
            continue;
        };
        if top < 2 || (top as usize) * 2 < have {
            continue;
        }
        for (hash, count, lines) in &field.values {
            if *hash != dominant && (*count as usize) <= limit {
                candidates.extend(lines);
            }
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    let mut marked = 0usize;
    for i in candidates {
        let f = &mut flags[i as usize];
        if !f.has(DUPLICATE) && f.rank() > Rank::High {
            f.set_rank(Rank::High);
            marked += 1;
            if marked == MAX_UNLIKE {
                break;
            }
        }
    }
    marked
}

/// A line's record, without the blanks around it and the array punctuation a JSON array
/// printed one record per line puts there (`[{…},`, `{…},`, `{…}]`).
fn record_text(line: &[u8]) -> &[u8] {
    let mut text = line.trim_ascii();
    if let Some(rest) = text.strip_prefix(b"[") {
        text = rest.trim_ascii_start();
    }
    if let Some(rest) = text.strip_suffix(b",") {
        text = rest.trim_ascii_end();
    }
    if let Some(rest) = text.strip_suffix(b"]") {
        text = rest.trim_ascii_end();
    }
    text
}

/// The top-level fields of one JSON object's text: each key (quotes included) with its value
/// when that is a short scalar (`None` for containers and long strings). A malformed or cut
/// record yields the fields read before the fault. One pass, no recursion: nesting is a
/// counter.
fn top_level_fields<'a>(record: &'a [u8], out: &mut Vec<(&'a [u8], Option<&'a [u8]>)>) {
    let mut depth = 0usize;
    let mut i = 0usize;
    // The key of the field being read at depth 1, once its colon is seen.
    let mut key: Option<&'a [u8]> = None;
    let mut expecting_key = false;
    while i < record.len() {
        match record[i] {
            b'"' => {
                let Some(end) = string_end(record, i) else {
                    return;
                };
                if depth == 1 {
                    let text = &record[i..end];
                    if expecting_key {
                        key = Some(text);
                        expecting_key = false;
                    } else if let Some(k) = key.take() {
                        let short = text.len() <= MAX_VALUE_BYTES;
                        out.push((k, short.then_some(text)));
                    }
                }
                i = end;
                continue;
            }
            b'{' | b'[' => {
                if depth == 1 {
                    if let Some(k) = key.take() {
                        out.push((k, None));
                    }
                }
                depth += 1;
                if depth == 1 {
                    expecting_key = true;
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expecting_key = true,
            b':' | b' ' | b'\t' => {}
            _ if depth == 1 => {
                if let Some(k) = key.take() {
                    let end = record[i..]
                        .iter()
                        .position(|&b| matches!(b, b',' | b'}' | b' '))
                        .map_or(record.len(), |n| i + n);
                    out.push((k, Some(&record[i..end])));
                    i = end;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The offset just past the string opening at `start`; `None` when it is not closed.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<(String, Option<String>)> {
        let mut out = Vec::new();
        top_level_fields(text.as_bytes(), &mut out);
        out.into_iter()
            .map(|(k, v)| {
                (
                    String::from_utf8_lossy(k).into_owned(),
                    v.map(|v| String::from_utf8_lossy(v).into_owned()),
                )
            })
            .collect()
    }

    #[test]
    fn top_level_scalars_are_read_and_nested_values_skipped() {
        let got = fields(
            r#"{"name": "serde", "vers": "1.0.31", "deps": [{"name": "x", "yanked": true}], "features": {"a": ["b"]}, "yanked": true, "n": -1.5e3, "z": null}"#,
        );
        let want: Vec<(String, Option<String>)> = vec![
            ("\"name\"".into(), Some("\"serde\"".into())),
            ("\"vers\"".into(), Some("\"1.0.31\"".into())),
            ("\"deps\"".into(), None),
            ("\"features\"".into(), None),
            ("\"yanked\"".into(), Some("true".into())),
            ("\"n\"".into(), Some("-1.5e3".into())),
            ("\"z\"".into(), Some("null".into())),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn escapes_and_brackets_inside_strings_do_not_confuse_the_depth() {
        let got = fields(r#"{"msg":"a \"}{[\" b","level":"info"}"#);
        assert_eq!(got[1], ("\"level\"".into(), Some("\"info\"".into())));
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn a_cut_record_yields_what_was_read() {
        let got = fields(r#"{"a":1,"b":"unterminated"#);
        assert_eq!(got, vec![("\"a\"".into(), Some("1".into()))]);
    }
}
