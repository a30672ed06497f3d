//! Poseidon over BN254 with circomlib's parameters (t = 2..17).
