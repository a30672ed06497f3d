"""Every vector file under test-vectors/ through the Python API.

The answers in those files come from independent implementations (named in
each file's ``source``); here each mapped case goes through the single call
and, all cases of a function at once, through the batch form.
"""

import pytest

import algebraic_hash as ah

from vectors import VECTORS, elements, files, load, mapping

FILES = files()


def test_every_family_has_files():
    # Every folder of test-vectors/ (one per ecosystem) has files in the list.
    families = {rel.split("/")[0] for rel in FILES}
    folders = {p.name for p in VECTORS.iterdir() if p.is_dir()}
    assert families == folders, (families, folders)
    assert len(FILES) > 100


@pytest.mark.parametrize("rel", FILES)
def test_vector_file(rel):
    data = load(rel)
    modulus, table = mapping(rel)
    single = {"permute": ah.permute, "hash": ah.hash, "compress": ah.compress}
    batch = {"permute": ah.permute_many, "hash": ah.hash_many, "compress": ah.compress_many}
    checked = 0
    for fn, instance, op, keep in table:
        cases = [c for c in data["cases"] if c["fn"] == fn and (keep is None or keep(c))]
        assert cases, f"{rel}: no `{fn}` case for {op} {instance}"
        good_in, good_out = [], []
        for case in cases:
            xs = elements(case.get("input"))
            expected = elements(case.get("output"))
            if any(x >= modulus for x in xs):
                # Some references reduce unreduced inputs (Barretenberg's t = 4
                # vector); this package never reduces silently and refuses them.
                with pytest.raises(ValueError, match="modulus"):
                    single[op](instance, xs)
                continue
            assert single[op](instance, xs) == expected, f"{op} {instance} {xs}"
            good_in.append(xs)
            good_out.append(expected)
            checked += 1
        assert batch[op](instance, good_in) == good_out, f"{op}_many {instance}"
    assert checked > 0, f"{rel}: no case checked"
