//! Scope algebra. A group is a named set of skills (exact names or `*`/`?` patterns); a
//! profile is a named set of groups. Exactly one scope is active: every skill, one profile
//! (the union of its groups) or one group inside the active profile. An empty profile admits
//! no skill at all, which is different from "all skills".

use std::collections::BTreeMap;

use super::policy::NamePattern;

/// Group and profile definitions, as the config declares them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScopeDefinitions {
    /// Group name → member names or patterns.
    pub groups: BTreeMap<String, Vec<String>>,
    /// Profile name → group names.
    pub profiles: BTreeMap<String, Vec<String>>,
}

/// The one active scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// Every skill.
    All,
    /// The skills of one profile.
    Profile(String),
    /// The skills of one group, of a profile or of the top level.
    Group {
        /// The profile the group belongs to; `None` for a top-level group.
        profile: Option<String>,
        /// The group's name.
        group: String,
    },
}

impl Scope {
    /// The active profile, if any (a group may be active without one).
    pub fn profile(&self) -> Option<&str> {
        match self {
            Scope::All => None,
            Scope::Profile(profile) => Some(profile),
            Scope::Group { profile, .. } => profile.as_deref(),
        }
    }

    /// The active group, if any.
    pub fn group(&self) -> Option<&str> {
        match self {
            Scope::Group { group, .. } => Some(group),
            _ => None,
        }
    }

    /// `all`, `profile` or `group`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Scope::All => "all",
            Scope::Profile(_) => "profile",
            Scope::Group { .. } => "group",
        }
    }
}

impl ScopeDefinitions {
    /// The active scope for a selection. Names that are not defined (or a group that is not
    /// part of the active profile) are ignored, falling back to the wider scope; config
    /// validation rejects such selections before they get here.
    pub fn resolve(&self, active_profile: Option<&str>, active_group: Option<&str>) -> Scope {
        let profile = active_profile.filter(|p| self.profiles.contains_key(*p));
        let group = active_group.filter(|g| {
            self.groups.contains_key(*g)
                && profile.is_none_or(|p| self.profiles[p].iter().any(|member| member == g))
        });
        match (profile, group) {
            (profile, Some(group)) => Scope::Group {
                profile: profile.map(str::to_string),
                group: group.to_string(),
            },
            (Some(profile), None) => Scope::Profile(profile.to_string()),
            (None, None) => Scope::All,
        }
    }

    /// The names among `names` the scope admits, in the order given; `None` for all skills.
    pub fn admitted(&self, scope: &Scope, names: &[String]) -> Option<Vec<String>> {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        self.members(scope, &refs).map(|mask| {
            names
                .iter()
                .zip(mask)
                .filter(|(_, keep)| *keep)
                .map(|(name, _)| name.clone())
                .collect()
        })
    }

    /// Which of `names` the scope admits, as a mask in the same order; `None` for all skills.
    pub fn members(&self, scope: &Scope, names: &[&str]) -> Option<Vec<bool>> {
        let groups: Vec<&str> = match scope {
            Scope::All => return None,
            Scope::Profile(profile) => self
                .profiles
                .get(profile)
                .map(|groups| groups.iter().map(String::as_str).collect())
                .unwrap_or_default(),
            Scope::Group { group, .. } => vec![group.as_str()],
        };
        let patterns: Vec<NamePattern> = groups
            .iter()
            .filter_map(|group| self.groups.get(*group))
            .flatten()
            .map(|pattern| NamePattern::new(pattern))
            .collect();
        Some(
            names
                .iter()
                .map(|name| patterns.iter().any(|pattern| pattern.matches(name)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn definitions() -> ScopeDefinitions {
        let mut defs = ScopeDefinitions::default();
        defs.groups
            .insert("git".into(), vec!["git-*".into(), "changelog-style".into()]);
        defs.groups
            .insert("notes".into(), vec!["release-notes".into()]);
        defs.groups.insert("none".into(), vec![]);
        defs.profiles
            .insert("release".into(), vec!["git".into(), "notes".into()]);
        defs.profiles.insert("empty".into(), vec![]);
        defs.profiles.insert("solo".into(), vec!["none".into()]);
        defs
    }

    const NAMES: [&str; 5] = [
        "changelog-style",
        "git-history",
        "release-notes",
        "loop-a",
        "loop-b",
    ];

    fn admitted(defs: &ScopeDefinitions, scope: &Scope) -> Option<Vec<&'static str>> {
        defs.members(scope, &NAMES).map(|mask| {
            NAMES
                .iter()
                .zip(mask)
                .filter(|(_, keep)| *keep)
                .map(|(name, _)| *name)
                .collect()
        })
    }

    #[test]
    fn all_skills_admits_everything() {
        let defs = definitions();
        let scope = defs.resolve(None, None);
        assert_eq!(scope, Scope::All);
        assert_eq!(admitted(&defs, &scope), None);
    }

    #[test]
    fn a_profile_is_the_union_of_its_groups() {
        let defs = definitions();
        let scope = defs.resolve(Some("release"), None);
        assert_eq!(scope, Scope::Profile("release".into()));
        assert_eq!(
            admitted(&defs, &scope),
            Some(vec!["changelog-style", "git-history", "release-notes"])
        );
    }

    #[test]
    fn a_group_inside_the_profile_narrows_it() {
        let defs = definitions();
        let scope = defs.resolve(Some("release"), Some("git"));
        assert_eq!(scope.kind(), "group");
        assert_eq!(
            admitted(&defs, &scope),
            Some(vec!["changelog-style", "git-history"])
        );
    }

    #[test]
    fn a_group_outside_the_profile_is_ignored() {
        let defs = definitions();
        assert_eq!(
            defs.resolve(Some("solo"), Some("git")),
            Scope::Profile("solo".into())
        );
        assert_eq!(
            defs.resolve(None, Some("git")),
            Scope::Group {
                profile: None,
                group: "git".into()
            }
        );
        assert_eq!(defs.resolve(Some("missing"), None), Scope::All);
    }

    #[test]
    fn an_empty_profile_admits_nothing() {
        let defs = definitions();
        for profile in ["empty", "solo"] {
            let scope = defs.resolve(Some(profile), None);
            assert_eq!(admitted(&defs, &scope), Some(vec![]));
        }
    }

    #[test]
    fn admitted_names_and_the_scope_parts_a_host_shows() {
        let defs = definitions();
        let names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
        let group = defs.resolve(Some("release"), Some("git"));
        assert_eq!(
            defs.admitted(&group, &names),
            Some(vec![
                "changelog-style".to_string(),
                "git-history".to_string()
            ])
        );
        assert_eq!(
            (group.profile(), group.group()),
            (Some("release"), Some("git"))
        );
        let all = defs.resolve(None, None);
        assert_eq!(defs.admitted(&all, &names), None);
        assert_eq!((all.profile(), all.group()), (None, None));
    }
}
