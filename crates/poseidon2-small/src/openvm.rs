//! OpenVM (placeholder).
