//! Open directory handles for the skill scan, so that work inside a directory costs the same at
//! any depth.
//!
//! Every call that takes a path makes the kernel walk all of its components, so looking inside
//! the directories of a chain `d` levels deep by path costs `d²/2` component lookups in all. A
//! handle opened from its parent's handle (`openat`) and queried relative to itself (`fstatat`,
//! `fdopendir`) costs one lookup per call instead. Where this is not available (not Unix, or a
//! directory that cannot be opened for reading but can still be searched) the scan uses paths.

// libc's directory calls; each block has its SAFETY comment (docs/unsafe.md).
#![allow(unsafe_code)]

use std::fs::File;
#[cfg(not(unix))]
use std::{
    ffi::{OsStr, OsString},
    io,
};

/// What a name in a directory is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Dir,
    File,
    Symlink,
    Other,
}

impl Kind {
    pub(crate) fn of(file_type: std::fs::FileType) -> Kind {
        if file_type.is_symlink() {
            Kind::Symlink
        } else if file_type.is_dir() {
            Kind::Dir
        } else if file_type.is_file() {
            Kind::File
        } else {
            Kind::Other
        }
    }
}

/// An open directory (following symlinks to it, as path-based calls do).
pub(crate) struct Dir {
    #[allow(dead_code)]
    file: File,
}

#[cfg(unix)]
mod unix {
    use std::ffi::{CStr, CString, OsStr, OsString};
    use std::fs::{File, OpenOptions};
    use std::io::{self, Read};
    use std::os::fd::{AsRawFd, FromRawFd};
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    use std::path::Path;

    use super::{Dir, Kind};

    fn c_name(name: &OsStr) -> io::Result<CString> {
        CString::new(name.as_bytes()).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
    }

    impl Dir {
        pub(crate) fn open(path: &Path) -> io::Result<Dir> {
            let file = OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_DIRECTORY | libc::O_CLOEXEC)
                .open(path)?;
            Ok(Dir { file })
        }

        fn open_at(&self, name: &OsStr, flags: libc::c_int) -> io::Result<File> {
            let name = c_name(name)?;
            // SAFETY: `self.file` is an open descriptor for the duration of the call and `name`
            // is a NUL-terminated string that outlives it; openat reads nothing else.
            let fd = unsafe {
                libc::openat(
                    self.file.as_raw_fd(),
                    name.as_ptr(),
                    flags | libc::O_RDONLY | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `fd` was just returned by a successful openat, so it is open and owned by
            // nothing else; the File takes ownership and closes it.
            Ok(unsafe { File::from_raw_fd(fd) })
        }

        /// The subdirectory `name`, following a symlink to it.
        pub(crate) fn open_child(&self, name: &OsStr) -> io::Result<Dir> {
            Ok(Dir {
                file: self.open_at(name, libc::O_DIRECTORY)?,
            })
        }

        /// Device and inode: the same directory under any path has the same identity.
        pub(crate) fn identity(&self) -> io::Result<(u64, u64)> {
            let meta = self.file.metadata()?;
            Ok((meta.dev(), meta.ino()))
        }

        /// What `name` is; `follow` looks through a symlink as `Path::is_dir` does.
        pub(crate) fn kind_at(&self, name: &OsStr, follow: bool) -> Option<Kind> {
            let name = c_name(name).ok()?;
            let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
            let flags = if follow { 0 } else { libc::AT_SYMLINK_NOFOLLOW };
            // SAFETY: the descriptor is open, `name` is NUL-terminated, and `stat` points to
            // writable memory of the right type that fstatat fills completely on success.
            let status = unsafe {
                libc::fstatat(
                    self.file.as_raw_fd(),
                    name.as_ptr(),
                    stat.as_mut_ptr(),
                    flags,
                )
            };
            if status != 0 {
                return None;
            }
            // SAFETY: fstatat returned 0, so it initialised the whole struct.
            let mode = unsafe { stat.assume_init() }.st_mode & libc::S_IFMT;
            Some(match mode {
                libc::S_IFDIR => Kind::Dir,
                libc::S_IFREG => Kind::File,
                libc::S_IFLNK => Kind::Symlink,
                _ => Kind::Other,
            })
        }

        /// The text of the regular file `name`, when it can be read as UTF-8.
        pub(crate) fn read_text_at(&self, name: &OsStr) -> Option<String> {
            // Non-blocking, so a FIFO planted under an ignore file's name is refused, not waited on.
            let mut file = self.open_at(name, libc::O_NONBLOCK).ok()?;
            if !file.metadata().ok()?.is_file() {
                return None;
            }
            let mut text = String::new();
            file.read_to_string(&mut text).ok()?;
            Some(text)
        }

        /// The names in the directory, without `.` and `..`.
        pub(crate) fn names(&self) -> io::Result<Vec<OsString>> {
            // A fresh descriptor of the same directory: fdopendir takes ownership of it, and
            // reading through it must not move the offset of `self`.
            let own = self.open_at(OsStr::new("."), libc::O_DIRECTORY)?;
            let fd = std::os::fd::IntoRawFd::into_raw_fd(own);
            // SAFETY: `fd` is an open directory descriptor that nothing else owns; on success
            // the DIR stream owns it and closedir below closes it.
            let stream = unsafe { libc::fdopendir(fd) };
            if stream.is_null() {
                let error = io::Error::last_os_error();
                // SAFETY: fdopendir failed, so `fd` is still ours to close.
                unsafe { libc::close(fd) };
                return Err(error);
            }
            let mut names = Vec::new();
            loop {
                // SAFETY: `stream` is a valid DIR stream until closedir; readdir returns null at
                // the end (or on error), otherwise an entry valid until the next readdir call,
                // whose d_name is NUL-terminated and copied out before that call.
                let entry = unsafe { libc::readdir(stream) };
                if entry.is_null() {
                    break;
                }
                // SAFETY: see above; `entry` is non-null and d_name is NUL-terminated.
                let name = unsafe { CStr::from_ptr((*entry).d_name.as_ptr()) }.to_bytes();
                if name != b"." && name != b".." {
                    names.push(OsString::from_vec(name.to_vec()));
                }
            }
            // SAFETY: `stream` came from fdopendir and is closed exactly once.
            unsafe { libc::closedir(stream) };
            Ok(names)
        }
    }
}

#[cfg(not(unix))]
impl Dir {
    pub(crate) fn open(_path: &std::path::Path) -> io::Result<Dir> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }

    pub(crate) fn open_child(&self, _name: &OsStr) -> io::Result<Dir> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }

    pub(crate) fn identity(&self) -> io::Result<(u64, u64)> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }

    pub(crate) fn kind_at(&self, _name: &OsStr, _follow: bool) -> Option<Kind> {
        None
    }

    pub(crate) fn read_text_at(&self, _name: &OsStr) -> Option<String> {
        None
    }

    pub(crate) fn names(&self) -> io::Result<Vec<OsString>> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}
