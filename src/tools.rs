//! `ToolIndex` for JS: search over tool metadata (Token Saver's tool-schema deferral). The
//! ranking is `lean_core::tools`, which shares its analysis and BM25F with skill search.

use lean_core::options::{tool_hits, ToolEntry};
use lean_core::tools::ToolHit;
use lean_core::ErrorCode;
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::args::Arg;
use crate::convert::{js_count, Js};
use crate::errors::{guarded, rejected};
use crate::{into_core, obj};

/// One tool's metadata, from Pi's `getAllTools()`.
#[napi(object)]
pub struct ToolInput {
    pub name: String,
    pub description: Option<String>,
    /// Parameter names and descriptions flattened to text (the schema itself is not needed).
    pub parameters: Option<String>,
}

into_core! {
    ToolInput => ToolEntry { name, description, parameters }
}

/// Search over tool metadata, so deferred tools can be found and activated by a query.
#[napi]
pub struct ToolIndex {
    inner: lean_core::tools::ToolIndex,
}

#[napi]
impl ToolIndex {
    #[napi(constructor, catch_unwind)]
    pub fn new(
        #[napi(ts_arg_type = "Array<ToolInput>")] tools: Arg<Vec<ToolInput>>,
    ) -> Result<Self, ErrorCode> {
        let tools = tools.get(
            "tools",
            "an array of { name, description?, parameters? } tools",
        )?;
        guarded("ToolIndex.new", || {
            let tools = tools.into_iter().map(|tool| ToolEntry::from(tool).into());
            let inner = lean_core::tools::ToolIndex::build(tools.collect());
            Ok(ToolIndex { inner })
        })
    }

    #[napi(getter, catch_unwind)]
    pub fn size(&self) -> Result<u32, ErrorCode> {
        guarded("ToolIndex.size", || Ok(js_count(self.inner.len())))
    }

    /// Best matches first, at most `limit` (default 3, clamped to 1..=8), scores above zero.
    #[napi(catch_unwind, ts_return_type = "Array<ToolSearchHit>")]
    pub fn search(
        &self,
        #[napi(ts_arg_type = "string")] query: Arg<String>,
        #[napi(ts_arg_type = "number | undefined | null")] limit: Option<Arg<f64>>,
    ) -> Result<Js, ErrorCode> {
        let query = query.get("query", "a string")?;
        let limit = Arg::optional(limit, "limit", "a result count")?;
        let limit = tool_hits(limit).map_err(rejected)?;
        guarded("ToolIndex.search", || {
            let hits = self.inner.search(&query, limit).into_iter();
            let tools = self.inner.tools();
            let hit =
                |hit: ToolHit| obj! { c"name" => &tools[hit.index].name, c"score" => hit.score };
            Ok(Js::List(hits.map(hit).collect()))
        })
    }
}
