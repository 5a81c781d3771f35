// Complex .npy and .npz files between loom and NumPy 1.24: NumPy writes
// complex64 and complex128 in C order, Fortran order and big-endian, and
// loom reads each; loom writes, and NumPy reads the same values and finds
// the bytes identical to its own np.save.

#include <gtest/gtest.h>

#include <complex>
#include <string>
#include <variant>
#include <vector>

#include "../unit/element_values.hpp"
#include "loom/loom.hpp"
#include "numpy_session.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::numpy_session;

// The values both sides expect: element i (row-major) is (i*37 % 201 - 100) / 4
// + (i % 7 - 3) / 2 j; the module below computes the same in NumPy.
const char* const complex_values_module = R"(import numpy as np

def complex_values(dtype, shape):
    i = np.arange(int(np.prod(shape)), dtype=np.int64)
    return ((i * 37 % 201 - 100) * 0.25 + 1j * ((i % 7 - 3) * 0.5)).astype(dtype).reshape(shape)
)";

template <class C>
tensor<C> complex_file_values(const shape_type& shape) {
    tensor<C> t(shape);
    loom::index_t i = 0;
    for (C& element : t) {
        using R = typename C::value_type;
        element = C(R(double(i * 37 % 201 - 100) * 0.25), R(double(i % 7 - 3) * 0.5));
        ++i;
    }
    return t;
}

const numpy_session& complex_numpy_written() {
    static const numpy_session session("loom_complex_numpy_written");
    static const std::string written = [] {
        std::string script = complex_values_module;
        script += R"(
for name in ('complex64', 'complex128'):
    np.save(name + '_c.npy', complex_values(name, (2, 3, 4)))
    np.save(name + '_fortran.npy', np.asfortranarray(complex_values(name, (3, 4, 5))))
    np.save(name + '_big_endian.npy', complex_values(name, (2, 3, 4)).astype(np.dtype(name).newbyteorder('>')))
np.savez('both.npz', a=complex_values('complex64', (3,)), b=complex_values('complex128', (2, 2)))
)";
        return session.run(script);
    }();
    return session;
}

template <class C>
class ComplexNumPyWritten : public ::testing::Test {};
using complex_types = ::testing::Types<std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(ComplexNumPyWritten, complex_types);

TYPED_TEST(ComplexNumPyWritten, LoadsInCOrderFortranOrderAndBigEndian) {
    using C = TypeParam;
    const std::string name = loom::type_name<C>();
    const tensor<C> c = loom::load_npy<C>(complex_numpy_written() / (name + "_c.npy"));
    EXPECT_EQ(c.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(elements_of(c), elements_of(complex_file_values<C>({2, 3, 4})));
    const tensor<C> fortran = loom::load_npy<C>(complex_numpy_written() / (name + "_fortran.npy"));
    EXPECT_EQ(fortran.shape(), (shape_type{3, 4, 5}));
    EXPECT_EQ(elements_of(fortran), elements_of(complex_file_values<C>({3, 4, 5})));
    const loom::any_tensor big = loom::load_npy_any(complex_numpy_written() / (name + "_big_endian.npy"));
    EXPECT_EQ(elements_of(std::get<tensor<C>>(big)), elements_of(complex_file_values<C>({2, 3, 4})));
}

TEST(ComplexNumPyWrittenNpz, LoadsBothTypes) {
    const auto arrays = loom::load_npz(complex_numpy_written() / "both.npz");
    EXPECT_EQ(elements_of(arrays.get<std::complex<float>>("a")), elements_of(complex_file_values<std::complex<float>>({3})));
    EXPECT_EQ(elements_of(arrays.get<std::complex<double>>("b")),
              elements_of(complex_file_values<std::complex<double>>({2, 2})));
}

TEST(ComplexLoomWritten, NumPyReadsBothTypesAndFindsItsOwnBytes) {
    const numpy_session session("loom_complex_loom_written");
    loom::save_npy(session / "complex64.npy", complex_file_values<std::complex<float>>({2, 3, 4}));
    loom::save_npy(session / "complex128.npy", complex_file_values<std::complex<double>>({2, 3, 4}));
    std::string script = complex_values_module;
    script += R"(import io
failures = []
for name in ('complex64', 'complex128'):
    expected = complex_values(name, (2, 3, 4))
    got = np.load(name + '.npy')
    if got.dtype != expected.dtype or got.shape != expected.shape or not np.array_equal(got, expected):
        failures.append(name + ': the values differ')
    own = io.BytesIO()
    np.save(own, expected)
    if open(name + '.npy', 'rb').read() != own.getvalue():
        failures.append(name + ": the bytes differ from NumPy's np.save")
print('\n'.join(failures) or 'ok')
)";
    EXPECT_EQ(session.run(script), "ok\n");
}

}  // namespace
