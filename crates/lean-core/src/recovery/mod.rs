//! Recovery store: originals of compacted tool output, bounded in memory and durable on disk.
//!
//! Compaction drops lines and names them in markers; this store is where the model gets them
//! back. Ids are xxh3 content hashes, so `put` is idempotent and an id can never be a path.
//! Memory is an LRU bounded by entry count and total bytes. With a directory, every original is
//! also written as a content-addressed blob (the private `disk` module handles the directory)
//! and the oldest blobs are pruned when the directory exceeds its disk budget.
//!
//! Writes happen behind `put`, on one worker thread per store, because `put` runs on Node's
//! event loop and a synced write of a 10 MB original takes tens of milliseconds. An accepted
//! original stays retrievable from memory until its blob is durable, whatever the LRU evicts
//! meanwhile; originals waiting for the disk are bounded by the memory budget (a `put` beyond
//! it waits for the worker). Disk use is a running count kept from one scan at open, so no
//! write lists the directory.
//!
//! A caller that is about to show an id to someone who may come back for it after a crash uses
//! `put_durable` instead, off the event loop: it writes the blob itself and returns only once
//! the blob is synced and renamed into place, so no id it returns can outlive its original.

mod disk;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::error::ErrorCode;
use crate::hash::{is_xxh3_hex, xxh3_hex};

use disk::BlobDir;

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
fn io_error(what: &str, path: &Path, err: impl std::fmt::Display) -> RecoveryError {
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
    /// Originals in the memory LRU.
    pub entries: usize,
    /// Bytes of the originals in the memory LRU.
    pub bytes: usize,
    /// Blobs this store knows on disk (from its open-time scan and its own writes).
    pub disk_entries: usize,
    /// Their bytes plus temp files still in the directory.
    pub disk_bytes: u64,
    /// Originals accepted by `put` whose blob is not durable yet.
    pub pending_writes: usize,
    /// Bytes of those originals.
    pub pending_bytes: usize,
    /// Temp files of crashed writers deleted when the store opened.
    pub stale_temps_removed: u64,
    /// Blob writes that failed; their originals stayed in memory only.
    pub write_failures: u64,
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

/// A lock that survives a panic elsewhere: every critical section below leaves its data
/// consistent before anything that could panic, so a poisoned lock is simply reused.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Originals accepted by `put` on their way to disk.
#[derive(Default)]
struct WriteQueue {
    /// Every accepted original whose blob is not durable yet, including the one being written:
    /// reads are served from here, whatever the LRU has evicted.
    unwritten: HashMap<String, Arc<[u8]>>,
    bytes: usize,
    /// Ids waiting for the worker, oldest first.
    order: VecDeque<String>,
    /// The id the worker is writing now.
    writing: Option<String>,
    /// Writes in progress on callers' threads ([`RecoveryStore::put_durable`]); `flush` and
    /// `clear` wait for them as for the worker.
    direct_writes: usize,
    /// The open-time scan of the directory is done.
    scanned: bool,
    /// The store is being dropped: the worker drains the queue and stops.
    closed: bool,
    /// Holds taken by [`RecoveryStore::hold_writes`]; the worker starts no write while any.
    held: usize,
    /// First failure since the last `flush`.
    failure: Option<RecoveryError>,
    write_failures: u64,
}

impl WriteQueue {
    fn idle(&self) -> bool {
        self.scanned && self.order.is_empty() && self.writing.is_none() && self.direct_writes == 0
    }
}

/// Running account of the blobs on disk, oldest first, so pruning never lists the directory.
#[derive(Default)]
struct DiskIndex {
    /// id -> (length, age); a larger age is more recent.
    blobs: HashMap<String, (u64, u64)>,
    by_age: BTreeMap<u64, String>,
    bytes: u64,
    next_age: u64,
    /// Temp files the open-time scan left in place (live writers or undeletable leftovers).
    temp_bytes: u64,
    stale_temps_removed: u64,
}

impl DiskIndex {
    fn record(&mut self, id: &str, len: u64) {
        self.forget(id);
        self.next_age += 1;
        self.blobs.insert(id.to_string(), (len, self.next_age));
        self.by_age.insert(self.next_age, id.to_string());
        self.bytes += len;
    }

    fn forget(&mut self, id: &str) {
        if let Some((len, age)) = self.blobs.remove(id) {
            self.by_age.remove(&age);
            self.bytes -= len;
        }
    }

    fn oldest_except(&self, keep: Option<&str>) -> Option<String> {
        self.by_age
            .values()
            .find(|id| Some(id.as_str()) != keep)
            .cloned()
    }
}

/// State shared by a store and its writer thread.
struct Shared {
    config: StoreConfig,
    memory: Mutex<Lru>,
    blobs: Option<BlobDir>,
    queue: Mutex<WriteQueue>,
    /// Signalled whenever the queue gains work or the worker finishes some.
    queue_changed: Condvar,
    disk: Mutex<DiskIndex>,
}

impl Shared {
    /// Sleeps until the queue changes.
    fn wait<'a>(&self, queue: MutexGuard<'a, WriteQueue>) -> MutexGuard<'a, WriteQueue> {
        self.queue_changed
            .wait(queue)
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn remember(&self, id: &str, bytes: Arc<[u8]>) {
        if bytes.len() <= self.config.max_bytes {
            let (max_entries, max_bytes) = (self.config.max_entries, self.config.max_bytes);
            lock(&self.memory).insert(id.to_string(), bytes, max_entries, max_bytes);
        }
    }

    /// Largest original the store accepts: it must fit the memory or the disk budget.
    fn max_original_bytes(&self) -> u64 {
        let disk = if self.blobs.is_some() {
            self.config.disk_budget_bytes
        } else {
            0
        };
        disk.max(self.config.max_bytes as u64)
    }

    /// Worker: scan the directory once, then write queued originals until the store closes.
    fn run_writer(&self) {
        let Some(blobs) = &self.blobs else { return };
        let scanned =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.load_index(blobs)));
        {
            let mut queue = lock(&self.queue);
            queue.scanned = true;
            if scanned.is_err() {
                queue.failure.get_or_insert_with(|| {
                    io_error("cannot scan", blobs.path(), "internal failure")
                });
            }
            self.queue_changed.notify_all();
        }
        loop {
            let (id, bytes) = {
                let mut queue = lock(&self.queue);
                loop {
                    if let Some(id) = (queue.held == 0).then(|| queue.order.pop_front()).flatten() {
                        // An id cleared from `unwritten` after it was queued is skipped.
                        if let Some(bytes) = queue.unwritten.get(&id).cloned() {
                            queue.writing = Some(id.clone());
                            break (id, bytes);
                        }
                        continue;
                    }
                    if queue.closed {
                        return;
                    }
                    queue = self.wait(queue);
                }
            };
            let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.write_blob(blobs, &id, &bytes)
            }))
            .unwrap_or_else(|_| {
                Err(io_error(
                    "cannot write",
                    &blobs.blob_path(&id),
                    "internal failure",
                ))
            });
            if written.is_err() {
                // Not durable: memory is now the only copy, so it goes back into the LRU
                // before it leaves `unwritten`.
                self.remember(&id, bytes.clone());
            }
            let mut queue = lock(&self.queue);
            queue.writing = None;
            if queue.unwritten.remove(&id).is_some() {
                queue.bytes -= bytes.len();
            }
            if let Err(error) = written {
                queue.write_failures += 1;
                queue.failure.get_or_insert(error);
            }
            self.queue_changed.notify_all();
        }
    }

    fn load_index(&self, blobs: &BlobDir) {
        let mut report = blobs.scan();
        report
            .blobs
            .sort_by(|a, b| a.modified.cmp(&b.modified).then_with(|| a.id.cmp(&b.id)));
        let mut index = lock(&self.disk);
        for blob in &report.blobs {
            index.record(&blob.id, blob.len);
        }
        index.temp_bytes = report.temp_bytes_remaining;
        index.stale_temps_removed = report.stale_temps_removed;
        self.prune(blobs, &mut index, None);
    }

    fn write_blob(&self, blobs: &BlobDir, id: &str, bytes: &[u8]) -> Result<(), RecoveryError> {
        let len = bytes.len() as u64;
        // Content-addressed: a blob already there with the right bytes only needs its age
        // refreshed. Its bytes are checked, not just its size, because anything may have been
        // planted under that name and the id handed out must stay retrievable.
        let intact = blobs.blob_len(id) == Some(len)
            && blobs
                .read(id, len)
                .ok()
                .flatten()
                .is_some_and(|on_disk| xxh3_hex(&on_disk) == id);
        if intact {
            blobs.touch(id);
        } else {
            blobs
                .write(id, bytes)
                .map_err(|e| io_error("cannot write", &blobs.blob_path(id), e))?;
        }
        let mut index = lock(&self.disk);
        index.record(id, len);
        self.prune(blobs, &mut index, Some(id));
        Ok(())
    }

    /// Deletes the oldest blobs until the directory fits its budget; never `keep`.
    fn prune(&self, blobs: &BlobDir, index: &mut DiskIndex, keep: Option<&str>) {
        while index.bytes + index.temp_bytes > self.config.disk_budget_bytes {
            let Some(oldest) = index.oldest_except(keep) else {
                break;
            };
            // A blob another instance already deleted is gone either way.
            let _ = blobs.remove(&oldest);
            index.forget(&oldest);
        }
    }
}

/// Bounded store of originals, shared across threads.
pub struct RecoveryStore {
    shared: Arc<Shared>,
    /// The blob writer of a durable store.
    writer: Option<JoinHandle<()>>,
}

impl RecoveryStore {
    /// Creates a store; with a directory, creates it if needed and starts its writer, which
    /// first scans the directory (deleting temp files of crashed writers).
    pub fn open(config: StoreConfig) -> Result<RecoveryStore, RecoveryError> {
        if config.max_entries == 0 {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "max_entries must be at least 1; pass a positive number",
            ));
        }
        if config
            .dir
            .as_ref()
            .is_some_and(|d| d.as_os_str().is_empty())
        {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "dir is empty; pass a directory path, or none to keep originals in memory",
            ));
        }
        if let Some(dir) = &config.dir {
            std::fs::create_dir_all(dir).map_err(|e| io_error("cannot create", dir, e))?;
        }
        let shared = Arc::new(Shared {
            blobs: config.dir.clone().map(BlobDir::new),
            config,
            memory: Mutex::new(Lru::default()),
            queue: Mutex::new(WriteQueue {
                scanned: true,
                ..Default::default()
            }),
            queue_changed: Condvar::new(),
            disk: Mutex::new(DiskIndex::default()),
        });
        let writer = match &shared.config.dir {
            None => None,
            Some(dir) => {
                lock(&shared.queue).scanned = false;
                let worker = Arc::clone(&shared);
                let handle = std::thread::Builder::new()
                    .name("pi-lean-recovery-writer".to_string())
                    .spawn(move || worker.run_writer())
                    .map_err(|e| io_error("cannot start the writer for", dir, e))?;
                Some(handle)
            }
        };
        Ok(RecoveryStore { shared, writer })
    }

    fn memory(&self) -> MutexGuard<'_, Lru> {
        lock(&self.shared.memory)
    }

    /// Stores `bytes` and returns its id. Storing the same bytes again only refreshes them.
    /// With a directory the blob is written behind this call; the original is retrievable
    /// from the moment the id is returned.
    pub fn put(&self, bytes: &[u8]) -> Result<String, RecoveryError> {
        let id = xxh3_hex(bytes);
        let shared = &self.shared;
        if bytes.len() as u64 > shared.max_original_bytes() {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "original of {} bytes exceeds the recovery budget of {} bytes; raise maxBytes or diskBudgetBytes",
                    bytes.len(),
                    shared.max_original_bytes()
                ),
            ));
        }
        // A repeat reuses the copy already in memory.
        let known = self.memory().touch(&id);
        let original = match known {
            Some(known) => known,
            None => {
                let copy: Arc<[u8]> = Arc::from(bytes);
                shared.remember(&id, copy.clone());
                copy
            }
        };
        if shared.blobs.is_some() {
            self.queue_write(&id, original);
        }
        Ok(id)
    }

    /// Stores `bytes` like [`put`](Self::put), but with a directory returns only once the blob
    /// is durable: written to a temp file, synced, renamed into place and the directory synced
    /// (where the platform allows). The write runs on the calling thread, not the worker, so a
    /// caller that hands the id out only after this returns never names an original that a
    /// crash could lose. Without a directory it is `put`.
    ///
    /// A failed write is an error (the original stays in memory, but no id is promised): the
    /// caller should then not show anything that names it.
    pub fn put_durable(&self, bytes: &[u8]) -> Result<String, RecoveryError> {
        let shared = &self.shared;
        let Some(blobs) = &shared.blobs else {
            return self.put(bytes);
        };
        if bytes.len() as u64 > shared.max_original_bytes() {
            return self.put(bytes);
        }
        let id = xxh3_hex(bytes);
        let known = self.memory().touch(&id);
        if known.is_none() {
            shared.remember(&id, Arc::from(bytes));
        }
        {
            // The disk index must come from the open-time scan before this write is counted in
            // it; and `flush`/`clear` wait for this write from here on.
            let mut queue = lock(&shared.queue);
            while !queue.scanned {
                queue = shared.wait(queue);
            }
            queue.direct_writes += 1;
        }
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            shared.write_blob(blobs, &id, bytes)
        }))
        .unwrap_or_else(|_| {
            Err(io_error(
                "cannot write",
                &blobs.blob_path(&id),
                "internal failure",
            ))
        });
        let mut queue = lock(&shared.queue);
        queue.direct_writes -= 1;
        if written.is_err() {
            queue.write_failures += 1;
        }
        shared.queue_changed.notify_all();
        written.map(|()| id)
    }

    fn queue_write(&self, id: &str, original: Arc<[u8]>) {
        let shared = &self.shared;
        let mut queue = lock(&shared.queue);
        if queue.unwritten.contains_key(id) {
            return;
        }
        // Backpressure: originals waiting for the disk never exceed the memory budget (one
        // oversized original is always accepted).
        while !queue.unwritten.is_empty() && queue.bytes + original.len() > shared.config.max_bytes
        {
            queue = shared.wait(queue);
        }
        queue.bytes += original.len();
        queue.unwritten.insert(id.to_string(), original);
        queue.order.push_back(id.to_string());
        shared.queue_changed.notify_all();
    }

    /// Test hook: no blob write starts until the returned guard is dropped, so tests can
    /// observe originals that are accepted but not yet durable.
    #[doc(hidden)]
    pub fn hold_writes(&self) -> WriteHold<'_> {
        lock(&self.shared.queue).held += 1;
        WriteHold { store: self }
    }

    /// Waits until every original accepted so far is durable on disk. Reports (once) the first
    /// write that failed since the last flush; such originals stay retrievable from memory
    /// while the LRU keeps them.
    pub fn flush(&self) -> Result<(), RecoveryError> {
        let shared = &self.shared;
        let mut queue = lock(&shared.queue);
        while !queue.idle() {
            queue = shared.wait(queue);
        }
        match queue.failure.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// True when `id` can currently be retrieved (memory or disk).
    pub fn contains(&self, id: &str) -> bool {
        if !is_xxh3_hex(id) {
            return false;
        }
        if self.memory().entries.contains_key(id)
            || lock(&self.shared.queue).unwritten.contains_key(id)
        {
            return true;
        }
        self.shared
            .blobs
            .as_ref()
            .is_some_and(|blobs| blobs.blob_len(id).is_some())
    }

    fn load(&self, id: &str) -> Result<Arc<[u8]>, RecoveryError> {
        if !is_xxh3_hex(id) {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "recovery id must be 16 lowercase hex digits; pass the id= value of a marker",
            ));
        }
        if let Some(bytes) = self.memory().touch(id) {
            return Ok(bytes);
        }
        if let Some(bytes) = lock(&self.shared.queue).unwritten.get(id) {
            return Ok(bytes.clone());
        }
        let expired = || {
            RecoveryError::new(
                ErrorCode::RecoveryExpired,
                format!("original {id} is no longer stored; rerun the tool to see it again"),
            )
        };
        let Some(blobs) = &self.shared.blobs else {
            return Err(expired());
        };
        let bytes = match blobs.read(id, self.shared.max_original_bytes()) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Err(expired()),
            Err(e) => return Err(io_error("cannot read", &blobs.blob_path(id), e)),
        };
        // A blob whose content no longer matches its name is not the original we promised.
        if xxh3_hex(&bytes) != id {
            return Err(expired());
        }
        let bytes: Arc<[u8]> = Arc::from(bytes);
        self.shared.remember(id, bytes.clone());
        Ok(bytes)
    }

    /// Returns up to `max_lines` original lines starting at 1-based `start_line`.
    ///
    /// ```
    /// use lean_core::recovery::{RecoveryStore, StoreConfig};
    ///
    /// // In memory only; give `dir` to keep originals across processes.
    /// let store = RecoveryStore::open(StoreConfig::default()).unwrap();
    /// let id = store.put(b"alpha\r\nbeta\ngamma\n").unwrap();
    /// assert_eq!(store.put(b"alpha\r\nbeta\ngamma\n").unwrap(), id, "ids are content hashes");
    ///
    /// let page = store.retrieve(&id, 1, 2).unwrap();
    /// assert_eq!(page.text, b"alpha\r\nbeta\n", "exact bytes, line endings included");
    /// assert_eq!((page.start_line, page.end_line, page.total_lines), (1, 2, 3));
    /// assert_eq!(page.next_start_line, Some(3));
    /// ```
    pub fn retrieve(
        &self,
        id: &str,
        start_line: usize,
        max_lines: usize,
    ) -> Result<Retrieved, RecoveryError> {
        if start_line == 0 || max_lines == 0 {
            return Err(RecoveryError::new(
                ErrorCode::InvalidArgument,
                "start_line and max_lines must be at least 1; pass positive line numbers",
            ));
        }
        let bytes = self.load(id)?;
        Ok(slice_lines(&bytes, start_line, max_lines))
    }

    /// Forgets every original, in memory and on disk (queued writes are dropped).
    pub fn clear(&self) -> Result<(), RecoveryError> {
        let shared = &self.shared;
        {
            let mut queue = lock(&shared.queue);
            let queued: Vec<String> = queue.order.drain(..).collect();
            for id in queued {
                if let Some(bytes) = queue.unwritten.remove(&id) {
                    queue.bytes -= bytes.len();
                }
            }
            while !queue.idle() {
                queue = shared.wait(queue);
            }
        }
        *self.memory() = Lru::default();
        let Some(blobs) = &shared.blobs else {
            return Ok(());
        };
        let mut index = lock(&shared.disk);
        // Blobs of other instances on the same directory go too: clearing is explicit.
        let mut ids: Vec<String> = index.blobs.keys().cloned().collect();
        ids.extend(blobs.scan().blobs.into_iter().map(|b| b.id));
        for id in ids {
            blobs
                .remove(&id)
                .map_err(|e| io_error("cannot delete", &blobs.blob_path(&id), e))?;
            index.forget(&id);
        }
        Ok(())
    }

    /// Current sizes; disk figures are a running count (no directory listing).
    pub fn stats(&self) -> StoreStats {
        let (entries, bytes) = {
            let memory = self.memory();
            (memory.entries.len(), memory.bytes)
        };
        let (pending_writes, pending_bytes, write_failures) = {
            // Disk figures come from the writer's open-time scan; wait for it to finish.
            let mut queue = lock(&self.shared.queue);
            while !queue.scanned {
                queue = self.shared.wait(queue);
            }
            (queue.unwritten.len(), queue.bytes, queue.write_failures)
        };
        let index = lock(&self.shared.disk);
        StoreStats {
            entries,
            bytes,
            disk_entries: index.blobs.len(),
            disk_bytes: index.bytes + index.temp_bytes,
            pending_writes,
            pending_bytes,
            stale_temps_removed: index.stale_temps_removed,
            write_failures,
        }
    }
}

/// See [`RecoveryStore::hold_writes`].
#[doc(hidden)]
pub struct WriteHold<'a> {
    store: &'a RecoveryStore,
}

impl Drop for WriteHold<'_> {
    fn drop(&mut self) {
        lock(&self.store.shared.queue).held -= 1;
        self.store.shared.queue_changed.notify_all();
    }
}

impl Drop for RecoveryStore {
    /// Lets the writer finish every accepted original, so an id handed out is durable.
    fn drop(&mut self) {
        lock(&self.shared.queue).closed = true;
        self.shared.queue_changed.notify_all();
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

/// The crate's line count, kept where the line index lives (the store numbers lines the same).
pub use crate::compact::count_lines;

/// Lines a retrieval returns when the caller names no count.
pub const DEFAULT_RETRIEVE_LINES: usize = 240;

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
    // Saturating: a page size up to usize::MAX must not wrap the last line back.
    let end_line = start_line.saturating_add(max_lines - 1).min(total_lines);
    Retrieved {
        text: bytes[begin..end].to_vec(),
        start_line,
        end_line,
        total_lines,
        next_start_line: (end_line < total_lines).then_some(end_line + 1),
    }
}
