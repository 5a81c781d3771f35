"""The Python bridge (include/loom/interop/python.hpp) as a NumPy programmer meets it.

Runs with plain unittest: `python3 tests/python/test_bridge.py`, with the directories of the
modules loom_example (examples/python/) and loom_bridge_test (tests/python/bridge_module.cpp) on
PYTHONPATH, as CTest's test python_bridge sets it. Each test checks one behaviour: the values
against NumPy's, that loom read and wrote NumPy's own memory (the addresses loom saw), that memory
outlives whoever made it, and the messages of what is refused.
"""

import gc
import pathlib
import re
import unittest

import numpy as np

import loom_bridge_test as bridge
import loom_example

# Every NumPy dtype loom has, with the values each test array holds.
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]


def values(dtype, shape):
    """Distinct values of `dtype` (alternating for bool), shaped `shape`."""
    count = int(np.prod(shape))
    if dtype == "bool":
        return (np.arange(count) % 3 == 0).reshape(shape)
    data = np.arange(count) % 100
    if dtype.startswith("complex"):
        return (data + 1j * (data + 1)).astype(dtype).reshape(shape)
    return data.astype(dtype).reshape(shape)


def address(a):
    return a.__array_interface__["data"][0]


def elements(strides, a):
    return tuple(stride // a.itemsize for stride in strides)


class Views(unittest.TestCase):
    """A bound function's tensor_view<const T> is the NumPy array's memory, with its strides."""

    def check_view(self, dtype, a):
        seen, shape, strides = getattr(bridge, "seen_" + dtype)(a)
        self.assertEqual(seen, address(a), "loom saw another address: a copy")
        self.assertEqual(shape, a.shape)
        self.assertEqual(strides, elements(a.strides, a))
        copy = getattr(bridge, "copy_" + dtype)(a)
        self.assertEqual(copy.dtype, a.dtype)
        np.testing.assert_array_equal(copy, a)

    def test_contiguous_arrays_of_every_dtype(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                self.check_view(dtype, values(dtype, (3, 4)))

    def test_non_contiguous_arrays_of_every_dtype(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                self.check_view(dtype, values(dtype, (4, 6))[1::2, ::3])
                self.check_view(dtype, values(dtype, (3, 4)).T)

    def test_negative_strides(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                self.check_view(dtype, values(dtype, (3, 4))[::-1, ::-2])

    def test_zero_strides_of_broadcast_to(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                self.check_view(dtype, np.broadcast_to(values(dtype, (3,)), (2, 3)))

    def test_rank_zero_and_empty_arrays(self):
        self.check_view("float64", np.array(2.5))
        self.check_view("float64", np.zeros((0, 3)))

    def test_a_view_of_a_structured_array_whose_strides_are_whole_elements(self):
        record = np.zeros(3, dtype=[("a", "<f4"), ("b", "<f4")])
        record["b"] = [1, 2, 3]
        self.check_view("float32", record["b"])


class Writes(unittest.TestCase):
    """A bound function's tensor_view<T> writes into the NumPy array."""

    def test_assignment_writes_into_every_dtype(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                out = np.zeros((2, 3), dtype=dtype)
                source = values(dtype, (2, 3))
                before = address(out)
                getattr(bridge, "assign_" + dtype)(out, source)
                np.testing.assert_array_equal(out, source)
                self.assertEqual(address(out), before)

    def test_assignment_writes_through_negative_and_non_contiguous_strides(self):
        base = np.zeros((4, 6))
        out = base[::-2, 1::2]
        bridge.assign_float64(out, np.arange(6.0).reshape(2, 3))
        expected = np.zeros((4, 6))
        expected[::-2, 1::2] = np.arange(6.0).reshape(2, 3)
        np.testing.assert_array_equal(base, expected)

    def test_fused_broadcast_expression_into_a_numpy_output(self):
        # out[...] = a * b + c: shapes (4, 1, 3), (5, 1), (3,) into (4, 5, 3)
        rng = np.random.default_rng(0)
        a = rng.standard_normal((4, 1, 3)).astype(np.float32)
        b = rng.standard_normal((5, 1)).astype(np.float32)
        c = rng.standard_normal(3).astype(np.float32)
        out = np.empty((4, 5, 3), np.float32)
        before = address(out)
        loom_example.fma_into(out, a, b, c)
        self.assertEqual(address(out), before)
        np.testing.assert_allclose(out, a * b + c, rtol=1e-6)

    def test_output_that_aliases_an_operand(self):
        a = np.arange(6, dtype=np.float32).reshape(2, 3)
        expected = a * a + 1
        loom_example.fma_into(a, a, a, np.ones(1, np.float32))
        np.testing.assert_array_equal(a, expected)


class Results(unittest.TestCase):
    """A returned tensor becomes a NumPy array over loom's memory, which the array keeps alive."""

    def test_returned_tensor_is_not_copied(self):
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                source = values(dtype, (2, 3))
                result = getattr(bridge, "filled_" + dtype)(source)
                self.assertEqual(address(result), bridge.last_returned())
                self.assertEqual(result.dtype, source.dtype)
                np.testing.assert_array_equal(result, source)
                self.assertTrue(result.flags.writeable)
                self.assertFalse(result.flags.owndata)

    def test_returned_expression_values(self):
        x, y = np.array([3.0, 5.0, 8.0]), np.array([[4.0], [12.0]])
        np.testing.assert_allclose(loom_example.norm(x, y), np.sqrt(x * x + y * y))
        np.testing.assert_array_equal(bridge.scaled_sum(np.ones(3), np.ones((2, 1))), np.full((2, 3), 3.0))

    def test_result_outlives_the_inputs(self):
        a = values("float64", (50, 40))
        expected = np.sqrt(2 * a * a)
        result = loom_example.norm(a, a)
        del a
        gc.collect()
        np.testing.assert_allclose(result, expected)

    def test_numpy_views_of_a_result_keep_loom_memory_alive(self):
        result = bridge.filled_float64(np.arange(100.0))
        tail = result[90:]
        del result
        gc.collect()
        np.testing.assert_array_equal(tail, np.arange(90.0, 100.0))
        tail += 1  # loom's memory, still writable
        np.testing.assert_array_equal(tail, np.arange(91.0, 101.0))


class Refusals(unittest.TestCase):
    """What a view cannot take raises, naming what was expected and what was given."""

    def assert_raises_message(self, error, message, function, *args):
        with self.assertRaises(error) as caught:
            function(*args)
        self.assertEqual(str(caught.exception), message)

    def test_another_dtype(self):
        self.assert_raises_message(TypeError, "expected a float32 array, got float64 [2, 3]: convert it with "
                                   "a.astype(np.float32)", bridge.seen_float32, np.zeros((2, 3)))
        self.assert_raises_message(TypeError, "expected a writable bool array, got int64 [2]: convert it with "
                                   "a.astype(np.bool_)", bridge.assign_bool, np.zeros(2, np.int64),
                                   np.zeros(2, bool))

    def test_another_byte_order(self):
        self.assert_raises_message(TypeError, "expected a float32 array, got >f4 [3]: convert it with "
                                   "a.astype(np.float32)", bridge.seen_float32, np.zeros(3, ">f4"))

    def test_an_object_that_is_not_an_array(self):
        self.assert_raises_message(TypeError, "expected a float64 array, got list: make one with "
                                   "np.asarray(x, dtype=np.float64)", bridge.seen_float64, [1.0, 2.0])

    def test_a_read_only_array_for_writing(self):
        out = np.zeros((2, 3), np.float32)
        out.flags.writeable = False
        self.assert_raises_message(ValueError, "expected a writable float32 array, got a read-only one [2, 3]: pass "
                                   "a writable array (a.copy() is one)", loom_example.fma_into, out,
                                   np.ones(3, np.float32), np.ones(3, np.float32), np.ones(3, np.float32))
        self.assert_raises_message(ValueError, "expected a writable float64 array, got a read-only one [2, 3]: pass "
                                   "a writable array (a.copy() is one)", bridge.assign_float64,
                                   np.broadcast_to(np.zeros(3), (2, 3)), np.ones(3))

    def test_strides_that_are_not_whole_elements(self):
        record = np.zeros(3, dtype=[("a", "u1"), ("b", "<f4")])
        self.assert_raises_message(ValueError, "the float32 array [3] has strides [5] bytes, which are not multiples "
                                   "of its element size, 4 bytes (a field of a structured array?): loom counts strides "
                                   "in elements; pass a copy (a.copy())", bridge.seen_float32, record["b"])

    def test_unaligned_memory(self):
        record = np.zeros(3, dtype=[("a", "u1"), ("b", "<f4"), ("c", "u1"), ("d", "u2")])
        self.assert_raises_message(ValueError, "the float32 array [3] is not aligned: its first element's address is "
                                   "not a multiple of 4; pass a copy (a.copy())", bridge.seen_float32, record["b"])

    def test_shapes_that_do_not_broadcast(self):
        out = np.zeros((2, 4), np.float32)
        self.assert_raises_message(ValueError, "output with shape [2, 4] cannot take a value of shape [3]: shapes "
                                   "[2, 4] and [3] are not broadcastable: size 4 vs 3 at dimension 1 (shapes align on "
                                   "the right; each pair of sizes must be equal or one of them 1)",
                                   loom_example.fma_into, out, np.ones(3, np.float32), np.ones(1, np.float32),
                                   np.ones(1, np.float32))


def expect_a_kept_view_keeps_alive(test, make):
    """A loom view of the float64 values 0 to 999 that `make()` returns, kept by the module after
    Python dropped the producer, still reads them; releasing the view runs the producer's deleter."""
    producer = make()
    bridge.hold(producer)
    del producer
    gc.collect()
    test.assertEqual(bridge.held_sum(), sum(range(1000)))
    bridge.release()
    gc.collect()


class DLPack(unittest.TestCase):
    """DLPack 0.6 on the CPU, both ways, with NumPy 1.24's np.from_dlpack and ndarray.__dlpack__."""

    def test_numpy_reads_loom_tensors_without_a_copy(self):
        for dtype in DTYPES[1:]:  # DLPack 0.6 has no bool
            with self.subTest(dtype=dtype):
                source = values(dtype, (2, 3))
                exported = getattr(bridge, "dlpack_" + dtype)(source)
                self.assertEqual(exported.__dlpack_device__(), (1, 0))
                array = np.from_dlpack(exported)
                self.assertEqual(address(array), bridge.last_returned())
                self.assertEqual(array.dtype, source.dtype)
                np.testing.assert_array_equal(array, source)

    def test_numpy_array_outlives_the_exporter(self):
        exported = bridge.dlpack_float64(np.arange(10.0))
        array = np.from_dlpack(exported)
        del exported
        gc.collect()
        np.testing.assert_array_equal(array, np.arange(10.0))

    def test_an_export_is_taken_once(self):
        exported = bridge.dlpack_float32(np.ones(2, np.float32))
        exported.__dlpack__()
        with self.assertRaises(BufferError) as caught:
            exported.__dlpack__()
        self.assertEqual(str(caught.exception), "this loom tensor was exported by __dlpack__ already")

    def test_an_unconsumed_capsule_frees_the_tensor(self):
        capsule = bridge.dlpack_float64(np.arange(5.0)).__dlpack__()
        del capsule
        gc.collect()  # the capsule's destructor calls the deleter (AddressSanitizer would see a leak or a double free)

    def test_loom_reads_numpy_arrays_without_a_copy(self):
        for dtype in DTYPES[1:]:
            with self.subTest(dtype=dtype):
                for source in (values(dtype, (3, 4)), values(dtype, (4, 6))[::-1, 1::2]):
                    seen, copy = getattr(bridge, "from_dlpack_" + dtype)(source)
                    self.assertEqual(seen, address(source))
                    np.testing.assert_array_equal(copy, source)

    def test_loom_consumes_a_capsule_once(self):
        capsule = np.arange(3.0).__dlpack__()
        seen, copy = bridge.from_dlpack_float64(capsule)
        np.testing.assert_array_equal(copy, np.arange(3.0))
        with self.assertRaises(ValueError) as caught:
            bridge.from_dlpack_float64(capsule)
        self.assertEqual(str(caught.exception),
                         "from_dlpack: this DLPack capsule was consumed already; call __dlpack__() again")

    def test_a_kept_view_keeps_the_numpy_array_alive(self):
        expect_a_kept_view_keeps_alive(self, lambda: np.arange(1000.0))

    def test_another_dtype_is_refused_and_left_unconsumed(self):
        capsule = np.arange(3, dtype=np.float32).__dlpack__()
        with self.assertRaises(ValueError) as caught:
            bridge.from_dlpack_float64(capsule)
        self.assertEqual(str(caught.exception), "from_dlpack: expected a float64 tensor, got float32; view it as the "
                                                "type it holds, or convert it before exporting it")
        seen, copy = bridge.from_dlpack_float32(capsule)  # still unconsumed
        np.testing.assert_array_equal(copy, np.arange(3, dtype=np.float32))

    def test_memory_off_the_cpu_is_refused(self):
        with self.assertRaises(ValueError) as caught:
            bridge.from_cuda()
        self.assertEqual(str(caught.exception), "from_dlpack: the tensor is on cuda, and loom reads memory on the CPU "
                                                "only (kDLCPU); copy it to the CPU first")

    def test_cpp_round_trip(self):
        same_memory, values_ = bridge.round_trip()
        self.assertTrue(same_memory)
        np.testing.assert_array_equal(values_, np.arange(6, dtype=np.float32).reshape(2, 3))


try:
    import torch
    import torch.utils.dlpack
except ImportError:  # python3-torch is large, and CI does not install it
    torch = None

TORCH_DTYPES = {"int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "uint8": "uint8",
                "float16": "float16", "float32": "float32", "float64": "float64", "complex64": "complex64",
                "complex128": "complex128"}


@unittest.skipIf(torch is None, "PyTorch (python3-torch) is not installed")
class DLPackWithPyTorch(unittest.TestCase):
    """DLPack 0.6 with PyTorch 1.13: torch.from_dlpack, torch.utils.dlpack.to_dlpack and Tensor.__dlpack__."""

    def test_torch_reads_loom_tensors_without_a_copy(self):
        for dtype in TORCH_DTYPES:
            with self.subTest(dtype=dtype):
                source = values(dtype, (2, 3))
                t = torch.from_dlpack(getattr(bridge, "dlpack_" + dtype)(source))
                self.assertEqual(t.data_ptr(), bridge.last_returned())
                self.assertEqual(str(t.dtype), "torch." + TORCH_DTYPES[dtype])
                np.testing.assert_array_equal(t.numpy(), source)

    def test_a_torch_tensor_outlives_the_exporter(self):
        exported = bridge.dlpack_float32(np.arange(8, dtype=np.float32))
        t = torch.utils.dlpack.from_dlpack(exported.__dlpack__())
        del exported
        gc.collect()
        self.assertEqual(t.sum().item(), 28.0)

    def test_loom_reads_torch_tensors_without_a_copy(self):
        for dtype in TORCH_DTYPES:
            with self.subTest(dtype=dtype):
                whole = torch.from_numpy(values(dtype, (4, 6)))
                for t in (whole, whole[1:, ::2], whole.t()):  # contiguous, strided and transposed
                    for producer in (t, torch.utils.dlpack.to_dlpack(t)):  # __dlpack__ and a capsule
                        seen, copy = getattr(bridge, "from_dlpack_" + dtype)(producer)
                        self.assertEqual(seen, t.data_ptr())
                        np.testing.assert_array_equal(copy, t.numpy())

    def test_a_kept_view_keeps_the_torch_tensor_alive(self):
        expect_a_kept_view_keeps_alive(self, lambda: torch.arange(1000, dtype=torch.float64))

    def test_another_dtype_is_refused(self):
        with self.assertRaises(ValueError) as caught:
            bridge.from_dlpack_float64(torch.zeros(3, dtype=torch.int32))
        self.assertEqual(str(caught.exception), "from_dlpack: expected a float64 tensor, got int32; view it as the "
                                                "type it holds, or convert it before exporting it")


class Documentation(unittest.TestCase):
    def test_the_pages_extension_is_the_example_built(self):
        root = pathlib.Path(__file__).resolve().parents[2]
        page = (root / "docs" / "python.md").read_text()
        block = re.search(r"^```c\+\+\n(.*?)^```$", page, re.M | re.S).group(1)
        self.assertEqual(block, (root / "examples" / "python" / "loom_example.cpp").read_text())


if __name__ == "__main__":
    unittest.main()
