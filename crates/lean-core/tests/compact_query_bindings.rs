//! A variable, constant or property the user asks about is shown where it is bound, with the
//! doc comment above it, as a property over generated source files: hundreds of bindings in
//! one of three styles (a Svelte/JavaScript component's `export let name = value;` under a
//! `/** … */` block, Rust's `pub const NAME: u32 = 8;` under `///` lines, Kotlin's
//! `val name: Int = 3` under `//` lines), each used on many other lines, so its name is on a
//! dozen lines or more. Asked "what is `name`'s default?", a read of the file must show the
//! binding line and its whole doc comment, verbatim: the default and what the comment says of
//! it (its type, its allowed values).
//!
//! Cases come from a fixed seed (`QUERY_BINDING_CASES`, default 300).

mod support;
use support::{cases, check_seeds, keeps_lines, read_view, Rng, NOUNS, VERBS};

/// The doc comment and the binding of `name` in `style`.
fn binding(style: u64, rng: &mut Rng, name: &str) -> Vec<String> {
    let value = rng.range(1, 500);
    let words = format!("Specify the {} {}.", rng.pick(NOUNS), rng.pick(VERBS));
    match style {
        0 => vec![
            "  /**".to_string(),
            format!("   * {words}"),
            format!("   * @type {{\"none\" | \"v{value}\"}}"),
            "   */".to_string(),
            format!("  export let {name} = \"v{value}\";"),
        ],
        1 => vec![
            format!("/// {words}"),
            format!("/// Never more than {}.", value * 2),
            format!("pub const {name}: u32 = {value};"),
        ],
        _ => vec![
            format!("    // {words}"),
            format!("    val {name}: Int = {value}"),
        ],
    }
}

/// A line that uses `name`.
fn usage(style: u64, rng: &mut Rng, name: &str) -> String {
    let n = rng.below(100);
    match style {
        0 => format!("    if ({name} !== prev{n}) update({name}, {n});"),
        1 => format!("    let limit_{n} = {name}.min(input.len() + {n});"),
        _ => format!("        total += {name} * {n}"),
    }
}

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let style = rng.below(3);
    let count = rng.range(120, 400) as usize;
    let names: Vec<String> = (0..count)
        .map(|k| {
            let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
            match style {
                1 => format!("{}_{}_{k}", verb.to_uppercase(), noun.to_uppercase()),
                _ => format!("{verb}{}{}{k}", noun[..1].to_uppercase(), &noun[1..]),
            }
        })
        .collect();
    let asked = rng.below(count as u64) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let block = binding(style, &mut rng, name);
        if k == asked {
            wanted = block.clone();
        }
        lines.extend(block);
        lines.push(String::new());
    }
    // The bodies that use the bindings, the asked one more often than most.
    for _ in 0..count * 3 {
        let used = if rng.below(10) == 0 {
            asked
        } else {
            rng.below(count as u64) as usize
        };
        lines.push(usage(style, &mut rng, &names[used]));
    }
    let uses = lines.iter().filter(|l| l.contains(&names[asked])).count();
    let input = lines.join("\n") + "\n";
    let path = ["DataTable.svelte", "limits.rs", "Config.kt"][style as usize];
    let query = format!("{} What is its default value", names[asked]);
    let view = read_view(&input, path, Some(&query)).unwrap_or_else(|| input.clone());
    keeps_lines(&view, &wanted)
        .map_err(|e| format!("style {style}, {count} bindings, {uses} lines name it: {e}"))
}

#[test]
fn a_binding_asked_about_is_shown_with_its_doc_comment() {
    check_seeds(cases("QUERY_BINDING_CASES", 300), 0xb1d0_0000, check);
}
