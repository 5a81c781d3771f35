// loom::compiled's linear algebra: gemm on operands and a result of one type, for the element
// types of the extern declarations at the end of linalg/gemm.hpp, compiled once here.
#include "loom/linalg.hpp"

namespace loom::linalg {
template void gemm<float, float, float>(matrix_ref<const float>, matrix_ref<const float>, matrix_ref<float>, bool);
template void gemm<double, double, double>(matrix_ref<const double>, matrix_ref<const double>, matrix_ref<double>,
                                           bool);
template void gemm<std::int32_t, std::int32_t, std::int32_t>(matrix_ref<const std::int32_t>,
                                                             matrix_ref<const std::int32_t>, matrix_ref<std::int32_t>,
                                                             bool);
template void gemm<std::int64_t, std::int64_t, std::int64_t>(matrix_ref<const std::int64_t>,
                                                             matrix_ref<const std::int64_t>, matrix_ref<std::int64_t>,
                                                             bool);
template void gemm<std::complex<float>, std::complex<float>, std::complex<float>>(matrix_ref<const std::complex<float>>,
                                                                                  matrix_ref<const std::complex<float>>,
                                                                                  matrix_ref<std::complex<float>>,
                                                                                  bool);
template void gemm<std::complex<double>, std::complex<double>, std::complex<double>>(
    matrix_ref<const std::complex<double>>, matrix_ref<const std::complex<double>>, matrix_ref<std::complex<double>>,
    bool);
}  // namespace loom::linalg
