// .npy files between loom and NumPy 1.24 (/usr/bin/python3 or the
// interpreter CMake names): NumPy writes every dtype in C order, Fortran
// order and the other byte order, format versions 1.0, 2.0 and 3.0, rank 0
// and empty arrays, and loom reads each; loom writes, and NumPy reads the
// same arrays and finds the bytes identical to its own np.save.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
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
using loom::testing::expected_values;
using loom::testing::numpy_session;

// Every file NumPy writes for the tests below, written once for all of them.
const numpy_session& numpy_written() {
    static const numpy_session session("loom_npy_numpy_written");
    static const std::string written = session.run(R"(import numpy as np
from numpy.lib import format
from loom_values import types, values

for name, dtype in types.items():
    np.save(name + '_c.npy', values(dtype, (2, 3, 4)))
    np.save(name + '_fortran.npy', np.asfortranarray(values(dtype, (3, 4, 5))))
    np.save(name + '_big_endian.npy', values(dtype, (2, 3, 4)).astype(np.dtype(dtype).newbyteorder('>')))
for major in (1, 2, 3):
    with open('version_%d.npy' % major, 'wb') as f:
        format.write_array(f, values(np.float64, (2, 3)), version=(major, 0))
np.save('rank_0.npy', values(np.int32, ()))
np.save('empty.npy', np.zeros((0, 3), np.float32))
np.save('empty_fortran.npy', np.asfortranarray(np.zeros((3, 0, 2), np.int16)))
)");
    return session;
}

template <class T>
class NumPyWrittenDtype : public ::testing::Test {};
using element_types = ::testing::Types<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                                       std::uint16_t, std::uint32_t, std::uint64_t, float, double, loom::float16>;
TYPED_TEST_SUITE(NumPyWrittenDtype, element_types);

TYPED_TEST(NumPyWrittenDtype, LoadsInCOrder) {
    using T = TypeParam;
    const tensor<T> t = loom::load_npy<T>(numpy_written() / (std::string(loom::type_name<T>()) + "_c.npy"));
    EXPECT_EQ(t.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(elements_of(t), elements_of(expected_values<T>({2, 3, 4})));
}

TYPED_TEST(NumPyWrittenDtype, LoadsInFortranOrder) {
    using T = TypeParam;
    const tensor<T> t = loom::load_npy<T>(numpy_written() / (std::string(loom::type_name<T>()) + "_fortran.npy"));
    EXPECT_EQ(t.shape(), (shape_type{3, 4, 5}));
    EXPECT_EQ(elements_of(t), elements_of(expected_values<T>({3, 4, 5})));
}

TYPED_TEST(NumPyWrittenDtype, LoadsBigEndian) {
    using T = TypeParam;
    const loom::any_tensor t = loom::load_npy_any(numpy_written() / (std::string(loom::type_name<T>()) + "_big_endian.npy"));
    ASSERT_TRUE(std::holds_alternative<tensor<T>>(t));
    EXPECT_EQ(elements_of(std::get<tensor<T>>(t)), elements_of(expected_values<T>({2, 3, 4})));
}

TEST(NumPyWritten, LoadsFormatVersionsOneTwoAndThree) {
    for (const char* file : {"version_1.npy", "version_2.npy", "version_3.npy"}) {
        EXPECT_EQ(elements_of(loom::load_npy<double>(numpy_written() / file)), elements_of(expected_values<double>({2, 3})))
            << file;
    }
}

TEST(NumPyWritten, LoadsRankZero) {
    const tensor<std::int32_t> t = loom::load_npy<std::int32_t>(numpy_written() / "rank_0.npy");
    EXPECT_EQ(t.shape(), shape_type{});
    EXPECT_EQ(t(), -100);
}

TEST(NumPyWritten, LoadsEmptyArrays) {
    EXPECT_EQ(loom::load_npy<float>(numpy_written() / "empty.npy").shape(), (shape_type{0, 3}));
    EXPECT_EQ(loom::load_npy<std::int16_t>(numpy_written() / "empty_fortran.npy").shape(), (shape_type{3, 0, 2}));
}

// ---- loom writes, NumPy reads ----

class LoomWritten : public ::testing::Test {
protected:
    LoomWritten() : session("loom_npy_loom_written") {}
    numpy_session session;
};

TEST_F(LoomWritten, NumPyReadsEveryDtypeAndFindsItsOwnBytes) {
    const auto save = [&]<class T>(std::type_identity<T>) {
        loom::save_npy(session / (std::string(loom::type_name<T>()) + ".npy"), expected_values<T>({2, 3, 4}));
    };
    (save(std::type_identity<bool>{}), save(std::type_identity<std::int8_t>{}), save(std::type_identity<std::int16_t>{}),
     save(std::type_identity<std::int32_t>{}), save(std::type_identity<std::int64_t>{}),
     save(std::type_identity<std::uint8_t>{}), save(std::type_identity<std::uint16_t>{}),
     save(std::type_identity<std::uint32_t>{}), save(std::type_identity<std::uint64_t>{}),
     save(std::type_identity<float>{}), save(std::type_identity<double>{}), save(std::type_identity<loom::float16>{}));
    EXPECT_EQ(session.run(R"(import io
import numpy as np
from loom_values import types, values, check

failures = []
for name, dtype in types.items():
    expected = values(dtype, (2, 3, 4))
    check(failures, name, np.load(name + '.npy'), expected)
    own = io.BytesIO()
    np.save(own, expected)
    if open(name + '.npy', 'rb').read() != own.getvalue():
        failures.append(name + ": the bytes differ from NumPy's np.save")
print('\n'.join(failures) or 'ok')
)"),
              "ok\n");
}

TEST_F(LoomWritten, NumPyReadsRankZeroEmptyAndTransposedArrays) {
    loom::save_npy(session / "rank_0.npy", expected_values<std::int32_t>({}));
    loom::save_npy(session / "empty.npy", tensor<float>({0, 3}));
    loom::save_npy(session / "transposed.npy", expected_values<double>({3, 4}).transpose());
    loom::save_npy(session / "expression.npy", expected_values<float>({2, 3}) * 2.f + 1.f);
    EXPECT_EQ(session.run(R"(import numpy as np
from loom_values import values, check

failures = []
check(failures, 'rank_0', np.load('rank_0.npy'), values(np.int32, ()))
check(failures, 'empty', np.load('empty.npy'), np.zeros((0, 3), np.float32))
check(failures, 'transposed', np.load('transposed.npy'), values(np.float64, (3, 4)).T)
check(failures, 'expression', np.load('expression.npy'), values(np.float32, (2, 3)) * np.float32(2) + np.float32(1))
print('\n'.join(failures) or 'ok')
)"),
              "ok\n");
}

// ---- Both ways: the interplay docs/files.md shows with examples/npy_roundtrip ----

TEST_F(LoomWritten, NumPyWritesTheInputAndReadsTheResult) {
    session.run(R"(import numpy as np
np.save('input.npy', np.arange(6, dtype=np.float32).reshape(2, 3) - 2)
)");
    // examples/npy_roundtrip.cpp's computation.
    const tensor<double> x = std::visit(
        [](const auto& t) -> tensor<double> {
            if constexpr (loom::complex_element<loom::value_type_of<decltype(t)>>) {
                ADD_FAILURE() << "input.npy holds complex numbers";
                return {};
            } else {
                return loom::astype<double>(t);
            }
        },
        loom::load_npy_any(session / "input.npy"));
    loom::save_npy(session / "output.npy", loom::where(x > 0., loom::sqrt(x), x * x));
    EXPECT_EQ(session.run(R"(import numpy as np
x = np.load('input.npy').astype(np.float64)
print(np.array_equal(np.load('output.npy'), np.where(x > 0, np.sqrt(np.maximum(x, 0)), x * x)))
)"),
              "True\n");
}

}  // namespace
