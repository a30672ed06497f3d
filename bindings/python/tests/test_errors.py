"""Bad input raises ValueError (TypeError for non-ints) with the library's
message, never a crash; the names are the CLI's."""

import pytest

import algebraic_hash as ah

from vectors import BN254_R, GOLDILOCKS


def test_list_names_every_instance_once():
    names = ah.list()
    assert len(names) == len(set(names)) >= 94
    for name in ["rp64-256", "poseidon", "poseidon-t2", "poseidon-t17", "poseidon2-new-t4",
                 "poseidon2-old-t3", "anemoi-bn254-2", "anemoi2022-vesta-12"]:
        assert name in names
    for name in names:
        assert ah.operations(name), name
        assert ah.describe(name)
    assert ah.operations("poseidon") == ["hash"]


@pytest.mark.parametrize(
    "instance, value, field",
    [
        ("poseidon-t3", BN254_R, "BN254 Fr"),
        ("poseidon-t3", BN254_R + 1, "BN254 Fr"),
        ("poseidon-t3", 2**256, "BN254 Fr"),
        ("poseidon2-new-t3", BN254_R, "BN254 Fr"),
        ("anemoi-bn254-2", 2**254, "BN254 Fq"),
        ("rp64-256", GOLDILOCKS, "Goldilocks"),
    ],
)
def test_not_below_the_modulus(instance, value, field):
    n = {"poseidon-t3": 2, "poseidon2-new-t3": 2, "anemoi-bn254-2": 2, "rp64-256": 8}[instance]
    xs = [1] * n
    xs[1] = value
    with pytest.raises(ValueError) as e:
        ah.compress(instance, xs)
    assert str(e.value) == f"element 2 (`{value}`): value is not below the {field} modulus"


def test_huge_values():
    # 2**100000 has more digits than Python 3.11+ prints by default: the
    # message shows the hex the library read, cut at 80 characters.
    with pytest.raises(ValueError, match=r"^element 1 \(`0x10000.*…`\): value is not below the BN254 Fr modulus$"):
        ah.hash("poseidon", [2**100000])
    with pytest.raises(ValueError, match="malformed number"):
        ah.hash("poseidon", [-(2**100000)])


def test_the_largest_element_is_accepted():
    assert len(ah.compress("poseidon-t3", [BN254_R - 1, 0])) == 1
    assert len(ah.permute("rp64-256", [GOLDILOCKS - 1] * 12)) == 12


@pytest.mark.parametrize("value", [-1, -(2**300), -BN254_R])
def test_negative(value):
    with pytest.raises(ValueError) as e:
        ah.hash("poseidon", [5, value])
    # The message shows at most 80 characters of the element, as the CLI's.
    shown = str(value) if len(str(value)) <= 80 else str(value)[:80] + "…"
    assert str(e.value) == f"element 2 (`{shown}`): malformed number: unexpected '-' at byte 0"


def test_wrong_counts():
    with pytest.raises(ValueError, match=r"^permutation state \(elements\): expected 3, got 2$"):
        ah.permute("poseidon-t3", [1, 2])
    with pytest.raises(ValueError, match=r"expected 2, got 3"):
        ah.compress("poseidon-t3", [1, 2, 3])
    with pytest.raises(ValueError, match=r"expected 1 to 16, got 0"):
        ah.hash("poseidon", [])
    with pytest.raises(ValueError, match=r"expected 1 to 16, got 17"):
        ah.hash("poseidon", list(range(17)))
    with pytest.raises(ValueError, match=r"expected 8, got 0"):
        ah.compress("rp64-256", [])


def test_unknown_instance_and_operation():
    with pytest.raises(ValueError, match=r"^unknown instance `poseidon-t33`; closest: .*poseidon-t3"):
        ah.hash("poseidon-t33", [1])
    with pytest.raises(ValueError, match=r"^instance `poseidon` has no `permute` operation$"):
        ah.permute("poseidon", [1, 2, 3])
    with pytest.raises(ValueError, match="unknown instance"):
        ah.describe("nope")


@pytest.mark.parametrize("bad", [1.0, "1", None, b"1", 1j])
def test_non_int_elements(bad):
    with pytest.raises(TypeError, match="element 2: expected an int"):
        ah.hash("poseidon", [1, bad])


def test_non_sequences():
    with pytest.raises(TypeError):
        ah.hash("poseidon", 5)
    with pytest.raises(TypeError, match="got str"):
        ah.hash("poseidon", "12")
    with pytest.raises(TypeError):
        ah.hash_many("poseidon", [5])
    with pytest.raises(TypeError, match="got str"):
        ah.hash_many("poseidon", "12")


def test_any_iterable_of_ints():
    expected = ah.hash("poseidon", [1, 2])
    assert ah.hash("poseidon", (1, 2)) == expected
    assert ah.hash("poseidon", iter([1, 2])) == expected
    assert ah.hash("poseidon", range(1, 3)) == expected


def test_batch_errors_name_the_input():
    inputs = [[1, 2], [3, 4], [5, BN254_R]]
    with pytest.raises(ValueError) as e:
        ah.compress_many("poseidon-t3", inputs)
    assert str(e.value) == (
        f"input 3: element 2 (`{BN254_R}`): value is not below the BN254 Fr modulus"
    )
    with pytest.raises(ValueError, match=r"^input 2: .*expected 2, got 1"):
        ah.compress_many("poseidon-t3", [[1, 2], [1]])
    with pytest.raises(TypeError, match=r"^input 2: element 1: expected an int"):
        ah.hash_many("poseidon", [[1], ["x"]])
    assert ah.hash_many("poseidon", []) == []


def test_batch_equals_single_calls():
    inputs = [[i, 3 * i + 1] for i in range(50)]
    assert ah.compress_many("poseidon-t3", inputs) == [ah.compress("poseidon-t3", x) for x in inputs]
    states = [[i, i + 1, i + 2] for i in range(20)]
    assert ah.permute_many("poseidon2-new-t3", states) == [
        ah.permute("poseidon2-new-t3", s) for s in states
    ]
