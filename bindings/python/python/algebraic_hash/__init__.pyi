"""Type stubs of algebraic_hash (the functions live in algebraic_hash._native)."""

import builtins
from typing import Any, Iterable, Sequence, TypedDict

def list() -> builtins.list[str]:
    """Every instance name, in the order of ``algebraic-hash list``."""

def describe(name: str) -> str:
    """The one-line description of instance ``name`` (``ValueError`` if unknown)."""

def operations(name: str) -> builtins.list[str]:
    """The operations of instance ``name``: some of ``"permute"``, ``"hash"``, ``"compress"``."""

def permute(name: str, xs: Iterable[int]) -> builtins.list[int]:
    """The permutation of the full state ``xs`` (exactly the instance's width).

    Raises ``ValueError`` for a wrong count, a negative value or one not below
    the modulus, ``TypeError`` for a non-int element.
    """

def hash(name: str, xs: Iterable[int]) -> builtins.list[int]:
    """The instance's own hash of ``xs`` (its sponge and padding); the digest as a list.

    ``poseidon`` is circomlibjs's ``poseidon(inputs)`` (1 to 16 inputs);
    ``poseidon-tN`` takes 1 to N-1 inputs (circomlib's width-N Poseidon of them);
    Poseidon2 and Anemoi take any count; ``rp64-256`` returns 4 elements.
    """

def compress(name: str, xs: Iterable[int]) -> builtins.list[int]:
    """The instance's compression: ``merge`` (rp64-256, 8 -> 4), t-1 -> 1
    (Poseidon, Poseidon2), Jive with b = 2 (Anemoi, cells -> cells/2)."""

def permute_many(name: str, inputs: Iterable[Sequence[int]]) -> builtins.list[builtins.list[int]]:
    """``permute`` of each state; the batch runs with the GIL released.

    A bad input raises ``ValueError`` naming it (``input 3: ...``); nothing is returned then.
    """

def hash_many(name: str, inputs: Iterable[Sequence[int]]) -> builtins.list[builtins.list[int]]:
    """``hash`` of each input; the batch runs with the GIL released."""

def compress_many(name: str, inputs: Iterable[Sequence[int]]) -> builtins.list[builtins.list[int]]:
    """``compress`` of each input; the batch runs with the GIL released."""

def merkle_root(name: str, leaves: Iterable[Sequence[int]]) -> builtins.list[int]:
    """The root of the binary Merkle tree over ``leaves`` (each one digest)
    with the instance's 2-to-1 compression: an odd node is carried up, a
    single leaf is its own root (the CLI's ``merkle``). For a power-of-two
    number of leaves it is the complete tree (for ``tip5``, twenty-first's
    ``MerkleTree``; for ``poseidon-plonky2`` over ``hash_or_noop`` digests,
    plonky2's tree of cap height 0). Runs with the GIL released."""

class MerkleProof(TypedDict):
    """A leaf's authentication path: the fields of a LeanIMT proof."""

    root: builtins.list[int]
    leaf: builtins.list[int]
    index: int
    siblings: builtins.list[builtins.list[int]]

def merkle_proof(name: str, leaves: Iterable[Sequence[int]], index: int) -> MerkleProof:
    """The authentication path of leaf ``index`` (0-based) in the tree of
    ``merkle_root(name, leaves)``: ``root``, ``leaf``, ``siblings`` (digests,
    bottom first; none at a level where the node is carried up) and
    ``index``, whose bit ``k`` is set where the ``k``-th sibling is on the
    left. These are the fields of a LeanIMT proof: for ``poseidon-t3``, with
    each one-element digest taken as its int, Semaphore v4's
    ``Group.generateMerkleProof(index)``. ``ValueError`` for an index past
    the end or a negative one, ``TypeError`` for a non-int index. Runs with
    the GIL released."""

class MerkleProofInput(TypedDict):
    """A proof to check: ``merkle_proof``'s, or Semaphore's with each
    one-element digest as a bare int."""

    root: int | Sequence[int]
    leaf: int | Sequence[int]
    index: int
    siblings: Iterable[int | Sequence[int]]

def verify_merkle_proof(name: str, proof: MerkleProof | MerkleProofInput) -> bool:
    """Whether ``proof``'s siblings, each on the side bit ``k`` of its
    ``index`` gives (set: on the left), lead from its leaf to its root with
    the instance's compression, as LeanIMT's ``verifyProof`` checks it (no
    leaf index or leaf count). ``ValueError`` for a digest that cannot be
    read (an element outside [0, p), a wrong size), an ``index`` with bits
    beyond the siblings or a missing field; ``TypeError`` for a proof that
    is not a dict or a non-int element or index."""

def merkle_cap(name: str, leaves: Iterable[Sequence[int]], cap_height: int) -> builtins.list[builtins.list[int]]:
    """Plonky2's ``MerkleTree::new(leaves, cap_height).cap`` (``poseidon-plonky2``,
    the only instance with capped trees): the ``2**cap_height`` digests
    ``cap_height`` levels below the root, over ``leaves`` (rows of any number
    of elements, each hashed by ``hash_or_noop``), whose count is a power of
    two. ``ValueError`` where plonky2 panics (a count that is not a power of
    two, a cap above the root) and for an element outside [0, p). Runs with
    the GIL released."""

class MerkleCapProof(TypedDict):
    """Plonky2's proof of a leaf to a cap, with the leaf and the cap."""

    cap: builtins.list[builtins.list[int]]
    leaf: builtins.list[int]
    index: int
    siblings: builtins.list[builtins.list[int]]

def merkle_cap_proof(
    name: str, leaves: Iterable[Sequence[int]], cap_height: int, index: int
) -> MerkleCapProof:
    """Plonky2's ``prove(index)`` in the tree of ``merkle_cap(name, leaves,
    cap_height)``: ``cap``, ``leaf`` (the row), ``index`` and ``siblings``
    (from the leaf level up to the cap). ``ValueError`` for an index past the
    end. Runs with the GIL released."""

def verify_merkle_cap_proof(name: str, proof: MerkleCapProof) -> bool:
    """Plonky2's ``verify_merkle_proof_to_cap``: whether ``proof``'s
    siblings lead from its leaf, leaf ``index``, to the cap's node above it.
    ``ValueError`` where plonky2 panics (an index beyond what the cap and
    the siblings reach), for a digest that cannot be read or a missing
    field; ``TypeError`` for a proof that is not a dict or a non-int element
    or index."""

def poseidon(xs: Iterable[int]) -> int:
    """circomlibjs ``poseidon(inputs)``: circom Poseidon of 1 to 16 elements."""

def poseidon2(xs: Iterable[int]) -> int:
    """Barretenberg's and Noir's ``poseidon2_hash`` (t = 4 sponge over BN254)."""

def poseidon2_permutation(state: Sequence[int]) -> builtins.list[int]:
    """The Poseidon2 permutation (HorizenLabs' current constants) of width ``len(state)``."""

class Goldilocks:
    """A Goldilocks instance under its reference system's names; numpy
    ``uint64`` arrays in give numpy ``uint64`` arrays out."""

    name: str
    def hash_elements(self, xs: Any) -> Any: ...
    def merge(self, digests: Any) -> Any: ...
    def apply_permutation(self, state: Any) -> Any: ...
    def hash_elements_many(self, inputs: Any) -> Any: ...
    def merge_many(self, pairs: Any) -> Any: ...
    def apply_permutation_many(self, states: Any) -> Any: ...

rp64_256: Goldilocks
rpo256: Goldilocks
rpx256: Goldilocks
