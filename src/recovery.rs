//! `RecoveryStore` for JS: originals of compacted output by content hash, with paged
//! retrieval. Arguments are checked here; storage, eviction, write-behind and paging live in
//! `lean_core::recovery`.

use std::path::PathBuf;
use std::sync::Arc;

use lean_core::recovery::{
    RecoveryStore as CoreStore, Retrieved, StoreConfig, DEFAULT_RETRIEVE_LINES,
};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::boundary::{
    from_core, guarded, integer, invalid, Arg, OffThread, Work, MAX_SAFE_INTEGER,
};
use crate::compact::input_bytes;
use crate::types::{js_count, RecoveryStats, RecoveryStoreOptions, RetrievedLines};

/// Line arguments from JS: 1-based whole numbers, so 0, negatives and fractions are caller
/// errors rather than something to clamp or wrap.
fn line_argument(value: Option<f64>, default: usize, what: &str) -> Result<usize, ErrorCode> {
    Ok(integer(what, value, 1, u32::MAX.into())?.map_or(default, |n| n as usize))
}

/// Originals of compacted output, addressed by content hash, bounded in memory (LRU) and
/// optionally persisted on disk so ids survive a restart, `/resume` and `/fork`.
#[napi]
pub struct RecoveryStore {
    inner: Arc<CoreStore>,
}

/// `retrieveAsync`: reads a blob from disk on the libuv pool instead of the event loop.
pub struct RetrieveWork {
    store: Arc<CoreStore>,
    id: String,
    start_line: usize,
    max_lines: usize,
}

impl Work for RetrieveWork {
    type Output = Retrieved;
    type JsValue = RetrievedLines;
    const ENTRY: &'static str = "RecoveryStore.retrieveAsync:worker";

    fn run(&mut self) -> Result<Retrieved, ErrorCode> {
        self.store
            .retrieve(&self.id, self.start_line, self.max_lines)
            .map_err(from_core)
    }

    fn finish(got: Retrieved) -> Result<RetrievedLines, ErrorCode> {
        Ok(retrieved_lines(got))
    }
}

fn retrieved_lines(got: Retrieved) -> RetrievedLines {
    RetrievedLines {
        text: String::from_utf8_lossy(&got.text).into_owned(),
        start_line: js_count(got.start_line),
        end_line: js_count(got.end_line),
        total_lines: js_count(got.total_lines),
        next_start_line: got.next_start_line.map(js_count),
    }
}

/// `putDurable`: stores an original and writes its blob through to disk on the libuv pool.
/// Owns a copy of the input, so no JS memory is read off the JS thread.
pub struct PutDurableWork {
    store: Arc<CoreStore>,
    input: Vec<u8>,
}

impl Work for PutDurableWork {
    type Output = String;
    type JsValue = String;
    const ENTRY: &'static str = "RecoveryStore.putDurable:worker";

    fn run(&mut self) -> Result<String, ErrorCode> {
        let input = std::mem::take(&mut self.input);
        self.store.put_durable(&input).map_err(from_core)
    }

    fn finish(id: String) -> Result<String, ErrorCode> {
        Ok(id)
    }
}

impl RecoveryStore {
    fn retrieve_core(
        &self,
        id: &str,
        start_line: Option<f64>,
        max_lines: Option<f64>,
    ) -> Result<Retrieved, ErrorCode> {
        let start = line_argument(start_line, 1, "startLine")?;
        let max = line_argument(max_lines, DEFAULT_RETRIEVE_LINES, "maxLines")?;
        self.inner.retrieve(id, start, max).map_err(from_core)
    }
}

/// Checks the store options: counts are whole numbers of at least 1, and a `dir` must name a
/// directory (an empty one would put blobs in the process's working directory).
fn store_config(options: Option<RecoveryStoreOptions>) -> Result<StoreConfig, ErrorCode> {
    let defaults = StoreConfig::default();
    let Some(o) = options else {
        return Ok(defaults);
    };
    if o.dir.as_deref().is_some_and(|dir| dir.trim().is_empty()) {
        return Err(invalid(
            "options.dir",
            "is empty",
            "pass a directory path, or leave dir out to keep originals in memory",
        ));
    }
    Ok(StoreConfig {
        max_entries: integer("options.maxEntries", o.max_entries, 1, u32::MAX.into())?
            .map_or(defaults.max_entries, |n| n as usize),
        max_bytes: integer("options.maxBytes", o.max_bytes, 1, MAX_SAFE_INTEGER)?
            .map_or(defaults.max_bytes, |n| n as usize),
        dir: o.dir.map(PathBuf::from),
        disk_budget_bytes: integer(
            "options.diskBudgetBytes",
            o.disk_budget_bytes,
            1,
            MAX_SAFE_INTEGER,
        )?
        .unwrap_or(defaults.disk_budget_bytes),
    })
}

#[napi]
impl RecoveryStore {
    /// Opens (and creates, for a durable `dir`) a store. A factory rather than a constructor
    /// so that failures carry a stable code.
    #[napi(factory, catch_unwind)]
    pub fn open(
        #[napi(ts_arg_type = "RecoveryStoreOptions | undefined | null")] options: Option<
            Arg<RecoveryStoreOptions>,
        >,
    ) -> Result<Self, ErrorCode> {
        let options = Arg::optional_object(options, "options", "an options object")?;
        guarded("RecoveryStore.open", || {
            let config = store_config(options)?;
            Ok(RecoveryStore {
                inner: Arc::new(CoreStore::open(config).map_err(from_core)?),
            })
        })
    }

    /// Stores an original and returns its id (the xxh3 content hash). Idempotent. With a `dir`
    /// the blob is written behind the call; the original is retrievable from the moment the
    /// id is returned.
    #[napi(catch_unwind)]
    pub fn put(
        &self,
        #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    ) -> Result<String, ErrorCode> {
        let input = input.get("input", "a Buffer or a string")?;
        guarded("RecoveryStore.put", || {
            self.inner.put(input_bytes(&input)).map_err(from_core)
        })
    }

    /// `put` that resolves only once the original is durable: its blob written, synced, renamed
    /// into place and the directory synced where the platform allows, on the libuv pool. An id
    /// from here survives a crash of the process the moment the promise resolves. Rejects with
    /// `RECOVERY_IO` when the write fails (the id must then not be handed out). Without a `dir`
    /// it resolves as `put` does.
    #[napi(catch_unwind, ts_return_type = "Promise<string>")]
    pub fn put_durable(
        &self,
        #[napi(ts_arg_type = "Buffer | string")] input: Arg<Either<Buffer, String>>,
    ) -> Result<AsyncTask<OffThread<PutDurableWork>>, ErrorCode> {
        let input = input.get("input", "a Buffer or a string")?;
        guarded("RecoveryStore.putDurable", || {
            Ok(OffThread::task(PutDurableWork {
                store: Arc::clone(&self.inner),
                input: input_bytes(&input).to_vec(),
            }))
        })
    }

    #[napi(catch_unwind)]
    pub fn contains(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
    ) -> Result<bool, ErrorCode> {
        let id = id.get("id", "a string")?;
        guarded("RecoveryStore.contains", || Ok(self.inner.contains(&id)))
    }

    /// Exact original lines `startLine..startLine+maxLines` (1-based), as text. Bytes that are
    /// not UTF-8 show as U+FFFD here; `retrieveBytes` returns them exactly.
    #[napi(catch_unwind)]
    pub fn retrieve(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<RetrievedLines, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieve", || {
            Ok(retrieved_lines(
                self.retrieve_core(&id, start_line, max_lines)?,
            ))
        })
    }

    /// `retrieve` off the event loop: an original evicted from memory is read (up to the disk
    /// budget) and verified on the libuv pool. Arguments are checked before queuing.
    #[napi(catch_unwind, ts_return_type = "Promise<RetrievedLines>")]
    pub fn retrieve_async(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<AsyncTask<OffThread<RetrieveWork>>, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieveAsync", || {
            Ok(OffThread::task(RetrieveWork {
                store: Arc::clone(&self.inner),
                id,
                start_line: line_argument(start_line, 1, "startLine")?,
                max_lines: line_argument(max_lines, DEFAULT_RETRIEVE_LINES, "maxLines")?,
            }))
        })
    }

    /// The same lines as `retrieve`, byte for byte.
    #[napi(catch_unwind)]
    pub fn retrieve_bytes(
        &self,
        #[napi(ts_arg_type = "string")] id: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Arg<f64>>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Arg<f64>>,
    ) -> Result<Buffer, ErrorCode> {
        let id = id.get("id", "a string")?;
        let start_line = Arg::optional(start_line, "startLine", "a line number")?;
        let max_lines = Arg::optional(max_lines, "maxLines", "a line count")?;
        guarded("RecoveryStore.retrieveBytes", || {
            Ok(self.retrieve_core(&id, start_line, max_lines)?.text.into())
        })
    }

    /// Blocks until every original put so far is durable on disk (`put` writes behind, on a
    /// worker thread). Throws `RECOVERY_IO` once for a write that failed since the last flush;
    /// its original stays retrievable from memory while the LRU keeps it.
    #[napi(catch_unwind)]
    pub fn flush(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.flush", || {
            self.inner.flush().map_err(from_core)
        })
    }

    /// Empties memory and the durable directory.
    #[napi(catch_unwind)]
    pub fn clear(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.clear", || {
            self.inner.clear().map_err(from_core)
        })
    }

    #[napi(catch_unwind)]
    pub fn stats(&self) -> Result<RecoveryStats, ErrorCode> {
        guarded("RecoveryStore.stats", || {
            Ok({
                let s = self.inner.stats();
                RecoveryStats {
                    entries: js_count(s.entries),
                    bytes: s.bytes as f64,
                    disk_entries: js_count(s.disk_entries),
                    disk_bytes: s.disk_bytes as f64,
                    pending_writes: js_count(s.pending_writes),
                    stale_temps_removed: s.stale_temps_removed as f64,
                    write_failures: s.write_failures as f64,
                }
            })
        })
    }
}
