//! Open directory handles for the skill scan, so that work inside a directory costs the same at
//! any depth.
//!
//! Every call that takes a path makes the kernel walk all of its components, so looking inside
//! the directories of a chain `d` levels deep by path costs `d²/2` component lookups in all. A
//! handle opened from its parent's handle (`openat`) and queried relative to itself (`fstatat`,
//! `fdopendir`) costs one lookup per call instead. Where this is not available (not Unix, or a
//! directory that cannot be opened for reading but can still be searched) the scan uses paths.
//!
//! The calls go through `rustix`, whose safe wrappers own the descriptors, so this module has no
//! `unsafe` of its own.

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
    use std::ffi::{OsStr, OsString};
    use std::fs::{File, OpenOptions};
    use std::io::{self, Read};
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    use std::path::Path;

    use rustix::fs::{AtFlags, FileType, Mode, OFlags};

    use super::{Dir, Kind};

    impl Dir {
        pub(crate) fn open(path: &Path) -> io::Result<Dir> {
            let file = OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_DIRECTORY | libc::O_CLOEXEC)
                .open(path)?;
            Ok(Dir { file })
        }

        fn open_at(&self, name: &OsStr, flags: OFlags) -> io::Result<File> {
            let fd = rustix::fs::openat(
                &self.file,
                name,
                flags | OFlags::RDONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            Ok(File::from(fd))
        }

        /// The subdirectory `name`, following a symlink to it.
        pub(crate) fn open_child(&self, name: &OsStr) -> io::Result<Dir> {
            Ok(Dir {
                file: self.open_at(name, OFlags::DIRECTORY)?,
            })
        }

        /// Device and inode: the same directory under any path has the same identity.
        pub(crate) fn identity(&self) -> io::Result<(u64, u64)> {
            let meta = self.file.metadata()?;
            Ok((meta.dev(), meta.ino()))
        }

        /// What `name` is; `follow` looks through a symlink as `Path::is_dir` does.
        pub(crate) fn kind_at(&self, name: &OsStr, follow: bool) -> Option<Kind> {
            let flags = if follow {
                AtFlags::empty()
            } else {
                AtFlags::SYMLINK_NOFOLLOW
            };
            let stat = rustix::fs::statat(&self.file, name, flags).ok()?;
            Some(match FileType::from_raw_mode(stat.st_mode) {
                FileType::Directory => Kind::Dir,
                FileType::RegularFile => Kind::File,
                FileType::Symlink => Kind::Symlink,
                _ => Kind::Other,
            })
        }

        /// The text of the regular file `name`, when it can be read as UTF-8.
        pub(crate) fn read_text_at(&self, name: &OsStr) -> Option<String> {
            // Non-blocking, so a FIFO planted under an ignore file's name is refused, not waited on.
            let mut file = self.open_at(name, OFlags::NONBLOCK).ok()?;
            if !file.metadata().ok()?.is_file() {
                return None;
            }
            let mut text = String::new();
            file.read_to_string(&mut text).ok()?;
            Some(text)
        }

        /// The names in the directory, without `.` and `..`.
        pub(crate) fn names(&self) -> io::Result<Vec<OsString>> {
            // A fresh descriptor of the same directory, owned by the stream: reading through it
            // must not move the offset of `self`.
            let own = self.open_at(OsStr::new("."), OFlags::DIRECTORY)?;
            let mut stream = rustix::fs::Dir::new(own)?;
            let mut names = Vec::new();
            // A read error ends the listing with the names read so far, as readdir(3) does.
            while let Some(Ok(entry)) = stream.read() {
                let name = entry.file_name().to_bytes();
                if name != b"." && name != b".." {
                    names.push(OsStr::from_bytes(name).to_owned());
                }
            }
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
