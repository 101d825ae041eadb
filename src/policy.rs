//! Skill policy and scopes for JS: `SkillPolicy` (allow/ask/deny by name pattern),
//! `matchSkillPattern` and `resolveSkillScope`. Configs are checked by `lean_core::options` and
//! the decisions made by `lean_core::skills::{SkillPolicy, ScopeDefinitions}`; JS only asks.

use lean_core::options::{self, RuleEntry, ScopeEntry};
use lean_core::skills;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::Arg;
use crate::convert::{IntoJs, Js};
use crate::errors::{guarded, rejected};
use crate::obj;
use crate::types::{SkillPolicyRule, SkillScopeInput};

/// A compiled skill policy: rules apply in order and the last match wins.
#[napi]
pub struct SkillPolicy {
    inner: skills::SkillPolicy,
}

#[napi]
impl SkillPolicy {
    /// Fails with CONFIG_INVALID on an unknown action.
    #[napi(constructor, catch_unwind)]
    pub fn new(
        #[napi(ts_arg_type = "string")] default_action: Arg<String>,
        #[napi(ts_arg_type = "Array<SkillPolicyRule>")] rules: Arg<Vec<SkillPolicyRule>>,
    ) -> Result<Self, ErrorCode> {
        let default_action = default_action.get("defaultAction", "a string")?;
        let rules = rules.get("rules", "an array of { pattern, action } rules")?;
        guarded("SkillPolicy.new", || {
            let rules = rules.into_iter().map(RuleEntry::from).collect();
            let inner = options::skill_policy(&default_action, rules).map_err(rejected)?;
            Ok(SkillPolicy { inner })
        })
    }

    /// `allow`, `ask` or `deny` for one exact name.
    #[napi(catch_unwind)]
    pub fn action_for(
        &self,
        #[napi(ts_arg_type = "string")] name: Arg<String>,
    ) -> Result<String, ErrorCode> {
        let name = name.get("name", "a string")?;
        guarded("SkillPolicy.actionFor", || {
            Ok(self.inner.action_for(&name).as_str().to_string())
        })
    }

    /// The names among `names` this policy denies, in order.
    #[napi(catch_unwind, ts_return_type = "Array<string>")]
    pub fn denied_among(
        &self,
        #[napi(ts_arg_type = "Array<string>")] names: Arg<Vec<String>>,
    ) -> Result<Js, ErrorCode> {
        let names = names.get("names", "an array of names")?;
        guarded("SkillPolicy.deniedAmong", || {
            let denied = self.inner.denied_among(names.iter().map(String::as_str));
            Ok(denied.js())
        })
    }
}

/// Whether a `*` / `?` pattern matches the whole name.
#[napi(catch_unwind)]
pub fn match_skill_pattern(
    #[napi(ts_arg_type = "string")] pattern: Arg<String>,
    #[napi(ts_arg_type = "string")] name: Arg<String>,
) -> Result<bool, ErrorCode> {
    let pattern = pattern.get("pattern", "a string")?;
    let name = name.get("name", "a string")?;
    guarded("matchSkillPattern", || {
        Ok(skills::NamePattern::new(&pattern).matches(&name))
    })
}

/// Resolves the one active scope and the skills (among `names`) it admits.
#[napi(catch_unwind, ts_return_type = "SkillScopeView")]
pub fn resolve_skill_scope(
    #[napi(ts_arg_type = "SkillScopeInput")] input: Arg<SkillScopeInput>,
    #[napi(ts_arg_type = "Array<string>")] names: Arg<Vec<String>>,
) -> Result<Js, ErrorCode> {
    let input = input.get_object("input", "a { groups, profiles } object")?;
    let names = names.get("names", "an array of names")?;
    guarded("resolveSkillScope", || {
        let (scope, members) = ScopeEntry::from(input).resolve(&names);
        Ok(obj! {
            c"kind" => scope.kind(),
            c"profile" => scope.profile(),
            c"group" => scope.group(),
            c"members" => members,
        })
    })
}
