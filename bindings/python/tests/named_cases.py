"""Vector-file cases for the ecosystem-named helpers (``poseidon``,
``poseidon2``, ``rp64_256`` ...), shared by the list and numpy tests."""

from vectors import elements, load

RESCUE = {"rp64-256": "rescue/rp64_256.json", "rpo256": "rescue/rpo256.json", "rpx256": "rescue/rpx256.json"}
# Method name -> the vector files' `fn` of the same name.
METHODS = ("hash_elements", "merge", "apply_permutation")


def cases(rel, fn):
    """(input, output) of every `fn` case of vector file `rel`."""
    found = [
        (elements(c.get("input")), elements(c.get("output")))
        for c in load(rel)["cases"]
        if c["fn"] == fn
    ]
    assert found, f"{rel}: no `{fn}` case"
    return found
