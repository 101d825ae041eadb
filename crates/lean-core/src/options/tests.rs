use super::*;
use crate::skills::PolicyAction::{Allow, Ask, Deny};

fn error_text<T: fmt::Debug>(result: Checked<T>) -> (ErrorCode, String) {
    let error = result.unwrap_err();
    (error.code, error.to_string())
}

fn invalid(text: &str) -> (ErrorCode, String) {
    (ErrorCode::InvalidArgument, text.to_string())
}

#[test]
fn absent_options_are_the_core_defaults() {
    let snapshot = IndexOptions::default().snapshot().unwrap();
    let defaults = SnapshotOptions::default();
    assert_eq!(snapshot.max_source_bytes, defaults.max_source_bytes);
    assert!(snapshot.embeddings && snapshot.autoload.is_empty());

    let page = PageOptions::default().search().unwrap();
    assert_eq!(
        (page.limit, page.description_max, page.offset),
        (None, None, 0)
    );
    let eligibility = page.eligibility;
    assert!(!eligibility.include_hidden && eligibility.only.is_none());
    assert!(eligibility.exclude.is_empty());

    let load = LoadOptions::default().request().unwrap();
    assert_eq!((load.offset, load.column, load.rev), (0, 0, None));
    assert!(!load.allow_hidden && load.with_dependencies);

    let store = StoreOptions::default().config().unwrap();
    let defaults = StoreConfig::default();
    assert_eq!(store.max_entries, defaults.max_entries);
    assert_eq!(store.max_bytes, defaults.max_bytes);
    assert_eq!(store.disk_budget_bytes, defaults.disk_budget_bytes);
    assert_eq!(store.dir, None);

    assert_eq!(line_page(None, None), Ok((1, DEFAULT_RETRIEVE_LINES)));
    assert_eq!(tool_hits(None), Ok(DEFAULT_TOOL_HITS));
    assert_eq!(description_cap(None), Ok(None));

    let compact = CompactHostOptions::default().request().unwrap();
    assert!(!compact.recoverable);
    assert_eq!(compact.options.kind, None);
    assert_eq!(compact.options.threshold_bytes, None);
}

#[test]
fn given_options_reach_the_request() {
    let snapshot = IndexOptions {
        max_source_bytes: Some(10.0),
        autoload: Some(HashMap::from([("a".into(), vec!["b".into()])])),
        embeddings: Some(false),
    };
    let snapshot = snapshot.snapshot().unwrap();
    assert_eq!(snapshot.max_source_bytes, 10);
    assert_eq!(snapshot.autoload["a"], ["b"]);
    assert!(!snapshot.embeddings);

    let page = PageOptions {
        limit: Some(3.0),
        include_hidden: Some(true),
        description_max: Some(0.0),
        only: Some(vec!["x".into()]),
        exclude: Some(vec!["y".into()]),
        offset: Some(63.0),
    };
    let search = page.clone().search().unwrap();
    assert_eq!(
        (search.limit, search.description_max, search.offset),
        (Some(3), Some(0), 63)
    );
    assert!(search.eligibility.include_hidden);
    assert!(search.eligibility.only.unwrap().contains("x"));
    assert!(search.eligibility.exclude.contains("y"));
    // Browse pages start where their cursor says: an offset is not one of their options.
    assert_eq!(page.browse().unwrap().offset, 0);

    let load = LoadOptions {
        offset: Some(4.0),
        column: Some(2.0),
        rev: Some("r".into()),
        allow_hidden: Some(true),
        with_dependencies: Some(false),
    };
    let load = load.request().unwrap();
    assert_eq!(
        (load.offset, load.column, load.rev.as_deref()),
        (4, 2, Some("r"))
    );
    assert!(load.allow_hidden && !load.with_dependencies);

    let store = StoreOptions {
        max_entries: Some(2.0),
        max_bytes: Some(MAX_SAFE_INTEGER as f64),
        dir: Some("/tmp/x".into()),
        disk_budget_bytes: Some(5.0),
    };
    let store = store.config().unwrap();
    assert_eq!((store.max_entries, store.disk_budget_bytes), (2, 5));
    assert_eq!(store.max_bytes as u64, MAX_SAFE_INTEGER);
    assert_eq!(store.dir, Some(PathBuf::from("/tmp/x")));

    assert_eq!(line_page(Some(7.0), Some(2.0)), Ok((7, 2)));
    assert_eq!(tool_hits(Some(20.0)), Ok(20));
    assert_eq!(description_cap(Some(0.0)), Ok(Some(0)));
}

#[test]
fn out_of_range_numbers_name_the_option() {
    let limit = PageOptions {
        limit: Some(0.0),
        ..PageOptions::default()
    };
    assert_eq!(
        error_text(limit.browse()),
        invalid("options.limit is 0, not an integer from 1 to 4294967295; pass a whole number from 1 to 4294967295")
    );
    let deep = PageOptions {
        offset: Some(64.0),
        ..PageOptions::default()
    };
    assert_eq!(
        error_text(deep.clone().search()),
        invalid(
            "options.offset is 64, not an integer from 0 to 63; pass a whole number from 0 to 63"
        )
    );
    assert!(deep.browse().is_ok());
    let column = LoadOptions {
        column: Some(1.5),
        ..LoadOptions::default()
    };
    assert!(error_text(column.request())
        .1
        .starts_with("options.column is 1.5, "));
    let size = IndexOptions {
        max_source_bytes: Some(0.0),
        ..IndexOptions::default()
    };
    assert!(error_text(size.snapshot())
        .1
        .starts_with("options.maxSourceBytes is 0, "));
    let entries = StoreOptions {
        max_entries: Some(-1.0),
        ..StoreOptions::default()
    };
    assert!(error_text(entries.config())
        .1
        .starts_with("options.maxEntries is -1, "));
    assert!(error_text(line_page(Some(0.0), None))
        .1
        .starts_with("startLine is 0, "));
    assert!(error_text(line_page(None, Some(f64::NAN)))
        .1
        .starts_with("maxLines is NaN, "));
    assert!(error_text(tool_hits(Some(0.0)))
        .1
        .starts_with("limit is 0, "));
    assert!(error_text(description_cap(Some(-2.0)))
        .1
        .starts_with("max is -2, "));
    let aggressive = CompactHostOptions {
        aggressiveness: Some(1.5),
        ..CompactHostOptions::default()
    };
    assert_eq!(
        error_text(aggressive.request()),
        invalid("options.aggressiveness is 1.5, outside 0 to 1; pass a number from 0 to 1")
    );
    let budget = CompactHostOptions {
        budget_tokens: Some(f64::INFINITY),
        ..CompactHostOptions::default()
    };
    assert!(error_text(budget.request())
        .1
        .starts_with("options.budgetTokens is inf, "));
}

#[test]
fn an_empty_store_directory_is_refused() {
    for dir in ["", "  \t"] {
        let options = StoreOptions {
            dir: Some(dir.into()),
            ..StoreOptions::default()
        };
        assert_eq!(
            error_text(options.config()),
            invalid("options.dir is empty; pass a directory path, or leave dir out to keep originals in memory")
        );
    }
}

#[test]
fn compaction_kinds_are_named_or_detected() {
    for detect in ["auto", ""] {
        let options = CompactHostOptions {
            kind: Some(detect.into()),
            ..CompactHostOptions::default()
        };
        assert_eq!(options.request().unwrap().options.kind, None);
    }
    let log = CompactHostOptions {
        kind: Some("log".into()),
        threshold_bytes: Some(0.0),
        ..CompactHostOptions::default()
    };
    let log = log.request().unwrap().options;
    assert_eq!(
        (log.kind, log.threshold_bytes),
        (Some(ContentKind::Log), Some(0))
    );
    let bogus = CompactHostOptions {
        kind: Some("bo;gus".into()),
        ..CompactHostOptions::default()
    };
    let error = bogus.request().unwrap_err();
    assert_eq!(error.what, "options.kind is an unknown kind \"bo;gus\"");
    assert!(error.todo.starts_with("use auto, log, test"));
}

#[test]
fn a_recoverable_call_names_the_content_hash() {
    let input: Vec<u8> = (0..5000)
        .flat_map(|i| format!("INFO step {i} done\n").into_bytes())
        .collect();
    let request = CompactHostOptions {
        recoverable: Some(true),
        threshold_bytes: Some(0.0),
        ..CompactHostOptions::default()
    };
    let out = request.request().unwrap().run(&input);
    assert_eq!(out.id, xxh3_hex(&input));
    assert!(out.changed);
    let marker = format!("id={}", out.id);
    assert!(String::from_utf8_lossy(&out.text).contains(&marker));

    let plain = CompactRequest {
        options: CompactOptions {
            threshold_bytes: Some(0),
            ..CompactOptions::default()
        },
        recoverable: false,
    };
    let out = plain.run(&input);
    assert_eq!(out.id, xxh3_hex(&input));
    assert!(!String::from_utf8_lossy(&out.text).contains("id="));
    // Unchanged results leave the text to the caller, who holds the input.
    assert!(plain.run(b"short\n").text.is_empty());
}

#[test]
fn policies_accept_three_actions_and_name_a_bad_one() {
    let rule = |pattern: &str, action: &str| RuleEntry {
        pattern: pattern.into(),
        action: action.into(),
    };
    let rules = vec![rule("a*", "deny"), rule("ab", "ask")];
    let policy = skill_policy("allow", rules).unwrap();
    assert_eq!(policy.action_for("ab"), Ask);
    assert_eq!(policy.action_for("ax"), Deny);
    assert_eq!(policy.action_for("b"), Allow);

    let bad_default = skill_policy("maybe", vec![]).unwrap_err();
    assert_eq!(bad_default.code, ErrorCode::ConfigInvalid);
    assert_eq!(
        bad_default.to_string(),
        "the default action must be \"allow\", \"ask\" or \"deny\", got \"maybe\"; fix the action in permission.skill"
    );
    let bad_rule = skill_policy("allow", vec![rule("x", "allow"), rule("y", "Deny")]);
    assert!(bad_rule.unwrap_err().what.starts_with("rule 1 must be"));
}

#[test]
fn host_rows_fill_their_defaults() {
    let skill = SkillInput::from(SkillEntry {
        name: "a".into(),
        description: "d".into(),
        file_path: Some("/s/a/SKILL.md".into()),
        ..SkillEntry::default()
    });
    assert_eq!(skill.file_path, Some(PathBuf::from("/s/a/SKILL.md")));
    assert!(
        !skill.disable_model_invocation && skill.base_dir.is_none() && skill.requires.is_none()
    );

    let tool = ToolMeta::from(ToolEntry {
        name: "t".into(),
        description: None,
        parameters: Some("path".into()),
    });
    assert_eq!(
        (tool.description.as_str(), tool.parameters.as_str()),
        ("", "path")
    );

    let scope = ScopeEntry {
        groups: HashMap::from([("web".into(), vec!["css*".into()])]),
        profiles: HashMap::new(),
        active_profile: Some("none".into()),
        active_group: Some("web".into()),
    };
    let names = ["css-grid".to_string(), "sql".to_string()];
    let (scope, members) = scope.resolve(&names);
    assert_eq!(scope.group(), Some("web"));
    assert_eq!(members, Some(vec!["css-grid".to_string()]));
    let (all, members) = ScopeEntry::default().resolve(&names);
    assert_eq!((all, members), (Scope::All, None));
}
