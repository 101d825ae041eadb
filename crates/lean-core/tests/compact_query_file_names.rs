//! A file the user asks about by name is shown, as a property over generated path listings
//! (`dpkg -L`, `find`): hundreds to thousands of paths, many of which hold the name as the
//! start of a longer part (`{name}ql/`, `{name}_fdw.so`, `{name}-15.mo`) or as a directory with
//! entries under it, while one or two paths end in exactly that name (the binary, the directory
//! itself), among as many look-alike binaries. Asked "where is the {name} binary?", the view
//! must show every path whose last part is the name, verbatim, however many other paths hold
//! the word. (Before the rule, 49 of the 300 cases lost it.)
//!
//! Cases come from a fixed seed (`QUERY_FILE_NAME_CASES`, default 300).

mod support;
use support::{asked_view_of, cases, check_seeds, keeps_lines, Rng};

fn word(rng: &mut Rng) -> String {
    (0..rng.range(5, 9))
        .map(|_| (b'a' + rng.below(26) as u8) as char)
        .collect()
}

fn check(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let name = word(&mut rng);
    let n = rng.range(800, 4000) as usize;
    let roots = [
        "/usr/lib",
        "/usr/share",
        "/usr/share/locale",
        "/etc",
        "/opt/pkg",
    ];
    let mut lines: Vec<String> = Vec::with_capacity(n + 2);
    for _ in 0..n {
        let root = rng.pick(&roots);
        let other = word(&mut rng);
        let line = match rng.below(6) {
            0 => format!(
                "{root}/{name}ql/{}/{other}.{}",
                rng.range(9, 17),
                rng.pick(&["so", "h", "sql"])
            ),
            1 => format!("{root}/{name}/{other}/{other}.bc"),
            2 => format!("{root}/{other}/LC_MESSAGES/{name}-{}.mo", rng.range(9, 17)),
            3 => format!("{root}/{other}/{name}_{other}.so"),
            4 => format!("{root}/bin/{other}"),
            _ => format!("{root}/{other}/{}/{other}", rng.range(1, 99)),
        };
        lines.push(line);
    }
    // One to two paths end in the name itself.
    let mut wanted = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let at = rng.below(lines.len() as u64) as usize;
        let path = format!("{}/bin/{name}", rng.pick(&roots));
        lines.insert(at, path.clone());
        wanted.push(path);
    }
    let holders = lines.iter().filter(|l| l.contains(&name)).count();
    let input = lines.join("\n") + "\n";
    let query = format!("Where {name} binary");
    let view = asked_view_of(&input, "dpkg -L pkg", &query).unwrap_or_else(|| input.clone());
    keeps_lines(&view, &wanted)
        .map_err(|e| format!("{} paths, {holders} name it: {e}", lines.len()))
}

#[test]
fn a_file_asked_about_by_name_is_shown_among_paths_that_hold_the_name() {
    check_seeds(cases("QUERY_FILE_NAME_CASES", 300), 0xf11e_0000, check);
}
