//! Dialect detection from token statistics (placeholder until implemented).

use crate::dialect::Dialect;

/// Ranks the likely dialects of `text`, most likely first, with a score in 0..=1.
pub fn rank_dialects(_text: &str) -> Vec<(Dialect, f32)> {
    Vec::new()
}
