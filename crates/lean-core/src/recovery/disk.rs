//! The blob directory of a durable recovery store, treated as hostile ground.
//!
//! Other instances (Node worker threads, other Pi processes) write into the same directory, a
//! crash can leave half-written temp files behind, and anything may have been planted there.
//! So every file operation here refuses to follow symlinks, ignores whatever is not a regular
//! file (a FIFO named like a blob must never block a read), creates files exclusively under
//! names no other writer can pick, and renames them into place only once their bytes are
//! synced. Reads and writes of one blob never list the directory; only [`BlobDir::scan`] does,
//! once per store.

use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use crate::hash::is_xxh3_hex;

pub(super) const BLOB_SUFFIX: &str = ".blob";
const TEMP_PREFIX: &str = ".tmp-";
/// A temp file untouched for this long belongs to a writer that is gone.
pub(super) const STALE_TEMP_AGE: Duration = Duration::from_secs(15 * 60);
/// Exclusive creation retries before a write gives up (each try has a fresh name).
const TEMP_NAME_ATTEMPTS: u32 = 16;

/// One blob found by a scan.
pub(super) struct FoundBlob {
    pub id: String,
    pub len: u64,
    pub modified: SystemTime,
}

/// What [`BlobDir::scan`] found.
#[derive(Default)]
pub(super) struct ScanReport {
    pub blobs: Vec<FoundBlob>,
    /// Leftover temp files of dead writers that were deleted.
    pub stale_temps_removed: u64,
    /// Bytes of temp files that are still there (live writers, or undeletable leftovers).
    pub temp_bytes_remaining: u64,
}

pub(super) struct BlobDir {
    dir: PathBuf,
}

impl BlobDir {
    pub fn new(dir: PathBuf) -> BlobDir {
        BlobDir { dir }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub fn blob_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}{BLOB_SUFFIX}"))
    }

    /// Size of the blob `id` when it is a regular file (symlinks and special files are not).
    pub fn blob_len(&self, id: &str) -> Option<u64> {
        let meta = fs::symlink_metadata(self.blob_path(id)).ok()?;
        meta.file_type().is_file().then_some(meta.len())
    }

    /// The bytes of blob `id`, or `None` when there is no regular file of at most `max_len`
    /// bytes under its name. Never follows a symlink and never blocks on a FIFO or device.
    pub fn read(&self, id: &str, max_len: u64) -> std::io::Result<Option<Vec<u8>>> {
        let path = self.blob_path(id);
        let file = match open_no_follow(&path, OpenFor::Read) {
            Ok(file) => file,
            Err(e) if is_absent_or_not_a_file(&e) => return Ok(None),
            Err(e) => return Err(e),
        };
        let meta = file.metadata()?;
        if !meta.file_type().is_file() || meta.len() > max_len {
            return Ok(None);
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(max_len.saturating_add(1))
            .read_to_end(&mut bytes)?;
        Ok((bytes.len() as u64 <= max_len).then_some(bytes))
    }

    /// Marks an existing blob as recently used, so pruning keeps it.
    pub fn touch(&self, id: &str) {
        if let Ok(file) = open_no_follow(&self.blob_path(id), OpenFor::Touch) {
            if file.metadata().is_ok_and(|m| m.file_type().is_file()) {
                let _ = file.set_modified(SystemTime::now());
            }
        }
    }

    /// Writes blob `id` atomically: an exclusively created temp file under a name unique to
    /// this writer, synced, then renamed over the blob name (a rename replaces a planted
    /// symlink rather than writing through it), then the directory entry is synced.
    pub fn write(&self, id: &str, bytes: &[u8]) -> std::io::Result<()> {
        let target = self.blob_path(id);
        let mut attempts = 0;
        let (temp, mut file) = loop {
            let temp = self.dir.join(unique_temp_name());
            match open_no_follow(&temp, OpenFor::CreateNew) {
                Ok(file) => break (temp, file),
                Err(e) if e.kind() == ErrorKind::AlreadyExists && attempts < TEMP_NAME_ATTEMPTS => {
                    attempts += 1;
                }
                Err(e) => return Err(e),
            }
        };
        let written = file
            .write_all(bytes)
            .and_then(|()| file.sync_data())
            .and_then(|()| fs::rename(&temp, &target));
        drop(file);
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
        sync_dir(&self.dir);
        Ok(())
    }

    /// Deletes blob `id` (a symlink or FIFO under its name is unlinked, never followed).
    pub fn remove(&self, id: &str) -> std::io::Result<()> {
        match fs::remove_file(self.blob_path(id)) {
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    /// Lists the directory once: regular blob files with their sizes and ages, and temp files,
    /// deleting those whose writer is gone.
    pub fn scan(&self) -> ScanReport {
        let mut report = ScanReport::default();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return report;
        };
        let now = SystemTime::now();
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            // DirEntry::metadata does not follow symlinks.
            let Ok(meta) = entry.metadata() else { continue };
            if let Some(writer) = name.strip_prefix(TEMP_PREFIX) {
                let age = meta
                    .modified()
                    .ok()
                    .and_then(|m| now.duration_since(m).ok())
                    .unwrap_or_default();
                let stale = age >= STALE_TEMP_AGE || writer_is_gone(writer);
                if stale && fs::remove_file(entry.path()).is_ok() {
                    report.stale_temps_removed += 1;
                } else if meta.file_type().is_file() {
                    report.temp_bytes_remaining += meta.len();
                }
                continue;
            }
            let Some(id) = name.strip_suffix(BLOB_SUFFIX) else {
                continue;
            };
            if !is_xxh3_hex(id) || !meta.file_type().is_file() {
                continue;
            }
            report.blobs.push(FoundBlob {
                id: id.to_string(),
                len: meta.len(),
                modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            });
        }
        report
    }
}

/// This process's id, or 0 on WASI, which has none (`std::process::id` panics there, which the
/// wasm fallback would surface as `unreachable`); the random nonce in temp names still tells
/// writers apart.
fn process_id() -> u32 {
    #[cfg(not(target_os = "wasi"))]
    {
        std::process::id()
    }
    #[cfg(target_os = "wasi")]
    {
        0
    }
}

/// Temp file name no other writer can choose: the process id, a per-process random nonce
/// (pid namespaces can repeat pids across containers sharing a directory) and a counter shared
/// by every store instance in the process.
fn unique_temp_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!(
        "{TEMP_PREFIX}{}-{:016x}-{}",
        process_id(),
        process_nonce(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

fn process_nonce() -> u64 {
    static NONCE: OnceLock<u64> = OnceLock::new();
    *NONCE.get_or_init(|| {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default();
        let local = 0u8;
        let seed = format!(
            "{}-{}-{:p}-{:?}",
            process_id(),
            now.as_nanos(),
            &local,
            std::thread::current().id()
        );
        xxhash_rust::xxh3::xxh3_64(seed.as_bytes())
    })
}

/// True when the temp name's writer pid is known not to be running (Linux only; elsewhere a
/// temp file is only stale by age). Our own process may have live writers in other instances.
fn writer_is_gone(writer: &str) -> bool {
    let Some(pid) = writer.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if pid == process_id() {
        return false;
    }
    cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new(&format!("/proc/{pid}")).exists()
}

enum OpenFor {
    Read,
    Touch,
    CreateNew,
}

/// Opens without following a final symlink; reads never block on a FIFO or device.
fn open_no_follow(path: &Path, purpose: OpenFor) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    match purpose {
        OpenFor::Read => options.read(true),
        OpenFor::Touch => options.append(true),
        OpenFor::CreateNew => options.write(true).create_new(true),
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut flags = libc::O_NOFOLLOW | libc::O_CLOEXEC;
        if !matches!(purpose, OpenFor::CreateNew) {
            flags |= libc::O_NONBLOCK;
        }
        options.custom_flags(flags);
    }
    #[cfg(not(unix))]
    {
        // Without O_NOFOLLOW, refuse anything that is not a regular file before opening.
        if !matches!(purpose, OpenFor::CreateNew) {
            let meta = fs::symlink_metadata(path)?;
            if !meta.file_type().is_file() {
                return Err(std::io::Error::new(
                    ErrorKind::NotFound,
                    "not a regular file",
                ));
            }
        }
    }
    options.open(path)
}

/// Absent, a symlink (ELOOP under O_NOFOLLOW) or a directory: "no blob", not an I/O failure.
fn is_absent_or_not_a_file(error: &std::io::Error) -> bool {
    if error.kind() == ErrorKind::NotFound {
        return true;
    }
    #[cfg(unix)]
    {
        matches!(
            error.raw_os_error(),
            Some(libc::ELOOP) | Some(libc::EISDIR) | Some(libc::ENXIO)
        )
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Makes a rename durable; best effort (some filesystems refuse to sync directories). WASI
/// hosts map `fd_sync` on a directory to the host's fsync where they allow it; Windows has no
/// directory handle to sync through std, and NTFS journals the rename itself.
fn sync_dir(dir: &Path) {
    #[cfg(any(unix, target_os = "wasi"))]
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(any(unix, target_os = "wasi")))]
    let _ = dir;
}
