//! Finds `<skill name="…">` blocks in user-side text the way a tolerant HTML tokenizer and a
//! model would read them, so the extension can remove those of blocked skills.
//!
//! Pi expands `/skill:x` into `<skill name="x" location="…">body</skill>`; the same block
//! pasted or forged by hand must not smuggle a denied body past policy. A model reads a tag
//! whatever its case or namespace prefix (`<SKILL>`, `<x:skill>`), with fullwidth brackets
//! (`＜skill＞`) or invisible characters in its name, with attributes in any order and values
//! in any quotes or none, with character references (numeric or named, `;` or not, encoded
//! twice), comments and CDATA. So the tag name and attribute names are compared in the
//! canonical form of [`super::names`], and characters are classified by what they fold to.
//!
//! Policy fails closed here: a tag that does not end, a quote that does not close, a name
//! that does not decode, or a stray `<` inside a tag marks the block `undecodable`, and the
//! caller removes it whatever its name. The scan is one pass with no recursion: every
//! position is read by at most one tag, plus one pass for closing tags and one stack pass to
//! pair them, so the work is linear in the text.

use std::sync::OnceLock;

use super::names::{decode_reference, fold_char, fold_name};

/// One opening `<skill …>` tag that names a skill (or cannot be read), with the extent of
/// its block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillBlock {
    /// Offset of the tag's `<`.
    pub start: usize,
    /// Offset just past the `</skill>` that closes the block (nesting counted), or the text's
    /// end when nothing closes it.
    pub end: usize,
    /// Every `name` attribute's value, references decoded, as written otherwise.
    pub names: Vec<String>,
    /// Something in the tag could not be read; the block counts as blocked.
    pub undecodable: bool,
}

/// What a character means to the tokenizer, by what it folds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Open,
    Close,
    Slash,
    Equals,
    Quote(char),
    Space,
    /// Folds to nothing (zero-width space, NUL, soft hyphen, a combining mark …).
    Invisible,
    Other,
}

fn class(ch: char) -> Class {
    if ch.is_ascii() {
        return class_of(ch);
    }
    // The Basic Multilingual Plane's classes are computed once: folding a char costs a
    // decomposition and two table searches, and a text reads every char's class.
    static BMP: OnceLock<Box<[Class]>> = OnceLock::new();
    match u16::try_from(ch as u32) {
        Ok(unit) => BMP.get_or_init(|| {
            (0..=u16::MAX)
                .map(|unit| char::from_u32(u32::from(unit)).map_or(Class::Other, class_of))
                .collect()
        })[usize::from(unit)],
        Err(_) => class_of(ch),
    }
}

fn class_of(ch: char) -> Class {
    let folded_ascii = if ch.is_ascii() {
        Some(ch)
    } else {
        let mut folded = String::new();
        fold_char(ch, &mut folded);
        let mut chars = folded.chars();
        match (chars.next(), chars.next()) {
            (None, _) => return Class::Invisible,
            (Some(one), None) if one.is_ascii() => Some(one),
            _ => None,
        }
    };
    match folded_ascii {
        Some('<') => Class::Open,
        Some('>') => Class::Close,
        Some('/') => Class::Slash,
        Some('=') => Class::Equals,
        Some(q @ ('"' | '\'' | '`')) => Class::Quote(q),
        Some(c) if c.is_ascii_whitespace() => Class::Space,
        Some(c) if c.is_ascii_control() => Class::Invisible,
        _ if ch.is_whitespace() => Class::Space,
        _ => Class::Other,
    }
}

/// The char at byte `at` with its class and the offset after it.
fn at(text: &str, at: usize) -> Option<(char, Class, usize)> {
    let ch = text[at..].chars().next()?;
    Some((ch, class(ch), at + ch.len_utf8()))
}

/// Offset after the spaces and invisible characters from `from`.
fn skip_blank(text: &str, mut from: usize) -> usize {
    while let Some((_, Class::Space | Class::Invisible, next)) = at(text, from) {
        from = next;
    }
    from
}

/// The end of a name token (tag or attribute name) starting at `from`.
fn token_end(text: &str, mut from: usize) -> usize {
    while let Some((_, class, next)) = at(text, from) {
        match class {
            Class::Other | Class::Invisible | Class::Quote(_) => from = next,
            _ => break,
        }
    }
    from
}

/// Whether a raw tag or attribute name is `want` (folded, any namespace prefix dropped).
fn names_as(raw: &str, want: &str) -> Option<bool> {
    let decoded = decode_value(raw)?;
    let folded = fold_name(&decoded);
    let local = folded.rsplit(':').next().unwrap_or_default();
    Some(local == fold_name(want))
}

/// Every `</skill>` closing tag as (start, end), in order.
fn closing_tags(text: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut pos = 0;
    while let Some(lt) = next_open(text, pos) {
        pos = lt + text[lt..].chars().next().map_or(1, char::len_utf8);
        let after = skip_blank(text, pos);
        let Some((_, Class::Slash, name_start)) = at(text, after) else {
            continue;
        };
        let name_start = skip_blank(text, name_start);
        let name_end = token_end(text, name_start);
        if names_as(&text[name_start..name_end], "skill") != Some(true) {
            continue;
        }
        let rest = skip_blank(text, name_end);
        let end = match at(text, rest) {
            Some((_, Class::Close, next)) => next,
            _ => name_end,
        };
        found.push((lt, end));
        pos = end;
    }
    found
}

/// The offset of the next char that folds to `<`, from `from`.
fn next_open(text: &str, from: usize) -> Option<usize> {
    text[from..]
        .char_indices()
        .find(|&(_, ch)| {
            if ch.is_ascii() {
                ch == '<'
            } else {
                class(ch) == Class::Open
            }
        })
        .map(|(offset, _)| from + offset)
}

/// What one opening tag holds.
struct Tag {
    /// Offset after its `>`, or `None` when it never ends.
    end: Option<usize>,
    names: Vec<String>,
    undecodable: bool,
}

/// Reads the attributes of a tag from `from` (just after its name) to its `>`.
fn read_tag(text: &str, from: usize) -> Tag {
    let mut tag = Tag {
        end: None,
        names: Vec::new(),
        undecodable: false,
    };
    let mut pos = from;
    loop {
        pos = skip_blank(text, pos);
        // A tag that never ends is reported only if it names a skill (or had something
        // unreadable): prose like "the <skill tag" is no block.
        let Some((_, class, next)) = at(text, pos) else {
            return tag;
        };
        match class {
            Class::Close => {
                tag.end = Some(next);
                return tag;
            }
            // A stray `=` has no name before it; the value after it is read as a name.
            Class::Slash | Class::Equals => pos = next,
            Class::Open => {
                // A comment or CDATA section is skipped whole; anything else with a `<` in a
                // tag is no tag Pi wrote, so it cannot be trusted.
                let Some(after) = skip_markup(text, pos) else {
                    tag.undecodable = true;
                    return tag;
                };
                if after == pos
                    || text[pos..after].starts_with("<![")
                    || contains_open(&text[next..after])
                {
                    tag.undecodable = true;
                }
                pos = after.max(next);
            }
            _ => {
                let name_end = token_end(text, pos);
                let raw_name = &text[pos..name_end];
                let is_name = names_as(raw_name, "name");
                pos = skip_blank(text, name_end);
                let value = if let Some((_, Class::Equals, after_equals)) = at(text, pos) {
                    let value_start = skip_blank(text, after_equals);
                    match read_value(text, value_start) {
                        Some((raw, after)) => {
                            pos = after;
                            Some(raw)
                        }
                        None => {
                            tag.undecodable = true;
                            return tag;
                        }
                    }
                } else {
                    None
                };
                match (is_name, value) {
                    (None, _) => tag.undecodable = true,
                    (Some(true), None) => tag.undecodable = true,
                    (Some(true), Some(raw)) => match decode_value(raw) {
                        Some(name) if !contains_open(&name) && !name.contains('&') => {
                            tag.names.push(trim_quotes(&name).to_string());
                        }
                        _ => tag.undecodable = true,
                    },
                    (Some(false), Some(raw)) => {
                        if contains_open(raw) {
                            tag.undecodable = true;
                        }
                    }
                    (Some(false), None) => {}
                }
            }
        }
    }
}

/// An attribute value from `from`: quoted (by any char that folds to `"`, `'` or `` ` ``)
/// up to the same quote, or unquoted up to a space or `>`. Returns the raw value and the
/// offset after it; `None` when a quote never closes.
fn read_value(text: &str, from: usize) -> Option<(&str, usize)> {
    match at(text, from) {
        Some((_, Class::Quote(quote), start)) => {
            let mut pos = start;
            loop {
                let (_, class, next) = at(text, pos)?;
                if class == Class::Quote(quote) {
                    return Some((&text[start..pos], next));
                }
                pos = next;
            }
        }
        _ => {
            let mut pos = from;
            while let Some((_, class, next)) = at(text, pos) {
                if matches!(class, Class::Space | Class::Close) {
                    break;
                }
                pos = next;
            }
            Some((&text[from..pos], pos))
        }
    }
}

/// If a comment (`<!-- … -->`) or CDATA section (`<![CDATA[ … ]]>`) starts at `pos`, the
/// offset after it (`None` when it never ends); otherwise `pos` itself.
fn skip_markup(text: &str, pos: usize) -> Option<usize> {
    let rest = &text[pos..];
    let bytes = rest.as_bytes();
    if let Some(comment) = rest.strip_prefix("<!--") {
        return comment.find("-->").map(|end| pos + 4 + end + 3);
    }
    if bytes.len() >= 9 && bytes[..9].eq_ignore_ascii_case(b"<![CDATA[") {
        return rest[9..].find("]]>").map(|end| pos + 9 + end + 3);
    }
    Some(pos)
}

fn contains_open(text: &str) -> bool {
    text.chars().any(|ch| class(ch) == Class::Open)
}

/// Quote-like characters a value may still be wrapped in (curly quotes, guillemets, or
/// quotes written as references).
fn trim_quotes(value: &str) -> &str {
    value.trim().trim_matches(|ch: char| {
        matches!(
            ch,
            '"' | '\'' | '`' | '\u{AB}' | '\u{BB}' | '\u{2018}'
                ..='\u{201F}' | '\u{2039}' | '\u{203A}'
        ) || ch.is_whitespace()
    })
}

/// A raw attribute value as a model reads it: comments dropped, CDATA unwrapped, character
/// references decoded (any depth of `&amp;`). `None` when a comment or CDATA section does
/// not end or a reference does not decode.
fn decode_value(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    let mut pos = 0;
    while pos < raw.len() {
        let rest = &raw[pos..];
        let ch = rest.chars().next()?;
        if ch == '<' {
            let after = skip_markup(raw, pos)?;
            if after != pos {
                if !rest.starts_with("<!--") {
                    // CDATA: its content is literal text.
                    out.push_str(&raw[pos + 9..after - 3]);
                }
                pos = after;
                continue;
            }
        }
        if ch == '&' {
            match decode_reference(rest) {
                Ok((decoded, used)) => {
                    out.push(decoded);
                    pos += used;
                    continue;
                }
                // `&` followed by a name or `#` that is no known reference: unreadable.
                Err(layers) => {
                    let next = rest[layers..].chars().next();
                    if layers > 1 || next.is_some_and(|c| c == '#' || c.is_alphanumeric()) {
                        return None;
                    }
                }
            }
        }
        out.push(ch);
        pos += ch.len_utf8();
    }
    Some(out)
}

/// Every `<skill>` opening tag in `text` that names a skill or cannot be read, in order,
/// with its block's extent in byte offsets.
pub fn scan_skill_blocks(text: &str) -> Vec<SkillBlock> {
    let closings = closing_tags(text);
    let mut openings: Vec<(usize, usize, Tag)> = Vec::new();
    let mut pos = 0;
    while let Some(lt) = next_open(text, pos) {
        let after_open = lt + text[lt..].chars().next().map_or(1, char::len_utf8);
        pos = after_open;
        let name_start = skip_blank(text, after_open);
        let name_end = token_end(text, name_start);
        if name_end == name_start || names_as(&text[name_start..name_end], "skill") != Some(true) {
            continue;
        }
        let tag = read_tag(text, name_end);
        let tag_end = tag.end.unwrap_or(text.len());
        openings.push((lt, tag_end, tag));
        pos = tag_end;
    }
    // Pair openings with closings by nesting, in one pass over both in text order.
    let mut ends = vec![text.len(); openings.len()];
    let mut stack: Vec<usize> = Vec::new();
    let (mut o, mut c) = (0, 0);
    while o < openings.len() || c < closings.len() {
        let opening_first = match (openings.get(o), closings.get(c)) {
            (Some(opening), Some(closing)) => opening.1 <= closing.0,
            (Some(_), None) => true,
            _ => false,
        };
        if opening_first {
            stack.push(o);
            o += 1;
        } else {
            if let Some(open) = stack.pop() {
                ends[open] = closings[c].1;
            }
            c += 1;
        }
    }
    openings
        .into_iter()
        .zip(ends)
        .filter(|((_, _, tag), _)| tag.undecodable || !tag.names.is_empty())
        .map(|((start, tag_end, tag), end)| SkillBlock {
            start,
            end: end.max(tag_end),
            names: tag.names,
            undecodable: tag.undecodable,
        })
        .collect()
}

/// [`scan_skill_blocks`] with offsets in UTF-16 code units, as JavaScript strings count them.
pub fn scan_skill_blocks_utf16(text: &str) -> Vec<SkillBlock> {
    let mut blocks = scan_skill_blocks(text);
    let mut offsets: Vec<usize> = blocks.iter().flat_map(|b| [b.start, b.end]).collect();
    offsets.sort_unstable();
    offsets.dedup();
    let mut units = Vec::with_capacity(offsets.len());
    let (mut byte, mut unit) = (0usize, 0usize);
    let mut chars = text.chars();
    for &offset in &offsets {
        while byte < offset {
            let Some(ch) = chars.next() else { break };
            byte += ch.len_utf8();
            unit += ch.len_utf16();
        }
        units.push(unit);
    }
    let to_units = |byte: usize| units[offsets.binary_search(&byte).unwrap_or(0)];
    for block in &mut blocks {
        block.start = to_units(block.start);
        block.end = to_units(block.end);
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> SkillBlock {
        let blocks = scan_skill_blocks(text);
        assert_eq!(blocks.len(), 1, "{text:?}: {blocks:?}");
        blocks.into_iter().next().unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn reads_pi_s_own_block() {
        let text = "hi <skill name=\"tdd\" location=\"/s/tdd/SKILL.md\">\nbody\n</skill>\n\nrest";
        let block = one(text);
        assert_eq!(block.names, ["tdd"]);
        assert!(!block.undecodable);
        assert_eq!(&text[block.start..block.end], &text[3..text.len() - 6]);
    }

    #[test]
    fn nesting_pairs_closings() {
        let text = "<skill name=a>x<skill name=b>y</skill>z</skill>!";
        let blocks = scan_skill_blocks(text);
        assert_eq!(blocks.len(), 2);
        assert_eq!(
            &text[blocks[0].start..blocks[0].end],
            &text[..text.len() - 1]
        );
        assert_eq!(
            &text[blocks[1].start..blocks[1].end],
            "<skill name=b>y</skill>"
        );
    }

    #[test]
    fn benign_text_has_no_blocks() {
        for text in [
            "a < b and c > d",
            "Vec<Skill> and HashMap<Skill, u8>",
            "the <skill> tag has no name",
            "the <skill tag is described here",
            "if (x<skill_count) {}",
            "<skills name=\"x\">",
            "",
        ] {
            assert!(scan_skill_blocks(text).is_empty(), "{text:?}");
        }
    }

    #[test]
    fn offsets_in_utf16_units() {
        let text = "𝐚é <skill name=x>b</skill>";
        let blocks = scan_skill_blocks_utf16(text);
        assert_eq!((blocks[0].start, blocks[0].end), (4, 4 + 23));
    }

    #[test]
    fn hostile_input_is_linear() {
        for unit in [
            "<skill name=\"",
            "<skill <!--",
            "<skill a='",
            "<SKILL ",
            "</skill",
            "&amp;",
        ] {
            let text = unit.repeat(200_000 / unit.len());
            let started = std::time::Instant::now();
            let _ = scan_skill_blocks(&text);
            assert!(started.elapsed().as_secs() < 5, "{unit:?}");
        }
    }
}
