//! Repaired readings of damaged tokens (placeholder until implemented).
