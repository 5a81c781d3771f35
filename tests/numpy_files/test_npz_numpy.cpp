// .npz archives between loom and NumPy 1.24: NumPy's np.savez (named and
// positional arrays, every dtype, a Fortran-order member) and
// np.savez_compressed, read by loom; loom's save_npz and
// save_npz_compressed, read by NumPy's np.load, with the compression of
// each member checked through Python's zipfile.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
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

TEST(NumPyWrittenNpz, LoadsEveryDtypeByNameInOrder) {
    const numpy_session session("loom_npz_numpy_written");
    session.run(R"(import numpy as np
from loom_values import types, values
np.savez('all.npz', **{name: values(dtype, (2, 3)) for name, dtype in types.items()})
)");
    const loom::named_tensors arrays = loom::load_npz(session / "all.npz");
    EXPECT_EQ(arrays.names(), (std::vector<std::string>{"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                                        "uint32", "uint64", "float32", "float64", "float16"}));
    EXPECT_EQ(elements_of(arrays.get<bool>("bool")), elements_of(expected_values<bool>({2, 3})));
    EXPECT_EQ(elements_of(arrays.get<std::int8_t>("int8")), elements_of(expected_values<std::int8_t>({2, 3})));
    EXPECT_EQ(elements_of(arrays.get<std::uint64_t>("uint64")), elements_of(expected_values<std::uint64_t>({2, 3})));
    EXPECT_EQ(elements_of(arrays.get<float>("float32")), elements_of(expected_values<float>({2, 3})));
    EXPECT_EQ(elements_of(arrays.get<double>("float64")), elements_of(expected_values<double>({2, 3})));
    EXPECT_EQ(elements_of(arrays.get<loom::float16>("float16")), elements_of(expected_values<loom::float16>({2, 3})));
}

TEST(NumPyWrittenNpz, LoadsPositionalArraysAsArrN) {
    const numpy_session session("loom_npz_numpy_positional");
    session.run(R"(import numpy as np
from loom_values import values
np.savez('positional.npz', values(np.int16, (4,)), np.asfortranarray(values(np.float32, (2, 3))))
)");
    const loom::named_tensors arrays = loom::load_npz(session / "positional.npz");
    EXPECT_EQ(arrays.names(), (std::vector<std::string>{"arr_0", "arr_1"}));
    EXPECT_EQ(elements_of(arrays.get<std::int16_t>("arr_0")), elements_of(expected_values<std::int16_t>({4})));
    EXPECT_EQ(elements_of(arrays.get<float>("arr_1")), elements_of(expected_values<float>({2, 3})));
}

TEST(NumPyWrittenNpz, LoadsCompressedArchives) {
    const numpy_session session("loom_npz_numpy_compressed");
    session.run(R"(import numpy as np
from loom_values import values
np.savez_compressed('compressed.npz', big=values(np.float64, (50, 40)), empty=np.zeros((0, 2), np.uint8),
                    scalar=values(np.int64, ()))
)");
    const loom::named_tensors arrays = loom::load_npz(session / "compressed.npz");
    EXPECT_EQ(elements_of(arrays.get<double>("big")), elements_of(expected_values<double>({50, 40})));
    EXPECT_EQ(arrays.get<std::uint8_t>("empty").shape(), (shape_type{0, 2}));
    EXPECT_EQ(arrays.get<std::int64_t>("scalar")(), -100);
}

TEST(LoomWrittenNpz, NumPyReadsStoredAndCompressedArchives) {
    const numpy_session session("loom_npz_loom_written");
    const tensor<double> big = expected_values<double>({50, 40});
    const tensor<bool> flags = expected_values<bool>({3, 2});
    loom::save_npz(session / "stored.npz", {{"big", big}, {"flags", flags.transpose()}, {"scalar", expected_values<std::int64_t>({})}});
    loom::save_npz_compressed(session / "compressed.npz", {{"big", big}, {"flags", flags.transpose()}});
    EXPECT_EQ(session.run(R"(import zipfile
import numpy as np
from loom_values import values, check

failures = []
for file, method in (('stored.npz', zipfile.ZIP_STORED), ('compressed.npz', zipfile.ZIP_DEFLATED)):
    with np.load(file) as arrays:
        check(failures, file + ' big', arrays['big'], values(np.float64, (50, 40)))
        check(failures, file + ' flags', arrays['flags'], values(np.bool_, (3, 2)).T)
        if file == 'stored.npz':
            check(failures, file + ' scalar', arrays['scalar'], values(np.int64, ()))
    with zipfile.ZipFile(file) as archive:
        if archive.testzip() is not None:
            failures.append(file + ': a member has a bad CRC')
        if any(info.compress_type != method for info in archive.infolist()):
            failures.append(file + ': a member is not compressed with method %d' % method)
print('\n'.join(failures) or 'ok')
)"),
              "ok\n");
}

}  // namespace
