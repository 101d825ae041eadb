//! A byte-at-a-time JSON reader kept for tests only: it writes the tape the fast parser must
//! write (same offsets, counts, keys and subtree ends) and refuses exactly what it refuses, so
//! property tests can hold the bit-search parser to it on arbitrary input. It recurses along
//! the nesting, which the depth limit keeps short.

use super::{MAX_DEPTH, TOKEN_CLASS};

/// One tape entry as plain numbers: start, token length or child count, key start, key
/// length, next sibling's index, and the kind (0 scalar, 1 array, 2 object).
pub(super) type RawEntry = [u32; 6];

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    tape: Vec<RawEntry>,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while matches!(self.bytes.get(self.pos), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Reads the string opened at `self.pos`; returns its end.
    fn string(&mut self) -> Option<usize> {
        let mut pos = self.pos + 1;
        loop {
            match *self.bytes.get(pos)? {
                b'"' => return Some(pos + 1),
                b'\\' => {
                    self.bytes.get(pos + 1)?;
                    pos += 2;
                }
                _ => pos += 1,
            }
        }
    }

    /// Reads one value at `self.pos` (whitespace before it included), `open` non-empty
    /// containers around it, stored under the key at `key`.
    fn value(&mut self, open: usize, key: (u32, u32)) -> Option<()> {
        self.skip_ws();
        let start = self.pos;
        let index = self.tape.len();
        let first = *self.bytes.get(start)?;
        self.tape
            .push([start as u32, 0, key.0, key.1, index as u32 + 1, 0]);
        match first {
            b'"' => {
                let end = self.string()?;
                self.tape[index][1] = (end - start) as u32;
                self.pos = end;
            }
            b'[' | b'{' => {
                let is_object = first == b'{';
                self.tape[index][5] = if is_object { 2 } else { 1 };
                let close = first + 2;
                self.pos += 1;
                self.skip_ws();
                let mut children = 0u32;
                if self.bytes.get(self.pos) == Some(&close) {
                    self.pos += 1;
                } else {
                    if open >= MAX_DEPTH {
                        return None;
                    }
                    loop {
                        let key = if is_object {
                            self.skip_ws();
                            if self.bytes.get(self.pos) != Some(&b'"') {
                                return None;
                            }
                            let key_start = self.pos;
                            self.pos = self.string()?;
                            let key = (key_start as u32, (self.pos - key_start) as u32);
                            self.skip_ws();
                            if self.bytes.get(self.pos) != Some(&b':') {
                                return None;
                            }
                            self.pos += 1;
                            key
                        } else {
                            (0, 0)
                        };
                        self.value(open + 1, key)?;
                        children += 1;
                        self.skip_ws();
                        match *self.bytes.get(self.pos)? {
                            b',' => self.pos += 1,
                            b if b == close => {
                                self.pos += 1;
                                break;
                            }
                            _ => return None,
                        }
                    }
                }
                self.tape[index][1] = children;
                self.tape[index][4] = self.tape.len() as u32;
            }
            _ => {
                let mut end = start;
                while self
                    .bytes
                    .get(end)
                    .is_some_and(|&b| TOKEN_CLASS[b as usize] != 0)
                {
                    end += 1;
                }
                let token = &self.bytes[start..end];
                let number = !token.is_empty()
                    && token
                        .iter()
                        .all(|&b| b.is_ascii_digit() || b"+-.eE".contains(&b));
                if !number && !matches!(token, b"true" | b"false" | b"null") {
                    return None;
                }
                self.tape[index][1] = (end - start) as u32;
                self.pos = end;
            }
        }
        Some(())
    }
}

/// The tape and line count of one JSON document, `None` where the fast parser refuses it.
pub(super) fn parse(bytes: &[u8]) -> Option<(Vec<RawEntry>, usize)> {
    let mut reader = Reader {
        bytes,
        pos: 0,
        tape: Vec::new(),
    };
    reader.value(0, (0, 0))?;
    reader.skip_ws();
    if reader.pos != bytes.len() {
        return None;
    }
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let lines = newlines + usize::from(bytes.last().is_some_and(|&b| b != b'\n'));
    Some((reader.tape, lines))
}
