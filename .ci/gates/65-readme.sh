# Every code block of README.md runs (scripts/readme/check.py): the Python
# example with the package and numpy that 60-bindings installed into
# bindings/python/.venv, the JavaScript one with the package 60-bindings
# built (installed by the README's own `npm install ./bindings/js` into a
# scratch folder), the shell lines from the repository root with
# target/release on PATH (the README's `cargo run --release` builds the
# CLI there: with the default features, so the family crates are built
# once more than by the test step's --all-features build; at opt-level 1,
# as in 60-bindings, since this checks answers, not speed), the Cargo.toml
# snippet against the workspace's packages. The Rust example is a doctest
# of algebraic-hash-cli, run by the test step.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=1
python3 scripts/readme/check.py
lines=$(wc -l < README.md)
echo "README.md: $lines lines"
