#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]

pub mod glue;
pub mod inputs;
pub mod peers;
pub mod work;

/// Labels of the benchmark functions (criterion's function ids): `ours` for
/// this workspace, one label per peer crate. `scripts/bench-table/render.py`
/// reads them back from `benchmark.json`.
pub mod label {
    /// This workspace's implementation.
    pub const OURS: &str = "ours";
    /// winter-crypto 0.13 `Rp64_256` (the same function as ours).
    pub const WINTER: &str = "winter-crypto 0.13";
    /// miden-crypto 0.28 `Rpo256`: the same shape as Rp64_256 (12 cells,
    /// 7 rounds, x^7 and x^(1/7)) with other constants and MDS matrix.
    pub const MIDEN_RPO: &str = "miden-crypto 0.28 Rpo256";
    /// miden-crypto 0.28: the same function as ours (rows `rpo256`,
    /// `rpx256`).
    pub const MIDEN: &str = "miden-crypto 0.28";
    /// light-poseidon 0.5, circom parameters.
    pub const LIGHT: &str = "light-poseidon 0.5";
    /// zkhash 0.2's optimized Poseidon with circom's constants (taken from
    /// light-poseidon).
    pub const ZKHASH_CIRCOM: &str = "zkhash 0.2 (circom constants)";
    /// zkhash 0.2 Poseidon2 (BN254 t = 3, HorizenLabs' new constants).
    pub const ZKHASH_P2: &str = "zkhash 0.2";
    /// taceo-poseidon2 0.3 (BN254 t = 2, 3, 4, new constants).
    pub const TACEO: &str = "taceo-poseidon2 0.3";
    /// Noir's bn254_blackbox_solver 1.0 (Barretenberg's Poseidon2, t = 4).
    pub const NOIR: &str = "bn254_blackbox_solver 1.0";
}
