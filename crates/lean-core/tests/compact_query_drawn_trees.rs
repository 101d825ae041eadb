//! An asked line in a drawn tree comes with its ancestors. `jcmd VM.class_hierarchy`,
//! `npm ls`, `tree` and `cargo tree` draw depth with bars and branches (`|  |--`, `│   ├──`)
//! rather than blanks alone: the parent of an asked class is the nearest line above it with
//! fewer bars in from the margin, and a question about a class (which class does it extend?)
//! is answered by that line.
//!
//! Property over generated outputs well over the lossless threshold: a tree of 1,500 to
//! 3,000 nodes, 2 to 6 levels deep, drawn in one of three styles, with the asked node at depth
//! 3 or more and its ancestors within 40 lines above it (the engine's bound); with the asked
//! node's name as the query, the node's line and every ancestor's line below the root are in
//! the view verbatim.
//!
//! Cases come from fixed seeds (`DRAWN_TREE_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_lines, Rng, NOUNS, VERBS};

/// The prefix of a node at `depth` in style `style` (the root is depth 0).
fn prefix(style: u64, depth: usize) -> String {
    match style {
        0 => format!("{}|--", "|  ".repeat(depth.saturating_sub(1))),
        1 => format!("{}├── ", "│   ".repeat(depth.saturating_sub(1))),
        _ => format!("{}`-- ", "|   ".repeat(depth.saturating_sub(1))),
    }
}

/// A tree, the asked node's name, and the lines of the node and its ancestors.
fn tree(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let style = rng.below(3);
    let nodes = rng.range(1500, 3000) as usize;
    let max_depth = rng.range(4, 7) as usize;
    let mut lines = vec!["java.lang.Object/null".to_string()];
    // The current path's lines and their places, by depth.
    let mut path: Vec<(usize, String)> = vec![(0, lines[0].clone())];
    let asked_at = rng.range(nodes as u64 / 5, nodes as u64 * 4 / 5) as usize;
    let mut asked: Option<(String, Vec<String>)> = None;
    for k in 1..nodes {
        // Each node goes one deeper than the last, or back up to any level.
        let depth = if path.len() < max_depth && rng.below(2) == 0 {
            path.len()
        } else {
            1 + rng.below(path.len() as u64) as usize
        };
        path.truncate(depth);
        let name = format!(
            "org.example.{}.{}{}Node{k}",
            rng.pick(NOUNS),
            rng.pick(VERBS),
            rng.pick(NOUNS)
        );
        let line = format!("{}{name}/0x{:016x}", prefix(style, depth), rng.next());
        lines.push(line.clone());
        path.push((k, line.clone()));
        // The ancestors are looked for within 40 lines above (the engine's bound).
        let near = path.iter().skip(1).all(|(at, _)| k - at <= 40);
        if asked.is_none() && k >= asked_at && depth >= 3 && near {
            asked = Some((name, path.iter().skip(1).map(|(_, l)| l.clone()).collect()));
        }
    }
    let (name, wanted) = asked.unwrap_or_else(|| {
        let line = lines[1].clone();
        (String::from("Node1"), vec![lines[0].clone(), line])
    });
    let mut text = lines.join("\n");
    text.push('\n');
    (text, name, wanted)
}

#[test]
fn an_asked_node_of_a_drawn_tree_comes_with_its_ancestors() {
    let cases = support::cases("DRAWN_TREE_CASES", 300);
    support::check_seeds(cases, 0x00d4_a7ee, |seed| {
        let (text, name, wanted) = tree(seed);
        let view = asked_view_of(&text, "jcmd 4242 VM.class_hierarchy", &name)
            .ok_or("an output over the threshold came back unchanged")?;
        keeps_lines(&view, &wanted)
    });
}
