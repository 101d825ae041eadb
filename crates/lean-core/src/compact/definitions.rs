//! Whether a line declares something (a function, type, module or class) in common languages,
//! also inside a diff or after a grep prefix: structure the selection keeps.

/// True for a line that declares a function, type, module or class, in common languages, also
/// inside a diff (`+`/`-` prefix) or after a grep `line:` prefix has been removed; in SQL, a
/// `CREATE` of a table, view, function or other schema object.
#[inline]
pub(crate) fn is_definition(line: &[u8]) -> bool {
    // Both tests read the line after its diff mark and indent, found once for both.
    let rest = after_indent(after_diff_mark(line));
    keyword_after_indent(rest).is_some() || is_sql_definition_after_indent(rest)
}

/// `line` without the `+` or `-` a diff marks a changed line with.
#[inline(always)]
fn after_diff_mark(line: &[u8]) -> &[u8] {
    match line.first() {
        Some(b'+' | b'-') => &line[1..],
        _ => line,
    }
}

/// Words that may come between SQL's `CREATE` and the kind of object it creates.
const SQL_CREATE_MODIFIERS: &[&[u8]] = &[
    b"or replace ",
    b"temporary ",
    b"temp ",
    b"unique ",
    b"materialized ",
    b"recursive ",
    b"unlogged ",
    b"global ",
    b"local ",
];
/// The schema objects whose `CREATE` an outline shows.
const SQL_CREATED_OBJECTS: &[&[u8]] = &[
    b"table ",
    b"view ",
    b"function ",
    b"procedure ",
    b"trigger ",
    b"index ",
    b"type ",
    b"schema ",
    b"sequence ",
    b"domain ",
    b"aggregate ",
    b"policy ",
    b"rule ",
    b"extension ",
];

/// Whether `rest` (a line after its diff mark and indent) opens an SQL statement creating a
/// schema object (`CREATE VIEW pg_roles AS`, `create or replace function f(…)`, `+CREATE TABLE
/// t (` in a diff), in either case. Lines that do not start with a `c` are settled by their
/// first byte.
#[inline(always)]
fn is_sql_definition_after_indent(rest: &[u8]) -> bool {
    if !rest.first().is_some_and(|&b| b.eq_ignore_ascii_case(&b'c'))
        || !rest
            .get(..7)
            .is_some_and(|head| head.eq_ignore_ascii_case(b"create "))
    {
        return false;
    }
    creates_schema_object(&rest[7..])
}

/// Whether `rest` (what follows an SQL `CREATE `) names a schema object an outline shows,
/// after any modifiers: out of line, as few lines get here.
#[inline(never)]
fn creates_schema_object(rest: &[u8]) -> bool {
    let mut rest = after_indent(rest);
    let starts_with = |rest: &[u8], word: &[u8]| {
        rest.get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word))
    };
    // Each modifier at most once, in any order: bounded by their number.
    for _ in 0..SQL_CREATE_MODIFIERS.len() {
        match SQL_CREATE_MODIFIERS.iter().find(|m| starts_with(rest, m)) {
            Some(modifier) => rest = after_indent(&rest[modifier.len()..]),
            None => break,
        }
    }
    SQL_CREATED_OBJECTS
        .iter()
        .any(|object| starts_with(rest, object))
}

/// True for declarations of types (struct, enum, trait, class, interface, type, union).
pub(crate) fn is_type_definition(line: &[u8]) -> bool {
    definition_keyword(line).is_some_and(|k| {
        !matches!(
            k,
            b"fn "
                | b"def "
                | b"function "
                | b"function*"
                | b"func "
                | b"impl "
                | b"impl<"
                | b"mod "
        )
    })
}

/// True for a definition an outline shows before the others: a type; and in a source read
/// (`source`), also one at the top level (not indented: a module's own functions, before the
/// methods nested in its classes). Grep hits keep types alone first: hits of top-level
/// functions would crowd out the type a search was for.
pub(crate) fn is_outline_head(line: &[u8], source: bool) -> bool {
    is_type_definition(line) || source && !matches!(line.first(), Some(b' ' | b'\t'))
}

/// `s` after its leading spaces and tabs, 8 bytes per step (most lines tested are indented
/// code).
#[inline(always)]
pub(crate) fn after_indent(s: &[u8]) -> &[u8] {
    if !matches!(s.first(), Some(b' ' | b'\t')) {
        return s;
    }
    let mut at = 0;
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = LOW << 7;
    // The high bit of each byte of `word` equal to `byte`; exact, as no carry crosses bytes.
    let equal = |word: u64, byte: u8| {
        let x = word ^ (LOW * u64::from(byte));
        !(((x & !HIGH) + !HIGH) | x) & HIGH
    };
    while let Some(chunk) = s.get(at..at + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let other = !(equal(word, b' ') | equal(word, b'\t')) & HIGH;
        if other != 0 {
            return &s[at + (other.trailing_zeros() / 8) as usize..];
        }
        at += 8;
    }
    while s.get(at).is_some_and(|&b| b == b' ' || b == b'\t') {
        at += 1;
    }
    &s[at..]
}

/// The declaring keyword a definition line starts with, after modifiers (`pub`, `pub(crate)`,
/// `export`, `async`, `const` before `fn`, ...).
///
/// This runs on every line of source, grep hits and diffs, so a line's first 8 bytes are read
/// once as a word and each modifier or keyword is one masked comparison with it, among only
/// those starting with the line's first byte.
#[inline(always)]
fn definition_keyword(line: &[u8]) -> Option<&'static [u8]> {
    keyword_after_indent(after_indent(after_diff_mark(line)))
}

/// [`definition_keyword`] of `rest`, a line after its diff mark and indent.
#[inline(always)]
fn keyword_after_indent(rest: &[u8]) -> Option<&'static [u8]> {
    /// The first 8 bytes of `s` as a little-endian word, zero-padded.
    #[inline(always)]
    fn head(s: &[u8]) -> u64 {
        match s.get(..8) {
            Some(eight) => u64::from_le_bytes(eight.try_into().expect("8 bytes")),
            None => s
                .iter()
                .enumerate()
                .fold(0, |word, (k, &b)| word | u64::from(b) << (8 * k)),
        }
    }
    /// The value and mask of the first 8 bytes of `prefix` in a [`head`] word. No prefix holds
    /// a zero byte, so the padding of a shorter line never matches.
    const fn pattern(prefix: &[u8]) -> (u64, u64) {
        let mut value = 0u64;
        let mut k = 0;
        while k < prefix.len() && k < 8 {
            value |= (prefix[k] as u64) << (8 * k);
            k += 1;
        }
        let mask = if k == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * k)) - 1
        };
        (value, mask)
    }
    // Whether `rest`, whose head word is `word`, starts with the literal `prefix`.
    macro_rules! starts {
        ($rest:expr, $word:expr, $prefix:literal) => {{
            const PREFIX: &[u8] = $prefix;
            const PATTERN: (u64, u64) = pattern(PREFIX);
            $word & PATTERN.1 == PATTERN.0
                && (PREFIX.len() <= 8 || $rest[8..].starts_with(&PREFIX[8..]))
        }};
    }
    // The length of the first of `modifiers` that `rest` starts with; without one, returns
    // the first of `keywords` that it starts with, or `None`.
    macro_rules! group {
        ($rest:expr, $word:expr, [$($modifier:literal),*], [$($keyword:literal),*]) => {
            $(if starts!($rest, $word, $modifier) { $modifier.len() } else)* {
                $(if starts!($rest, $word, $keyword) {
                    return Some($keyword);
                })*
                return None;
            }
        };
    }
    /// The declaring keyword `rest` (the text after the indent) starts with, after modifiers.
    /// Out of line: the callers' copies keep only the tests that reject most lines.
    #[inline(never)]
    fn keyword_after_modifiers(mut rest: &[u8]) -> Option<&'static [u8]> {
        // Strip modifiers, then take the declaring keyword. Both are picked by their first byte;
        // in each group, the order in which they are tried matters only where one is a prefix of
        // another (none is).
        loop {
            let word = head(rest);
            let modifier = match rest.first()? {
                b'p' => {
                    if starts!(rest, word, b"pub(") {
                        let close = memchr::memchr(b')', rest)?;
                        rest = after_indent(&rest[close + 1..]);
                        continue;
                    }
                    group!(
                        rest,
                        word,
                        [b"pub ", b"public ", b"private ", b"protected "],
                        []
                    )
                }
                b'e' => group!(rest, word, [b"export ", b"extern \"C\" "], [b"enum "]),
                b'd' => group!(rest, word, [b"default "], [b"def "]),
                b'a' => group!(rest, word, [b"async ", b"abstract "], []),
                b'u' => group!(rest, word, [b"unsafe "], [b"union "]),
                b's' => group!(rest, word, [b"static "], [b"struct "]),
                b'f' => group!(
                    rest,
                    word,
                    [b"final "],
                    [b"fn ", b"function ", b"function*", b"func "]
                ),
                // `const fn` is a function; a bare `const` is not a definition we track.
                b'c' if starts!(rest, word, b"const fn ") => b"const ".len(),
                b'c' => group!(rest, word, [], [b"class "]),
                b't' => group!(rest, word, [], [b"trait ", b"type "]),
                b'i' => group!(rest, word, [], [b"impl ", b"impl<", b"interface "]),
                b'm' => group!(rest, word, [], [b"mod ", b"macro_rules!"]),
                _ => return None,
            };
            rest = &rest[modifier..];
        }
    }
    // Every modifier and keyword starts with a lowercase letter pair of `DEFINITION_PAIRS`;
    // most lines start with none (code's `if`, `for`, `self`, `return` included), and this
    // two-load test settles them without the call.
    let (Some(&first), Some(&second)) = (rest.first(), rest.get(1)) else {
        return None;
    };
    let (row, column) = (first.wrapping_sub(b'a'), second.wrapping_sub(b'a'));
    if row >= 26 || column >= 26 || DEFINITION_PAIRS[row as usize] >> column & 1 == 0 {
        return None;
    }
    keyword_after_modifiers(rest)
}

/// True for the head of a function or method that no declaring keyword opens: Java's and
/// C#'s `final Node<K,V>[] resize() {`, a JavaScript class's `async parseAsync(argv) {`, C's
/// `int main(int argc, char **argv) {`. The line ends with `{` after a parameter list; the name
/// before the list is not a member call (`.then(`), and the list holds no literal, arrow or
/// statement (a call passing a callback: `it('works', () => {`). Control statements (`if (x)
/// {`, `} catch (e) {`) are no heads. Only source reads ask: code quoted elsewhere keeps
/// [`is_definition`].
pub(crate) fn is_method_head(line: &[u8]) -> bool {
    let t = after_indent(line).trim_ascii_end();
    let Some(head) = t.strip_suffix(b"{") else {
        return false;
    };
    if !t
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
    {
        return false;
    }
    let first_word = t
        .split(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .next()
        .unwrap_or_default();
    const CONTROL: &[&[u8]] = &[
        b"if",
        b"for",
        b"foreach",
        b"while",
        b"switch",
        b"catch",
        b"else",
        b"do",
        b"try",
        b"return",
        b"new",
        b"synchronized",
        b"using",
        b"lock",
        b"fixed",
        b"with",
        b"when",
        b"match",
        b"elif",
        b"until",
        b"unless",
        b"case",
        b"throw",
        b"await",
        b"yield",
    ];
    if CONTROL.contains(&first_word) {
        return false;
    }
    let Some(open) = memchr::memchr(b'(', head) else {
        return false;
    };
    let Some(close) = memchr::memrchr(b')', head) else {
        return false;
    };
    if close < open {
        return false;
    }
    let (before, params, after) = (&head[..open], &head[open + 1..close], &head[close + 1..]);
    // The name right before the list: an identifier, not a member of something (`x.then(`).
    let name_start = before
        .iter()
        .rposition(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'$'))
        .map_or(0, |at| at + 1);
    let name = &before[name_start..];
    if name.is_empty() || name[0].is_ascii_digit() || before[..name_start].ends_with(b".") {
        return false;
    }
    let holds = |text: &[u8], bytes: &[u8]| text.iter().any(|b| bytes.contains(b));
    !holds(before, b"=;\"'`(")
        && !holds(params, b"\"'`;{")
        && memchr::memmem::find(params, b"=>").is_none()
        && !holds(after, b"=;(\"'`")
}

/// Bit `c` of entry `r`: a modifier or declaring keyword of [`definition_keyword`] starts with
/// the letters `a + r`, `a + c`. (A pair it lacks would make `is_definition` miss its lines;
/// the unit tests compare it with a plain list of the prefixes.)
const DEFINITION_PAIRS: [u32; 26] = {
    const WORDS: [&[u8]; 27] = [
        b"pub",
        b"public",
        b"private",
        b"protected",
        b"export",
        b"extern",
        b"enum",
        b"default",
        b"def",
        b"async",
        b"abstract",
        b"unsafe",
        b"union",
        b"static",
        b"struct",
        b"final",
        b"fn",
        b"function",
        b"func",
        b"const",
        b"class",
        b"trait",
        b"type",
        b"impl",
        b"interface",
        b"mod",
        b"macro_rules",
    ];
    let mut pairs = [0u32; 26];
    let mut k = 0;
    while k < WORDS.len() {
        let word = WORDS[k];
        pairs[(word[0] - b'a') as usize] |= 1 << (word[1] - b'a');
        k += 1;
    }
    pairs
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sql_creates_are_definitions() {
        for line in [
            &b"CREATE VIEW pg_roles AS"[..],
            b"create or replace function public.touch() returns trigger as $$",
            b"CREATE UNIQUE INDEX users_email ON users (email);",
            b"CREATE MATERIALIZED VIEW m AS",
            b"    CREATE TEMP TABLE t (",
            b"+CREATE TABLE customers(",
            b"CREATE OR REPLACE TEMPORARY VIEW v AS",
        ] {
            assert!(is_definition(line), "{}", String::from_utf8_lossy(line));
        }
        for line in [
            &b"-- create the view"[..],
            b"CREATE",
            b"created 3 rows",
            b"CREATE ROLE admin;",
            b"SELECT * FROM create_view;",
        ] {
            assert!(!is_definition(line), "{}", String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn definitions_across_languages() {
        assert!(is_definition(b"    pub(crate) fn memchr(n1: u8) {"));
        assert!(is_definition(b"+def iter_suppress(iterable, *exceptions):"));
        assert!(is_definition(b"pub struct ParserBuilder {"));
        assert!(is_definition(b"export async function main() {"));
        assert!(is_definition(b"    const fn new() -> Self {"));
        assert!(!is_definition(b"    let x = parse(y);"));
    }

    #[test]
    fn method_heads_without_a_keyword() {
        for head in [
            "    final Node<K,V>[] resize() {",
            "  async parseAsync(argv, parseOptions) {",
            "int main(int argc, char **argv) {",
            "    public static void main(String[] args) throws IOException {",
            "  get name() {",
            "    override fun onCreate(savedInstanceState: Bundle?) {",
            "  constructor(name, retries = 3) {",
        ] {
            assert!(is_method_head(head.as_bytes()), "{head}");
        }
        for other in [
            "    if (x) {",
            "  } catch (e) {",
            "    } else if (a) {",
            "  it('works', async () => {",
            "    promise.then(function (res) {",
            "    const x = useMemo(() => {",
            "    for (int i = 0; i < n; i++) {",
            "    foo(bar);",
            "    synchronized (lock) {",
            "    return new Foo(bar) {",
            "    static {",
        ] {
            assert!(!is_method_head(other.as_bytes()), "{other}");
        }
    }
}
