//! Tool-metadata search, used to defer rarely used tool schemas behind a search tool.
