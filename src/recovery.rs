//! `RecoveryStore` for JS: originals of compacted output by content hash, with paged
//! retrieval. Options and line numbers are checked by `lean_core::options`; storage, eviction,
//! write-behind and paging live in `lean_core::recovery`.

use std::sync::Arc;

use lean_core::host::{self, read};
use lean_core::options::line_page;
use lean_core::recovery::{RecoveryStore as CoreStore, Retrieved};
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{read_input, string, Val};
use crate::convert::Js;
use crate::errors::{coded, guarded, OffThread};

/// Originals of compacted output, addressed by content hash, bounded in memory (LRU) and
/// optionally persisted on disk so ids survive a restart, `/resume` and `/fork`.
#[napi]
pub struct RecoveryStore {
    inner: Arc<CoreStore>,
}

/// The `id`, `startLine` and `maxLines` of the retrieve methods, the lines checked by the core.
fn page_args(
    id: Val,
    start_line: Option<Val>,
    max_lines: Option<Val>,
) -> Result<(String, usize, usize), ErrorCode> {
    let id = string(id, "id")?;
    let start_line = read::optional_number(start_line.as_ref(), "startLine").map_err(coded)?;
    let max_lines = read::optional_number(max_lines.as_ref(), "maxLines").map_err(coded)?;
    let (start, max) = line_page(start_line, max_lines).map_err(coded)?;
    Ok((id, start, max))
}

#[napi]
impl RecoveryStore {
    /// Opens (and creates, for a durable `dir`) a store. A factory rather than a constructor
    /// so that failures carry a stable code.
    #[napi(factory, catch_unwind)]
    pub fn open(
        #[napi(ts_arg_type = "RecoveryStoreOptions | undefined | null")] options: Option<Val>,
    ) -> Result<Self, ErrorCode> {
        let options = read::store_options(options.as_ref()).map_err(coded)?;
        guarded("RecoveryStore.open", || {
            let config = options.config().map_err(coded)?;
            Ok(RecoveryStore {
                inner: Arc::new(CoreStore::open(config).map_err(coded)?),
            })
        })
    }

    /// Stores an original and returns its id (the xxh3 content hash). Idempotent. With a `dir`
    /// the blob is written behind the call; the original is retrievable from the moment the
    /// id is returned.
    #[napi(catch_unwind)]
    pub fn put(
        &self,
        #[napi(ts_arg_type = "Buffer | string")] input: Val,
    ) -> Result<String, ErrorCode> {
        let input = read_input(input)?;
        guarded("RecoveryStore.put", || {
            self.inner.put(input.bytes()).map_err(coded)
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
        #[napi(ts_arg_type = "Buffer | string")] input: Val,
    ) -> Result<AsyncTask<OffThread<String, String>>, ErrorCode> {
        let input = read_input(input)?;
        // A copy, so no JS memory is read off the JS thread.
        let bytes = input.bytes().to_vec();
        let store = Arc::clone(&self.inner);
        guarded("RecoveryStore.putDurable", || {
            Ok(OffThread::task(
                "RecoveryStore.putDurable:worker",
                None,
                move || store.put_durable(&bytes).map_err(coded),
                |_, id, _| Ok(id),
            ))
        })
    }

    #[napi(catch_unwind)]
    pub fn contains(&self, #[napi(ts_arg_type = "string")] id: Val) -> Result<bool, ErrorCode> {
        let id = string(id, "id")?;
        guarded("RecoveryStore.contains", || Ok(self.inner.contains(&id)))
    }

    /// Exact original lines `startLine..startLine+maxLines` (1-based), as text. Bytes that are
    /// not UTF-8 show as U+FFFD here; `retrieveBytes` returns them exactly.
    #[napi(catch_unwind, ts_return_type = "RetrievedLines")]
    pub fn retrieve(
        &self,
        #[napi(ts_arg_type = "string")] id: Val,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Val>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Val>,
    ) -> Result<Js, ErrorCode> {
        let (id, start, max) = page_args(id, start_line, max_lines)?;
        guarded("RecoveryStore.retrieve", || {
            let got = self.inner.retrieve(&id, start, max).map_err(coded)?;
            Ok(host::retrieved_lines(got).into())
        })
    }

    /// `retrieve` off the event loop: an original evicted from memory is read (up to the disk
    /// budget) and verified on the libuv pool. Arguments are checked before queuing.
    #[napi(catch_unwind, ts_return_type = "Promise<RetrievedLines>")]
    pub fn retrieve_async(
        &self,
        #[napi(ts_arg_type = "string")] id: Val,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Val>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Val>,
    ) -> Result<AsyncTask<OffThread<Retrieved, Js>>, ErrorCode> {
        let (id, start, max) = page_args(id, start_line, max_lines)?;
        let store = Arc::clone(&self.inner);
        guarded("RecoveryStore.retrieveAsync", || {
            Ok(OffThread::task(
                "RecoveryStore.retrieveAsync:worker",
                None,
                move || store.retrieve(&id, start, max).map_err(coded),
                |_, got, _| Ok(host::retrieved_lines(got).into()),
            ))
        })
    }

    /// The same lines as `retrieve`, byte for byte.
    #[napi(catch_unwind)]
    pub fn retrieve_bytes(
        &self,
        #[napi(ts_arg_type = "string")] id: Val,
        #[napi(ts_arg_type = "number | undefined | null")] start_line: Option<Val>,
        #[napi(ts_arg_type = "number | undefined | null")] max_lines: Option<Val>,
    ) -> Result<Buffer, ErrorCode> {
        let (id, start, max) = page_args(id, start_line, max_lines)?;
        guarded("RecoveryStore.retrieveBytes", || {
            let got = self.inner.retrieve(&id, start, max).map_err(coded)?;
            Ok(got.text.into())
        })
    }

    /// Blocks until every original put so far is durable on disk (`put` writes behind, on a
    /// worker thread). Throws `RECOVERY_IO` once for a write that failed since the last flush;
    /// its original stays retrievable from memory while the LRU keeps it.
    #[napi(catch_unwind)]
    pub fn flush(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.flush", || self.inner.flush().map_err(coded))
    }

    /// Empties memory and the durable directory.
    #[napi(catch_unwind)]
    pub fn clear(&self) -> Result<(), ErrorCode> {
        guarded("RecoveryStore.clear", || self.inner.clear().map_err(coded))
    }

    #[napi(catch_unwind, ts_return_type = "RecoveryStats")]
    pub fn stats(&self) -> Result<Js, ErrorCode> {
        guarded("RecoveryStore.stats", || {
            Ok(host::recovery_stats(self.inner.stats()).into())
        })
    }
}
