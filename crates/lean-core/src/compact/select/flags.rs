//! Per-line selection state packed in one byte: signal, rank and the duplicate, keep and
//! query-hit bits.

use super::super::signals::{Signal, SignalSlot};

/// Why a line is worth keeping, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Rank {
    Must = 0,
    Context = 1,
    High = 2,
    Rare = 3,
    Body = 4,
    Filler = 5,
}

/// Per-line selection state packed in one byte: signal (2 bits), rank (3 bits), and the
/// duplicate, keep and query-hit flags. With the u32 line start and the u32 template id this
/// keeps the bookkeeping at 9 bytes per line, so inputs of millions of tiny lines stay within a
/// small multiple of their size.
#[derive(Clone, Copy)]
pub(super) struct LineFlags(u8);

pub(super) const SIGNAL_MASK: u8 = 0b11;
pub(super) const RANK_SHIFT: u8 = 2;
pub(super) const RANK_MASK: u8 = 0b111 << RANK_SHIFT;
pub(super) const DUPLICATE: u8 = 1 << 5;
pub(super) const KEEP: u8 = 1 << 6;
pub(super) const QUERY_HIT: u8 = 1 << 7;

impl LineFlags {
    pub(super) const INITIAL: LineFlags = LineFlags((Rank::Filler as u8) << RANK_SHIFT);

    #[inline]
    pub(super) fn signal(self) -> Signal {
        match self.0 & SIGNAL_MASK {
            0 => Signal::None,
            1 => Signal::Warning,
            2 => Signal::Summary,
            _ => Signal::Error,
        }
    }
    #[inline]
    pub(super) fn set_signal(&mut self, signal: Signal) {
        self.0 = (self.0 & !SIGNAL_MASK) | signal as u8;
    }
    #[inline]
    pub(super) fn rank(self) -> Rank {
        // A match, not an index into a table of ranks: no bounds check on every read.
        match (self.0 & RANK_MASK) >> RANK_SHIFT {
            0 => Rank::Must,
            1 => Rank::Context,
            2 => Rank::High,
            3 => Rank::Rare,
            4 => Rank::Body,
            _ => Rank::Filler,
        }
    }
    #[inline]
    pub(super) fn set_rank(&mut self, rank: Rank) {
        self.0 = (self.0 & !RANK_MASK) | ((rank as u8) << RANK_SHIFT);
    }
    #[inline]
    pub(super) fn lower_rank(&mut self, rank: Rank) {
        let lower = self.rank().min(rank);
        self.set_rank(lower);
    }
    #[inline]
    pub(super) fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
    #[inline]
    pub(super) fn set(&mut self, bit: u8) {
        self.0 |= bit;
    }
    #[inline]
    pub(super) fn clear(&mut self, bit: u8) {
        self.0 &= !bit;
    }
}

impl SignalSlot for LineFlags {
    #[inline]
    fn signal(&self) -> Signal {
        LineFlags::signal(*self)
    }
    #[inline]
    fn set_signal(&mut self, signal: Signal) {
        LineFlags::set_signal(self, signal)
    }
}

/// Bytes of selection state per line besides the line index: the packed flags and the u32
/// template id. Checked by the unit tests so a new per-line field is a conscious choice.
pub(crate) const SELECT_BYTES_PER_LINE: usize =
    std::mem::size_of::<LineFlags>() + std::mem::size_of::<u32>();
