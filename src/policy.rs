//! Skill policy and scopes for JS: `SkillPolicy` (allow/ask/deny by name pattern),
//! `matchSkillPattern` and `resolveSkillScope`. Configs are checked by `lean_core::options` and
//! the decisions made by `lean_core::skills::{SkillPolicy, ScopeDefinitions}`; JS only asks.

use lean_core::host::{self, read, IntoData};
use lean_core::options;
use lean_core::skills;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{string, strings, Val};
use crate::convert::Js;
use crate::errors::{coded, guarded};

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
        #[napi(ts_arg_type = "string")] default_action: Val,
        #[napi(ts_arg_type = "Array<SkillPolicyRule>")] rules: Val,
    ) -> Result<Self, ErrorCode> {
        let default_action = string(default_action, "defaultAction")?;
        let rules = read::rule_entries(Some(&rules), "rules").map_err(coded)?;
        guarded("SkillPolicy.new", || {
            let inner = options::skill_policy(&default_action, rules).map_err(coded)?;
            Ok(SkillPolicy { inner })
        })
    }

    /// `allow`, `ask` or `deny` for one exact name.
    #[napi(catch_unwind)]
    pub fn action_for(
        &self,
        #[napi(ts_arg_type = "string")] name: Val,
    ) -> Result<String, ErrorCode> {
        let name = string(name, "name")?;
        guarded("SkillPolicy.actionFor", || {
            Ok(self.inner.action_for(&name).as_str().to_string())
        })
    }

    /// The names among `names` this policy denies, in order.
    #[napi(catch_unwind, ts_return_type = "Array<string>")]
    pub fn denied_among(
        &self,
        #[napi(ts_arg_type = "Array<string>")] names: Val,
    ) -> Result<Js, ErrorCode> {
        let names = strings(names, "names", "an array of names")?;
        guarded("SkillPolicy.deniedAmong", || {
            let denied = self.inner.denied_among(names.iter().map(String::as_str));
            Ok(denied.data().into())
        })
    }
}

/// Whether a `*` / `?` pattern matches the whole name.
#[napi(catch_unwind)]
pub fn match_skill_pattern(
    #[napi(ts_arg_type = "string")] pattern: Val,
    #[napi(ts_arg_type = "string")] name: Val,
) -> Result<bool, ErrorCode> {
    let pattern = string(pattern, "pattern")?;
    let name = string(name, "name")?;
    guarded("matchSkillPattern", || {
        Ok(skills::NamePattern::new(&pattern).matches(&name))
    })
}

/// Resolves the one active scope and the skills (among `names`) it admits.
#[napi(catch_unwind, ts_return_type = "SkillScopeView")]
pub fn resolve_skill_scope(
    #[napi(ts_arg_type = "SkillScopeInput")] input: Val,
    #[napi(ts_arg_type = "Array<string>")] names: Val,
) -> Result<Js, ErrorCode> {
    let input = read::scope_entry(Some(&input), "input").map_err(coded)?;
    let names = strings(names, "names", "an array of names")?;
    guarded("resolveSkillScope", || {
        let (scope, members) = input.resolve(&names);
        Ok(host::scope_view(&scope, members).into())
    })
}
