//! The ranking both searches share: one text analysis into one vocabulary of stemmed terms,
//! and BM25F over any number of weighted fields.
//!
//! Skill search ([`crate::skills::SearchIndex`]) ranks a name and a description field; tool
//! search ([`crate::tools::ToolIndex`]) ranks a name, a description and a parameters field.
//! Both analyse text with [`Interner`] (the tokenizer, stopwords, camelCase split and stemmer
//! of `skills::text`) and turn weighted term frequencies into per-(term, document) impacts
//! with [`impacts`]. They differ only in their fields and weights, in where frequencies
//! saturate ([`Saturation`]: once over all fields for skills, per field for tools, whose
//! names are curated identifiers), and in what a query adds on top (skill search widens
//! queries with affixes, concepts and bigrams).
//!
//! BM25F: a term's frequency is summed over the fields, each occurrence scaled by its field's
//! weight and divided by the field's length normalisation, and only then saturated with `k1`.
//! A query's score for a document is the sum of its terms' impacts, so ranking a query is a
//! handful of posting-list walks.

use std::collections::HashMap;

use foldhash::fast::RandomState as FastState;

use crate::skills::text::{camel_parts, is_stopword, raw_runs, stem, words};

/// Weight of a camelCase hump relative to a whole word.
const CAMEL_PART_WEIGHT: f32 = 0.5;

/// Maps words to term ids during a build. Stems are memoised per surface word because catalog
/// text repeats itself heavily (most Composio descriptions share one template) and stemming
/// would otherwise dominate build time.
#[derive(Default)]
pub(crate) struct Interner {
    /// Stemmed term → id.
    pub(crate) vocabulary: FastMap<String, u32>,
    /// Surface word → its term's id, so queries skip the stemmer for words the index knows.
    pub(crate) word_ids: FastMap<String, u32>,
}

/// A map keyed by text or term ids for the search paths: looked up many times per query, so
/// it hashes with the fast seeded hasher rather than SipHash (the per-process seed still keeps
/// crafted collisions out).
pub(crate) type FastMap<K, V> = HashMap<K, V, FastState>;

/// The set counterpart of [`FastMap`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, FastState>;

impl Interner {
    fn term(&mut self, stemmed: String) -> u32 {
        let next = self.vocabulary.len() as u32;
        *self.vocabulary.entry(stemmed).or_insert(next)
    }

    /// The term id of one lowercase word.
    pub(crate) fn word(&mut self, word: &str) -> u32 {
        if let Some(&id) = self.word_ids.get(word) {
            return id;
        }
        let id = self.term(stem(word));
        self.word_ids.insert(word.to_string(), id);
        id
    }

    /// Term ids of the stopword-free words of `text`, in order, camelCase parts appended,
    /// with each term's weight: camelCase humps count half, since the whole word already
    /// matched ("QuickBooks" should not answer every "quick" question).
    pub(crate) fn analyze(&mut self, text: &str) -> (Vec<u32>, Vec<f32>) {
        let mut terms: Vec<u32> = Vec::new();
        for word in words(text) {
            if !is_stopword(&word) {
                terms.push(self.word(&word));
            }
        }
        let whole_words = terms.len();
        for run in raw_runs(text) {
            for part in camel_parts(run) {
                if !is_stopword(&part) {
                    terms.push(self.word(&part));
                }
            }
        }
        let mut weights = vec![1.0; whole_words];
        weights.resize(terms.len(), CAMEL_PART_WEIGHT);
        (terms, weights)
    }

    /// Like [`Interner::analyze`], but stopwords are kept when they are all a name has.
    pub(crate) fn analyze_name(&mut self, name: &str) -> (Vec<u32>, Vec<f32>) {
        let (terms, weights) = self.analyze(name);
        if !terms.is_empty() {
            return (terms, weights);
        }
        let terms: Vec<u32> = words(name).iter().map(|word| self.word(word)).collect();
        let weights = vec![1.0; terms.len()];
        (terms, weights)
    }
}

/// One field over every document: each document's term ids with their weights (parallel
/// lists), the field's weight, and its length normalisation `b`.
pub(crate) struct Field<'a> {
    pub(crate) terms: &'a [Vec<u32>],
    pub(crate) weights: &'a [Vec<f32>],
    pub(crate) weight: f32,
    pub(crate) b: f32,
}

/// What a query needs from a BM25F build.
pub(crate) struct Impacts {
    /// term → inverse document frequency.
    pub(crate) idf: Vec<f32>,
    /// term → (document, impact), impact = idf × saturated BM25F term frequency.
    pub(crate) postings: Vec<Vec<(u32, f32)>>,
    /// document → (term, impact), in term order.
    pub(crate) forward: Vec<Vec<(u32, f32)>>,
}

/// Where term frequencies saturate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Saturation {
    /// BM25F proper: weighted frequencies are summed over the fields and saturated once, so a
    /// term repeated across a skill's name and description cannot outweigh a rarer term.
    Combined,
    /// Each field saturates on its own and the weighted results add up. Tool names are short,
    /// curated identifiers (`browser_screenshot`): a query word found in the name should count
    /// on top of the same word in the prose, so routing can tell a tool the request names
    /// from one that merely mentions the word.
    PerField,
}

/// BM25F impacts for `doc_count` documents over `fields` (every field lists every document),
/// with `vocabulary_len` terms, saturation `k1` applied as `saturation` says.
pub(crate) fn impacts(
    vocabulary_len: usize,
    doc_count: usize,
    fields: &[Field],
    k1: f32,
    saturation: Saturation,
) -> Impacts {
    let averages: Vec<f32> = fields
        .iter()
        .map(|field| {
            let total: usize = field.terms.iter().map(Vec::len).sum();
            (total as f32 / field.terms.len().max(1) as f32).max(1.0)
        })
        .collect();

    // Weighted, length-normalised term frequencies per document (BM25F before saturation).
    let mut document_frequency = vec![0u32; vocabulary_len];
    let mut weighted_tf: Vec<Vec<(u32, f32)>> = Vec::with_capacity(doc_count);
    for doc in 0..doc_count {
        let mut tf: FastMap<u32, f32> = FastMap::default();
        for (field, average) in fields.iter().zip(&averages) {
            let terms = &field.terms[doc];
            let norm = 1.0 - field.b + field.b * terms.len() as f32 / average;
            match saturation {
                Saturation::Combined => {
                    for (&term, &term_weight) in terms.iter().zip(&field.weights[doc]) {
                        *tf.entry(term).or_default() += term_weight * field.weight / norm;
                    }
                }
                Saturation::PerField => {
                    // Saturate this field's frequencies now; idf multiplies in below.
                    let mut field_tf: FastMap<u32, f32> = FastMap::default();
                    for (&term, &term_weight) in terms.iter().zip(&field.weights[doc]) {
                        *field_tf.entry(term).or_default() += term_weight / norm;
                    }
                    for (term, f) in field_tf {
                        *tf.entry(term).or_default() += field.weight * f * (k1 + 1.0) / (f + k1);
                    }
                }
            }
        }
        let mut entries: Vec<(u32, f32)> = tf.into_iter().collect();
        entries.sort_unstable_by_key(|&(term, _)| term);
        for &(term, _) in &entries {
            document_frequency[term as usize] += 1;
        }
        weighted_tf.push(entries);
    }
    let n = doc_count as f32;
    let idf: Vec<f32> = document_frequency
        .iter()
        .map(|&df| (1.0 + (n - df as f32 + 0.5) / (df as f32 + 0.5)).ln())
        .collect();
    let mut postings: Vec<Vec<(u32, f32)>> = vec![Vec::new(); vocabulary_len];
    let mut forward: Vec<Vec<(u32, f32)>> = Vec::with_capacity(doc_count);
    for (doc, entries) in weighted_tf.into_iter().enumerate() {
        let impacts: Vec<(u32, f32)> = entries
            .into_iter()
            .map(|(term, tf)| {
                let saturated = match saturation {
                    Saturation::Combined => tf * (k1 + 1.0) / (tf + k1),
                    Saturation::PerField => tf,
                };
                (term, idf[term as usize] * saturated)
            })
            .collect();
        for &(term, impact) in &impacts {
            postings[term as usize].push((doc as u32, impact));
        }
        forward.push(impacts);
    }
    Impacts {
        idf,
        postings,
        forward,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_weight_scales_a_term_and_idf_favours_rare_terms() {
        let mut interner = Interner::default();
        let docs = ["take screenshot", "screenshot gallery", "weather report"];
        let (terms, weights): (Vec<_>, Vec<_>) = docs.iter().map(|d| interner.analyze(d)).unzip();
        let empty: Vec<Vec<u32>> = vec![Vec::new(); docs.len()];
        let no_weights: Vec<Vec<f32>> = vec![Vec::new(); docs.len()];
        // A first field of the documents' terms at `weight`, and a second field at weight 1
        // holding either nothing or the same terms again.
        let build = |weight: f32, repeat: bool, saturation: Saturation| {
            let (second, second_weights) = match repeat {
                true => (&terms, &weights),
                false => (&empty, &no_weights),
            };
            impacts(
                interner.vocabulary.len(),
                docs.len(),
                &[
                    Field {
                        terms: &terms,
                        weights: &weights,
                        weight,
                        b: 0.75,
                    },
                    Field {
                        terms: second,
                        weights: second_weights,
                        weight: 1.0,
                        b: 0.75,
                    },
                ],
                1.2,
                saturation,
            )
        };
        let (light, heavy) = (
            build(1.0, false, Saturation::Combined),
            build(3.0, false, Saturation::Combined),
        );
        let screenshot = interner.word_ids["screenshot"] as usize;
        let weather = interner.word_ids["weather"] as usize;
        assert!(light.idf[weather] > light.idf[screenshot]);
        assert_eq!(light.postings[screenshot].len(), 2);
        assert!(heavy.postings[screenshot][0].1 > light.postings[screenshot][0].1);
        assert_eq!(light.forward[2].len(), 2);
        // Per-field saturation: the second field's match adds its own saturated share on top,
        // where combined saturation caps the sum at idf × (k1 + 1).
        let cap = light.idf[screenshot] * 2.2;
        assert!(heavy.postings[screenshot][0].1 < cap);
        let both_fields = |saturation| build(3.0, true, saturation).postings[screenshot][0].1;
        assert!(both_fields(Saturation::PerField) > cap);
        assert!(both_fields(Saturation::Combined) < cap);
    }

    #[test]
    fn camel_humps_count_half_and_names_keep_their_stopwords() {
        let mut interner = Interner::default();
        let (terms, weights) = interner.analyze("takeScreenshot gallery");
        assert_eq!(terms.len(), 4);
        assert_eq!(weights, [1.0, 1.0, 0.5, 0.5]);
        assert_eq!(terms[3], interner.word_ids["screenshot"]);
        let (terms, _) = interner.analyze_name("the");
        assert_eq!(terms.len(), 1);
    }
}
