//! Dependency closure: which skills must be loaded together with a root skill, and in what order.
//!
//! Edges come from each skill's frontmatter `requires:` and from the config `autoload` map.
//! The walk is depth-first post-order, so dependencies come before their dependents and the
//! root is last. Cycles and missing names are reported, never fatal: the caller still gets a
//! usable load order of everything that exists.
//!
//! Skill trees are input, so the walk is bounded by construction: it keeps its own stack (a
//! chain of 30,000 skills must not overflow the thread's), finds a name on the current path
//! through a map rather than a scan, and copies only the first [`MAX_REPORTED_CYCLES`] cycles
//! while counting all of them. A graph where every skill requires every other meets
//! n(n-1)/2 cycles, and copying each one's path would be cubic.

use std::collections::{HashMap, HashSet};

use super::catalog::Catalog;

/// Cycles copied into [`Closure::cycles`]; the rest are only counted.
pub const MAX_REPORTED_CYCLES: usize = 8;

/// The outcome of [`dependency_closure`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Closure {
    /// Load order: dependencies first, the root last (absent only when the root is unknown).
    pub order: Vec<String>,
    /// The first cycles met, each as the path of names from the re-entered skill back to
    /// itself, e.g. `["a", "b", "a"]`; at most [`MAX_REPORTED_CYCLES`].
    pub cycles: Vec<Vec<String>>,
    /// Every cycle the walk met (each edge back into the current path closes one).
    pub cycle_count: usize,
    /// `(from, missing)` pairs: `from` requires `missing`, which is not in the catalog.
    pub missing: Vec<(String, String)>,
}

/// Computes the load order for `root`. A root that is not in the catalog yields an empty order
/// and a `("", root)` entry in `missing`.
pub fn dependency_closure(
    catalog: &Catalog,
    root: &str,
    extra: &HashMap<String, Vec<String>>,
) -> Closure {
    let mut closure = Closure::default();
    if catalog.get(root).is_none() {
        closure.missing.push((String::new(), root.to_string()));
        return closure;
    }
    let mut done: HashSet<&str> = HashSet::new();
    let mut reported_missing: HashSet<(&str, &str)> = HashSet::new();
    // The current path, as frames, and each path name's depth in it.
    let mut path: Vec<Frame<'_>> = vec![Frame::enter(catalog, extra, root)];
    let mut on_path: HashMap<&str, usize> = HashMap::from([(root, 0)]);
    while let Some(frame) = path.last_mut() {
        let Some(dependency) = frame.dependencies.get(frame.next).copied() else {
            let finished = path.pop().map(|frame| frame.name).unwrap_or_default();
            on_path.remove(finished);
            done.insert(finished);
            closure.order.push(finished.to_string());
            continue;
        };
        frame.next += 1;
        let from = frame.name;
        if catalog.get(dependency).is_none() {
            if reported_missing.insert((from, dependency)) {
                closure
                    .missing
                    .push((from.to_string(), dependency.to_string()));
            }
            continue;
        }
        if done.contains(dependency) {
            continue;
        }
        if let Some(&depth) = on_path.get(dependency) {
            closure.cycle_count += 1;
            if closure.cycles.len() < MAX_REPORTED_CYCLES {
                let mut cycle: Vec<String> =
                    path[depth..].iter().map(|f| f.name.to_string()).collect();
                cycle.push(dependency.to_string());
                closure.cycles.push(cycle);
            }
            continue;
        }
        on_path.insert(dependency, path.len());
        path.push(Frame::enter(catalog, extra, dependency));
    }
    closure
}

/// One skill on the current path and how far its dependency list has been walked.
struct Frame<'a> {
    name: &'a str,
    dependencies: Vec<&'a str>,
    next: usize,
}

impl<'a> Frame<'a> {
    /// Frontmatter dependencies, then config ones, each name once (a set, not a list scan:
    /// lists can be long).
    fn enter(
        catalog: &'a Catalog,
        extra: &'a HashMap<String, Vec<String>>,
        name: &'a str,
    ) -> Frame<'a> {
        let from_frontmatter = catalog.get(name).map(|skill| skill.requires.as_slice());
        let from_config = extra.get(name).map(Vec::as_slice);
        let mut seen: HashSet<&str> = HashSet::new();
        let dependencies = from_frontmatter
            .unwrap_or_default()
            .iter()
            .chain(from_config.unwrap_or_default())
            .map(String::as_str)
            .filter(|dependency| seen.insert(dependency))
            .collect();
        Frame {
            name,
            dependencies,
            next: 0,
        }
    }
}
