//! A read of a file whose kind its name does not say is shown as Pi shows it. The engine
//! folds what it can outline (program source) and leaves data, config and docs formats it
//! knows to Pi's cut; a Vim script, a LaTeX style, a suppressions file, a man page or a
//! `copyright` file is neither, and a fold of its look-alike lines hid the one setting,
//! entry or option the read was for.
//!
//! Property over generated reads of files with an extension the engine does not know, or none,
//! some within Pi's cut (2,000 lines, 50 KB) and some past it: the view is what Pi's cut
//! shows, so the one entry unlike its look-alikes, in the cut, is kept.
//!
//! Cases come from fixed seeds (`UNKNOWN_READ_CASES`, default 300).

mod support;
use support::{read_view, Rng, NOUNS, VERBS};

/// File names whose kind the engine cannot tell from the name.
const NAMES: &[&str] = &[
    "autoload/tar.vim",
    "sphinx.sty",
    "default.supp",
    "man/config.7",
    "tzdata.zi",
    "common.gypi",
    "debian/copyright",
    "locale/Compose",
    "vm_x64.dasc",
    "pkg.m4",
    "elf_x86_64.x",
    "login.defs",
    "Find.pm",
];

/// One entry of a file of look-alikes in one of three formats (a suppressions block, a
/// LaTeX option, a man page's option), holding `value`.
fn entry(rng: &mut Rng, format: u64, k: usize, value: &str) -> Vec<String> {
    let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
    match format {
        0 => vec![
            "{".into(),
            format!("   {noun}-{verb}-{k}"),
            format!("   {value}"),
            format!("   fun:{verb}_{noun}"),
            format!("   obj:*/lib*/lib{noun}.so.{}", k % 7),
            "}".into(),
        ],
        1 => vec![
            format!("% {verb} the {noun} ({k})"),
            format!("\\DeclareStringOption[{value}]{{{noun}{verb}{k}}}"),
            format!("\\newcommand{{\\{noun}{verb}{k}}}{{\\{verb}@{noun}}}"),
        ],
        _ => vec![
            format!(".SS \"\\fB{noun}-{verb}-{k}\\fR\""),
            ".RS 0".into(),
            ".IP \\(bu 4".into(),
            format!("Default: {value}"),
            ".RE 0".into(),
            String::new(),
            format!("{verb} the {noun} this many times before giving up; see also {noun}-{verb}."),
        ],
    }
}

/// A file of look-alike entries, one of which holds another value, its name and that line.
fn file(seed: u64) -> (String, String, String) {
    let mut rng = Rng::new(seed);
    let name = if rng.below(4) == 0 {
        // An extension no list names (none starts with a `q`).
        let ext: String = std::iter::once('q')
            .chain((0..rng.range(1, 4)).map(|_| (b'a' + rng.below(26) as u8) as char))
            .collect();
        format!("share/{}_{}.{ext}", rng.pick(NOUNS), rng.below(100))
    } else {
        rng.pick(NAMES).to_string()
    };
    let format = rng.below(3);
    let (usual, odd) = match format {
        0 => ("Memcheck:Leak", "Helgrind:Race"),
        1 => ("auto", "12pt"),
        _ => ("2", "10"),
    };
    // Over the 8,000 tokens from which outputs are compacted; within Pi's 50 KB and 2,000
    // lines or past them.
    let (target, most_lines) = if rng.below(2) == 0 {
        (rng.range(36_000, 49_000) as usize, 1990)
    } else {
        (rng.range(60_000, 120_000) as usize, 5000)
    };
    let needle_at = rng.range(20, 300) as usize;
    let (mut lines, mut bytes, mut needle) = (Vec::new(), 0usize, String::new());
    for k in 0.. {
        let value = if k == needle_at { odd } else { usual };
        let block = entry(&mut rng, format, k, value);
        bytes += block.iter().map(|l| l.len() + 1).sum::<usize>();
        if bytes > target || lines.len() + block.len() > most_lines {
            break;
        }
        if k == needle_at {
            needle = block[[2, 1, 3][format as usize]].clone();
        }
        lines.extend(block);
    }
    (name, lines.join("\n"), needle)
}

#[test]
fn a_read_of_a_file_of_unknown_kind_is_shown_as_pi_cut_shows_it() {
    let cases = support::cases("UNKNOWN_READ_CASES", 300);
    support::check_seeds(cases, 0x0dd_0000, |seed| {
        let (name, text, needle) = file(seed);
        match read_view(&text, &name, None) {
            None => Ok(()),
            Some(view) => support::keeps_lines(&view, &[needle]).and(Err(format!(
                "{name} was compacted ({} of {} bytes)",
                view.len(),
                text.len()
            ))),
        }
    });
}
