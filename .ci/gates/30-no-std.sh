# no_std: every library crate compiles on its own without default features
# (no `std`) for an embedded, a RISC-V and a wasm target. Anemoi also
# compiles with each per-field feature alone on the embedded target (a
# feature's gating does not depend on the target), and with every feature
# but `std` at once on the other two. Per crate, never workspace-wide:
# feature unification would turn `std` back on.
# `cargo check`, not `cargo build`: a use of `std` or of a missing feature is
# a compile error that check reports; code generation and linking without
# std are covered by 35-no-std-link.sh (a bare-metal thumbv7em binary with
# Rescue, both Poseidon families and Anemoi) and by the wasm32 build of
# bindings/js. About 200 s less than building everything on 2 cores.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/no-std"
targets=(thumbv7em-none-eabi riscv32imac-unknown-none-elf wasm32-unknown-unknown)

anemoi_fields() {
    cargo metadata --format-version 1 --no-deps | python3 -c '
import json, sys
meta = json.load(sys.stdin)
for p in meta["packages"]:
    if p["name"] == "algebraic-hash-anemoi":
        feats = p["features"]
        for f in sorted(feats):
            # aliases (a feature that only turns on another) build nothing new
            alias = len(feats[f]) == 1 and feats[f][0] in feats
            if f not in ("default", "std", "alloc", "parallel") and not alias:
                print(f)'
}

for target in "${targets[@]}"; do
    for pkg in algebraic-hash algebraic-hash-montgomery algebraic-hash-rescue algebraic-hash-anemoi algebraic-hash-field31 algebraic-hash-poseidon2-small algebraic-hash-poseidon-goldilocks algebraic-hash-tip5; do
        echo "+ $pkg --no-default-features --target $target"
        cargo check -q -p "$pkg" --no-default-features --target "$target"
    done
    # without default features the poseidon crate has no family: take all
    echo "+ algebraic-hash-poseidon --no-default-features --features circom,poseidon2,starknet,orchard,mina,dusk,filecoin,aleo --target $target"
    cargo check -q -p algebraic-hash-poseidon --no-default-features --features circom,poseidon2,starknet,orchard,mina,dusk,filecoin,aleo --target "$target"
    echo "+ algebraic-hash --no-default-features --features alloc --target $target"
    cargo check -q -p algebraic-hash --no-default-features --features alloc --target "$target"
    for pkg in algebraic-hash-poseidon-goldilocks algebraic-hash-tip5; do
        echo "+ $pkg --no-default-features --features alloc --target $target"
        cargo check -q -p "$pkg" --no-default-features --features alloc --target "$target"
    done
    if [ "$target" = "${targets[0]}" ]; then
        for field in $(anemoi_fields); do
            echo "+ algebraic-hash-anemoi --no-default-features --features $field --target $target"
            cargo check -q -p algebraic-hash-anemoi --no-default-features --features "$field" --target "$target"
        done
    else
        all=$(anemoi_fields | paste -sd, -)
        echo "+ algebraic-hash-anemoi --no-default-features --features $all --target $target"
        cargo check -q -p algebraic-hash-anemoi --no-default-features --features "$all" --target "$target"
    fi
done
