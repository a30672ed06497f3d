# miri (nightly) over the tests of the rescue crate's AVX2 backend
# (crates/rescue/src/arch), built with -C target-feature=+avx2,+bmi2 so that miri
# runs the intrinsics. About 6-7 min of one core on a fresh machine: miri
# sysroot (~1 min), dependencies (~1.5 min), the 4 arch tests with one
# random case plus every edge-value state each (~4 min). scripts/miri.sh
# installs the nightly toolchain's miri and rust-src components itself.
# NEON stays out of CI for time (another ~9 min: miri's aarch64 sysroot and
# the interpreted NEON tests); `scripts/miri.sh neon` runs it, clean.
bash scripts/miri.sh avx2
