# Every code block of README.md runs (scripts/readme/check.py): the Python
# example with the package and numpy that 60-bindings installed into
# bindings/python/.venv, the JavaScript one with the package 60-bindings
# built (installed by the README's own `npm install ./bindings/js` into a
# scratch folder), the shell lines from the repository root with
# target/release on PATH (the README's `cargo run --release` builds the
# CLI there: with the default features, so the family crates are built
# once more than by the test step's --all-features build; at opt-level 0
# with debug assertions, since this checks answers, not speed: a cold
# build took 82 s here against about 475 s at opt-level 1, and the README's
# commands run in half a second either way (2026-11-29, Intel Xeon, 2
# vCPUs); with debug assertions as in a user's debug build, whose lane
# backends are off (their stack frames at opt-level 0 are megabytes), the
# Cargo.toml snippet against the workspace's packages. The build cannot
# share 60-bindings' artifacts: pyo3's proc macros turn on other features
# of syn, so every crate built on a proc macro differs. The Rust example is a doctest
# of algebraic-hash-cli, run by the test step.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=0
export CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true
python3 scripts/readme/check.py
lines=$(wc -l < README.md)
echo "README.md: $lines lines"
