//! The host layer against a JSON stand-in for JS values: what is read, which path a mistake
//! names and in what words, the shapes of results, and the one message form.

use std::cell::Cell;
use std::rc::Rc;

use serde_json::{json, Value};

use super::read::{self, HostValue, Kind, Unreadable};
use super::*;
use crate::compact::{compact, CompactOptions};
use crate::error::{message, Coded, CoreError, ErrorCode};
use crate::recovery::Retrieved;

/// A JSON value as a JS caller would pass it; `None` is `undefined` (a missing field). `reads`
/// counts element reads, and `holes` makes an array of that length with no elements.
#[derive(Clone)]
struct Js {
    value: Option<Value>,
    holes: Option<u32>,
    reads: Rc<Cell<u32>>,
}

fn js(value: Value) -> Js {
    Js {
        value: Some(value),
        holes: None,
        reads: Rc::default(),
    }
}

impl HostValue for Js {
    fn kind(&self) -> Kind {
        match &self.value {
            _ if self.holes.is_some() => Kind::Array,
            None => Kind::Undefined,
            Some(Value::Null) => Kind::Null,
            Some(Value::Bool(_)) => Kind::Bool,
            Some(Value::Number(_)) => Kind::Number,
            Some(Value::String(_)) => Kind::String,
            Some(Value::Array(_)) => Kind::Array,
            Some(Value::Object(_)) => Kind::Object,
        }
    }
    fn number(&self) -> Option<f64> {
        self.value.as_ref()?.as_f64()
    }
    fn boolean(&self) -> Option<bool> {
        self.value.as_ref()?.as_bool()
    }
    fn string(&self) -> Option<String> {
        Some(self.value.as_ref()?.as_str()?.to_string())
    }
    fn field(&self, key: &str) -> Result<Self, Unreadable> {
        let value = self.value.as_ref().and_then(|v| v.get(key)).cloned();
        // A field whose value is `"<throws>"` stands for a getter that throws.
        if value.as_ref().and_then(Value::as_str) == Some("<throws>") {
            return Err(Unreadable);
        }
        Ok(Js {
            value,
            holes: None,
            reads: self.reads.clone(),
        })
    }
    fn length(&self) -> Result<u32, Unreadable> {
        let len = self
            .value
            .as_ref()
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        Ok(self.holes.unwrap_or(len as u32))
    }
    fn element(&self, index: u32) -> Result<Self, Unreadable> {
        self.reads.set(self.reads.get() + 1);
        let value = self
            .value
            .as_ref()
            .and_then(|v| v.get(index as usize))
            .cloned();
        Ok(Js {
            value,
            holes: None,
            reads: self.reads.clone(),
        })
    }
    fn keys(&self) -> Result<Vec<String>, Unreadable> {
        let object = self.value.as_ref().and_then(Value::as_object);
        Ok(object
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default())
    }
}

fn report<T: std::fmt::Debug>(result: Result<T, crate::options::OptionError>) -> String {
    result.expect_err("the read should fail").report()
}

#[test]
fn options_are_read_by_their_js_names() {
    let options = json!({ "kind": "log", "thresholdBytes": 0, "recoverable": true, "budgetTokens": 300, "maxOutputBytes": null });
    let read = read::compact_options(Some(&js(options))).unwrap();
    assert_eq!(read.kind.as_deref(), Some("log"));
    assert_eq!(read.threshold_bytes, Some(0.0));
    assert_eq!(read.recoverable, Some(true));
    assert_eq!(read.budget_tokens, Some(300.0));
    assert_eq!(read.max_output_bytes, None, "null is absent");
    assert_eq!(read.tool, None);
    let page = read::page_options(Some(&js(
        json!({ "limit": 3, "only": ["a", "b"], "includeHidden": false }),
    )))
    .unwrap();
    assert_eq!(
        (page.limit, page.only, page.include_hidden),
        (Some(3.0), Some(vec!["a".into(), "b".into()]), Some(false))
    );
    let load =
        read::load_options(Some(&js(json!({ "rev": "r", "withDependencies": false })))).unwrap();
    assert_eq!(
        (load.rev.as_deref(), load.with_dependencies),
        (Some("r"), Some(false))
    );
    let store =
        read::store_options(Some(&js(json!({ "dir": "/tmp/x", "diskBudgetBytes": 9 })))).unwrap();
    assert_eq!(
        (store.dir.as_deref(), store.disk_budget_bytes),
        (Some("/tmp/x"), Some(9.0))
    );
}

#[test]
fn absent_options_are_every_option_absent() {
    for absent in [
        None,
        Some(js(Value::Null)),
        Some(Js {
            value: None,
            holes: None,
            reads: Rc::default(),
        }),
    ] {
        let read = read::index_options(absent.as_ref()).unwrap();
        assert!(
            read.max_source_bytes.is_none() && read.autoload.is_none() && read.embeddings.is_none()
        );
    }
}

#[test]
fn a_wrong_type_names_its_path_in_the_one_form() {
    let cases = [
        (report(read::compact_options(Some(&js(json!("log"))))), "INVALID_ARGUMENT: options is a string, not an options object; pass an options object as options"),
        (report(read::compact_options(Some(&js(json!([]))))), "INVALID_ARGUMENT: options is an array, not an options object; pass an options object as options"),
        (report(read::page_options(Some(&js(json!({ "limit": "2" }))))), "INVALID_ARGUMENT: options.limit is a string, not a number; pass a number as options.limit"),
        (report(read::page_options(Some(&js(json!({ "only": "a" }))))), "INVALID_ARGUMENT: options.only is a string, not an array of strings; pass an array of strings as options.only"),
        (report(read::page_options(Some(&js(json!({ "exclude": ["a", 1] }))))), "INVALID_ARGUMENT: options.exclude[1] is a number, not a string; pass a string as options.exclude[1]"),
        (report(read::index_options(Some(&js(json!({ "autoload": 5 }))))), "INVALID_ARGUMENT: options.autoload is a number, not an object mapping skill names to arrays of skill names; pass an object mapping skill names to arrays of skill names as options.autoload"),
        (report(read::index_options(Some(&js(json!({ "autoload": { "a": "b" } }))))), "INVALID_ARGUMENT: options.autoload.a is a string, not an array of strings; pass an array of strings as options.autoload.a"),
        (report(read::skill_entries(Some(&js(json!([{ "name": "a", "description": "x" }, { "description": "x" }]))), "skillsIn")), "INVALID_ARGUMENT: skillsIn[1].name is undefined, not a string; pass a string as skillsIn[1].name"),
        (report(read::skill_entries(Some(&js(json!("nope"))), "skillsIn")), "INVALID_ARGUMENT: skillsIn is a string, not an array of skills ({ name, description, ... }); pass an array of skills ({ name, description, ... }) as skillsIn"),
        (report(read::tool_entries(Some(&js(json!([null]))), "tools")), "INVALID_ARGUMENT: tools[0] is null, not an object; pass an object as tools[0]"),
        (report(read::rule_entries(None::<&Js>, "rules")), "INVALID_ARGUMENT: rules is undefined, not an array of { pattern, action } rules; pass an array of { pattern, action } rules as rules"),
        (report(read::scope_entry(Some(&js(json!({ "groups": {} }))), "input")), "INVALID_ARGUMENT: input.profiles is undefined, not an object mapping names to arrays of names; pass an object mapping names to arrays of names as input.profiles"),
        (report(read::string(Some(&js(json!(1))), "name")), "INVALID_ARGUMENT: name is a number, not a string; pass a string as name"),
        (report(read::optional_number(Some(&js(json!(true))), "max")), "INVALID_ARGUMENT: max is a boolean, not a number; pass a number as max"),
        (report(read::compact_options(Some(&js(json!({ "kind": "<throws>" }))))), "INVALID_ARGUMENT: options.kind could not be read; pass a plain value as options.kind"),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn only_the_fields_of_an_entry_are_read() {
    // A field that is no option is never read, so its getter never runs.
    assert!(
        read::compact_options(Some(&js(json!({ "other": "<throws>", "kind": "log" })))).is_ok()
    );
    let reads = read::skill_entries(
        Some(&js(
            json!([{ "name": "a", "description": "b", "requires": ["x"] }]),
        )),
        "s",
    );
    assert_eq!(
        reads.unwrap()[0].requires.as_deref(),
        Some(&["x".to_string()][..])
    );
}

#[test]
fn a_sparse_array_with_a_huge_length_fails_at_its_first_hole() {
    let sparse = Js {
        value: Some(json!([])),
        holes: Some(u32::MAX),
        reads: Rc::default(),
    };
    let error = report(read::strings(Some(&sparse), "names", "an array of names"));
    assert_eq!(
        error,
        "INVALID_ARGUMENT: names[0] is undefined, not a string; pass a string as names[0]"
    );
    assert_eq!(sparse.reads.get(), 1, "one element read, not four billion");
}

#[test]
fn scopes_and_maps_read_every_entry() {
    let scope = json!({ "groups": { "web": ["css", "h*"] }, "profiles": { "p": ["web"] }, "activeProfile": "p" });
    let scope = read::scope_entry(Some(&js(scope)), "input").unwrap();
    assert_eq!(
        scope.groups["web"],
        vec!["css".to_string(), "h*".to_string()]
    );
    assert_eq!(scope.profiles["p"], vec!["web".to_string()]);
    assert_eq!(
        (
            scope.active_profile.as_deref(),
            scope.active_group.as_deref()
        ),
        (Some("p"), None)
    );
}

#[test]
fn the_one_message_form() {
    assert_eq!(
        message(ErrorCode::SkillIo, " a; b ", "retry"),
        "SKILL_IO: a, b; retry"
    );
    let advised = CoreError::new(ErrorCode::RecoveryExpired, "gone; run it again");
    assert_eq!(advised.report(), "RECOVERY_EXPIRED: gone; run it again");
    let bare = CoreError::new(ErrorCode::SkillNotFound, "no skill x");
    assert_eq!(
        bare.report(),
        format!(
            "SKILL_NOT_FOUND: no skill x; {}",
            ErrorCode::SkillNotFound.remedy()
        )
    );
    let option = crate::options::line_page(Some(0.0), None).unwrap_err();
    assert!(
        option
            .report()
            .starts_with("INVALID_ARGUMENT: startLine is 0"),
        "{}",
        option.report()
    );
    let semicolon = crate::options::OptionError {
        code: ErrorCode::InvalidArgument,
        what: "kind \"a;b\"".into(),
        todo: "use log".into(),
    };
    assert_eq!(
        semicolon.report(),
        "INVALID_ARGUMENT: kind \"a,b\"; use log"
    );
}

#[test]
fn results_are_shaped_field_for_field() {
    let input = (0..400)
        .map(|i| format!("INFO step {i} ok\n"))
        .collect::<String>();
    let out = compact(
        input.as_bytes(),
        &CompactOptions {
            threshold_bytes: Some(0),
            ..Default::default()
        },
    );
    let fields = compact_fields(&out);
    let names: Vec<_> = fields
        .iter()
        .map(|(name, _)| name.to_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "kind",
            "changed",
            "id",
            "originalBytes",
            "outputBytes",
            "originalLines",
            "ranges",
            "strategies"
        ]
    );
    assert_eq!(fields[5].1, Data::Number(400.0));
    let Data::List(ranges) = &fields[6].1 else {
        panic!("ranges is a list")
    };
    assert_eq!(ranges.len(), out.ranges.len());
    let retrieved = retrieved_lines(Retrieved {
        text: b"a\xffb\n".to_vec(),
        start_line: 1,
        end_line: 1,
        total_lines: 1,
        next_start_line: None,
    });
    assert_eq!(
        retrieved,
        Data::Object(vec![
            (c"text", Data::Str("a\u{fffd}b\n".into())),
            (c"startLine", Data::Number(1.0)),
            (c"endLine", Data::Number(1.0)),
            (c"totalLines", Data::Number(1.0)),
            (c"nextStartLine", Data::Absent),
        ])
    );
    assert_eq!(
        usize::MAX.data(),
        Data::Number(u32::MAX.into()),
        "counts saturate, never wrap"
    );
    assert_eq!(
        (1u64 << 40).data(),
        Data::Number((1u64 << 40) as f64),
        "byte totals are exact"
    );
}
