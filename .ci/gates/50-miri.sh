# miri (nightly) over the tests of the rescue crate's AVX2 backend
# (crates/rescue/src/arch), built with -C target-feature=+avx2,+bmi2 so that miri
# runs the intrinsics. About 3 min of one core on a fresh machine: miri
# sysroot (under a minute), dependencies (~10 s: the peers among the
# crate's dev-dependencies are `cfg(not(miri))`), the 6 arch tests on five
# states each: two holding every edge value across their lanes, two uniform
# ones and one random (arithmetic on every edge state is checked natively). scripts/miri.sh
# installs the nightly toolchain's miri and rust-src components itself.
# NEON stays out of CI for time (another ~9 min: miri's aarch64 sysroot and
# the interpreted NEON tests); `scripts/miri.sh neon` runs it, clean.
bash scripts/miri.sh avx2
