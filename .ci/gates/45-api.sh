# Public-API snapshot: the library crates' public items, as the doc step
# (`cargo doc --workspace --no-deps`, run by .ci/run before the gates)
# rendered them, must equal api/*.txt. A change prints its diff: what it
# adds and what it breaks. Accept an intended change with
#   python3 scripts/api/snapshot.py --write
# and commit api/. Takes a second (the docs are already built).
python3 scripts/api/snapshot.py --check
