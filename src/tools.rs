//! `ToolIndex` for JS: search over tool metadata (Token Saver's tool-schema deferral). The
//! ranking is `lean_core::tools`, which shares its analysis and BM25F with skill search.

use lean_core::host::{self, read};
use lean_core::options::tool_hits;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::{string, Val};
use crate::convert::Js;
use crate::errors::{coded, guarded};

/// Search over tool metadata, so deferred tools can be found and activated by a query.
#[napi]
pub struct ToolIndex {
    inner: lean_core::tools::ToolIndex,
}

#[napi]
impl ToolIndex {
    #[napi(constructor, catch_unwind)]
    pub fn new(#[napi(ts_arg_type = "Array<ToolInput>")] tools: Val) -> Result<Self, ErrorCode> {
        let tools = read::tool_entries(Some(&tools), "tools").map_err(coded)?;
        guarded("ToolIndex.new", || {
            let tools = tools.into_iter().map(|tool| tool.into());
            let inner = lean_core::tools::ToolIndex::build(tools.collect());
            Ok(ToolIndex { inner })
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn size(&self) -> Result<u32, ErrorCode> {
        guarded("ToolIndex.size", || Ok(host::count(self.inner.len())))
    }

    /// Best matches first, at most `limit` (default 3, clamped to 1..=8), scores above zero.
    #[napi(catch_unwind, ts_return_type = "Array<ToolSearchHit>")]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Val,
        #[napi(ts_arg_type = "number | undefined | null")] limit: Option<Val>,
    ) -> Result<Js, ErrorCode> {
        let query = string(query, "query")?;
        let limit = read::optional_number(limit.as_ref(), "limit").map_err(coded)?;
        let limit = tool_hits(limit).map_err(coded)?;
        guarded("ToolIndex.search", || {
            let hits = self.inner.search(&query, limit);
            Ok(host::tool_hits(self.inner.tools(), hits).into())
        })
    }
}
