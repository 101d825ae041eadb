//! What a host (the N-API binding) exchanges with its callers, in plain Rust, so the host only
//! converts values:
//! - [`read`]: arguments and options read from the host's values through [`HostValue`], with
//!   their types checked and every mistake named by its path (`options.limit`), into the types
//!   of [`crate::options`], which then check ranges and fill defaults;
//! - [`Data`]: every result as plain data (objects, lists, strings, numbers), shaped field for
//!   field from the core's types by the functions of this module.
//!
//! Property names are NUL-terminated (`c"name"`) so a C host passes them without copying.

/// The fields of an object, `c"name" => value`, each value anything [`IntoData`].
macro_rules! fields {
    ($($name:literal => $value:expr),* $(,)?) => {
        vec![$(($name, $crate::host::IntoData::data($value))),*]
    };
}

/// An object of [`fields!`].
macro_rules! obj {
    ($($fields:tt)*) => {
        $crate::host::Data::Object(fields!($($fields)*))
    };
}

pub mod read;
mod results;
#[cfg(test)]
mod tests;

pub use read::{HostValue, Kind, Unreadable};
pub use results::*;

use std::ffi::CStr;
use std::path::{Path, PathBuf};

/// A result as plain data. An [`Data::Absent`] field is left out of its object (an optional
/// field that has no value).
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    /// No value: the field is left out.
    Absent,
    /// A boolean.
    Bool(bool),
    /// A number (counts saturate at `u32::MAX` rather than wrap).
    Number(f64),
    /// A string.
    Str(String),
    /// A list, in order.
    List(Vec<Data>),
    /// An object with these fields, in order.
    Object(Vec<(&'static CStr, Data)>),
}

/// A Rust value as [`Data`].
pub trait IntoData {
    /// This value as data.
    fn data(self) -> Data;
}

/// A count as a host number: `u32` on the JS side, saturating rather than wrapping.
pub fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `IntoData` for each type `=> |value| data`.
macro_rules! into_data {
    ($($type:ty => |$value:ident| $data:expr;)*) => {
        $(impl IntoData for $type {
            fn data(self) -> Data {
                let $value = self;
                $data
            }
        })*
    };
}

into_data! {
    Data => |data| data;
    bool => |value| Data::Bool(value);
    f64 => |value| Data::Number(value);
    u32 => |value| Data::Number(value.into());
    u64 => |value| Data::Number(value as f64);
    usize => |n| Data::Number(count(n).into());
    String => |text| Data::Str(text);
    &str => |text| Data::Str(text.to_string());
    &String => |text| Data::Str(text.clone());
    &Path => |path| Data::Str(path.to_string_lossy().into_owned());
    PathBuf => |path| path.as_path().data();
}

impl<T: IntoData> IntoData for Option<T> {
    fn data(self) -> Data {
        self.map_or(Data::Absent, IntoData::data)
    }
}

impl<T: IntoData> IntoData for Vec<T> {
    fn data(self) -> Data {
        Data::List(self.into_iter().map(IntoData::data).collect())
    }
}

impl<'a, T> IntoData for &'a Vec<T>
where
    &'a T: IntoData,
{
    fn data(self) -> Data {
        Data::List(self.iter().map(IntoData::data).collect())
    }
}
