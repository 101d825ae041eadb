//! Compaction of tool output: content detection, lossless steps, verbatim line selection, markers.
