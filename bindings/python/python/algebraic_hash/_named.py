"""Each ecosystem's own names for its hash, over the generic functions.

circomlib's ``poseidon(inputs)`` and Barretenberg's ``poseidon2_hash`` give
one ``int``; Winterfell's ``Rp64_256`` and miden-crypto's ``Rpo256`` and
``Rpx256`` keep their method names (``hash_elements``, ``merge``,
``apply_permutation``) and, when numpy is installed, take and give
``uint64`` arrays: one input as a 1-D array, a batch as a 2-D array of one
input per row, run in one call with the GIL released.
"""

from . import _native

def poseidon(xs):
    """circomlibjs ``poseidon(inputs)``: circom Poseidon of 1 to 16 elements, as an int."""
    return _native.hash("poseidon", xs)[0]


def poseidon2(xs):
    """Barretenberg's and Noir's ``poseidon2_hash`` (the t = 4 sponge over BN254), as an int."""
    return _native.hash("poseidon2-new-t4", xs)[0]


def poseidon2_permutation(state):
    """The Poseidon2 permutation of HorizenLabs' current parameters (zkhash,
    Barretenberg, gnark-crypto), of width ``len(state)``: 2, 3, 4, 8, 12 or 16."""
    state = list(state)
    widths = (2, 3, 4, 8, 12, 16)
    if len(state) not in widths:
        raise ValueError(
            f"Poseidon2 state of {len(state)} elements: the widths are {', '.join(map(str, widths))}"
        )
    return _native.permute(f"poseidon2-new-t{len(state)}", state)


def _numpy_array(xs):
    """``xs`` if it is a numpy array (numpy imported only if the caller has it)."""
    module = type(xs).__module__
    if not module.startswith("numpy"):
        return None
    import numpy

    return xs if isinstance(xs, numpy.ndarray) else None


def _as_uint64(array, ndim):
    """A C-ordered uint64 copy of an integer array of ``ndim`` dimensions;
    a negative value raises ``ValueError`` (values >= p are refused in Rust)."""
    import numpy

    if array.ndim != ndim:
        raise ValueError(f"expected a {ndim}-D array, got {array.ndim}-D")
    if array.dtype == object:
        return None
    if array.dtype.kind not in "ui":
        raise TypeError(f"expected an array of unsigned integers, got dtype {array.dtype}")
    if array.dtype.kind == "i" and array.size and array.min() < 0:
        raise ValueError(f"negative value {array.min()} in the array: field elements are 0 <= x < p")
    return numpy.ascontiguousarray(array, dtype="<u8")


class Goldilocks:
    """A Goldilocks instance under its reference system's names."""

    def __init__(self, name, reference):
        self.name = name
        self.__doc__ = f"``{name}``: {reference}."

    def __repr__(self):
        return f"algebraic_hash.{self.name.replace('-', '_')}"

    def _run(self, op, xs, batch):
        array = _numpy_array(xs)
        if array is not None:
            ready = _as_uint64(array, 2 if batch else 1)
            if ready is not None:
                import numpy

                rows, cols = ready.shape if batch else (1, ready.shape[0])
                out = _native.goldilocks_many(self.name, op, ready.tobytes(), rows, cols)
                width = 12 if op == "permute" else 4
                result = numpy.frombuffer(out, dtype="<u8").astype(numpy.uint64)
                return result.reshape(-1, width) if batch else result
            xs = xs.tolist()
        if batch:
            return getattr(_native, op + "_many")(self.name, xs)
        return getattr(_native, op)(self.name, xs)

    def hash_elements(self, xs):
        """The hash of a sequence of elements: a digest of 4."""
        return self._run("hash", xs, False)

    def merge(self, digests):
        """The 2-to-1 compression of two digests (8 elements, or a 2 x 4 array)."""
        array = _numpy_array(digests)
        if array is not None and array.ndim == 2:
            digests = array.reshape(-1)
        elif array is None:
            digests = _flatten_digests(digests)
        return self._run("compress", digests, False)

    def apply_permutation(self, state):
        """The permutation of a 12-element state (returned; the input is unchanged)."""
        return self._run("permute", state, False)

    def hash_elements_many(self, inputs):
        """``hash_elements`` of each input (each row of a 2-D array)."""
        return self._run("hash", inputs, True)

    def merge_many(self, pairs):
        """``merge`` of each pair of digests (each row of 8 of an n x 8 array)."""
        return self._run("compress", pairs, True)

    def apply_permutation_many(self, states):
        """``apply_permutation`` of each state (each row of an n x 12 array)."""
        return self._run("permute", states, True)


def _flatten_digests(digests):
    """``[d0, d1]`` (two digests of 4) as 8 elements; 8 elements as they are."""
    items = list(digests)
    if len(items) == 2 and all(not isinstance(d, int) for d in items):
        return [x for d in items for x in d]
    return items


rp64_256 = Goldilocks("rp64-256", "Winterfell's Rescue-Prime Rp64_256")
rpo256 = Goldilocks("rpo256", "miden-crypto's Rescue Prime Optimized Rpo256")
rpx256 = Goldilocks("rpx256", "miden-crypto's Rescue Prime eXtension Rpx256")
