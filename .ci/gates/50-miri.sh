# miri (nightly) over the tests of the rescue crate's AVX2 backend
# (crates/rescue/src/arch), built with -C target-feature=+avx2 so that miri
# runs the intrinsics. About 6-7 min of one core on a fresh machine: miri
# sysroot (~1 min), dependencies (~1.5 min), the 4 arch tests with one
# random case plus every edge-value state each (~4 min). scripts/miri.sh
# installs the nightly toolchain's miri and rust-src components itself.
# NEON stays out of CI: miri does not implement `vsliq_n_u64`, which the
# NEON backend uses (`scripts/miri.sh neon` stops there).
bash scripts/miri.sh avx2
