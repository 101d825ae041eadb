//! A kept line that ends in a backslash is kept with the lines it continues onto, as a property
//! over generated files. A shell command, a Makefile recipe, a Tcl `variable` or a Java
//! security property written over several lines is one statement: its first line alone names
//! it but hides its value. Each case is a script of look-alike continued statements; the prompt
//! names one statement's variable, and the view must hold every line of that statement.
//!
//! A prototype whose parameter list runs over several lines is one statement too.
//!
//! Before continuations were kept, 43 of the first 50 cases lost a continued line; before they
//! were kept in a view chosen again to fit its budget, 19 of 50 large C files lost a macro's.
//! Cases come from a fixed seed (`CONTINUATION_CASES`, default 100).

mod support;
use support::Rng;

/// A file, the name the prompt asks about, the lines of its statement, and the file's path.
type Case = (String, String, Vec<String>, &'static str);

/// A file of continued statements: its text, the asked name and the asked statement's lines.
fn case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let statements = rng.range(150, 500) as usize;
    let asked = rng.below(statements as u64) as usize;
    let style = rng.below(3);
    let path = ["build.sh", "Makefile", "clock.tcl"][style as usize];
    let mut out = String::new();
    let mut wanted = Vec::new();
    let mut name_asked = String::new();
    for s in 0..statements {
        let name = format!("Setting{s:04}Limit");
        let parts = rng.range(2, 6) as usize;
        let mut lines = Vec::new();
        lines.push(match style {
            0 => format!("export {name}=\"$(compute --target {s} \\"),
            1 => format!("{name}: deps-{s} \\"),
            _ => format!("    variable {name} \\"),
        });
        for p in 0..parts {
            let last = p + 1 == parts;
            let end = if last { "" } else { " \\" };
            lines.push(match style {
                0 => format!(
                    "    --limit {}{}",
                    rng.below(10_000),
                    if last { ")\"" } else { end }
                ),
                1 => format!("\t$(CC) -c src/{s}_{p}.c -o obj/{s}_{p}.o{end}"),
                _ => format!(
                    "\t{{ {} {} {} }}{end}",
                    rng.below(40),
                    rng.below(40),
                    rng.below(40)
                ),
            });
        }
        if s == asked {
            name_asked = name.clone();
            wanted = lines.clone();
        }
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        out.push('\n');
    }
    (out, name_asked, wanted, path)
}

/// A C file of thousands of functions, each after a macro continued over three lines: its
/// outline alone is over the budget, so the view is chosen again by priority. Its text, the
/// asked macro and its lines.
fn c_case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let functions = rng.range(1500, 3000) as usize;
    let asked = rng.below(functions as u64) as usize;
    let mut out = String::new();
    let (mut name_asked, mut wanted) = (String::new(), Vec::new());
    for f in 0..functions {
        let name = format!("SETTING_{f:04}_LIMIT");
        let mut lines = vec![
            format!("#define {name}(x) \\"),
            format!("    ((x) * {} + \\", rng.range(1, 100)),
            format!("     {})", rng.range(1, 100)),
            format!("static int table_{f:04}_lookup(struct table *t, size_t n) {{"),
        ];
        for k in 0..rng.range(3, 9) {
            lines.push(format!("    t->slots[{k}] = n * {k};"));
        }
        lines.extend(["    return 0;".to_string(), "}".to_string(), String::new()]);
        if f == asked {
            name_asked = name;
            wanted = lines[..3].to_vec();
        }
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    (out, name_asked, wanted, "src/table.c")
}

/// A preprocessed header (`gcc -E`): thousands of look-alike prototypes, each with its
/// parameters over two to five lines, broken after a comma. Its text, the asked function and
/// its prototype's lines.
fn prototype_case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let functions = rng.range(800, 2000) as usize;
    let asked = rng.below(functions as u64) as usize;
    let mut out = String::new();
    let (mut name_asked, mut wanted) = (String::new(), Vec::new());
    for f in 0..functions {
        let name = format!("table_{f:04}_open");
        let params = rng.range(2, 6) as usize;
        let mut lines = Vec::new();
        for p in 0..params {
            let param = format!("const char *__restrict __arg{p}_{}", rng.below(100));
            lines.push(match (p == 0, p + 1 == params) {
                (true, _) => format!("extern FILE *{name} ({param},"),
                (false, false) => format!("      {param},"),
                (false, true) => format!("      {param})"),
            });
        }
        lines.push(" __attribute__ ((__nothrow__ , __leaf__));".to_string());
        if f == asked {
            name_asked = name;
            wanted = lines[..params].to_vec();
        }
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    (out, name_asked, wanted, "build/stdio.i")
}

fn check(seed: u64, case: fn(u64) -> Case) -> Result<(), String> {
    let (input, name, wanted, path) = case(seed);
    match support::read_view(&input, path, Some(&name)) {
        Some(view) => {
            support::keeps_lines(&view, &wanted).map_err(|e| format!("{path} ({name}): {e}"))
        }
        None => Ok(()),
    }
}

#[test]
fn a_kept_line_keeps_its_continuations() {
    let cases = support::cases("CONTINUATION_CASES", 100);
    support::check_seeds(cases, 0xc047_0000, |seed| check(seed, case));
}

/// A file too large for its first choice of lines is chosen again by priority: the
/// continuations come with the lines kept then too.
#[test]
fn a_kept_line_keeps_its_continuations_when_the_view_is_refit() {
    let cases = support::cases("CONTINUATION_CASES", 40);
    support::check_seeds(cases, 0xc048_0000, |seed| check(seed, c_case));
}

/// A prototype whose parameters run over several lines is kept whole with the line that names
/// it.
#[test]
fn a_kept_line_keeps_the_rest_of_a_list_it_opened() {
    let cases = support::cases("CONTINUATION_CASES", 100);
    support::check_seeds(cases, 0xc049_0000, |seed| check(seed, prototype_case));
}
