//! JSON compaction: minify losslessly; when that is still too large, render a skeleton that keeps
//! the structure, the identifying fields of every record in arrays of objects, rare categorical
//! values, and factors out fields that are constant across a whole array.
//!
//! The parser borrows raw token bytes from the input, so strings and numbers come out exactly as
//! written (escapes included) and object key order is preserved.

use std::collections::HashMap;

use foldhash::fast::RandomState as FastState;

/// Deeper nesting is not parsed (stack safety); such input takes the generic line path.
const MAX_DEPTH: usize = 256;
/// Records with a scalar string longer than this keep it out of the skeleton.
const SHORT_SCALAR: usize = 48;
/// Record arrays render at most this many records; the rest become a marker.
const MAX_RECORDS: usize = 2000;

pub(crate) enum Node<'a> {
    /// A raw scalar token: a string with its quotes, a number, `true`, `false` or `null`.
    Scalar(&'a [u8]),
    Array(Vec<Node<'a>>),
    Object(Vec<(&'a [u8], Node<'a>)>),
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Items of the arrays being parsed, innermost last; each array takes its own off the top
    /// when it closes, so its vector is allocated once at its final size.
    items: Vec<Node<'a>>,
    /// The same for the fields of the objects being parsed.
    fields: Vec<(&'a [u8], Node<'a>)>,
}

impl<'a> Parser<'a> {
    fn skip_ws(&mut self) {
        const BLANKS: u64 = u64::from_le_bytes([b' '; 8]);
        let bytes = self.bytes;
        let mut pos = self.pos;
        loop {
            // Pretty-printed JSON indents every line: its blanks are skipped eight at a time,
            // the run's end found from the first byte that differs.
            if let Some(chunk) = bytes.get(pos..pos + 8) {
                let differs = u64::from_le_bytes(chunk.try_into().expect("8 bytes")) ^ BLANKS;
                if differs == 0 {
                    pos += 8;
                    continue;
                }
                pos += (differs.trailing_zeros() / 8) as usize;
            }
            match bytes.get(pos) {
                Some(b' ' | b'\n' | b'\r' | b'\t') => pos += 1,
                _ => break,
            }
        }
        self.pos = pos;
    }

    fn string(&mut self) -> Option<&'a [u8]> {
        let start = self.pos;
        self.pos += 1;
        loop {
            let rel = memchr::memchr2(b'"', b'\\', self.bytes.get(self.pos..)?)?;
            self.pos += rel;
            if self.bytes[self.pos] == b'\\' {
                // An escape takes the next byte too; a backslash as the last byte ends the
                // input inside a string, which is not JSON.
                if self.pos + 1 >= self.bytes.len() {
                    return None;
                }
                self.pos += 2;
                continue;
            }
            self.pos += 1;
            return Some(&self.bytes[start..self.pos]);
        }
    }

    fn value(&mut self, depth: usize) -> Option<Node<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_ws();
        match *self.bytes.get(self.pos)? {
            b'"' => self.string().map(Node::Scalar),
            b'[' => {
                self.pos += 1;
                self.skip_ws();
                if self.bytes.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Some(Node::Array(Vec::new()));
                }
                let base = self.items.len();
                loop {
                    let item = self.value(depth + 1)?;
                    self.items.push(item);
                    self.skip_ws();
                    match *self.bytes.get(self.pos)? {
                        b',' => self.pos += 1,
                        b']' => {
                            self.pos += 1;
                            return Some(Node::Array(self.items.drain(base..).collect()));
                        }
                        _ => return None,
                    }
                }
            }
            b'{' => {
                self.pos += 1;
                self.skip_ws();
                if self.bytes.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Some(Node::Object(Vec::new()));
                }
                let base = self.fields.len();
                loop {
                    self.skip_ws();
                    if self.bytes.get(self.pos) != Some(&b'"') {
                        return None;
                    }
                    let key = self.string()?;
                    self.skip_ws();
                    if self.bytes.get(self.pos) != Some(&b':') {
                        return None;
                    }
                    self.pos += 1;
                    let value = self.value(depth + 1)?;
                    self.fields.push((key, value));
                    self.skip_ws();
                    match *self.bytes.get(self.pos)? {
                        b',' => self.pos += 1,
                        b'}' => {
                            self.pos += 1;
                            return Some(Node::Object(self.fields.drain(base..).collect()));
                        }
                        _ => return None,
                    }
                }
            }
            _ => {
                let start = self.pos;
                while self.pos < self.bytes.len()
                    && matches!(self.bytes[self.pos], b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z')
                {
                    self.pos += 1;
                }
                let token = &self.bytes[start..self.pos];
                let valid = matches!(token, b"true" | b"false" | b"null")
                    || (!token.is_empty()
                        && token
                            .iter()
                            .all(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')));
                valid.then_some(Node::Scalar(token))
            }
        }
    }
}

/// Parses one JSON document; `None` for anything else (including NDJSON and trailing bytes).
pub(crate) fn parse(bytes: &[u8]) -> Option<Node<'_>> {
    let mut parser = Parser {
        bytes,
        pos: 0,
        items: Vec::new(),
        fields: Vec::new(),
    };
    let node = parser.value(0)?;
    parser.skip_ws();
    (parser.pos == bytes.len()).then_some(node)
}

/// Writes `node` without insignificant whitespace.
pub(crate) fn minify(node: &Node<'_>, out: &mut Vec<u8>) {
    minify_within(node, out, usize::MAX);
}

/// Like [`minify`], but stops once `out` holds more than `limit` bytes; returns whether the
/// whole of `node` was written. A large document that cannot fit is not written out in full
/// only to learn that.
pub(crate) fn minify_within(node: &Node<'_>, out: &mut Vec<u8>, limit: usize) -> bool {
    match node {
        Node::Scalar(raw) => out.extend_from_slice(raw),
        Node::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                if !minify_within(item, out, limit) {
                    return false;
                }
            }
            out.push(b']');
        }
        Node::Object(fields) => {
            out.push(b'{');
            for (i, (key, value)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(key);
                out.push(b':');
                if !minify_within(value, out, limit) {
                    return false;
                }
            }
            out.push(b'}');
        }
    }
    out.len() <= limit
}

fn is_record_array(items: &[Node<'_>]) -> bool {
    items.len() >= 3
        && items
            .iter()
            .filter(|n| matches!(n, Node::Object(_)))
            .count()
            * 10
            >= items.len() * 8
}

/// What the skeleton learned about one field across a record array.
struct FieldStats<'a> {
    key: &'a [u8],
    present: usize,
    scalar: usize,
    values: HashMap<&'a [u8], usize, FastState>,
}

struct RecordPlan<'a> {
    constant: Vec<(&'a [u8], &'a [u8])>,
    identity: Vec<&'a [u8]>,
    categorical: HashMap<&'a [u8], HashMap<&'a [u8], usize, FastState>, FastState>,
    rare_limit: usize,
}

fn plan_records<'a>(items: &[Node<'a>]) -> RecordPlan<'a> {
    let mut order: Vec<FieldStats<'a>> = Vec::new();
    let mut index: HashMap<&'a [u8], usize, FastState> = HashMap::default();
    for item in items {
        let Node::Object(fields) = item else { continue };
        for (key, value) in fields {
            let slot = *index.entry(key).or_insert_with(|| {
                order.push(FieldStats {
                    key,
                    present: 0,
                    scalar: 0,
                    values: HashMap::default(),
                });
                order.len() - 1
            });
            let stats = &mut order[slot];
            stats.present += 1;
            if let Node::Scalar(raw) = value {
                stats.scalar += 1;
                *stats.values.entry(raw).or_insert(0) += 1;
            }
        }
    }
    let n = items.len();
    let mut plan = RecordPlan {
        constant: Vec::new(),
        identity: Vec::new(),
        categorical: HashMap::default(),
        rare_limit: (n / 40).max(2),
    };
    for stats in order {
        if stats.present == n && stats.scalar == n && stats.values.len() == 1 {
            let value = *stats.values.keys().next().expect("one value");
            if value.len() <= SHORT_SCALAR {
                plan.constant.push((stats.key, value));
            }
            continue;
        }
        if stats.scalar * 2 < stats.present || stats.present * 2 < n {
            continue;
        }
        let distinct = stats.values.len();
        let is_string = stats.values.keys().any(|v| v.first() == Some(&b'"'));
        if plan.identity.len() < 2 && is_string && distinct * 2 >= stats.scalar {
            plan.identity.push(stats.key);
        } else if distinct * 2 < stats.scalar {
            plan.categorical.insert(stats.key, stats.values);
        }
    }
    plan
}

/// Renders a skeleton of `node` into `out`; returns true when anything was left out.
pub(crate) fn skeleton(node: &Node<'_>, depth: usize, out: &mut Vec<u8>) -> bool {
    match node {
        Node::Scalar(raw) => {
            out.extend_from_slice(raw);
            false
        }
        Node::Array(items) if is_record_array(items) => records(items, depth, out),
        Node::Array(items) => {
            if depth >= 3 && !items.is_empty() {
                out.extend_from_slice(format!("[…{}]", items.len()).as_bytes());
                return true;
            }
            let mut lossy = false;
            out.push(b'[');
            let shown = if items.len() > 24 { 16 } else { items.len() };
            for (i, item) in items.iter().take(shown).enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                lossy |= skeleton(item, depth + 1, out);
            }
            if shown < items.len() {
                out.extend_from_slice(format!(",…{} more", items.len() - shown).as_bytes());
                lossy = true;
            }
            out.push(b']');
            lossy
        }
        Node::Object(fields) => {
            if depth >= 3 && !fields.is_empty() {
                out.extend_from_slice(format!("{{…{}}}", fields.len()).as_bytes());
                return true;
            }
            let mut lossy = false;
            out.push(b'{');
            for (i, (key, value)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                if depth == 0 {
                    out.push(b'\n');
                }
                out.extend_from_slice(key);
                out.push(b':');
                lossy |= skeleton(value, depth + 1, out);
            }
            if depth == 0 {
                out.push(b'\n');
            }
            out.push(b'}');
            lossy
        }
    }
}

/// One line per record: identifying fields, rare categorical values, nested values elided.
fn records(items: &[Node<'_>], depth: usize, out: &mut Vec<u8>) -> bool {
    let plan = plan_records(items);
    out.push(b'[');
    if !plan.constant.is_empty() {
        out.extend_from_slice(format!("\n[all {} items: ", items.len()).as_bytes());
        for (i, (key, value)) in plan.constant.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(key);
            out.push(b':');
            out.extend_from_slice(value);
        }
        out.push(b']');
    }
    let mut lossy = false;
    for (i, item) in items.iter().enumerate() {
        if i == MAX_RECORDS {
            out.extend_from_slice(format!("\n[… {} more items]", items.len() - i).as_bytes());
            lossy = true;
            break;
        }
        out.push(b'\n');
        let Node::Object(fields) = item else {
            lossy |= skeleton(item, depth + 1, out);
            out.push(b',');
            continue;
        };
        out.push(b'{');
        let mut written = 0usize;
        for (key, value) in fields {
            let keep = match value {
                Node::Scalar(raw) => {
                    (plan.identity.contains(key) && raw.len() <= 2 * SHORT_SCALAR)
                        || plan
                            .categorical
                            .get(key)
                            .and_then(|values| values.get(raw))
                            .is_some_and(|&count| {
                                count <= plan.rare_limit && raw.len() <= SHORT_SCALAR
                            })
                }
                _ => false,
            };
            let constant = plan.constant.iter().any(|(k, _)| k == key);
            if !keep {
                lossy |= !constant;
                continue;
            }
            if written > 0 {
                out.push(b',');
            }
            out.extend_from_slice(key);
            out.push(b':');
            minify(value, out);
            written += 1;
        }
        if written < fields.len() {
            out.extend_from_slice(if written > 0 { ",…" } else { "…" }.as_bytes());
        }
        out.extend_from_slice(b"},");
    }
    if out.last() == Some(&b',') {
        out.pop();
    }
    out.extend_from_slice(b"\n]");
    lossy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_ending_in_a_lone_backslash_is_not_json_and_does_not_panic() {
        for input in [
            &b"\"\\"[..],
            b"\"abc\\",
            b"{\"key\":\"value\\",
            b"[\"a\",\"b\\",
            b"{\"k\\",
            b"\"\\\\\\",
        ] {
            assert!(
                parse(input).is_none(),
                "{:?}",
                String::from_utf8_lossy(input)
            );
        }
    }

    fn nested(levels: usize, inner: &str) -> Vec<u8> {
        format!("{}{inner}{}", "[".repeat(levels), "]".repeat(levels)).into_bytes()
    }

    #[test]
    fn nesting_is_parsed_up_to_max_depth_and_refused_beyond() {
        // The root is at depth 0, so MAX_DEPTH + 1 brackets put the innermost value at
        // MAX_DEPTH: the deepest one parsed.
        assert!(parse(&nested(MAX_DEPTH + 1, "")).is_some());
        assert!(parse(&nested(MAX_DEPTH, "1")).is_some());
        assert!(parse(&nested(MAX_DEPTH + 2, "")).is_none());
        assert!(parse(&nested(MAX_DEPTH + 1, "1")).is_none());
        let objects = format!(
            "{}1{}",
            "{\"k\":".repeat(MAX_DEPTH),
            "}".repeat(MAX_DEPTH)
        );
        assert!(parse(objects.as_bytes()).is_some());
        let deeper = format!("[{objects}]");
        assert!(parse(deeper.as_bytes()).is_none());
    }

    #[test]
    fn hostile_depth_is_refused_without_exhausting_the_stack() {
        assert!(parse(&nested(1_000_000, "")).is_none());
        let unclosed = "{\"a\":[".repeat(500_000);
        assert!(parse(unclosed.as_bytes()).is_none());
    }

    #[test]
    fn escapes_inside_strings_still_parse_exactly() {
        let node = parse(br#"{"a\"b":"c\\","d":["\u00e9\n"]}"#).expect("valid JSON");
        let mut out = Vec::new();
        minify(&node, &mut out);
        assert_eq!(out, br#"{"a\"b":"c\\","d":["\u00e9\n"]}"#);
    }
}
