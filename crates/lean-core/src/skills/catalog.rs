//! An immutable, fingerprinted snapshot of the known skills.
//!
//! The fingerprint changes whenever anything a model could observe about the catalog changes,
//! so search cursors and caches bound to it can detect a stale snapshot.

use std::collections::{HashMap, HashSet};

use crate::error::ErrorCode;
use crate::hash::xxh3_hex;

use super::error::Diagnostic;
use super::scan::SkillMeta;

/// Longest `requires:` list kept per skill; the rest is dropped with a
/// `SKILL_TOO_MANY_REQUIRES` diagnostic. Real skills name a handful.
pub const MAX_REQUIRES: usize = 256;

/// Skills in discovery order, unique by name.
#[derive(Debug, Clone)]
pub struct Catalog {
    skills: Vec<SkillMeta>,
    by_name: HashMap<String, usize>,
    fingerprint: String,
}

impl Catalog {
    /// Builds a snapshot. On a duplicate name the first skill wins and the later one is
    /// dropped with a diagnostic, as in Pi. Each `requires` list is deduplicated (first
    /// occurrence wins) and cut to [`MAX_REQUIRES`] names, with a diagnostic.
    pub fn new(skills: Vec<SkillMeta>) -> (Catalog, Vec<Diagnostic>) {
        let mut kept: Vec<SkillMeta> = Vec::with_capacity(skills.len());
        let mut by_name: HashMap<String, usize> = HashMap::with_capacity(skills.len());
        let mut diagnostics = Vec::new();
        for mut skill in skills {
            if let Some(&winner) = by_name.get(&skill.name) {
                let winner_path = kept[winner]
                    .file_path
                    .as_ref()
                    .map(|path| path.display().to_string())
                    .unwrap_or_else(|| "<inline>".to_string());
                diagnostics.push(Diagnostic {
                    code: ErrorCode::SkillNameCollision,
                    path: skill.file_path.clone(),
                    name: Some(skill.name.clone()),
                    message: format!(
                        "skill name `{}` collides with {winner_path}; the first one wins",
                        skill.name
                    ),
                });
                continue;
            }
            if let Some(diagnostic) = bound_requires(&mut skill) {
                diagnostics.push(diagnostic);
            }
            by_name.insert(skill.name.clone(), kept.len());
            kept.push(skill);
        }
        let fingerprint = fingerprint_of(&kept);
        (
            Catalog {
                skills: kept,
                by_name,
                fingerprint,
            },
            diagnostics,
        )
    }

    /// xxh3 hex over every skill's name, description, path, flags and requirements, in order.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Number of skills.
    pub fn len(&self) -> usize {
        self.skills.len()
    }

    /// Whether the catalog has no skills.
    pub fn is_empty(&self) -> bool {
        self.skills.is_empty()
    }

    /// Looks a skill up by exact name. Names are never interpreted as paths.
    pub fn get(&self, name: &str) -> Option<&SkillMeta> {
        self.index_of(name).map(|index| &self.skills[index])
    }

    /// Position of the skill with this exact name in [`Catalog::skills`].
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// Every skill, in catalog order (the order of the input, collisions removed).
    pub fn skills(&self) -> &[SkillMeta] {
        &self.skills
    }
}

/// Deduplicates `skill.requires` in order and cuts it to [`MAX_REQUIRES`] names.
fn bound_requires(skill: &mut SkillMeta) -> Option<Diagnostic> {
    let listed = skill.requires.len();
    let mut seen: HashSet<String> = HashSet::with_capacity(listed.min(MAX_REQUIRES * 2));
    let mut overflow = false;
    skill.requires.retain(|name| {
        if seen.contains(name) {
            return false;
        }
        if seen.len() == MAX_REQUIRES {
            overflow = true;
            return false;
        }
        seen.insert(name.clone())
    });
    if !overflow {
        return None;
    }
    Some(Diagnostic {
        code: ErrorCode::SkillTooManyRequires,
        path: skill.file_path.clone(),
        name: Some(skill.name.clone()),
        message: format!(
            "skill `{}` requires {listed} names; only the first {MAX_REQUIRES} distinct ones are kept. Split it into smaller skills",
            skill.name
        ),
    })
}

/// Length-prefixes every field so that no two different catalogs serialize to the same bytes.
fn fingerprint_of(skills: &[SkillMeta]) -> String {
    fn field(buffer: &mut Vec<u8>, bytes: &[u8]) {
        buffer.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        buffer.extend_from_slice(bytes);
    }
    let mut buffer = Vec::new();
    for skill in skills {
        field(&mut buffer, skill.name.as_bytes());
        field(&mut buffer, skill.description.as_bytes());
        for path in [&skill.file_path, &skill.base_dir] {
            let rendered = path
                .as_ref()
                .map(|path| path.to_string_lossy().into_owned())
                .unwrap_or_default();
            buffer.push(u8::from(path.is_some()));
            field(&mut buffer, rendered.as_bytes());
        }
        buffer.push(u8::from(skill.disable_model_invocation));
        buffer.extend_from_slice(&(skill.requires.len() as u64).to_le_bytes());
        for required in &skill.requires {
            field(&mut buffer, required.as_bytes());
        }
    }
    xxh3_hex(&buffer)
}
