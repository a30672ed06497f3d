//! Poseidon2 over BN254 (t = 2, 3, 4), both HorizenLabs parameter sets.
