//! Arguments and options read from a host's values ([`HostValue`]: a JS value, for the
//! binding) into the loosely typed structs of [`crate::options`], which then check ranges and
//! fill defaults. Only the types are checked here; every mistake is `INVALID_ARGUMENT` naming
//! its path (`options.limit`, `skillsIn[2].name`) in the one message form.
//!
//! Reading an object's field may run the caller's code (a getter, own or inherited), and that
//! code may detach or free memory a host could be holding: a host reads every argument and
//! option through this module before it borrows any input. Work is bounded by what the
//! caller really passed: an array is read element by element and stops at the first wrong
//! one, so a sparse array with a huge `length` fails at once.

use std::collections::HashMap;

use crate::error::ErrorCode;
use crate::options::{
    CompactHostOptions, IndexOptions, LoadOptions, OptionError, PageOptions, RuleEntry, ScopeEntry,
    SkillEntry, StoreOptions, ToolEntry,
};

type Checked<T> = Result<T, OptionError>;

/// The type of a host value, as messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `undefined`: the same as absent.
    Undefined,
    /// `null`: the same as absent.
    Null,
    /// A boolean.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// A symbol.
    Symbol,
    /// A function.
    Function,
    /// A bigint.
    BigInt,
    /// An array.
    Array,
    /// Any other object.
    Object,
    /// A value the host cannot name.
    Unknown,
}

impl Kind {
    /// The kind as a message names it: `a number`, `an array`, `null`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Undefined => "undefined",
            Kind::Null => "null",
            Kind::Bool => "a boolean",
            Kind::Number => "a number",
            Kind::String => "a string",
            Kind::Symbol => "a symbol",
            Kind::Function => "a function",
            Kind::BigInt => "a bigint",
            Kind::Array => "an array",
            Kind::Object => "an object",
            Kind::Unknown => "a value of unknown type",
        }
    }
}

/// A read the host could not complete, e.g. a getter threw. A JS host keeps the caller's
/// exception pending, so the caller sees their own error rather than the message made here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unreadable;

/// A value as a host passed it, read on demand. The typed getters are asked only of a value of
/// their [`Kind`].
pub trait HostValue: Clone {
    /// What type of value this is.
    fn kind(&self) -> Kind;
    /// A number's value.
    fn number(&self) -> Option<f64>;
    /// A boolean's value.
    fn boolean(&self) -> Option<bool>;
    /// A string's value (a host may replace what UTF-8 cannot hold by U+FFFD).
    fn string(&self) -> Option<String>;
    /// The property `key` of an object, inherited ones included (this may run a getter).
    fn field(&self, key: &str) -> Result<Self, Unreadable>;
    /// An array's length.
    fn length(&self) -> Result<u32, Unreadable>;
    /// An array's element `index` (this may run a getter).
    fn element(&self, index: u32) -> Result<Self, Unreadable>;
    /// An object's enumerable string keys.
    fn keys(&self) -> Result<Vec<String>, Unreadable>;
}

/// `INVALID_ARGUMENT`: `path` is `kind`, where `expected` was needed.
pub fn wrong(path: &str, kind: Kind, expected: &str) -> OptionError {
    let what = format!("{path} is {}, not {expected}", kind.name());
    OptionError::new(
        ErrorCode::InvalidArgument,
        what,
        &format!("pass {expected} as {path}"),
    )
}

fn unreadable(path: &str) -> OptionError {
    let todo = format!("pass a plain value as {path}");
    OptionError::new(
        ErrorCode::InvalidArgument,
        format!("{path} could not be read"),
        &todo,
    )
}

/// `value` unless it is absent, `undefined` or `null`.
fn present<V: HostValue>(value: Option<&V>) -> Option<&V> {
    value.filter(|v| !matches!(v.kind(), Kind::Undefined | Kind::Null))
}

/// A value of `kind` read with `get`; absent is `None`.
fn scalar<V: HostValue, T>(
    value: Option<&V>,
    path: &str,
    (kind, expected): (Kind, &str),
    get: fn(&V) -> Option<T>,
) -> Checked<Option<T>> {
    match value.map(V::kind) {
        None | Some(Kind::Undefined | Kind::Null) => Ok(None),
        Some(k) if k == kind => value
            .and_then(get)
            .map(Some)
            .ok_or_else(|| unreadable(path)),
        Some(other) => Err(wrong(path, other, expected)),
    }
}

/// `read`'s value, which must be present.
fn need<V: HostValue, T>(
    value: Option<&V>,
    path: &str,
    expected: &str,
    read: impl FnOnce(Option<&V>, &str) -> Checked<Option<T>>,
) -> Checked<T> {
    let kind = value.map_or(Kind::Undefined, V::kind);
    read(value, path)?.ok_or_else(|| wrong(path, kind, expected))
}

const STRING: (Kind, &str) = (Kind::String, "a string");
const NUMBER: (Kind, &str) = (Kind::Number, "a number");
const BOOL: (Kind, &str) = (Kind::Bool, "a boolean");

/// An optional string (`undefined` and `null` are absent).
pub fn optional_string<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Option<String>> {
    scalar(value, path, STRING, V::string)
}

/// An optional number (`undefined` and `null` are absent).
pub fn optional_number<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Option<f64>> {
    scalar(value, path, NUMBER, V::number)
}

fn optional_bool<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Option<bool>> {
    scalar(value, path, BOOL, V::boolean)
}

/// A string argument; absent is an error.
pub fn string<V: HostValue>(value: Option<&V>, path: &str) -> Checked<String> {
    need(value, path, "a string", optional_string)
}

/// An array read element by element with `read`, each at `path[index]`; absent is `None`.
fn list<V: HostValue, T>(
    value: Option<&V>,
    path: &str,
    expected: &str,
    read: impl Fn(Option<&V>, &str) -> Checked<T>,
) -> Checked<Option<Vec<T>>> {
    let Some(value) = present(value) else {
        return Ok(None);
    };
    if value.kind() != Kind::Array {
        return Err(wrong(path, value.kind(), expected));
    }
    let length = value.length().map_err(|_| unreadable(path))?;
    let mut items = Vec::new();
    for index in 0..length {
        let path = format!("{path}[{index}]");
        let element = value.element(index).map_err(|_| unreadable(&path))?;
        items.push(read(Some(&element), &path)?);
    }
    Ok(Some(items))
}

fn optional_strings<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Option<Vec<String>>> {
    list(value, path, "an array of strings", string)
}

/// An array of strings, described to the caller as `expected`; absent is an error.
pub fn strings<V: HostValue>(
    value: Option<&V>,
    path: &str,
    expected: &str,
) -> Checked<Vec<String>> {
    need(value, path, expected, |v, p| list(v, p, expected, string))
}

/// An object being read field by field.
struct Fields<V> {
    value: V,
    path: String,
}

impl<V: HostValue> Fields<V> {
    /// `value` as an object (not an array) described as `expected`; absent is `None`.
    fn open(value: Option<&V>, path: &str, expected: &str) -> Checked<Option<Self>> {
        let Some(value) = present(value) else {
            return Ok(None);
        };
        if value.kind() != Kind::Object {
            return Err(wrong(path, value.kind(), expected));
        }
        let (value, path) = (value.clone(), path.to_string());
        Ok(Some(Fields { value, path }))
    }

    /// Field `key` read with `read`, at `path.key`.
    fn get<T>(&self, key: &str, read: impl FnOnce(Option<&V>, &str) -> Checked<T>) -> Checked<T> {
        let path = format!("{}.{key}", self.path);
        let field = self.value.field(key).map_err(|_| unreadable(&path))?;
        read(Some(&field), &path)
    }

    fn string(&self, key: &str) -> Checked<Option<String>> {
        self.get(key, optional_string)
    }

    fn number(&self, key: &str) -> Checked<Option<f64>> {
        self.get(key, optional_number)
    }

    fn boolean(&self, key: &str) -> Checked<Option<bool>> {
        self.get(key, optional_bool)
    }

    fn strings(&self, key: &str) -> Checked<Option<Vec<String>>> {
        self.get(key, optional_strings)
    }

    /// An object mapping names to arrays of names, described as `expected`.
    fn lists(&self, key: &str, expected: &str) -> Checked<Option<HashMap<String, Vec<String>>>> {
        self.get(key, |value, path| {
            let Some(map) = Fields::open(value, path, expected)? else {
                return Ok(None);
            };
            let keys = map.value.keys().map_err(|_| unreadable(path))?;
            let mut lists = HashMap::with_capacity(keys.len());
            for key in keys {
                if let Some(list) = map.strings(&key)? {
                    lists.insert(key, list);
                }
            }
            Ok(Some(lists))
        })
    }
}

/// Reads an options object at `options` with `read`; absent is every option absent.
fn options<V: HostValue, T: Default>(
    value: Option<&V>,
    read: impl FnOnce(&Fields<V>) -> Checked<T>,
) -> Checked<T> {
    match Fields::open(value, "options", "an options object")? {
        Some(fields) => read(&fields),
        None => Ok(T::default()),
    }
}

/// An array of objects at `path`, each read with `read`; absent is an error.
fn entries<V: HostValue, T>(
    value: Option<&V>,
    path: &str,
    expected: &str,
    read: impl Fn(&Fields<V>) -> Checked<T>,
) -> Checked<Vec<T>> {
    let element = |value: Option<&V>, path: &str| {
        let kind = value.map_or(Kind::Undefined, V::kind);
        let fields = Fields::open(value, path, "an object")?;
        read(&fields.ok_or_else(|| wrong(path, kind, "an object"))?)
    };
    need(value, path, expected, |v, p| list(v, p, expected, element))
}

/// The options of a compaction call.
pub fn compact_options<V: HostValue>(value: Option<&V>) -> Checked<CompactHostOptions> {
    options(value, |o| {
        Ok(CompactHostOptions {
            kind: o.string("kind")?,
            tool: o.string("tool")?,
            command: o.string("command")?,
            path: o.string("path")?,
            query: o.string("query")?,
            threshold_bytes: o.number("thresholdBytes")?,
            max_input_bytes: o.number("maxInputBytes")?,
            recoverable: o.boolean("recoverable")?,
            aggressiveness: o.number("aggressiveness")?,
            budget_tokens: o.number("budgetTokens")?,
            max_output_bytes: o.number("maxOutputBytes")?,
        })
    })
}

/// The options of a skill snapshot.
pub fn index_options<V: HostValue>(value: Option<&V>) -> Checked<IndexOptions> {
    options(value, |o| {
        let autoload = "an object mapping skill names to arrays of skill names";
        Ok(IndexOptions {
            max_source_bytes: o.number("maxSourceBytes")?,
            autoload: o.lists("autoload", autoload)?,
            embeddings: o.boolean("embeddings")?,
        })
    })
}

/// The options of a search or browse page.
pub fn page_options<V: HostValue>(value: Option<&V>) -> Checked<PageOptions> {
    options(value, |o| {
        Ok(PageOptions {
            limit: o.number("limit")?,
            include_hidden: o.boolean("includeHidden")?,
            description_max: o.number("descriptionMax")?,
            only: o.strings("only")?,
            exclude: o.strings("exclude")?,
            offset: o.number("offset")?,
        })
    })
}

/// The options of a skill load.
pub fn load_options<V: HostValue>(value: Option<&V>) -> Checked<LoadOptions> {
    options(value, |o| {
        Ok(LoadOptions {
            offset: o.number("offset")?,
            column: o.number("column")?,
            rev: o.string("rev")?,
            allow_hidden: o.boolean("allowHidden")?,
            with_dependencies: o.boolean("withDependencies")?,
        })
    })
}

/// The options of a recovery store.
pub fn store_options<V: HostValue>(value: Option<&V>) -> Checked<StoreOptions> {
    options(value, |o| {
        Ok(StoreOptions {
            max_entries: o.number("maxEntries")?,
            max_bytes: o.number("maxBytes")?,
            dir: o.string("dir")?,
            disk_budget_bytes: o.number("diskBudgetBytes")?,
        })
    })
}

/// The skills of a snapshot, at `path`.
pub fn skill_entries<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Vec<SkillEntry>> {
    let expected = "an array of skills ({ name, description, ... })";
    entries(value, path, expected, |o| {
        Ok(SkillEntry {
            name: o.get("name", string)?,
            description: o.get("description", string)?,
            file_path: o.string("filePath")?,
            base_dir: o.string("baseDir")?,
            disable_model_invocation: o.boolean("disableModelInvocation")?,
            requires: o.strings("requires")?,
        })
    })
}

/// The tools of a tool index, at `path`.
pub fn tool_entries<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Vec<ToolEntry>> {
    let expected = "an array of { name, description?, parameters? } tools";
    entries(value, path, expected, |o| {
        Ok(ToolEntry {
            name: o.get("name", string)?,
            description: o.string("description")?,
            parameters: o.string("parameters")?,
        })
    })
}

/// The rules of a skill policy, at `path`.
pub fn rule_entries<V: HostValue>(value: Option<&V>, path: &str) -> Checked<Vec<RuleEntry>> {
    let expected = "an array of { pattern, action } rules";
    entries(value, path, expected, |o| {
        Ok(RuleEntry {
            pattern: o.get("pattern", string)?,
            action: o.get("action", string)?,
        })
    })
}

/// Scope definitions and the active profile and group, at `path`.
pub fn scope_entry<V: HostValue>(value: Option<&V>, path: &str) -> Checked<ScopeEntry> {
    let expected = "a { groups, profiles } object";
    let o = Fields::open(value, path, expected)?;
    let o = o.ok_or_else(|| wrong(path, value.map_or(Kind::Undefined, V::kind), expected))?;
    let names = "an object mapping names to arrays of names";
    let need_lists = |key: &str| {
        let path = format!("{path}.{key}");
        o.lists(key, names)?
            .ok_or_else(|| wrong(&path, Kind::Undefined, names))
    };
    Ok(ScopeEntry {
        groups: need_lists("groups")?,
        profiles: need_lists("profiles")?,
        active_profile: o.string("activeProfile")?,
        active_group: o.string("activeGroup")?,
    })
}
