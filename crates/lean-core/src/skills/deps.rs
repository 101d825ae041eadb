//! Dependency closure: which skills must be loaded together with a root skill, and in what order.
//!
//! Edges come from each skill's frontmatter `requires:` and from the config `autoload` map.
//! The walk is depth-first post-order, so dependencies come before their dependents and the
//! root is last. Cycles and missing names are reported, never fatal: the caller still gets a
//! usable load order of everything that exists.

use std::collections::{HashMap, HashSet};

use super::catalog::Catalog;

/// The outcome of [`dependency_closure`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Closure {
    /// Load order: dependencies first, the root last (absent only when the root is unknown).
    pub order: Vec<String>,
    /// Each cycle as the path of names from the re-entered skill back to itself,
    /// e.g. `["a", "b", "a"]`.
    pub cycles: Vec<Vec<String>>,
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
    let mut walk = Walk {
        catalog,
        extra,
        closure: Closure::default(),
        done: HashSet::new(),
        stack: Vec::new(),
    };
    if catalog.get(root).is_none() {
        walk.closure.missing.push((String::new(), root.to_string()));
        return walk.closure;
    }
    walk.visit(root);
    walk.closure
}

struct Walk<'a> {
    catalog: &'a Catalog,
    extra: &'a HashMap<String, Vec<String>>,
    closure: Closure,
    done: HashSet<String>,
    /// The current DFS path; a name found on it again closes a cycle.
    stack: Vec<String>,
}

impl Walk<'_> {
    fn dependencies_of(&self, name: &str) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let from_frontmatter = self
            .catalog
            .get(name)
            .map(|skill| skill.requires.as_slice());
        let from_config = self.extra.get(name).map(Vec::as_slice);
        for dependency in from_frontmatter
            .unwrap_or_default()
            .iter()
            .chain(from_config.unwrap_or_default())
        {
            if !names.contains(dependency) {
                names.push(dependency.clone());
            }
        }
        names
    }

    // Recursion depth is bounded by the number of distinct skills on the current path.
    fn visit(&mut self, name: &str) {
        if self.done.contains(name) {
            return;
        }
        if let Some(position) = self.stack.iter().position(|entry| entry == name) {
            let mut cycle = self.stack[position..].to_vec();
            cycle.push(name.to_string());
            self.closure.cycles.push(cycle);
            return;
        }
        self.stack.push(name.to_string());
        for dependency in self.dependencies_of(name) {
            if self.catalog.get(&dependency).is_none() {
                let pair = (name.to_string(), dependency);
                if !self.closure.missing.contains(&pair) {
                    self.closure.missing.push(pair);
                }
                continue;
            }
            self.visit(&dependency);
        }
        self.stack.pop();
        self.done.insert(name.to_string());
        self.closure.order.push(name.to_string());
    }
}
