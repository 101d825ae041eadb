//! Checks of numbers a host passes in (option values, line numbers, limits): whole numbers in
//! range and fractions, never truncated, clamped or wrapped. A value that fails is an
//! `INVALID_ARGUMENT` naming where it was passed and saying what to pass instead, so every host
//! reports the same mistake the same way.

use std::fmt;

use crate::error::{Coded, ErrorCode};

/// Largest integer a JS number (an f64) holds exactly: the bound for byte counts.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A value that failed its check: `{path} {what}; {todo}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidValue {
    /// Where the value was passed, e.g. `options.limit`.
    pub path: String,
    /// What is wrong with it.
    pub what: String,
    /// What to pass instead.
    pub todo: String,
}

impl fmt::Display for InvalidValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}; {}", self.path, self.what, self.todo)
    }
}

impl Coded for InvalidValue {
    fn code(&self) -> ErrorCode {
        ErrorCode::InvalidArgument
    }
}

fn invalid(path: &str, what: String, todo: String) -> InvalidValue {
    let path = path.to_string();
    InvalidValue { path, what, todo }
}

/// `value` (absent is `None`) as an integer in `min..=max`.
pub fn whole(
    path: &str,
    value: Option<f64>,
    min: u64,
    max: u64,
) -> Result<Option<u64>, InvalidValue> {
    match value {
        None => Ok(None),
        Some(n) if n.is_finite() && n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => {
            Ok(Some(n as u64))
        }
        Some(n) => Err(invalid(
            path,
            format!("is {n}, not an integer from {min} to {max}"),
            format!("pass a whole number from {min} to {max}"),
        )),
    }
}

/// `value` (absent is `None`) as a number in `0..=1`.
pub fn fraction(path: &str, value: Option<f64>) -> Result<Option<f64>, InvalidValue> {
    match value {
        Some(n) if !(0.0..=1.0).contains(&n) => Err(invalid(
            path,
            format!("is {n}, outside 0 to 1"),
            "pass a number from 0 to 1".to_string(),
        )),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_in_range_pass_and_nothing_else_does() {
        assert_eq!(whole("n", None, 1, 5), Ok(None));
        assert_eq!(whole("n", Some(5.0), 1, 5), Ok(Some(5)));
        for bad in [0.0, 6.0, 1.5, f64::NAN, f64::INFINITY, -1.0] {
            let err = whole("options.n", Some(bad), 1, 5).unwrap_err();
            assert!(err.to_string().starts_with("options.n is "), "{err}");
            assert_eq!(err.code(), ErrorCode::InvalidArgument);
        }
        assert_eq!(
            whole("n", Some(MAX_SAFE_INTEGER as f64), 0, MAX_SAFE_INTEGER),
            Ok(Some(MAX_SAFE_INTEGER))
        );
    }

    #[test]
    fn fractions_outside_zero_to_one_fail() {
        assert_eq!(fraction("f", Some(0.5)), Ok(Some(0.5)));
        assert!(fraction("f", Some(1.01)).is_err());
        assert!(fraction("f", Some(f64::NAN)).is_err());
    }
}
