//! Recovery store: originals of compacted tool output, bounded in memory and durable on disk.
