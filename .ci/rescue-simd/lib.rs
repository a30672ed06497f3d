//! Empty: this package only carries tests (see Cargo.toml).
