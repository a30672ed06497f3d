//! SP1 (placeholder).
