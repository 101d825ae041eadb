//! Static sentence embeddings for skill search: meaning without a model at run time.
//!
//! A table holds one 256-dimension int8 vector per token of all-MiniLM-L6-v2's WordPiece
//! vocabulary. A text's embedding is the mean of its tokens' vectors, and two texts compare by
//! cosine. The table was fitted offline (`scripts/embed-fit/fit.py`) so that this mean matches
//! the transformer's sentence embedding of the same text; here it is only read. It lets a
//! prompt like "the page takes forever to load" find a web-performance skill with which it
//! shares no word, in microseconds and in pure Rust (the wasm build included).
//!
//! The table (`data/skill-embeddings.bin`, about 8 MB) comes from one of two places. Shipped
//! builds (the N-API addon and its wasm fallback) leave it out of the binary: the host names
//! the data file its package carries ([`set_table_file`]), and the file is read, checked and
//! indexed once per process, on first use. Builds with the `shipped-embeddings` feature (the
//! crate's default, so its tests, examples and benches) compile it in instead. A missing or
//! corrupt table is reported once as `EMBEDDINGS_UNAVAILABLE` and search falls back to BM25F
//! alone.
//!
//! The tokenizer reproduces the teacher's (BERT uncased): control characters dropped,
//! whitespace unified, CJK ideographs split apart, accents stripped (NFD, then nonspacing marks
//! removed), lower-cased, split at whitespace and punctuation, then greedy longest-match
//! WordPiece with `##` continuations and `[UNK]` for words it cannot cover. Work is bounded:
//! at most [`MAX_TOKENS`] tokens are produced (the teacher's window) and a match never tries a
//! piece longer than the longest vocabulary entry.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::search::truncate_at_char_boundary;
use foldhash::fast::RandomState as FastState;
use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::UnicodeNormalization;

/// Tokens the teacher sees of one text: its 128-token window less `[CLS]` and `[SEP]`.
pub const MAX_TOKENS: usize = 126;

/// Words longer than this many characters are one `[UNK]`, as in the teacher.
const MAX_WORD_CHARS: usize = 100;

/// Bytes of text read; past the teacher's window they cannot change the embedding. A token
/// covers at least one byte, and whitespace and punctuation runs are bounded by this too.
const MAX_TEXT_BYTES: usize = 16 * 1024;

const MAGIC: &[u8; 8] = b"PLEMB001";

/// Why the embedding table cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmbedError {
    /// Built without the `shipped-embeddings` feature and no table file was named.
    Missing,
    /// The named table file cannot be read.
    Unreadable(String),
    /// The bytes are not a table this code can read.
    Corrupt(String),
}

impl fmt::Display for EmbedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbedError::Missing => write!(
                f,
                "EMBEDDINGS_UNAVAILABLE: no embedding table was given to this build; skill search uses BM25F alone (name the package's skill-embeddings.bin with setEmbeddingTable)"
            ),
            EmbedError::Unreadable(why) => write!(
                f,
                "EMBEDDINGS_UNAVAILABLE: the embedding table cannot be read ({why}); skill search uses BM25F alone (reinstall pi-lean)"
            ),
            EmbedError::Corrupt(why) => write!(
                f,
                "EMBEDDINGS_UNAVAILABLE: the embedding table is corrupt ({why}); skill search uses BM25F alone (reinstall pi-lean)"
            ),
        }
    }
}

impl std::error::Error for EmbedError {}

/// A parsed table: vocabulary index plus a view of the int8 matrix.
pub struct EmbeddingTable<'a> {
    /// Token -> id. Every WordPiece step looks up several candidate pieces, so the hasher is
    /// the fast seeded one rather than SipHash.
    vocab: HashMap<&'a str, u32, FastState>,
    /// Longest vocabulary entry in bytes, `##` prefix excluded; bounds every WordPiece match.
    longest_piece: usize,
    unk: u32,
    dims: usize,
    scales: Vec<f32>,
    matrix: &'a [u8],
}

impl fmt::Debug for EmbeddingTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EmbeddingTable")
            .field("vocab", &self.vocab.len())
            .field("dims", &self.dims)
            .finish()
    }
}

fn corrupt(why: impl Into<String>) -> EmbedError {
    EmbedError::Corrupt(why.into())
}

/// Reads a little-endian u32 at `at`.
fn read_u32(bytes: &[u8], at: usize) -> Result<usize, EmbedError> {
    let slice = bytes
        .get(at..at + 4)
        .ok_or_else(|| corrupt("truncated header"))?;
    Ok(u32::from_le_bytes([slice[0], slice[1], slice[2], slice[3]]) as usize)
}

/// Where the parts of a checked table lie.
struct Layout {
    vocab_start: usize,
    scales_start: usize,
    matrix_start: usize,
    checksum_start: usize,
    vocab_size: usize,
    dims: usize,
}

/// Checks a table without indexing it: magic, sizes that add up exactly, the xxh3 checksum of
/// everything before it, a UTF-8 vocabulary of the promised size with `[UNK]`, finite scales.
fn check(bytes: &[u8]) -> Result<Layout, EmbedError> {
    if bytes.len() < 28 || &bytes[..8] != MAGIC {
        return Err(corrupt("not a pi-lean embedding table"));
    }
    let vocab_size = read_u32(bytes, 8)?;
    let dims = read_u32(bytes, 12)?;
    let vocab_bytes = read_u32(bytes, 16)?;
    if vocab_size == 0 || dims == 0 || dims > MAX_FIXED_DIMS {
        return Err(corrupt("bad dimensions"));
    }
    let vocab_start = 20;
    // Checked: the sizes come from the file, and usize is 32 bits in the wasm build.
    let end = |start: usize, count: usize, width: usize| {
        count
            .checked_mul(width)
            .and_then(|len| start.checked_add(len))
            .ok_or_else(|| corrupt("sizes overflow"))
    };
    let scales_start = end(vocab_start, vocab_bytes, 1)?;
    let matrix_start = end(scales_start, vocab_size, 4)?;
    let checksum_start = end(matrix_start, vocab_size, dims)?;
    if Some(bytes.len()) != checksum_start.checked_add(8) {
        return Err(corrupt(format!(
            "{} bytes where the header promises {}",
            bytes.len(),
            checksum_start.saturating_add(8)
        )));
    }
    let stored = u64::from_le_bytes(bytes[checksum_start..].try_into().expect("8 bytes"));
    if xxhash_rust::xxh3::xxh3_64(&bytes[..checksum_start]) != stored {
        return Err(corrupt("checksum mismatch"));
    }
    let vocab_text = std::str::from_utf8(&bytes[vocab_start..scales_start])
        .map_err(|_| corrupt("vocabulary is not UTF-8"))?;
    if vocab_text.split('\n').count() != vocab_size {
        return Err(corrupt("vocabulary size differs from the header"));
    }
    if !vocab_text.split('\n').any(|token| token == "[UNK]") {
        return Err(corrupt("no [UNK] token"));
    }
    let finite = bytes[scales_start..matrix_start]
        .chunks_exact(4)
        .all(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]).is_finite());
    if !finite {
        return Err(corrupt("non-finite scale"));
    }
    Ok(Layout {
        vocab_start,
        scales_start,
        matrix_start,
        checksum_start,
        vocab_size,
        dims,
    })
}

impl<'a> EmbeddingTable<'a> {
    /// Parses and checks a table: magic, sizes that add up exactly, a UTF-8 vocabulary with
    /// `[UNK]`, finite scales, and the xxh3 checksum of everything before it.
    pub fn parse(bytes: &'a [u8]) -> Result<EmbeddingTable<'a>, EmbedError> {
        let layout = check(bytes)?;
        Ok(Self::index(bytes, &layout))
    }

    /// Indexes a table [`check`] accepted.
    fn index(bytes: &'a [u8], layout: &Layout) -> EmbeddingTable<'a> {
        let vocab_text = std::str::from_utf8(&bytes[layout.vocab_start..layout.scales_start])
            .unwrap_or_default();
        let mut vocab = HashMap::with_capacity_and_hasher(layout.vocab_size, FastState::default());
        let mut longest_piece = 0;
        for (id, token) in vocab_text.split('\n').enumerate() {
            vocab.insert(token, id as u32);
            longest_piece = longest_piece.max(token.strip_prefix("##").unwrap_or(token).len());
        }
        let unk = vocab.get("[UNK]").copied().unwrap_or_default();
        let scales: Vec<f32> = bytes[layout.scales_start..layout.matrix_start]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        EmbeddingTable {
            vocab,
            longest_piece,
            unk,
            dims: layout.dims,
            scales,
            matrix: &bytes[layout.matrix_start..layout.checksum_start],
        }
    }

    /// Dimensions of every vector.
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// Token ids of `text` as the teacher's tokenizer gives them, without `[CLS]`/`[SEP]`, at
    /// most [`MAX_TOKENS`].
    pub fn tokenize(&self, text: &str) -> Vec<u32> {
        self.tokenize_counting(text).0
    }

    /// [`EmbeddingTable::tokenize`], plus how many words the vocabulary knows whole: alphabetic,
    /// at least three letters, one token. Fragments of unknown words ("zzz" -> "z ##zz") carry
    /// spelling, not meaning.
    fn tokenize_counting(&self, text: &str) -> (Vec<u32>, usize) {
        let mut ids = Vec::new();
        let mut whole_words = 0;
        let normalized = normalize(truncate_at_char_boundary(text, MAX_TEXT_BYTES));
        let mut piece = String::new();
        for word in pre_tokenize(&normalized) {
            if ids.len() >= MAX_TOKENS {
                break;
            }
            let before = ids.len();
            self.word_pieces(word, &mut piece, &mut ids);
            if ids.len() == before + 1
                && ids[before] != self.unk
                && word.chars().nth(2).is_some()
                && word.chars().all(char::is_alphabetic)
            {
                whole_words += 1;
            }
        }
        ids.truncate(MAX_TOKENS);
        (ids, whole_words)
    }

    /// Greedy longest-match-first WordPiece of one word; the whole word is `[UNK]` if any part
    /// cannot be matched. `piece` is a reusable buffer for `##` lookups.
    fn word_pieces(&self, word: &str, piece: &mut String, ids: &mut Vec<u32>) {
        if word.chars().nth(MAX_WORD_CHARS).is_some() {
            ids.push(self.unk);
            return;
        }
        let first = ids.len();
        let mut start = 0;
        while start < word.len() {
            let mut end = word.len().min(start + self.longest_piece);
            while !word.is_char_boundary(end) {
                end -= 1;
            }
            let mut found = None;
            while end > start {
                let candidate = &word[start..end];
                let id = if start == 0 {
                    self.vocab.get(candidate)
                } else {
                    piece.clear();
                    piece.push_str("##");
                    piece.push_str(candidate);
                    self.vocab.get(piece.as_str())
                };
                if let Some(&id) = id {
                    found = Some(id);
                    break;
                }
                end -= 1;
                while !word.is_char_boundary(end) {
                    end -= 1;
                }
            }
            match found {
                Some(id) => {
                    ids.push(id);
                    start = end;
                }
                None => {
                    ids.truncate(first);
                    ids.push(self.unk);
                    return;
                }
            }
        }
    }

    /// The L2-normalised mean of `text`'s token vectors; `None` for a text with no tokens or a
    /// zero mean.
    pub fn embed(&self, text: &str) -> Option<Vec<f32>> {
        self.mean_vector(&self.tokenize(text))
    }

    /// [`EmbeddingTable::embed`] for a search query: `None` unless the query has a word the
    /// vocabulary knows whole, since a mean of fragments of made-up words lands anywhere.
    pub fn embed_query(&self, text: &str) -> Option<Vec<f32>> {
        let (ids, whole_words) = self.tokenize_counting(text);
        if whole_words == 0 {
            return None;
        }
        self.mean_vector(&ids)
    }

    fn mean_vector(&self, ids: &[u32]) -> Option<Vec<f32>> {
        if ids.is_empty() {
            return None;
        }
        let mut sum = vec![0f32; self.dims];
        for &id in ids {
            let row = &self.matrix[id as usize * self.dims..(id as usize + 1) * self.dims];
            let scale = self.scales[id as usize];
            for (acc, &q) in sum.iter_mut().zip(row) {
                *acc += f32::from(q as i8) * scale;
            }
        }
        // The mean's 1/n is dropped: normalising removes it anyway.
        let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
        if !(norm > 0.0 && norm.is_finite()) {
            return None;
        }
        sum.iter_mut().for_each(|x| *x /= norm);
        Some(sum)
    }
}

/// Largest table file read: the shipped table is about 8 MB, so anything far larger is not one,
/// and reading it whole would only waste memory.
pub const MAX_TABLE_FILE_BYTES: u64 = 64 * 1024 * 1024;

static TABLE_FILE: OnceLock<PathBuf> = OnceLock::new();

/// Names the table file for builds without a compiled-in table. Cheap: nothing is read until
/// the first search index with embeddings is built. The first path named wins for the life of
/// the process (the table is loaded once); returns whether `path` is that path.
pub fn set_table_file(path: PathBuf) -> bool {
    TABLE_FILE.get_or_init(|| path.clone()) == &path
}

/// Reads a table file whole, at most [`MAX_TABLE_FILE_BYTES`]: bytes that [`EmbeddingTable::parse`]
/// can then check.
pub fn read_table_file(path: &Path) -> Result<Vec<u8>, EmbedError> {
    let unreadable =
        |error: std::io::Error| EmbedError::Unreadable(format!("{}: {error}", path.display()));
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    // One byte past the limit tells an oversized file from one exactly at it.
    file.take(MAX_TABLE_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_TABLE_FILE_BYTES {
        return Err(corrupt(format!(
            "{} is larger than {MAX_TABLE_FILE_BYTES} bytes",
            path.display()
        )));
    }
    Ok(bytes)
}

/// The process's table, checked and indexed on first use, once: compiled in with the
/// `shipped-embeddings` feature, else read from the file named by [`set_table_file`]. The first
/// failure is written to stderr once; callers then rank without embeddings. Until a file is
/// named, a build without a compiled-in table answers [`EmbedError::Missing`] without caching
/// it, so naming the file later still works.
pub fn shipped_table() -> Result<&'static EmbeddingTable<'static>, &'static EmbedError> {
    static TABLE: OnceLock<Result<EmbeddingTable<'static>, EmbedError>> = OnceLock::new();
    static MISSING: EmbedError = EmbedError::Missing;
    if let Some(table) = TABLE.get() {
        return table.as_ref();
    }
    let source = match compiled_bytes() {
        Some(bytes) => TableSource::Compiled(bytes),
        None => match TABLE_FILE.get() {
            Some(path) => TableSource::File(path),
            None => return Err(&MISSING),
        },
    };
    TABLE
        .get_or_init(|| {
            let parsed = match source {
                TableSource::Compiled(bytes) => EmbeddingTable::parse(bytes),
                TableSource::File(path) => load_file(path),
            };
            if let Err(error) = &parsed {
                eprintln!("pi-lean: {error}");
            }
            parsed
        })
        .as_ref()
}

enum TableSource {
    Compiled(&'static [u8]),
    File(&'static Path),
}

/// Reads and parses the table file; its bytes live for the rest of the process once they
/// pass the checks (a rejected file's bytes are freed).
fn load_file(path: &Path) -> Result<EmbeddingTable<'static>, EmbedError> {
    let bytes = read_table_file(path)?;
    let layout = check(&bytes)?;
    Ok(EmbeddingTable::index(
        Box::leak(bytes.into_boxed_slice()),
        &layout,
    ))
}

#[cfg(feature = "shipped-embeddings")]
fn compiled_bytes() -> Option<&'static [u8]> {
    Some(include_bytes!("../../data/skill-embeddings.bin"))
}

#[cfg(not(feature = "shipped-embeddings"))]
fn compiled_bytes() -> Option<&'static [u8]> {
    None
}

fn is_bert_whitespace(ch: char) -> bool {
    matches!(ch, '\t' | '\n' | '\r') || ch.is_whitespace()
}

/// The "other" general categories the teacher drops (Cc, Cf, Cs, Co), tab and newlines aside.
/// Unassigned code points (Cn) are kept, as the teacher keeps them (they become `[UNK]`).
fn is_bert_control(ch: char) -> bool {
    if matches!(ch, '\t' | '\n' | '\r') {
        return false;
    }
    matches!(
        get_general_category(ch),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
    )
}

fn is_bert_punctuation(ch: char) -> bool {
    ch.is_ascii_punctuation()
        || matches!(
            get_general_category(ch),
            GeneralCategory::ConnectorPunctuation
                | GeneralCategory::DashPunctuation
                | GeneralCategory::OpenPunctuation
                | GeneralCategory::ClosePunctuation
                | GeneralCategory::InitialPunctuation
                | GeneralCategory::FinalPunctuation
                | GeneralCategory::OtherPunctuation
        )
}

/// CJK ideographs, which BERT treats as words of their own.
fn is_cjk_ideograph(ch: char) -> bool {
    matches!(ch as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B920..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

/// BERT's normalizer, in its order: clean, space out ideographs, strip accents, lower-case.
fn normalize(text: &str) -> String {
    if text.is_ascii() {
        return normalize_ascii(text);
    }
    normalize_unicode(text)
}

/// [`normalize`] of ASCII text, byte by byte: ASCII has no ideographs and nothing NFD changes,
/// so only the control characters (dropped), the whitespace (one space each) and the case are
/// left to handle. Most queries take this path.
fn normalize_ascii(text: &str) -> String {
    text.bytes()
        .filter_map(|byte| match byte {
            b'\t' | b'\n' | b'\r' => Some(' '),
            0..=0x1f | 0x7f => None,
            _ => Some(char::from(byte.to_ascii_lowercase())),
        })
        .collect()
}

fn normalize_unicode(text: &str) -> String {
    let mut cleaned = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch == '\0' || ch == '\u{fffd}' || is_bert_control(ch) {
            continue;
        }
        if is_bert_whitespace(ch) {
            cleaned.push(' ');
        } else if is_cjk_ideograph(ch) {
            cleaned.push(' ');
            cleaned.push(ch);
            cleaned.push(' ');
        } else {
            cleaned.push(ch);
        }
    }
    let stripped: String = cleaned
        .nfd()
        .filter(|&ch| get_general_category(ch) != GeneralCategory::NonspacingMark)
        .collect();
    // Character by character, like the teacher: no final-sigma rule ("ΣΑΣ" -> "σασ").
    stripped.chars().flat_map(char::to_lowercase).collect()
}

/// Words split at whitespace, each punctuation character a word of its own.
fn pre_tokenize(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let trimmed = rest.trim_start_matches(char::is_whitespace);
        let mut chars = trimmed.char_indices();
        let (_, first) = chars.next()?;
        let end = if is_bert_punctuation(first) {
            first.len_utf8()
        } else {
            chars
                .find(|&(_, ch)| ch.is_whitespace() || is_bert_punctuation(ch))
                .map_or(trimmed.len(), |(at, _)| at)
        };
        rest = &trimmed[end..];
        Some(&trimmed[..end])
    })
}

/// Cosine of two L2-normalised vectors. Eight running sums, so the compiler can keep them in
/// one SIMD register (a single sum must be added in order and cannot be vectorised).
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let mut sums = [0f32; 8];
    let (a_chunks, b_chunks) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a_chunks
        .remainder()
        .iter()
        .zip(b_chunks.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a_chunks.zip(b_chunks) {
        for ((sum, x), y) in sums.iter_mut().zip(x).zip(y) {
            *sum += x * y;
        }
    }
    sums.iter().sum::<f32>() + tail
}

/// Components times this, rounded, is the fixed-point form of a unit vector ([`to_fixed`]).
///
/// Why this value: every component of a unit vector lies in -1..=1, so it fits `i16`; and by
/// Cauchy-Schwarz the dot product of two such vectors, and every partial sum of it, is at most
/// `(FIXED_ONE + dims / 2)^2` in magnitude (rounding moves each component by at most 1/2),
/// which stays below `i32::MAX` for up to [`MAX_FIXED_DIMS`] components. The rounding moves
/// a cosine by at most about 1e-4 (6.5e-5 measured over the routing catalogs), far below any
/// difference ranking acts on.
pub const FIXED_ONE: f32 = 32_000.0;

/// Longest vector [`to_fixed`] accepts; the table's own limit.
pub const MAX_FIXED_DIMS: usize = 4096;

/// Fixed-point vectors are padded with zeros to a multiple of this many components, so the
/// dot product has no scalar tail.
pub const FIXED_LANES: usize = 16;

/// Components a fixed-point vector of `dims` dimensions takes, padding included.
pub fn fixed_stride(dims: usize) -> usize {
    dims.div_ceil(FIXED_LANES) * FIXED_LANES
}

/// Appends the fixed-point form of an L2-normalised `vector` to `out`, zero-padded to
/// [`fixed_stride`]: half the bytes of `f32`, and a dot product the compiler turns into SIMD
/// multiply-add of 16-bit pairs (SSE2's `pmaddwd`) without intrinsics.
pub fn to_fixed(vector: &[f32], out: &mut Vec<i16>) {
    debug_assert!(vector.len() <= MAX_FIXED_DIMS, "vector too long");
    out.extend(
        vector
            .iter()
            .map(|&x| (x.clamp(-1.0, 1.0) * FIXED_ONE).round() as i16),
    );
    let padding = fixed_stride(vector.len()) - vector.len();
    out.extend(std::iter::repeat_n(0, padding));
}

/// Cosine of `query` to each row of `rows`, [`to_fixed`] vectors of one length, written to
/// `out` in row order (cleared first).
pub fn cosines_fixed(rows: &[i16], query: &[i16], out: &mut Vec<f32>) {
    out.clear();
    if query.is_empty() {
        return;
    }
    let scale = 1.0 / (FIXED_ONE * FIXED_ONE);
    out.extend(
        rows.chunks_exact(query.len())
            .map(|row| dot_fixed(row, query) as f32 * scale),
    );
}

/// Dot product of two padded fixed-point vectors. Sixteen 32-bit lanes: each step widens and
/// multiplies sixteen pairs and adds them lane by lane, which is the shape SIMD multiply-add
/// takes. Wrapping adds only say that overflow is not checked here: the bound on
/// [`FIXED_ONE`] rules it out.
fn dot_fixed(a: &[i16], b: &[i16]) -> i32 {
    let mut sums = [0i32; FIXED_LANES];
    for (x, y) in a.chunks_exact(FIXED_LANES).zip(b.chunks_exact(FIXED_LANES)) {
        for ((sum, &x), &y) in sums.iter_mut().zip(x).zip(y) {
            *sum = sum.wrapping_add(i32::from(x) * i32::from(y));
        }
    }
    sums.iter()
        .fold(0i32, |total, &sum| total.wrapping_add(sum))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny table with the given vocabulary and 2-d vectors, checksummed like the real one.
    fn table_bytes(vocab: &[&str], vectors: &[[i8; 2]]) -> Vec<u8> {
        let blob = vocab.join("\n");
        let mut bytes = MAGIC.to_vec();
        for n in [vocab.len(), 2, blob.len()] {
            bytes.extend_from_slice(&(n as u32).to_le_bytes());
        }
        bytes.extend_from_slice(blob.as_bytes());
        for _ in vocab {
            bytes.extend_from_slice(&0.5f32.to_le_bytes());
        }
        for v in vectors {
            bytes.extend(v.iter().map(|&x| x as u8));
        }
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    fn small() -> Vec<u8> {
        table_bytes(
            &[
                "[UNK]", "un", "##aff", "##able", "page", "load", "##s", ",", "cafe",
            ],
            &[
                [0, 0],
                [1, 0],
                [0, 1],
                [1, 1],
                [2, 0],
                [0, 2],
                [1, 1],
                [0, 0],
                [3, 3],
            ],
        )
    }

    #[test]
    fn wordpiece_matches_longest_pieces_and_unk_for_uncoverable_words() {
        let bytes = small();
        let table = EmbeddingTable::parse(&bytes).unwrap();
        assert_eq!(
            table.tokenize("Unaffable pages, loads"),
            vec![1, 2, 3, 4, 6, 7, 5, 6]
        );
        // "pagex" has no "##x": the whole word is [UNK], not "page" + [UNK].
        assert_eq!(table.tokenize("pagex page"), vec![0, 4]);
        // Accents stripped and lower-cased before lookup.
        assert_eq!(table.tokenize("CAFÉ"), vec![8]);
    }

    #[test]
    fn embedding_is_the_normalised_mean_of_token_vectors() {
        let bytes = small();
        let table = EmbeddingTable::parse(&bytes).unwrap();
        let v = table.embed("page load").unwrap();
        let expected = 1.0 / 2f32.sqrt();
        assert!((v[0] - expected).abs() < 1e-6 && (v[1] - expected).abs() < 1e-6);
        assert_eq!(table.embed(",,,"), None, "zero vectors only");
        assert_eq!(table.embed("   "), None, "no tokens");
        // A query needs one word known whole: "un ##aff ##able" is pieces only.
        assert!(table.embed("unaffable").is_some());
        assert_eq!(table.embed_query("unaffable"), None);
        assert!(table.embed_query("unaffable page").is_some());
        assert_eq!(
            table.embed_query("un page, aff"),
            table.embed("un page, aff")
        );
    }

    #[test]
    fn corrupt_tables_are_rejected_with_a_reason() {
        let good = small();
        let mut flipped = good.clone();
        flipped[30] ^= 1;
        assert_eq!(
            EmbeddingTable::parse(&flipped).unwrap_err(),
            EmbedError::Corrupt("checksum mismatch".into())
        );
        let truncated = &good[..good.len() - 3];
        assert!(matches!(
            EmbeddingTable::parse(truncated),
            Err(EmbedError::Corrupt(_))
        ));
        assert!(matches!(
            EmbeddingTable::parse(b"not a table"),
            Err(EmbedError::Corrupt(_))
        ));
        assert!(EmbedError::Corrupt("x".into())
            .to_string()
            .starts_with("EMBEDDINGS_UNAVAILABLE: "));
    }

    fn unit(raw: &[f32]) -> Vec<f32> {
        let norm = raw.iter().map(|x| x * x).sum::<f32>().sqrt();
        raw.iter().map(|x| x / norm).collect()
    }

    proptest::proptest! {
        /// The fixed-point cosine is the float cosine to within the rounding's worst case, for
        /// any pair of unit vectors of any length up to the table's limit, with the padding
        /// adding nothing. Each component moves by at most half a step (1 / 2F, F =
        /// [`FIXED_ONE`]), so `a·b` moves by at most `(Σ|a| + Σ|b|) / 2F + n / 4F²`: about
        /// 2e-4 for a few hundred components (a case proptest found reaches 2.05e-4 on a
        /// self-cosine, within this bound), far below what reorders a ranking.
        #[test]
        fn fixed_point_cosine_matches_float(
            pairs in proptest::collection::vec((-1000i32..1000, -1000i32..1000), 1..300),
            spike in proptest::prelude::any::<bool>(),
        ) {
            let mut a: Vec<f32> = pairs.iter().map(|&(x, _)| x as f32).collect();
            let mut b: Vec<f32> = pairs.iter().map(|&(_, y)| y as f32).collect();
            if spike {
                // All of a vector's mass on one component: the largest values fixed point holds.
                a.iter_mut().for_each(|x| *x = 0.0);
                a[0] = 1.0;
                b[0] = if b[0] == 0.0 { 1.0 } else { b[0] };
            }
            proptest::prop_assume!(a.iter().any(|&x| x != 0.0) && b.iter().any(|&x| x != 0.0));
            let (a, b) = (unit(&a), unit(&b));
            let (mut rows, mut query, mut out) = (Vec::new(), Vec::new(), Vec::new());
            to_fixed(&a, &mut rows);
            to_fixed(&b, &mut rows);
            to_fixed(&b, &mut query);
            proptest::prop_assert_eq!(rows.len(), 2 * fixed_stride(a.len()));
            cosines_fixed(&rows, &query, &mut out);
            proptest::prop_assert_eq!(out.len(), 2);
            let step = 1.0 / FIXED_ONE;
            let bound = |x: &[f32], y: &[f32]| {
                let l1 = |v: &[f32]| v.iter().map(|c| c.abs()).sum::<f32>();
                // (And 1e-6 for the float arithmetic of the reference and the scaling.)
                (l1(x) + l1(y)) * step / 2.0 + x.len() as f32 * step * step / 4.0 + 1e-6
            };
            proptest::prop_assert!((out[0] - cosine(&a, &b)).abs() <= bound(&a, &b), "{} vs {}", out[0], cosine(&a, &b));
            proptest::prop_assert!((out[1] - 1.0).abs() <= bound(&b, &b), "self-cosine {}", out[1]);
            // The bound is tight enough to mean something: a few hundred components stay
            // within about 5e-4.
            proptest::prop_assert!(bound(&b, &b) < 1.2e-3);
        }
    }

    #[test]
    fn fixed_point_dot_cannot_overflow_at_the_largest_table() {
        // Equal components at the widest table: every product is as large as Cauchy-Schwarz
        // allows, and the sum still lands on 1.
        let dims = MAX_FIXED_DIMS;
        let flat = vec![1.0 / (dims as f32).sqrt(); dims];
        let spike: Vec<f32> = (0..dims).map(|i| f32::from(u8::from(i == 7))).collect();
        for vector in [flat, spike] {
            let (mut fixed, mut out) = (Vec::new(), Vec::new());
            to_fixed(&vector, &mut fixed);
            cosines_fixed(&fixed, &fixed, &mut out);
            assert!((out[0] - 1.0).abs() < 1e-3, "{}", out[0]);
        }
    }

    proptest::proptest! {
        /// The ASCII fast path of the normalizer agrees with the general one on every ASCII
        /// text, control characters and all.
        #[test]
        fn ascii_normalization_matches_the_general_path(text in "[\\x00-\\x7f]{0,64}") {
            proptest::prop_assert_eq!(normalize_ascii(&text), normalize_unicode(&text));
        }
    }

    /// A scratch file holding `bytes`, removed on drop.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str, bytes: &[u8]) -> Scratch {
            let path =
                std::env::temp_dir().join(format!("pi-lean-embed-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).unwrap();
            Scratch(path)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn table_files_are_read_checked_and_rejected_with_a_reason() {
        let good = small();
        let file = Scratch::new("good", &good);
        let table = load_file(&file.0).unwrap();
        assert_eq!(table.tokenize("page loads"), vec![4, 5, 6]);

        let missing = load_file(Path::new("/nonexistent/pi-lean/skill-embeddings.bin"));
        assert!(
            matches!(missing, Err(EmbedError::Unreadable(_))),
            "{missing:?}"
        );

        let mut flipped = good.clone();
        flipped[30] ^= 1;
        let file = Scratch::new("flipped", &flipped);
        assert_eq!(
            load_file(&file.0).unwrap_err(),
            EmbedError::Corrupt("checksum mismatch".into())
        );
        let file = Scratch::new("truncated", &good[..good.len() / 2]);
        assert!(matches!(load_file(&file.0), Err(EmbedError::Corrupt(_))));
        let file = Scratch::new("empty", b"");
        assert!(matches!(load_file(&file.0), Err(EmbedError::Corrupt(_))));

        // Far larger than any table: rejected after reading at most the limit.
        let file = Scratch::new("huge", b"");
        std::fs::OpenOptions::new()
            .write(true)
            .open(&file.0)
            .unwrap()
            .set_len(MAX_TABLE_FILE_BYTES + 1)
            .unwrap();
        assert!(matches!(load_file(&file.0), Err(EmbedError::Corrupt(_))));

        for error in [
            EmbedError::Missing,
            EmbedError::Unreadable("x".into()),
            EmbedError::Corrupt("x".into()),
        ] {
            assert!(error.to_string().starts_with("EMBEDDINGS_UNAVAILABLE: "));
        }
    }

    #[test]
    fn a_header_whose_sizes_overflow_is_corrupt() {
        let mut bytes = MAGIC.to_vec();
        for n in [u32::MAX, 4096, u32::MAX] {
            bytes.extend_from_slice(&n.to_le_bytes());
        }
        bytes.extend_from_slice(&[0; 16]);
        assert!(matches!(
            EmbeddingTable::parse(&bytes),
            Err(EmbedError::Corrupt(_))
        ));
    }

    #[test]
    fn the_repository_table_file_loads_as_the_compiled_one() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/skill-embeddings.bin");
        let table = load_file(&path).unwrap();
        assert_eq!(table.dims(), 256);
        assert_eq!(
            table.embed("the page takes forever to load"),
            shipped_table()
                .unwrap()
                .embed("the page takes forever to load")
        );
    }

    #[test]
    fn hostile_input_is_bounded() {
        let bytes = small();
        let table = EmbeddingTable::parse(&bytes).unwrap();
        let long_word = "a".repeat(1_000_000);
        assert_eq!(table.tokenize(&long_word), vec![0]);
        let many = ", ".repeat(500_000);
        assert_eq!(table.tokenize(&many).len(), MAX_TOKENS);
    }
}
