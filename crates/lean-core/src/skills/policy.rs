//! Skill policy: every skill name gets `allow`, `ask` or `deny`.
//!
//! Rules are exact-name patterns where `*` matches any run of characters (including none) and
//! `?` exactly one character; every other character matches itself, so a rule can never
//! match more than its author wrote. Rules apply in order and the last match wins, which lets
//! a later config layer carve exceptions out of an earlier one. No match means the default.
//!
//! Patterns and names are compared in their canonical form ([`super::names::fold_name`]):
//! a rule for `secret-x` also covers `SECRET‐X`, `ѕecret-x` and `secret\u{200B}-x`, which a
//! model reads as the same name. `?` stands for one character of that folded form.

/// What a policy decides for one skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolicyAction {
    /// The model may load the skill.
    Allow,
    /// The user is asked before the skill loads.
    Ask,
    /// The skill is hidden everywhere and never loads.
    Deny,
}

impl PolicyAction {
    /// `allow`, `ask` or `deny`; anything else is `None`.
    pub fn parse(text: &str) -> Option<PolicyAction> {
        match text {
            "allow" => Some(PolicyAction::Allow),
            "ask" => Some(PolicyAction::Ask),
            "deny" => Some(PolicyAction::Deny),
            _ => None,
        }
    }

    /// The action's name as configs spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            PolicyAction::Allow => "allow",
            PolicyAction::Ask => "ask",
            PolicyAction::Deny => "deny",
        }
    }
}

use super::names::fold_name;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Literal(char),
    AnyOne,
    AnyRun,
}

/// A compiled `*` / `?` pattern over a whole skill name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamePattern {
    source: String,
    tokens: Vec<Token>,
    /// No wildcard at all: plain string equality.
    exact: bool,
    /// The folded pattern, when `exact`.
    literal: String,
}

impl NamePattern {
    /// Compiles `pattern`; every character but `*` and `?` is literal, and literals are
    /// folded to the canonical form names are matched in.
    pub fn new(pattern: &str) -> NamePattern {
        let mut tokens: Vec<Token> = Vec::with_capacity(pattern.len());
        let mut folded = String::new();
        for ch in pattern.chars() {
            folded.clear();
            let produced: Vec<Token> = match ch {
                '*' => vec![Token::AnyRun],
                '?' => vec![Token::AnyOne],
                other => {
                    super::names::fold_char(other, &mut folded);
                    folded.chars().map(Token::Literal).collect()
                }
            };
            for token in produced {
                // `**` means the same as `*`; collapsing keeps matching linear in practice.
                if token == Token::AnyRun && tokens.last() == Some(&Token::AnyRun) {
                    continue;
                }
                tokens.push(token);
            }
        }
        let exact = tokens.iter().all(|t| matches!(t, Token::Literal(_)));
        let literal = if exact {
            tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Literal(ch) => Some(*ch),
                    _ => None,
                })
                .collect()
        } else {
            String::new()
        };
        NamePattern {
            source: pattern.to_string(),
            tokens,
            exact,
            literal,
        }
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the whole `name`, folded, matches. Greedy matching with a single backtrack point (the
    /// last `*`), which is correct for `*`/`?` patterns and O(name × pattern) at worst.
    pub fn matches(&self, name: &str) -> bool {
        self.matches_folded(&fold_name(name))
    }

    /// [`NamePattern::matches`] for a name already in canonical form.
    fn matches_folded(&self, name: &str) -> bool {
        if self.exact {
            return self.literal == name;
        }
        let text: Vec<char> = name.chars().collect();
        let (mut t, mut p) = (0usize, 0usize);
        let mut backtrack: Option<(usize, usize)> = None;
        while t < text.len() {
            match self.tokens.get(p) {
                Some(Token::AnyRun) => {
                    backtrack = Some((p, t));
                    p += 1;
                }
                Some(Token::AnyOne) => {
                    t += 1;
                    p += 1;
                }
                Some(Token::Literal(ch)) if *ch == text[t] => {
                    t += 1;
                    p += 1;
                }
                _ => match backtrack {
                    Some((star, from)) => {
                        p = star + 1;
                        t = from + 1;
                        backtrack = Some((star, from + 1));
                    }
                    None => return false,
                },
            }
        }
        self.tokens[p..].iter().all(|t| *t == Token::AnyRun)
    }
}

/// One rule: a pattern and the action it assigns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyRule {
    /// Which names the rule covers.
    pub pattern: NamePattern,
    /// What it decides for them.
    pub action: PolicyAction,
}

/// A default action plus ordered rules; the last matching rule wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillPolicy {
    default: PolicyAction,
    rules: Vec<PolicyRule>,
}

impl SkillPolicy {
    /// A policy from its default and its rules, in order.
    pub fn new(
        default: PolicyAction,
        rules: impl IntoIterator<Item = (String, PolicyAction)>,
    ) -> SkillPolicy {
        SkillPolicy {
            default,
            rules: rules
                .into_iter()
                .map(|(pattern, action)| PolicyRule {
                    pattern: NamePattern::new(&pattern),
                    action,
                })
                .collect(),
        }
    }

    /// The action for names no rule matches.
    pub fn default_action(&self) -> PolicyAction {
        self.default
    }

    /// The rules, in order (the last match wins).
    pub fn rules(&self) -> &[PolicyRule] {
        &self.rules
    }

    /// The action for one name (in any spelling that folds to it): the last matching rule,
    /// else the default.
    pub fn action_for(&self, name: &str) -> PolicyAction {
        let name = fold_name(name);
        self.rules
            .iter()
            .rev()
            .find(|rule| rule.pattern.matches_folded(&name))
            .map_or(self.default, |rule| rule.action)
    }

    /// The names among `names` this policy denies, in their order.
    pub fn denied_among<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
        names
            .into_iter()
            .filter(|name| self.action_for(name) == PolicyAction::Deny)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, name: &str) -> bool {
        NamePattern::new(pattern).matches(name)
    }

    #[test]
    fn exact_names_match_only_themselves() {
        assert!(matches("tdd", "tdd"));
        assert!(!matches("tdd", "tdd2"));
        assert!(matches("tdd", "TDD"), "names match in their folded form");
        assert!(!matches("tdd", ""));
    }

    #[test]
    fn star_matches_any_run_including_none() {
        assert!(matches("git-*", "git-history"));
        assert!(matches("git-*", "git-"));
        assert!(!matches("git-*", "my-git-history"));
        assert!(matches("*notes", "release-notes"));
        assert!(matches("a*b*c", "a-x-b-y-c"));
        assert!(matches("a*b*c", "abc"));
        assert!(!matches("a*b*c", "a-x-c"));
        assert!(matches("*", ""));
        assert!(matches("**", "anything"));
        assert!(matches("*-*-*", "a-b-c"));
        assert!(!matches("*-*-*", "a-b"));
    }

    #[test]
    fn question_mark_matches_exactly_one_character() {
        assert!(matches("loop-?", "loop-a"));
        assert!(!matches("loop-?", "loop-ab"));
        assert!(!matches("loop-?", "loop-"));
        assert!(matches("?", "é"));
        assert!(
            matches("ite?", "item"),
            "one letter of a plain name stays one character"
        );
        assert!(matches("loop-?", "LOOP-M"));
        assert!(matches("??-*", "ab-c"));
    }

    #[test]
    fn other_characters_are_literal() {
        assert!(matches("a.b", "a.b"));
        assert!(!matches("a.b", "axb"));
        assert!(matches("[ab]*", "[ab]z"));
        assert!(!matches("[ab]*", "a"));
        assert!(matches("Ahrefs Automation", "Ahrefs Automation"));
    }

    #[test]
    fn backtracking_is_bounded_on_adversarial_input() {
        let name = "a".repeat(2000);
        let pattern = format!("{}b", "*a".repeat(20));
        assert!(!matches(&pattern, &name));
    }

    #[test]
    fn last_matching_rule_wins_and_default_applies_otherwise() {
        let policy = SkillPolicy::new(
            PolicyAction::Allow,
            [
                ("git-*".to_string(), PolicyAction::Deny),
                ("git-history".to_string(), PolicyAction::Ask),
                ("*".to_string(), PolicyAction::Ask),
                ("release-*".to_string(), PolicyAction::Allow),
            ],
        );
        assert_eq!(policy.action_for("git-history"), PolicyAction::Ask);
        assert_eq!(policy.action_for("git-other"), PolicyAction::Ask);
        assert_eq!(policy.action_for("release-notes"), PolicyAction::Allow);
        let plain = SkillPolicy::new(
            PolicyAction::Deny,
            [("tdd".to_string(), PolicyAction::Allow)],
        );
        assert_eq!(plain.action_for("tdd"), PolicyAction::Allow);
        assert_eq!(plain.action_for("other"), PolicyAction::Deny);
    }

    #[test]
    fn actions_round_trip_through_text() {
        for action in [PolicyAction::Allow, PolicyAction::Ask, PolicyAction::Deny] {
            assert_eq!(PolicyAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(PolicyAction::parse("block"), None);
    }

    #[test]
    fn denied_among_keeps_order_and_applies_the_last_match() {
        let policy = SkillPolicy::new(
            PolicyAction::Allow,
            [
                ("git-*".to_string(), PolicyAction::Deny),
                ("git-log".to_string(), PolicyAction::Ask),
            ],
        );
        assert_eq!(
            policy.denied_among(["tdd", "git-push", "git-log", "git-"]),
            ["git-push", "git-"]
        );
    }
}
