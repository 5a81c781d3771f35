// loom::compiled's sorting: sort and argsort along an axis, for the element types of the extern
// declarations at the end of sort/sort.hpp, compiled once here.
#include "loom/sort.hpp"

namespace loom {
template tensor<float> sort<tensor<float>>(const tensor<float>&, index_t);
template tensor<index_t> argsort<tensor<float>>(const tensor<float>&, index_t);
template tensor<double> sort<tensor<double>>(const tensor<double>&, index_t);
template tensor<index_t> argsort<tensor<double>>(const tensor<double>&, index_t);
template tensor<std::int32_t> sort<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
template tensor<index_t> argsort<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
template tensor<std::int64_t> sort<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
template tensor<index_t> argsort<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
template tensor<std::complex<float>> sort<tensor<std::complex<float>>>(const tensor<std::complex<float>>&, index_t);
template tensor<index_t> argsort<tensor<std::complex<float>>>(const tensor<std::complex<float>>&, index_t);
template tensor<std::complex<double>> sort<tensor<std::complex<double>>>(const tensor<std::complex<double>>&, index_t);
template tensor<index_t> argsort<tensor<std::complex<double>>>(const tensor<std::complex<double>>&, index_t);
}  // namespace loom
