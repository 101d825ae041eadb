//! Recovery store: originals of compacted tool output, bounded in memory and durable on disk.
//!
//! Compaction drops lines and names them in markers; this store is where the model gets them
//! back. Ids are xxh3 content hashes, so `put` is idempotent and an id can never be a path.
//! Memory is an LRU bounded by entry count and total bytes. With a directory, every original is
//! also written as a content-addressed blob (temp file + rename, so readers never see a torn
//! write) and the oldest blobs are pruned when the directory exceeds its disk budget.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::ErrorCode;
use crate::hash::{is_xxh3_hex, xxh3_hex};

/// Limits and location of a [`RecoveryStore`].
#[derive(Clone, Debug)]
pub struct StoreConfig {
    /// Most originals kept in memory; the least recently used is evicted first.
    pub max_entries: usize,
    /// Most bytes of originals kept in memory.
    pub max_bytes: usize,
    /// Directory for durable blobs; `None` keeps originals in memory only.
    pub dir: Option<PathBuf>,
    /// Total size of blobs allowed in `dir`; the oldest are pruned beyond it.
    pub disk_budget_bytes: u64,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            max_entries: 256,
            max_bytes: 64 << 20,
            dir: None,
            disk_budget_bytes: 256 << 20,
        }
    }
}

/// A failure of the store, with a stable code for JS.
pub type RecoveryError = crate::error::CoreError;

/// An I/O failure on one of the store's files.
fn io_error(what: &str, path: &Path, err: std::io::Error) -> RecoveryError {
    RecoveryError::new(
        ErrorCode::RecoveryIo,
        format!("{what} {}: {err}", path.display()),
    )
}

/// A slice of an original, cut on line boundaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrieved {
    /// Exact original bytes of the lines, terminators (`\n` or `\r\n`) included.
    pub text: Vec<u8>,
    /// 1-based number of the first returned line.
    pub start_line: usize,
    /// 1-based number of the last returned line (inclusive).
    pub end_line: usize,
    /// Lines in the whole original; a final line without `\n` counts.
    pub total_lines: usize,
    /// Where to continue reading, when lines remain.
    pub next_start_line: Option<usize>,
}

/// Sizes of what the store currently holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreStats {
    pub entries: usize,
    pub bytes: usize,
    pub disk_entries: usize,
    pub disk_bytes: u64,
}

struct MemoryEntry {
    bytes: Arc<[u8]>,
    last_use: u64,
}

#[derive(Default)]
struct Lru {
    entries: HashMap<String, MemoryEntry>,
    /// last_use tick -> id; the first key is the least recently used entry.
    order: BTreeMap<u64, String>,
    bytes: usize,
    tick: u64,
}

impl Lru {
    fn touch(&mut self, id: &str) -> Option<Arc<[u8]>> {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.entries.get_mut(id)?;
        self.order.remove(&entry.last_use);
        entry.last_use = tick;
        self.order.insert(tick, id.to_string());
        Some(entry.bytes.clone())
    }

    fn insert(&mut self, id: String, bytes: Arc<[u8]>, max_entries: usize, max_bytes: usize) {
        if self.touch(&id).is_some() {
            return;
        }
        self.tick += 1;
        self.bytes += bytes.len();
        self.order.insert(self.tick, id.clone());
        self.entries.insert(
            id,
            MemoryEntry {
                bytes,
                last_use: self.tick,
            },
        );
        while self.entries.len() > max_entries || self.bytes > max_bytes {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some(evicted) = self.entries.remove(&oldest) {
                self.bytes -= evicted.bytes.len();
            }
        }
    }
}

/// Bounded store of originals, shared across threads.
pub struct RecoveryStore {
    config: StoreConfig,
    memory: Mutex<Lru>,
    /// Serializes blob writes and pruning so the budget check sees a consistent directory.
    disk: Mutex<()>,
    temp_counter: AtomicU64,
}

const BLOB_SUFFIX: &str = ".blob";

impl RecoveryStore {
    /// Creates a store; with a directory, creates it if needed.
    pub fn open(config: StoreConfig) -> Result<RecoveryStore, RecoveryError> {
        if config.max_entries == 0 {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "max_entries must be at least 1",
            ));
        }
        if let Some(dir) = &config.dir {
            fs::create_dir_all(dir).map_err(|e| io_error("cannot create", dir, e))?;
        }
        Ok(RecoveryStore {
            config,
            memory: Mutex::new(Lru::default()),
            disk: Mutex::new(()),
            temp_counter: AtomicU64::new(0),
        })
    }

    fn memory(&self) -> MutexGuard<'_, Lru> {
        // A panic while holding the lock cannot leave the LRU half-updated in a way that
        // matters for correctness of reads, so a poisoned lock is simply reused.
        self.memory.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn blob_path(&self, id: &str) -> Option<PathBuf> {
        self.config
            .dir
            .as_ref()
            .map(|d| d.join(format!("{id}{BLOB_SUFFIX}")))
    }

    /// Stores `bytes` and returns its id. Storing the same bytes again only refreshes them.
    pub fn put(&self, bytes: &[u8]) -> Result<String, RecoveryError> {
        let id = xxh3_hex(bytes);
        let fits_memory = bytes.len() <= self.config.max_bytes;
        if !fits_memory && self.config.dir.is_none() {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "original of {} bytes exceeds the recovery memory budget of {} bytes",
                    bytes.len(),
                    self.config.max_bytes
                ),
            ));
        }
        if let Some(path) = self.blob_path(&id) {
            self.write_blob(&path, bytes)?;
        }
        if fits_memory {
            let mut memory = self.memory();
            if memory.touch(&id).is_none() {
                let (max_entries, max_bytes) = (self.config.max_entries, self.config.max_bytes);
                memory.insert(id.clone(), Arc::from(bytes), max_entries, max_bytes);
            }
        }
        Ok(id)
    }

    fn write_blob(&self, path: &Path, bytes: &[u8]) -> Result<(), RecoveryError> {
        let _guard = self.disk.lock().unwrap_or_else(|p| p.into_inner());
        if let Ok(meta) = fs::metadata(path) {
            if meta.len() == bytes.len() as u64 {
                // Content-addressed: same name and size means same bytes. Refresh its age so
                // pruning treats it as recently used.
                let _ = fs::File::options()
                    .append(true)
                    .open(path)
                    .and_then(|f| f.set_modified(std::time::SystemTime::now()));
                return Ok(());
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        let temp = dir.join(format!(
            ".tmp-{}-{}",
            process_tag(),
            self.temp_counter.fetch_add(1, Ordering::Relaxed)
        ));
        let written = (|| {
            let mut file = fs::File::create(&temp)?;
            file.write_all(bytes)?;
            file.sync_data()?;
            fs::rename(&temp, path)
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(io_error("cannot write", path, e));
        }
        self.prune_disk(path);
        Ok(())
    }

    fn list_blobs(&self) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
        let Some(dir) = &self.config.dir else {
            return Vec::new();
        };
        let Ok(read) = fs::read_dir(dir) else {
            return Vec::new();
        };
        read.filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name();
                let name = name.to_str()?;
                let id = name.strip_suffix(BLOB_SUFFIX)?;
                if !is_xxh3_hex(id) {
                    return None;
                }
                let meta = e.metadata().ok()?;
                Some((e.path(), meta.len(), meta.modified().ok()?))
            })
            .collect()
    }

    /// Deletes the oldest blobs until the directory fits its budget; never the one just written.
    fn prune_disk(&self, keep: &Path) {
        let mut blobs = self.list_blobs();
        let mut total: u64 = blobs.iter().map(|b| b.1).sum();
        if total <= self.config.disk_budget_bytes {
            return;
        }
        blobs.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| a.0.cmp(&b.0)));
        for (path, len, _) in blobs {
            if total <= self.config.disk_budget_bytes {
                break;
            }
            if path == keep {
                continue;
            }
            if fs::remove_file(&path).is_ok() {
                total -= len;
            }
        }
    }

    /// True when `id` can currently be retrieved (memory or disk).
    pub fn contains(&self, id: &str) -> bool {
        if !is_xxh3_hex(id) {
            return false;
        }
        if self.memory().entries.contains_key(id) {
            return true;
        }
        self.blob_path(id).is_some_and(|p| p.is_file())
    }

    fn load(&self, id: &str) -> Result<Arc<[u8]>, RecoveryError> {
        if !is_xxh3_hex(id) {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "recovery id must be 16 lowercase hex digits",
            ));
        }
        if let Some(bytes) = self.memory().touch(id) {
            return Ok(bytes);
        }
        let expired = || {
            RecoveryError::new(
                ErrorCode::RecoveryExpired,
                format!("original {id} is no longer stored"),
            )
        };
        let Some(path) = self.blob_path(id) else {
            return Err(expired());
        };
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(expired()),
            Err(e) => return Err(io_error("cannot read", &path, e)),
        };
        // A blob whose content no longer matches its name is not the original we promised.
        if xxh3_hex(&bytes) != id {
            return Err(expired());
        }
        let bytes: Arc<[u8]> = Arc::from(bytes);
        if bytes.len() <= self.config.max_bytes {
            let (max_entries, max_bytes) = (self.config.max_entries, self.config.max_bytes);
            self.memory()
                .insert(id.to_string(), bytes.clone(), max_entries, max_bytes);
        }
        Ok(bytes)
    }

    /// Returns up to `max_lines` original lines starting at 1-based `start_line`.
    pub fn retrieve(
        &self,
        id: &str,
        start_line: usize,
        max_lines: usize,
    ) -> Result<Retrieved, RecoveryError> {
        if start_line == 0 || max_lines == 0 {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "start_line and max_lines must be at least 1",
            ));
        }
        let bytes = self.load(id)?;
        Ok(slice_lines(&bytes, start_line, max_lines))
    }

    /// Forgets every original, in memory and on disk.
    pub fn clear(&self) -> Result<(), RecoveryError> {
        *self.memory() = Lru::default();
        let _guard = self.disk.lock().unwrap_or_else(|p| p.into_inner());
        for (path, _, _) in self.list_blobs() {
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io_error("cannot delete", &path, e)),
            }
        }
        Ok(())
    }

    pub fn stats(&self) -> StoreStats {
        let (entries, bytes) = {
            let memory = self.memory();
            (memory.entries.len(), memory.bytes)
        };
        let blobs = self.list_blobs();
        StoreStats {
            entries,
            bytes,
            disk_entries: blobs.len(),
            disk_bytes: blobs.iter().map(|b| b.1).sum(),
        }
    }
}

/// Number of lines in `bytes` under the crate's numbering: split on `\n`, and a final line
/// without `\n` counts.
pub fn count_lines(bytes: &[u8]) -> usize {
    let newlines = memchr::memchr_iter(b'\n', bytes).count();
    newlines + usize::from(!bytes.is_empty() && bytes.last() != Some(&b'\n'))
}

/// Cuts lines `start_line ..` (1-based, at most `max_lines`) out of `bytes`, terminators included.
pub fn slice_lines(bytes: &[u8], start_line: usize, max_lines: usize) -> Retrieved {
    let total_lines = count_lines(bytes);
    let mut line = 1usize;
    let mut begin = bytes.len();
    if start_line == 1 {
        begin = 0;
    } else {
        for pos in memchr::memchr_iter(b'\n', bytes) {
            line += 1;
            if line == start_line {
                begin = pos + 1;
                break;
            }
        }
    }
    if start_line > total_lines {
        return Retrieved {
            text: Vec::new(),
            start_line,
            end_line: start_line - 1,
            total_lines,
            next_start_line: None,
        };
    }
    let mut end = bytes.len();
    let mut taken = 0usize;
    for pos in memchr::memchr_iter(b'\n', &bytes[begin..]) {
        taken += 1;
        if taken == max_lines {
            end = begin + pos + 1;
            break;
        }
    }
    let end_line = (start_line + max_lines - 1).min(total_lines);
    Retrieved {
        text: bytes[begin..end].to_vec(),
        start_line,
        end_line,
        total_lines,
        next_start_line: (end_line < total_lines).then_some(end_line + 1),
    }
}

/// Tells apart temp files of processes sharing a store dir. WASI has no process id
/// (`std::process::id` panics there, which the wasm fallback would surface as `unreachable`),
/// so the wasm build uses the clock at write time instead.
fn process_tag() -> u128 {
    #[cfg(not(target_os = "wasi"))]
    {
        u128::from(std::process::id())
    }
    #[cfg(target_os = "wasi")]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    }
}
