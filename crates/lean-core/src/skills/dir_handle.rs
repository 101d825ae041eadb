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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::{Dir, Kind};
    use std::ffi::{OsStr, OsString};
    use std::fs;
    use std::os::unix::fs::{symlink, MetadataExt};
    use std::time::{Duration, Instant};

    fn scratch(tag: &str) -> std::path::PathBuf {
        let root =
            std::env::temp_dir().join(format!("lean-core-dirhandle-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        root
    }

    #[test]
    fn names_skip_dots_and_repeat_without_moving_the_handle() {
        let root = scratch("names");
        for name in ["a", "b.md", "c d"] {
            fs::write(root.join(name), name).unwrap();
        }
        fs::create_dir(root.join("sub")).unwrap();
        let dir = Dir::open(&root).unwrap();
        let mut first = dir.names().unwrap();
        first.sort();
        let expected: Vec<OsString> = ["a", "b.md", "c d", "sub"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(first, expected);
        // A second listing sees everything again: the first did not consume the handle.
        let mut second = dir.names().unwrap();
        second.sort();
        assert_eq!(second, expected);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn kinds_follow_symlinks_only_when_asked() {
        let root = scratch("kinds");
        fs::create_dir(root.join("sub")).unwrap();
        fs::write(root.join("file"), "x").unwrap();
        symlink(root.join("sub"), root.join("link")).unwrap();
        let dir = Dir::open(&root).unwrap();
        assert_eq!(dir.kind_at(OsStr::new("sub"), false), Some(Kind::Dir));
        assert_eq!(dir.kind_at(OsStr::new("file"), false), Some(Kind::File));
        assert_eq!(dir.kind_at(OsStr::new("link"), false), Some(Kind::Symlink));
        assert_eq!(dir.kind_at(OsStr::new("link"), true), Some(Kind::Dir));
        assert_eq!(dir.kind_at(OsStr::new("missing"), true), None);
        // A name with NUL cannot exist; it is an answer of "nothing", not a panic.
        assert_eq!(dir.kind_at(OsStr::new("a\0b"), true), None);
        let child = dir.open_child(OsStr::new("link")).unwrap();
        let meta = fs::metadata(root.join("sub")).unwrap();
        assert_eq!(child.identity().unwrap(), (meta.dev(), meta.ino()));
        assert!(dir.open_child(OsStr::new("file")).is_err());
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn read_text_refuses_a_fifo_without_waiting() {
        use rustix::fs::{mknodat, FileType, Mode, CWD};
        let root = scratch("fifo");
        fs::write(root.join("text"), "héllo\n").unwrap();
        fs::write(root.join("binary"), [0xff, 0xfe]).unwrap();
        mknodat(
            CWD,
            root.join("pipe").as_path(),
            FileType::Fifo,
            Mode::RUSR | Mode::WUSR,
            0,
        )
        .unwrap();
        let dir = Dir::open(&root).unwrap();
        assert_eq!(
            dir.read_text_at(OsStr::new("text")).as_deref(),
            Some("héllo\n")
        );
        assert_eq!(dir.read_text_at(OsStr::new("binary")), None);
        assert_eq!(dir.read_text_at(OsStr::new(".")), None);
        let start = Instant::now();
        assert_eq!(dir.read_text_at(OsStr::new("pipe")), None);
        assert!(start.elapsed() < Duration::from_secs(5));
        fs::remove_dir_all(&root).unwrap();
    }
}
