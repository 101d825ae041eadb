//! A function the user asks about is shown where it is defined, as a property over generated
//! source files: hundreds of functions in one of five styles (JavaScript class methods, Python
//! `def`s, C++ in GNU style with the return type on the line above, Rust `pub fn`s, Go methods
//! with their receiver between `func` and the name), each
//! called from many other bodies, so its name is on a dozen lines or more. Asked "where is
//! `name` defined and what does it return?", a read of the file must show the definition line,
//! the head lines above it (the return type, a decorator) and the first lines of its body,
//! verbatim.
//!
//! A second property: when the body has blank lines between its steps, the whole body is
//! shown (every line from the definition to the line that closes it), not only its first
//! paragraph: the step a question asks about may come after the first blank line.
//!
//! Cases come from a fixed seed (`QUERY_DEFINITION_CASES`, default 300).

mod support;
use support::{cases, check_seeds, keeps_lines, read_view, Rng, NOUNS, VERBS};

/// A distinct function name in the naming style of `style`.
fn name(rng: &mut Rng, style: u64, k: usize) -> String {
    let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
    match style {
        0 | 4 => format!("{verb}{}{}{k}", noun[..1].to_uppercase(), &noun[1..]),
        _ => format!("{verb}_{noun}_{k}"),
    }
}

/// Lines of one function: head lines above the definition, the definition, and the body, in
/// `style`; `calls` names functions its body calls.
fn function(
    style: u64,
    rng: &mut Rng,
    name: &str,
    calls: &[&str],
    gaps: bool,
) -> (Vec<String>, usize) {
    let mut body: Vec<String> = Vec::new();
    for c in calls {
        // Steps apart, as a body's steps are written.
        if gaps && !body.is_empty() {
            body.push(String::new());
        }
        body.push(match style {
            1 => format!("        {c}(self.state, {})", rng.below(100)),
            _ => format!("    {c}(this_state, {});", rng.below(100)),
        });
    }
    let limit = rng.range(2, 400);
    match style {
        0 => {
            body.insert(0, format!("    const limit = {limit};"));
            let mut lines = vec![format!("  {name}(input, options) {{")];
            lines.extend(body.into_iter().map(|l| indented("  ", l)));
            lines.push("    return this;".into());
            lines.push("  }".into());
            lines.push(String::new());
            (lines, 0)
        }
        1 => {
            body.insert(0, format!("        limit = {limit}"));
            let mut lines = vec![
                "    @staticmethod".to_string(),
                format!("    def {name}(self, source, *, strict=False):"),
            ];
            lines.extend(body);
            lines.push("        return limit".into());
            lines.push(String::new());
            (lines, 1)
        }
        2 => {
            body.insert(0, format!("  size_type __limit = {limit};"));
            let mut lines = vec![
                "      _GLIBCXX20_CONSTEXPR".to_string(),
                "      size_type".to_string(),
                format!("      {name}(size_type __pos = 0, size_type __n = npos) const"),
                "      {".to_string(),
            ];
            lines.extend(body.into_iter().map(|l| indented("    ", l)));
            lines.push("\treturn __limit;".into());
            lines.push("      }".into());
            lines.push(String::new());
            (lines, 2)
        }
        4 => {
            body.insert(0, format!("    limit := {limit}"));
            let mut lines = vec![format!(
                "func (s *Server) {name}(input []byte, opts Options) (int, error) {{"
            )];
            lines.extend(body.into_iter().map(|l| l.replacen("    ", "\t", 1)));
            lines.push("\treturn limit, nil".into());
            lines.push("}".into());
            lines.push(String::new());
            (lines, 0)
        }
        _ => {
            body.insert(0, format!("    let limit = {limit};"));
            let mut lines = vec![
                "    #[inline]".to_string(),
                format!("    pub fn {name}(&mut self, input: &[u8]) -> usize {{"),
            ];
            lines.extend(body.into_iter().map(|l| indented("    ", l)));
            lines.push("        limit".into());
            lines.push("    }".into());
            lines.push(String::new());
            (lines, 1)
        }
    }
}

/// `line` after `indent`, a blank line left blank.
fn indented(indent: &str, line: String) -> String {
    if line.is_empty() {
        line
    } else {
        format!("{indent}{line}")
    }
}

fn check(seed: u64) -> Result<(), String> {
    check_file(seed, false)
}

/// A file of functions in one style, `gaps` between the steps of their bodies; with `gaps`, the
/// asked function's whole body must be shown, else its definition and first lines.
fn check_file(seed: u64, gaps: bool) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let style = rng.below(5);
    let count = rng.range(150, 500) as usize;
    let names: Vec<String> = (0..count).map(|k| name(&mut rng, style, k)).collect();
    let asked = rng.below(count as u64) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut wanted = Vec::new();
    for (k, own) in names.iter().enumerate() {
        // Every body calls three functions, the asked one more often than most.
        let calls: Vec<&str> = (0..3)
            .map(|_| {
                if rng.below(count as u64 / 12 + 1) == 0 {
                    names[asked].as_str()
                } else {
                    names[rng.below(count as u64) as usize].as_str()
                }
            })
            .collect();
        let (function, definition) = function(style, &mut rng, own, &calls, gaps);
        if k == asked {
            wanted = if gaps {
                let closed = function.len() - 1;
                function[definition..closed]
                    .iter()
                    .filter(|l| !l.is_empty())
                    .cloned()
                    .collect()
            } else {
                function[..definition + 3].to_vec()
            };
        }
        lines.extend(function);
    }
    let calls = lines
        .iter()
        .filter(|l| l.contains(&format!("{}(", names[asked])))
        .count();
    let input = lines.join("\n") + "\n";
    let path = ["lib.js", "lib.py", "basic_string.h", "lib.rs", "server.go"][style as usize];
    let query = format!("{} defined What does return", names[asked]);
    let view = read_view(&input, path, Some(&query)).unwrap_or_else(|| input.clone());
    keeps_lines(&view, &wanted)
        .map_err(|e| format!("style {style}, {count} functions, {calls} lines name it: {e}"))
}

#[test]
fn a_function_asked_about_is_shown_where_it_is_defined() {
    check_seeds(cases("QUERY_DEFINITION_CASES", 300), 0xdef0_0000, check);
}

#[test]
fn a_function_asked_about_shows_its_body_past_blank_lines() {
    check_seeds(cases("QUERY_DEFINITION_CASES", 300), 0xb0d1_0000, |seed| {
        check_file(seed, true)
    });
}
