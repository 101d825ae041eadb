//! A read longer than Pi's cut, shortened to show what the question names past it, still ends
//! where the file ends: as every compacted view keeps both ends of its output, the view of a
//! data file's read shows the file's last lines (a closing tag, a trailer, the last entry
//! asked for as "the last one"), not only the head Pi's cut shows and the asked line.
//!
//! The property over generated data files (YAML, TOML, CSV and XML, of 2,500 to 9,000 lines),
//! each with one asked-for key past Pi's 2,000-line cut: the view holds the asked line and the
//! file's last eight lines, verbatim, and is no longer than Pi's cut.
//!
//! Cases come from a fixed seed (`PAST_CUT_ENDS_CASES`, default 300).

mod support;
use lean_core::compact::pi_cut_bytes;
use support::{cases, check_seeds, keeps_lines, read_view, Rng};

const NOUNS: &[&str] = &[
    "alpha", "bravo", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper",
];

/// Line `k` of a file of `style`, about entry `name`.
fn entry(style: u64, rng: &mut Rng, name: &str) -> String {
    let port = rng.range(1024, 9000);
    match style {
        0 => format!("  {name}: {{ port: {port}, replicas: {} }}", rng.below(9)),
        1 => format!("{name} = {{ port = {port}, replicas = {} }}", rng.below(9)),
        2 => format!("{name},{port},{},eu-west-{}", rng.below(9), rng.below(3)),
        _ => format!("  <service name=\"{name}\" port=\"{port}\"/>"),
    }
}

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let style = rng.below(4);
    let count = rng.range(2_500, 9_000) as usize;
    let names: Vec<String> = (0..count)
        .map(|k| format!("{}_{k:05}", rng.pick(NOUNS)))
        .collect();
    let asked = rng.range(2_100, count as u64 - 20) as usize;
    let mut lines = vec![match style {
        0 => "services:".to_string(),
        1 => "[services]".to_string(),
        2 => "name,port,replicas,region".to_string(),
        _ => "<services>".to_string(),
    }];
    let mut wanted = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let line = entry(style, &mut rng, name);
        if k == asked {
            wanted.push(line.clone());
        }
        lines.push(line);
    }
    match style {
        0 => lines.push(format!("total: {count}")),
        1 => lines.push(format!("[meta]\ntotal = {count}")),
        2 => {}
        _ => lines.push("</services>".to_string()),
    }
    let input = lines.join("\n") + "\n";
    let all: Vec<&str> = input.lines().collect();
    wanted.extend(all[all.len() - 8..].iter().map(|l| l.to_string()));
    let path = [
        "services.yaml",
        "services.toml",
        "services.csv",
        "services.xml",
    ][style as usize];
    let query = format!("{} What port does it use", names[asked]);
    shown_within_the_cut(&input, path, &query, &wanted)
        .map_err(|e| format!("style {style}, {count} entries: {e}"))
}

/// Fails unless the read of `input` as `path`, asked `query`, is compacted, within Pi's cut,
/// and holds every one of `wanted` as a whole line.
fn shown_within_the_cut(
    input: &str,
    path: &str,
    query: &str,
    wanted: &[String],
) -> Result<(), String> {
    let Some(view) = read_view(input, path, Some(query)) else {
        return Err("left unchanged".into());
    };
    if view.len() > 50 * 1024 {
        return Err(format!("view of {} bytes is over Pi's cut", view.len()));
    }
    keeps_lines(&view, wanted)
}

#[test]
fn a_shortened_read_still_shows_the_files_last_lines() {
    check_seeds(cases("PAST_CUT_ENDS_CASES", 300), 0xe2d5_0000, check);
}

/// Asked about a name on a line near the end of Pi's cut and again past it, a read shows both:
/// the line within the cut keeps the lines after it (its context), and the one past the cut is
/// shown too, where the view before was left to Pi's cut, which could not hold both.
fn check_both_sides(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let count = rng.range(2_600, 6_000) as usize;
    let names: Vec<String> = (0..count)
        .map(|k| format!("{}_{k:05}", rng.pick(NOUNS)))
        .collect();
    let asked = rng.range(2_100, count as u64 - 20) as usize;
    let mut lines = vec!["services:".to_string()];
    lines.extend(names.iter().map(|name| entry(0, &mut rng, name)));
    let mut wanted = vec![lines[asked + 1].clone()];
    // The note and its context go a little before the end of Pi's cut.
    let text = lines.join("\n") + "\n";
    let cut_lines = text[..pi_cut_bytes(text.as_bytes(), true)].lines().count();
    let note_at = cut_lines - rng.range(36, 60) as usize;
    let mut note = vec![format!(
        "  # {} moved to the eu-west pool in 2025",
        names[asked]
    )];
    note.extend((0..3).map(|_| format!("  #   replicas: {}", rng.below(9))));
    wanted.extend(note.iter().cloned());
    lines.splice(note_at..note_at, note);
    let input = lines.join("\n") + "\n";
    let query = format!("{} Where is it, and what port", names[asked]);
    shown_within_the_cut(&input, "services.yaml", &query, &wanted)
        .map_err(|e| format!("{count} entries, note at {note_at}: {e}"))
}

#[test]
fn a_name_within_and_past_the_cut_is_shown_on_both_sides() {
    check_seeds(
        cases("PAST_CUT_ENDS_CASES", 300),
        0xe2d6_0000,
        check_both_sides,
    );
}
