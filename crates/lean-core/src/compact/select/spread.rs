//! A path listing's room spread over its directories. A listing (`find`, `dpkg -L`, `pip show
//! -f`, `git status -uall`) is one template: every path is a variable word, so no line is rare,
//! and left to rank its view would be the head, the tail and one marker over everything between
//! (`/usr/<*>`), however much of the budget is left. Each path is a fact of its own, so the
//! room left goes to every directory in turn: the view shows the listing's outline, each
//! directory with its first entries, and each marker between them names the directory whose
//! entries it hides.

use foldhash::fast::RandomState as FastState;
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
/// `modified:   path`), holding a `/` (and more than a `/`). A trailing `/` (a directory
/// named as such) and a leading `./` are not part of the name. (The plain reading, kept to
/// test [`listed_path_and_directory`] against.)
#[cfg(test)]
fn listed_path(line: &[u8]) -> Option<&[u8]> {
    let t = trim(line);
    let after = |t: &[u8], separator: u8| memchr::memrchr(separator, t).map_or(0, |at| at + 1);
    let t = &t[after(t, b'\t')..];
    let t = &t[after(t, b' ')..];
    let t = t.strip_suffix(b"/").unwrap_or(t);
    let t = t.strip_prefix(b"./").unwrap_or(t);
    memchr::memrchr(b'/', t).filter(|&at| at > 0 || t.len() > 1)?;
    Some(t)
}

/// The path a listing line names (after the line's last tab and its last blank there, see
/// `listed_path`) and the directory holding it (without its final `/`; `/` itself for a
/// top-level path), from one search for the last blank and one for the last `/`: every line
/// of an output is asked.
fn listed_path_and_directory(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let t = trim(line);
    // After the last tab, then after the last blank there: after the last of either.
    let t = &t[memchr::memrchr2(b'\t', b' ', t).map_or(0, |at| at + 1)..];
    let t = t.strip_suffix(b"/").unwrap_or(t);
    let t = t.strip_prefix(b"./").unwrap_or(t);
    let slash = memchr::memrchr(b'/', t).filter(|&at| at > 0 || t.len() > 1)?;
    Some((t, &t[..slash.max(1)]))
}

/// The directory holding `path` (without its final `/`; `/` itself for a top-level path).
#[cfg(test)]
fn directory_of(path: &[u8]) -> &[u8] {
    match memchr::memrchr(b'/', path) {
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
    let n = flags.len();
    for (i, &flag) in flags.iter().enumerate() {
        let text = texts.get(i);
        let Some((_, directory)) = listed_path_and_directory(text) else {
            // Past half the lines naming no path, the output is no listing (see below).
            if (i + 1 - paths) * 2 > n {
                return (0, 0);
            }
            continue;
        };
        paths += 1;
        if is_candidate(flag) {
            candidates.push((i as u32, directory));
            candidate_bytes += text.len() + 1;
        }
    }
    // A listing is most of its lines; a few paths in other output are no listing to outline.
    if candidates.is_empty() || paths * 2 < n {
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
        for &i in tree.entries_of(node).iter().take(share) {
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

/// The directories of a listing's lines, the root first and every directory after its parent:
/// each directory's own entries (line indexes, in order) and its subdirectories, held as
/// slices of two flat arrays (a listing has about as many directories as lines).
struct DirectoryTree {
    /// Where each directory's entries start in `entries`, and one past the last directory.
    entry_starts: Vec<u32>,
    entries: Vec<u32>,
    /// Where each directory's subdirectories start in `children`, and one past the last.
    child_starts: Vec<u32>,
    children: Vec<u32>,
}

impl DirectoryTree {
    fn of(lines: &[(u32, &[u8])]) -> DirectoryTree {
        // Each line's directory, and each directory's parent (the root its own), found by
        // walking the path's components.
        let mut parents: Vec<u32> = vec![0];
        let mut directory_of_line: Vec<u32> = Vec::with_capacity(lines.len());
        // Only looked up: node numbers follow the order of insertion, whatever the hasher.
        let mut child_of: HashMap<(u32, &[u8]), u32, FastState> = HashMap::default();
        // A listing names a directory's entries together: a line in the directory of the line
        // before it takes its node without walking the path again.
        let mut last: Option<(&[u8], u32)> = None;
        for &(_, dir) in lines {
            let node = match last {
                Some((last_dir, node)) if last_dir == dir => node,
                _ => {
                    let mut node = 0u32;
                    // Components past the deepest level stay with the last directory there.
                    for component in dir.split(|&b| b == b'/').take(MAX_DEPTH) {
                        node = *child_of.entry((node, component)).or_insert_with(|| {
                            parents.push(node);
                            (parents.len() - 1) as u32
                        });
                    }
                    node
                }
            };
            directory_of_line.push(node);
            last = Some((dir, node));
        }
        // Entries grouped by directory, in line order within each; subdirectories grouped by
        // parent, in order of creation (the root is no child).
        let n = parents.len();
        let line_directories = lines
            .iter()
            .zip(&directory_of_line)
            .map(|(&(i, _), &d)| (d, i));
        let (entry_starts, entries) = group_by_key(line_directories, n);
        let child_parents = (1..n).map(|child| (parents[child], child as u32));
        let (child_starts, children) = group_by_key(child_parents, n);
        DirectoryTree {
            entry_starts,
            entries,
            child_starts,
            children,
        }
    }

    fn len(&self) -> usize {
        self.entry_starts.len() - 1
    }

    /// Directory `d`'s own entries, in line order.
    fn entries_of(&self, d: usize) -> &[u32] {
        &self.entries[self.entry_starts[d] as usize..self.entry_starts[d + 1] as usize]
    }

    /// Directory `d`'s subdirectories.
    fn children_of(&self, d: usize) -> &[u32] {
        &self.children[self.child_starts[d] as usize..self.child_starts[d + 1] as usize]
    }

    /// How many of its own entries each directory shows when `room` lines are shared down the
    /// tree: `(directory, count)` with a count above zero, parents before children. When the
    /// room holds a line for every directory with entries, each gets one first (no directory
    /// goes unseen for being small), and the rest of the room is shared over the entries left.
    fn shares(&self, room: usize) -> Vec<(usize, usize)> {
        let n = self.len();
        let with_entries = (0..n).filter(|&d| !self.entries_of(d).is_empty()).count();
        let reserved = usize::from(with_entries <= room);
        // Each directory's entries and those under it, besides the reserved first ones.
        let mut left = vec![0usize; n];
        for d in (0..n).rev() {
            let own = self.entries_of(d).len().saturating_sub(reserved);
            left[d] = own
                + self
                    .children_of(d)
                    .iter()
                    .map(|&c| left[c as usize])
                    .sum::<usize>();
        }
        let mut share = vec![0usize; n];
        share[0] = (room - reserved * with_entries).min(left[0]);
        let mut out = Vec::new();
        // Parents come before their children, so one pass in order hands every share down.
        for d in 0..n {
            let mut shown = if self.entries_of(d).is_empty() {
                0
            } else {
                reserved
            };
            if share[d] > 0 {
                // The parts: the directory's own entries (`None`) and each subdirectory.
                let mut parts: Vec<(usize, Option<usize>)> = self
                    .children_of(d)
                    .iter()
                    .map(|&c| (left[c as usize], Some(c as usize)))
                    .collect();
                let own = self.entries_of(d).len().saturating_sub(reserved);
                if own > 0 {
                    parts.push((own, None));
                }
                for (part, given) in split_evenly(share[d], &parts) {
                    match part {
                        Some(child) => share[child] = given,
                        None => shown += given,
                    }
                }
            }
            if shown > 0 {
                out.push((d, shown));
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
            .flat_map(|&(node, share)| self.entries_of(node).iter().take(share))
            .map(|&i| texts.get(i as usize).len() + 1)
            .sum();
        lines + (shares.len() + 1) * MARKER_BYTES
    }
}

/// `pairs` of a key below `groups` and a value, grouped by key with the values of a key in
/// their order: where each key's values start (and one past the last key's), and the values.
fn group_by_key(
    pairs: impl Iterator<Item = (u32, u32)> + Clone,
    groups: usize,
) -> (Vec<u32>, Vec<u32>) {
    let mut starts = vec![0u32; groups + 1];
    for (key, _) in pairs.clone() {
        starts[key as usize + 1] += 1;
    }
    for k in 0..groups {
        starts[k + 1] += starts[k];
    }
    let mut values = vec![0u32; starts[groups] as usize];
    let mut next = starts.clone();
    for (key, value) in pairs {
        values[next[key as usize] as usize] = value;
        next[key as usize] += 1;
    }
    (starts, values)
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
        for line in [
            &b"/usr/lib/x.so"[..],
            b"  pip/_vendor/x.py",
            b"4\t/usr/a/x",
            b"\tmodified:   src/a.rs",
            b"./src/b/",
            b"/",
            b"/usr",
            b"a b\tc/d e/f/",
            b"README.md",
        ] {
            let found = listed_path_and_directory(line);
            let plain = listed_path(line).map(|path| (path, directory_of(path)));
            assert_eq!(found, plain, "{line:?}");
        }
    }
}
