//! What a line says: whether it reports an error, a warning or a summary (the keyword scan in
//! [`super::keywords`], refined here), its template ([`super::template_hash`]) and whether it
//! declares something ([`super::definitions`]). The selection asks this module for all three.

pub(crate) use super::keywords::{scan_signals, SignalSlot};

/// How much a keyword hit says about its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Signal {
    None = 0,
    Warning = 1,
    Summary = 2,
    Error = 3,
}

pub(crate) use super::definitions::{after_indent, is_definition, is_type_definition};
#[cfg(test)]
pub(crate) use super::template_hash::template_hash;
pub(crate) use super::template_hash::{
    for_each_buffer_template_hash, for_each_template_hash, message_hash, template_text,
    LineInBuffer,
};

/// Markers of a passing line: an error word in a passing test's name is not an error.
pub(crate) fn is_pass_line(line: &[u8]) -> bool {
    // One scan for the first bytes of every marker: `✓` and `✔` share their first two bytes
    // (0xe2 0x9c), and ` PASSED` and `--- PASS` share `PASS`.
    line.ends_with(b" ok")
        || memchr::memchr2_iter(0xe2, b'P', line).any(|at| {
            let rest = &line[at..];
            if rest[0] == 0xe2 {
                rest.get(1) == Some(&0x9c) && matches!(rest.get(2), Some(0x93 | 0x94))
            } else {
                rest.starts_with(b"PASS")
                    && ((at > 0 && line[at - 1] == b' ' && rest[4..].starts_with(b"ED"))
                        || line[..at].ends_with(b"--- "))
            }
        })
}

/// Adjusts a keyword signal with facts about the whole line.
pub(crate) fn refine_signal(signal: Signal, line: &[u8]) -> Signal {
    if signal == Signal::None {
        // pytest prints assertion details on lines starting with `E   `.
        if line.starts_with(b"E ") && line.len() > 3 && line[2..].starts_with(b"  ") {
            return Signal::Error;
        }
        return Signal::None;
    }
    // A passing test's line names the test: "error", "warns" or "total" in its name is no
    // failure, warning or verdict.
    if is_pass_line(line) {
        return Signal::None;
    }
    signal
}
