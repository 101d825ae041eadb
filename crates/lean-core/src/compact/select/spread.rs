//! A path listing's room spread over its directories. A listing (`find`, `dpkg -L`, `pip show
//! -f`, `git status -uall`) is one template: every path is a variable word, so no line is rare
//! and, left to rank, its view was the head, the tail and one marker over everything between
//! (`/usr/<*>` for 1,651 paths), however much of the budget was left. Each path is a fact of
//! its own, so the room left goes to every directory in turn: the view shows the listing's
//! outline, each directory with its first entries, and each marker between them names the one
//! directory whose entries it hides.

use std::collections::HashMap;

use super::super::lines::trim;
use super::flags::{LineFlags, Rank, DUPLICATE, KEEP};
use super::line_texts::LineTexts;

/// Deepest directory level the outline looks at: it bounds the work per line.
const MAX_DEPTH: usize = 32;
/// Bytes a marker over part of one directory may take: its line range, the directory and the
/// names it hides (see `describe::MAX_NAMES_BYTES`).
const MARKER_BYTES: usize = 64 + super::describe::MAX_NAMES_BYTES;
/// Times the room is cut down to fit the markers its lines split the listing into.
const MAX_REFITS: usize = 6;

/// The path a listing line names, `None` for a line that names none: the line trimmed, after
/// its last tab (`du`'s `size\tpath`) and its last blank (`find -printf '%s %p'`, git status's
/// `modified:   path`), holding a `/` before its last byte. A trailing `/` (a directory
/// named as such) is not part of the name.
pub(super) fn listed_path(line: &[u8]) -> Option<&[u8]> {
    let t = trim(line);
    let after = |t: &'_ [u8], sep: u8| -> usize {
        t.iter().rposition(|&b| b == sep).map_or(0, |at| at + 1)
    };
    let t = &t[after(t, b'\t')..];
    let t = &t[after(t, b' ')..];
    let t = t.strip_suffix(b"/").unwrap_or(t);
    let t = t.strip_prefix(b"./").unwrap_or(t);
    t.iter()
        .rposition(|&b| b == b'/')
        .filter(|&at| at > 0 || t.len() > 1)?;
    Some(t)
}

/// The directory holding `path` (without its final `/`; `/` itself for a top-level path).
fn directory_of(path: &[u8]) -> &[u8] {
    match path.iter().rposition(|&b| b == b'/') {
        Some(0) => &path[..1],
        Some(at) => &path[..at],
        None => &[],
    }
}

/// Keeps more lines of a path listing, within `room_lines` and `room_bytes`. The listing's
/// ordinary lines naming a path (ranked body or filler, not kept yet) form a directory tree,
/// and the room is shared down it: each directory's share is split evenly among its
/// subdirectories and its own entries (taken as one group), a part that needs less than an
/// even split giving the rest to the others. A directory's own entries are shown from its
/// first. So every directory the room can reach is shown, a large one no more than its fair
/// part, and a small one whole. Returns the lines and bytes added.
pub(super) fn spread_over_directories(
    texts: &LineTexts<'_>,
    flags: &mut [LineFlags],
    room_lines: usize,
    room_bytes: usize,
) -> (usize, usize) {
    let mut candidates: Vec<(u32, &[u8])> = Vec::new();
    let mut paths = 0usize;
    let mut candidate_bytes = 0usize;
    for (i, &flag) in flags.iter().enumerate() {
        let text = texts.get(i);
        let Some(path) = listed_path(text) else {
            continue;
        };
        paths += 1;
        if is_candidate(flag) {
            candidates.push((i as u32, directory_of(path)));
            candidate_bytes += text.len() + 1;
        }
    }
    // A listing is most of its lines; a few paths in other output are no listing to outline.
    if candidates.is_empty() || paths * 2 < flags.len() {
        return (0, 0);
    }
    // The room in lines, at the candidates' mean length; then, while the lines with the
    // markers over what each directory hides would outgrow the room, fewer lines (a listing
    // of many directories is as many markers as lines kept).
    let tree = DirectoryTree::of(&candidates);
    let mean = candidate_bytes.div_ceil(candidates.len()).max(1);
    let mut room = room_lines.min(room_bytes / mean);
    let mut shares = tree.shares(room);
    for _ in 0..MAX_REFITS {
        let cost = tree.cost(&shares, texts);
        if cost <= room_bytes || room == 0 {
            break;
        }
        room = room * room_bytes / cost;
        shares = tree.shares(room);
    }
    let mut added = (0usize, 0usize);
    for (node, share) in shares {
        for &i in tree.nodes[node].entries.iter().take(share) {
            let i = i as usize;
            let bytes = texts.get(i).len() + 1;
            if added.0 + 1 > room_lines || added.1 + bytes > room_bytes {
                return added;
            }
            flags[i].set(KEEP);
            added.0 += 1;
            added.1 += bytes;
        }
    }
    added
}

/// Whether a line is an ordinary one this spread may keep.
fn is_candidate(flag: LineFlags) -> bool {
    !flag.has(KEEP) && !flag.has(DUPLICATE) && flag.rank() >= Rank::Body
}

/// One directory of a listing: its own entries (line indexes, in order) and its
/// subdirectories.
#[derive(Default)]
struct Directory {
    entries: Vec<u32>,
    children: Vec<usize>,
}

/// The directories of a listing's lines, the root first and every directory after its parent.
struct DirectoryTree {
    nodes: Vec<Directory>,
}

impl DirectoryTree {
    fn of(lines: &[(u32, &[u8])]) -> DirectoryTree {
        let mut nodes = vec![Directory::default()];
        let mut child_of: HashMap<(usize, &[u8]), usize> = HashMap::new();
        for &(i, dir) in lines {
            let mut node = 0usize;
            // Components past the deepest level stay with the last directory of that level.
            for component in dir.split(|&b| b == b'/').take(MAX_DEPTH) {
                node = *child_of.entry((node, component)).or_insert_with(|| {
                    nodes.push(Directory::default());
                    let id = nodes.len() - 1;
                    nodes[node].children.push(id);
                    id
                });
            }
            nodes[node].entries.push(i);
        }
        DirectoryTree { nodes }
    }

    /// How many of its own entries each directory shows when `room` lines are shared down the
    /// tree: `(directory, count)` with a count above zero, parents before children. When the
    /// room holds a line for every directory with entries, each gets one first (no directory
    /// goes unseen for being small), and the rest of the room is shared over the entries left.
    fn shares(&self, room: usize) -> Vec<(usize, usize)> {
        let with_entries = self.nodes.iter().filter(|n| !n.entries.is_empty()).count();
        let reserved = usize::from(with_entries <= room);
        // Each directory's entries and those under it, besides the reserved first ones.
        let mut left = vec![0usize; self.nodes.len()];
        for id in (0..self.nodes.len()).rev() {
            let node = &self.nodes[id];
            let own = node.entries.len().saturating_sub(reserved);
            left[id] = own + node.children.iter().map(|&c| left[c]).sum::<usize>();
        }
        let mut share = vec![0usize; self.nodes.len()];
        share[0] = (room - reserved * with_entries).min(left[0]);
        let mut out = Vec::new();
        // Parents come before their children, so one pass in order hands every share down.
        for id in 0..self.nodes.len() {
            let node = &self.nodes[id];
            // The parts: the directory's own entries (`None`) and each subdirectory.
            let mut parts: Vec<(usize, Option<usize>)> =
                node.children.iter().map(|&c| (left[c], Some(c))).collect();
            let own = node.entries.len().saturating_sub(reserved);
            if own > 0 {
                parts.push((own, None));
            }
            let mut shown = if node.entries.is_empty() { 0 } else { reserved };
            for (part, given) in split_evenly(share[id], &parts) {
                match part {
                    Some(child) => share[child] = given,
                    None => shown += given,
                }
            }
            if shown > 0 {
                out.push((id, shown));
            }
        }
        out
    }
}

impl DirectoryTree {
    /// Bytes of the lines `shares` keeps and of the markers over the entries they leave: at
    /// most one after each directory shown (a directory's entries mostly follow each other,
    /// and the markers over directories shown not at all merge with their neighbours'), and
    /// one before the first.
    fn cost(&self, shares: &[(usize, usize)], texts: &LineTexts<'_>) -> usize {
        let lines: usize = shares
            .iter()
            .flat_map(|&(node, share)| self.nodes[node].entries.iter().take(share))
            .map(|&i| texts.get(i as usize).len() + 1)
            .sum();
        lines + (shares.len() + 1) * MARKER_BYTES
    }
}

/// Splits `room` among `parts` (each its size and what it is), evenly, a part never given
/// more than its size: the smallest parts are served first, each with an even split of what
/// is left, so what one does not need goes to the larger ones. With less room than parts, the
/// largest parts get one each.
fn split_evenly<T: Copy>(room: usize, parts: &[(usize, T)]) -> Vec<(T, usize)> {
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&p| parts[p].0);
    let mut left = room;
    let mut out = Vec::with_capacity(parts.len());
    for (served, &p) in order.iter().enumerate() {
        let waiting = parts.len() - served;
        let given = parts[p].0.min(left / waiting);
        left -= given;
        out.push((parts[p].1, given));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_its_path() {
        assert_eq!(listed_path(b"/usr/lib/x.so"), Some(&b"/usr/lib/x.so"[..]));
        assert_eq!(
            listed_path(b"  pip/_vendor/x.py"),
            Some(&b"pip/_vendor/x.py"[..])
        );
        assert_eq!(listed_path(b"4\t/usr/a/x"), Some(&b"/usr/a/x"[..]));
        assert_eq!(
            listed_path(b"\tmodified:   src/a.rs"),
            Some(&b"src/a.rs"[..])
        );
        assert_eq!(listed_path(b"./src/b/"), Some(&b"src/b"[..]));
        assert_eq!(listed_path(b"/"), None);
        assert_eq!(listed_path(b"README.md"), None);
        assert_eq!(listed_path(b""), None);
        assert_eq!(directory_of(b"/usr"), b"/");
        assert_eq!(directory_of(b"/usr/lib/x"), b"/usr/lib");
    }
}
