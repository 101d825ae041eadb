//! Stable error codes shared by the Rust core, the N-API binding and the JS extension.
//!
//! Codes are part of the public contract: JS code and tests match on the string form, so a
//! variant's string must never change once released.

use std::fmt;

/// A stable, machine-readable error code. `as_str()` is what reaches JS as `error.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// No skill of that name is in the catalog.
    SkillNotFound,
    /// The skill policy denies this skill.
    SkillDenied,
    /// The skill policy asks the user first, and there was no approval.
    SkillApprovalRequired,
    /// The skill's file changed since the page's revision was taken.
    SkillSourceChanged,
    /// A continuation page was asked for without the revision of the first page.
    SkillRevRequired,
    /// The skill's file is larger than the source limit.
    SkillSourceTooLarge,
    /// The skill's file is not valid UTF-8.
    SkillInvalidUtf8,
    /// The skill's frontmatter cannot be parsed.
    SkillInvalidFrontmatter,
    /// The skill's body is empty.
    SkillEmptyBody,
    /// The file at the skill's path now declares another skill.
    SkillNameMismatch,
    /// Two skills share a name; the first one found wins.
    SkillNameCollision,
    /// A skill lists more dependencies than the limit.
    SkillTooManyRequires,
    /// The skill is hidden from the model (`disable-model-invocation`).
    SkillHidden,
    /// A skill file or directory cannot be read.
    SkillIo,
    /// A dependency cycle (reported, not fatal).
    DependencyCycle,
    /// A dependency names no known skill (reported, not fatal).
    DependencyMissing,
    /// A configuration value is invalid.
    ConfigInvalid,
    /// A browse cursor was issued for a catalog that has changed since.
    SearchCursorStale,
    /// A browse cursor is malformed.
    SearchCursorInvalid,
    /// The embedding table file is missing or corrupt; search ranks by BM25F alone (reported).
    EmbeddingsUnavailable,
    /// The recovery id is no longer in the store.
    RecoveryExpired,
    /// The recovery store cannot read or write its directory.
    RecoveryIo,
    /// An argument has the wrong type or is out of range.
    InvalidArgument,
    /// A text is longer than a JS string can be (V8's limit); its bytes are still available.
    OutputTooLargeForString,
    /// A bug: a panic or an impossible state, caught before it crossed FFI.
    Internal,
}

impl ErrorCode {
    /// What a caller can do about an error of this code, when the error gave no advice itself.
    pub const fn remedy(self) -> &'static str {
        match self {
            ErrorCode::SkillNotFound => "search the catalog for the exact name",
            ErrorCode::SkillDenied => "the skill policy blocks this skill",
            ErrorCode::SkillApprovalRequired => "ask the user to approve the skill",
            ErrorCode::SkillSourceChanged => "load the skill again from the start",
            ErrorCode::SkillRevRequired => "pass the continuation's rev, or load from the start",
            ErrorCode::SkillSourceTooLarge => "shorten the SKILL.md or raise the size limit",
            ErrorCode::SkillInvalidUtf8 => "save the SKILL.md as UTF-8",
            ErrorCode::SkillInvalidFrontmatter => "fix the SKILL.md frontmatter",
            ErrorCode::SkillEmptyBody => "add instructions to the SKILL.md",
            ErrorCode::SkillNameMismatch => "make the frontmatter name match the directory",
            ErrorCode::SkillNameCollision => "rename one of the skills",
            ErrorCode::SkillTooManyRequires => "list fewer skills under requires",
            ErrorCode::SkillHidden => "only the user can invoke this skill",
            ErrorCode::SkillIo => "check that the skill file is readable",
            ErrorCode::DependencyCycle => "remove the cycle from the requires lists",
            ErrorCode::DependencyMissing => "install the missing skill or drop it from requires",
            ErrorCode::ConfigInvalid => "fix the configuration",
            ErrorCode::SearchCursorStale => "browse again without a cursor",
            ErrorCode::SearchCursorInvalid => "pass a cursor exactly as returned, or none",
            ErrorCode::EmbeddingsUnavailable => "reinstall pi-lean to restore skill-embeddings.bin",
            ErrorCode::RecoveryExpired => "re-run the tool to get the output again",
            ErrorCode::RecoveryIo => "check the recovery directory's permissions and free space",
            ErrorCode::InvalidArgument => "check the argument against the documented types",
            ErrorCode::OutputTooLargeForString => "ask for the bytes instead of a string",
            ErrorCode::Internal => "retry, and report it as a pi-lean bug if it repeats",
        }
    }

    /// The code's stable string, as JS sees it in `error.code`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::SkillNotFound => "SKILL_NOT_FOUND",
            ErrorCode::SkillDenied => "SKILL_DENIED",
            ErrorCode::SkillApprovalRequired => "SKILL_APPROVAL_REQUIRED",
            ErrorCode::SkillSourceChanged => "SKILL_SOURCE_CHANGED",
            ErrorCode::SkillRevRequired => "SKILL_REV_REQUIRED",
            ErrorCode::SkillSourceTooLarge => "SKILL_SOURCE_TOO_LARGE",
            ErrorCode::SkillInvalidUtf8 => "SKILL_INVALID_UTF8",
            ErrorCode::SkillInvalidFrontmatter => "SKILL_INVALID_FRONTMATTER",
            ErrorCode::SkillEmptyBody => "SKILL_EMPTY_BODY",
            ErrorCode::SkillNameMismatch => "SKILL_NAME_MISMATCH",
            ErrorCode::SkillNameCollision => "SKILL_NAME_COLLISION",
            ErrorCode::SkillTooManyRequires => "SKILL_TOO_MANY_REQUIRES",
            ErrorCode::SkillHidden => "SKILL_MODEL_INVOCATION_DISABLED",
            ErrorCode::SkillIo => "SKILL_IO",
            ErrorCode::DependencyCycle => "DEPENDENCY_CYCLE",
            ErrorCode::DependencyMissing => "DEPENDENCY_MISSING",
            ErrorCode::ConfigInvalid => "CONFIG_INVALID",
            ErrorCode::SearchCursorStale => "SEARCH_CURSOR_STALE",
            ErrorCode::SearchCursorInvalid => "SEARCH_CURSOR_INVALID",
            ErrorCode::EmbeddingsUnavailable => "EMBEDDINGS_UNAVAILABLE",
            ErrorCode::RecoveryExpired => "RECOVERY_EXPIRED",
            ErrorCode::RecoveryIo => "RECOVERY_IO",
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::OutputTooLargeForString => "OUTPUT_TOO_LARGE_FOR_STRING",
            ErrorCode::Internal => "INTERNAL",
        }
    }
}

impl AsRef<str> for ErrorCode {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A message in the one form every host shows: `CODE: what happened; what to do`. A `;`
/// inside `what` becomes `,`, so the two halves stay unambiguous to readers and parsers.
pub fn message(code: ErrorCode, what: &str, todo: &str) -> String {
    let what = what.trim().replace(';', ",");
    format!("{code}: {what}; {todo}")
}

/// Anything in the core that can fail in a way JS must be able to tell apart.
pub trait Coded: fmt::Display {
    /// The stable code of this failure.
    fn code(&self) -> ErrorCode;

    /// This failure in the one [`message`] form: its text says what happened, and the advice
    /// is its own when it gave some (`what; advice`), else the code's [`ErrorCode::remedy`].
    fn report(&self) -> String {
        let code = self.code();
        let text = self.to_string();
        let prefix = format!("{code}: ");
        let text = text.strip_prefix(&prefix).unwrap_or(&text);
        match text.split_once("; ") {
            Some((what, todo)) if !todo.trim().is_empty() => message(code, what, todo.trim()),
            _ => message(code, text, code.remedy()),
        }
    }
}

/// A failed core operation: a stable code for JS and a human-readable message. The skills and
/// recovery modules name it `SkillError` and `RecoveryError`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoreError {
    /// What kind of failure, for code that branches on it.
    pub code: ErrorCode,
    /// What happened and what to do, for people.
    pub message: String,
}

impl CoreError {
    /// An error with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        CoreError {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for CoreError {}

impl Coded for CoreError {
    fn code(&self) -> ErrorCode {
        self.code
    }
}
