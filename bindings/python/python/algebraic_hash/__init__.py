"""Arithmetization-friendly hashes with the exact answers of their reference systems.

Every instance of the ``algebraic-hash`` command-line tool, by the same name
(``list()`` names them all): circom Poseidon (``poseidon``, ``poseidon-t2``
... ``poseidon-t17``), Poseidon2 over BN254 (``poseidon2-new-t2`` ...,
``poseidon2-old-t2/t3/t4``), the Poseidon of Starknet, Orchard, Mina,
Filecoin, Aleo and Dusk, the small-field Poseidon2 of Plonky3, RISC Zero,
SP1 and OpenVM (``poseidon2-plonky3-babybear-16``, ...), Plonky2's Poseidon
(``poseidon-plonky2``), ``tip5``, Rescue-Prime ``rp64-256`` (Winterfell's
Rp64_256), ``rpo256`` and ``rpx256`` (Miden), and Anemoi/Jive over eight
curve fields (``anemoi-<field>-<cells>``, ``anemoi2022-<field>-<cells>``).

Field elements are Python ``int``s, in and out. A value that is negative or
not below the field's modulus raises ``ValueError`` with the library's
message (it is never reduced); so does a wrong element count, an unknown
instance or an operation the instance does not have. A non-``int`` element
raises ``TypeError``.

>>> import algebraic_hash as ah
>>> ah.hash("poseidon", [1, 2])
[7853200120776062878684798364095072458815029376092732009249414926327459813530]

The ``*_many`` forms take a sequence of inputs and run the whole batch with
the GIL released; so does ``merkle_root(name, leaves)``, the root of a
binary Merkle tree over digests with the instance's 2-to-1 compression
(the CLI's ``merkle``), and ``merkle_proof(name, leaves, index)``, a leaf's
authentication path in that tree with the fields of a LeanIMT (Semaphore
v4) proof, which ``verify_merkle_proof(name, proof)`` checks. Plonky2's
trees, rows as leaves and a cap instead of a root: ``merkle_cap(name,
leaves, cap_height)``, ``merkle_cap_proof(name, leaves, cap_height,
index)`` and ``verify_merkle_cap_proof(name, proof)``
(``poseidon-plonky2``).

Each ecosystem's own names: ``poseidon(xs)`` (circomlibjs) and
``poseidon2(xs)`` (Barretenberg, Noir) return one ``int``;
``poseidon2_permutation(state)``; ``rp64_256``, ``rpo256`` and ``rpx256``
with ``hash_elements``, ``merge``, ``apply_permutation`` and their
``*_many`` batch forms, which take and return numpy ``uint64`` arrays when
given one (numpy is optional).

>>> ah.poseidon([1, 2])
7853200120776062878684798364095072458815029376092732009249414926327459813530
"""

from ._native import (
    compress,
    compress_many,
    describe,
    hash,
    hash_many,
    list,
    merkle_cap,
    merkle_cap_proof,
    merkle_proof,
    merkle_root,
    operations,
    permute,
    permute_many,
    verify_merkle_cap_proof,
    verify_merkle_proof,
)
from ._named import (
    Goldilocks,
    poseidon,
    poseidon2,
    poseidon2_permutation,
    rp64_256,
    rpo256,
    rpx256,
)

__all__ = [
    "compress",
    "compress_many",
    "describe",
    "hash",
    "hash_many",
    "list",
    "merkle_cap",
    "merkle_cap_proof",
    "merkle_proof",
    "merkle_root",
    "operations",
    "permute",
    "permute_many",
    "verify_merkle_cap_proof",
    "verify_merkle_proof",
    "Goldilocks",
    "poseidon",
    "poseidon2",
    "poseidon2_permutation",
    "rp64_256",
    "rpo256",
    "rpx256",
]
