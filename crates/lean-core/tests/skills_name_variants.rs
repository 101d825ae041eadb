//! Denied skill names in other spellings: redaction and policy meet every spelling a model
//! reads as the same name (case, fullwidth and mathematical letters, look-alikes from other
//! scripts, invisible characters, accents, dash variants, HTML character references, and
//! for redaction the space, underscore and no-separator forms), and leave everything else
//! byte for byte, including allowed names that merely share a prefix.

use lean_core::skills::{Catalog, PolicyAction, SearchIndex, SkillMeta, SkillPolicy};

const HIDDEN: &str = "[hidden]";

fn index_of(names: &[&str]) -> (Catalog, SearchIndex) {
    let skills = names
        .iter()
        .map(|name| SkillMeta {
            name: (*name).to_string(),
            description: "d".into(),
            ..SkillMeta::default()
        })
        .collect();
    let (catalog, _) = Catalog::new(skills);
    let index = SearchIndex::build_lexical(&catalog);
    (catalog, index)
}

/// The spellings of `changelog-style` an adversarial review found (the last 18 were kept by
/// the earlier redaction), as (label, spelling).
const SPELLINGS: [(&str, &str); 23] = [
    ("plain", "changelog-style"),
    ("upper case", "CHANGELOG-STYLE"),
    ("mixed case", "Changelog-Style"),
    ("in backticks", "`changelog-style`"),
    ("as a command", "/skill:changelog-style"),
    ("fullwidth letters", "ｃｈａｎｇｅｌｏｇ－ｓｔｙｌｅ"),
    ("zero-width space", "change\u{200B}log-style"),
    ("zero-width joiner", "changelog\u{200D}-style"),
    ("zero-width non-joiner", "chan\u{200C}gelog-style"),
    ("soft hyphen for the hyphen", "changelog\u{AD}style"),
    ("U+2010 hyphen", "changelog\u{2010}style"),
    ("U+2011 non-breaking hyphen", "changelog\u{2011}style"),
    ("combining mark", "changelog-sty\u{336}le"),
    ("NFD accent", "cha\u{301}ngelog-style"),
    ("Cyrillic look-alikes", "\u{441}h\u{430}ng\u{435}l\u{43E}g-styl\u{435}"),
    ("long s", "changelog-\u{17F}tyle"),
    (
        "mathematical letters",
        "\u{1D41C}\u{1D421}\u{1D41A}\u{1D427}\u{1D420}\u{1D41E}\u{1D425}\u{1D428}\u{1D420}-\u{1D42C}\u{1D42D}\u{1D432}\u{1D425}\u{1D41E}",
    ),
    ("tag characters", "changelog\u{E002D}-st\u{E0079}yle"),
    ("bidi override", "change\u{202E}log-style\u{202C}"),
    ("&#45; for the hyphen", "changelog&#45;style"),
    ("space for the hyphen", "changelog style"),
    ("underscore for the hyphen", "changelog_style"),
    ("no separator", "changelogstyle"),
];

/// More spellings the canonical form covers: every dash variant and character reference.
const MORE_SPELLINGS: &[&str] = &[
    "changelog\u{2012}style",
    "changelog\u{2013}style",
    "changelog\u{2014}style",
    "changelog\u{2015}style",
    "changelog\u{2212}style",
    "changelog\u{FE63}style",
    "changelog\u{FF0D}style",
    "changelog&#x2d;style",
    "changelog&#X2D;style",
    "changelog&#45style",
    "changelog&hyphen;style",
    "changelog&dash;style",
    "changelog&minus;style",
    "changelog&amp;#45;style",
    "changelog&amp;amp;#x2d;style",
    "changelog&hyphenstyle",
    "changelog-style\u{FE0F}",
    "chang\u{FE00}elog-style",
    "change\u{2066}log-style\u{2069}",
    "chángelog-style",
    "changelog-\u{455}tyle",
    "\u{3F2}hangelog-style",
    "CHANGELOG\u{2010}\u{200B}STYLE",
    "changelog__style",
    "changelog - style",
];

#[test]
fn the_reviewed_spellings_are_all_redacted() {
    let (catalog, index) = index_of(&["changelog-style", "tdd", "changelog-styles"]);
    let hide = |i: usize| catalog.skills()[i].name == "changelog-style";
    let mut kept = Vec::new();
    for (label, spelling) in SPELLINGS {
        let text = format!("see {spelling} now");
        let out = index.redact(&text, &hide, HIDDEN);
        let want = if spelling.starts_with("/skill:") {
            format!("see /skill:{HIDDEN} now")
        } else if spelling.starts_with('`') {
            format!("see `{HIDDEN}` now")
        } else {
            format!("see {HIDDEN} now")
        };
        if out != want {
            kept.push(format!("{label}: {text:?} -> {out:?}"));
        }
    }
    println!(
        "redacted {} of {} spellings",
        SPELLINGS.len() - kept.len(),
        SPELLINGS.len()
    );
    assert!(kept.is_empty(), "kept:\n{}", kept.join("\n"));
    for spelling in MORE_SPELLINGS {
        let text = format!("({spelling}).");
        assert_eq!(
            index.redact(&text, &hide, HIDDEN),
            format!("({HIDDEN})."),
            "{spelling:?}"
        );
    }
}

#[test]
fn policy_denies_every_literal_spelling() {
    let policy = SkillPolicy::new(
        PolicyAction::Allow,
        [("changelog-*".to_string(), PolicyAction::Deny)],
    );
    let exact = SkillPolicy::new(
        PolicyAction::Allow,
        [("changelog-style".to_string(), PolicyAction::Deny)],
    );
    // References, separators other than dashes, and the wrappers are text, not names.
    for (label, spelling) in &SPELLINGS[..19] {
        let Some(name) = spelling
            .strip_prefix("/skill:")
            .or(Some(spelling.trim_matches('`')))
        else {
            continue;
        };
        if label.contains("soft hyphen") {
            // Soft hyphen for the hyphen folds to `changelogstyle`, another name.
            continue;
        }
        assert_eq!(
            exact.action_for(name),
            PolicyAction::Deny,
            "{label}: {name:?}"
        );
        assert_eq!(
            policy.action_for(name),
            PolicyAction::Deny,
            "{label}: {name:?}"
        );
    }
    assert_eq!(exact.action_for("changelog-styles"), PolicyAction::Allow);
    assert_eq!(exact.action_for("changelogstyle"), PolicyAction::Allow);
    assert_eq!(policy.action_for("changelog"), PolicyAction::Allow);
    // Patterns are folded too: a rule written in capitals or with a U+2010 covers the name.
    let shouted = SkillPolicy::new(
        PolicyAction::Allow,
        [("CHANGELOG\u{2010}*".to_string(), PolicyAction::Deny)],
    );
    assert_eq!(shouted.action_for("changelog-style"), PolicyAction::Deny);
}

#[test]
fn other_text_is_left_byte_for_byte() {
    let (catalog, index) = index_of(&[
        "changelog-style",
        "my-changelog-style",
        "changelog-style-v2",
    ]);
    let hide = |i: usize| catalog.skills()[i].name == "changelog-style";
    for text in [
        "my-changelog-style and changelog-style-v2 stay",
        "changelog-styles, changelogstyles and changelog-stylex stay",
        "a change log style guide",
        "| ＡＢＣ | \u{200B} | &#45; | &amp; | café |",
        "",
    ] {
        assert_eq!(index.redact(text, &hide, HIDDEN), text, "{text:?}");
    }
    assert_eq!(
        index.redact("| ｃhangelog\u{2011}style | x |", &hide, HIDDEN),
        format!("| {HIDDEN} | x |")
    );
}

/// A small deterministic generator (xorshift64*), so every run checks the same cases and a
/// failure names its case.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn random_name(rng: &mut Rng) -> String {
    let words = 2 + rng.below(3);
    (0..words)
        .map(|_| {
            (0..3 + rng.below(5))
                .map(|_| (b'a' + rng.below(26) as u8) as char)
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Look-alikes a model reads as the Latin letter (Cyrillic, Greek, Latin small capitals).
fn confusable(letter: char) -> Option<&'static [char]> {
    Some(match letter {
        'a' => &['\u{430}', '\u{251}'],
        'c' => &['\u{441}', '\u{3F2}'],
        'e' => &['\u{435}'],
        'h' => &['\u{4BB}'],
        'i' => &['\u{456}', '\u{131}', '\u{3B9}'],
        'j' => &['\u{458}'],
        'o' => &['\u{43E}', '\u{3BF}', '\u{585}'],
        'p' => &['\u{440}', '\u{3C1}'],
        's' => &['\u{455}', '\u{17F}'],
        'x' => &['\u{445}', '\u{3C7}'],
        'y' => &['\u{443}', '\u{3B3}'],
        'v' => &['\u{3BD}', '\u{475}'],
        'k' => &['\u{3BA}', '\u{212A}'],
        'n' => &['\u{578}'],
        'u' => &['\u{57D}'],
        _ => return None,
    })
}

const INVISIBLES: &[char] = &[
    '\u{200B}',
    '\u{200C}',
    '\u{200D}',
    '\u{2060}',
    '\u{FEFF}',
    '\u{AD}',
    '\u{202A}',
    '\u{202B}',
    '\u{202C}',
    '\u{202D}',
    '\u{202E}',
    '\u{2066}',
    '\u{2067}',
    '\u{2068}',
    '\u{2069}',
    '\u{FE00}',
    '\u{FE0F}',
    '\u{E0020}',
    '\u{E0041}',
    '\u{E007F}',
    '\u{180E}',
    '\u{34F}',
    '\0',
];

const MARKS: &[char] = &[
    '\u{300}', '\u{301}', '\u{308}', '\u{30A}', '\u{327}', '\u{336}', '\u{20DD}',
];

const DASHES: &[&str] = &[
    "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}",
    "\u{FE63}", "\u{FF0D}", "\u{2E3A}",
];

const HYPHEN_REFERENCES: &[&str] = &[
    "&#45;",
    "&#x2d;",
    "&#X2D;",
    "&#045;",
    "&#45",
    "&hyphen;",
    "&dash;",
    "&minus;",
    "&amp;#45;",
    "&amp;amp;#x2D;",
    "&Hyphen;",
    "&hyphen",
];

/// How a letter is written in a variant.
fn spell_letter(rng: &mut Rng, letter: char, out: &mut String) {
    match rng.below(10) {
        0 => out.extend(letter.to_uppercase()),
        1 => out.push(char::from_u32(letter as u32 - 'a' as u32 + 0xFF41).unwrap()),
        2 => out.push(char::from_u32(letter as u32 - 'a' as u32 + 0x1D41A).unwrap()),
        3 => out.push(char::from_u32(letter as u32 - 'a' as u32 + 0x1D5BA).unwrap()),
        4 | 5 => match confusable(letter) {
            Some(options) => out.push(*rng.pick(options)),
            None => out.push(letter),
        },
        6 => {
            out.push(letter);
            out.push(*rng.pick(MARKS));
        }
        _ => out.push(letter),
    }
}

/// A random spelling of `name` as a model would still read it. `text` allows character
/// references and the space, underscore and no-separator forms (text, not a name).
fn variant(rng: &mut Rng, name: &str, text: bool) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        if ch == '-' {
            let choice = rng.below(if text { 4 } else { 2 });
            match choice {
                0 => out.push('-'),
                1 => out.push_str(rng.pick::<&str>(DASHES)),
                2 => {
                    // `&#45` without `;` before a hex letter would read as more hex digits
                    // only for `&#x…`; the decimal and named forms are safe either way.
                    let reference = *rng.pick(HYPHEN_REFERENCES);
                    let next = chars.get(i + 1).copied().unwrap_or(' ');
                    if reference.ends_with(|c: char| c.is_ascii_hexdigit())
                        && next.is_ascii_hexdigit()
                    {
                        out.push_str("&#45;");
                    } else {
                        out.push_str(reference);
                    }
                }
                _ => out.push_str(rng.pick::<&str>(&[" ", "_", "", "\u{AD}", "__", " - "])),
            }
        } else if text && rng.chance(3) {
            // A letter as a numeric reference.
            out.push_str(&format!("&#{};", ch as u32));
        } else {
            spell_letter(rng, ch, &mut out);
        }
        if i + 1 < chars.len() && rng.chance(15) {
            out.push(*rng.pick(INVISIBLES));
        }
    }
    out
}

/// Thousands of random spellings of random denied names are redacted, each replaced exactly
/// with the text around it byte for byte; allowed names sharing a prefix with a denied one
/// (`name-extra`, `namex`, `extra-name`) are left alone in the same texts.
#[test]
fn random_spellings_of_random_denied_names_are_redacted() {
    let mut rng = Rng(0x5EED_0028_0002);
    let denied: Vec<String> = (0..60).map(|_| random_name(&mut rng)).collect();
    let mut allowed: Vec<String> = Vec::new();
    for name in &denied {
        allowed.push(format!("{name}-extra"));
        allowed.push(format!("{name}x"));
        allowed.push(format!("pre-{name}"));
    }
    let names: Vec<&str> = denied.iter().chain(&allowed).map(String::as_str).collect();
    let (catalog, index) = index_of(&names);
    let denied_set: std::collections::HashSet<&str> = denied.iter().map(String::as_str).collect();
    let hide = |i: usize| denied_set.contains(catalog.skills()[i].name.as_str());
    let borders = [
        (" ", " "),
        ("(", ")"),
        ("`", "`"),
        ("\"", "\"."),
        ("\n", "\n"),
        ("| ", " |"),
        ("**", "**"),
    ];
    let cases = 6000;
    for case in 0..cases {
        let name = rng.pick(&denied).clone();
        let spelled = variant(&mut rng, &name, true);
        let other = rng.pick(&allowed).clone();
        let (open, close) = *rng.pick(&borders);
        let text = format!("use {other} then{open}{spelled}{close}and {other} again");
        let want = format!("use {other} then{open}{HIDDEN}{close}and {other} again");
        let out = index.redact(&text, &hide, HIDDEN);
        assert_eq!(out, want, "case {case}: {name} spelled {spelled:?}");
    }
}

/// The same for policy: any literal spelling of a denied name is denied, by exact rules and
/// by patterns, and names that only share a prefix keep their action.
#[test]
fn random_spellings_of_random_denied_names_are_denied_by_policy() {
    let mut rng = Rng(0x5EED_0028_0003);
    for case in 0..6000 {
        let name = random_name(&mut rng);
        let first_word = name.split('-').next().unwrap_or_default().to_string();
        let exact = SkillPolicy::new(PolicyAction::Allow, [(name.clone(), PolicyAction::Deny)]);
        let pattern = SkillPolicy::new(
            PolicyAction::Allow,
            [
                (format!("{first_word}-*"), PolicyAction::Deny),
                (format!("{first_word}-keep"), PolicyAction::Allow),
            ],
        );
        let spelled = variant(&mut rng, &name, false);
        assert_eq!(
            exact.action_for(&spelled),
            PolicyAction::Deny,
            "case {case}: {name} as {spelled:?}"
        );
        assert_eq!(
            pattern.action_for(&spelled),
            PolicyAction::Deny,
            "case {case}: {name} as {spelled:?}"
        );
        assert_eq!(
            exact.action_for(&format!("{name}-extra")),
            PolicyAction::Allow,
            "case {case}"
        );
        assert_eq!(
            exact.action_for(&format!("{name}x")),
            PolicyAction::Allow,
            "case {case}"
        );
        let keep = variant(&mut rng, &format!("{first_word}-keep"), false);
        assert_eq!(
            pattern.action_for(&keep),
            PolicyAction::Allow,
            "case {case}: {keep:?}"
        );
    }
}
