// loom::compiled's files and printing: .npy reading and writing, and the text of arrays, for the
// element types of the extern declarations at the end of io/npy.hpp and io/print.hpp, compiled once
// here.
#include "loom/io.hpp"

namespace loom {
template tensor<bool> load_npy<bool>(const std::filesystem::path&);
template tensor<bool> read_npy<bool>(std::span<const std::byte>);
template void save_npy<tensor<bool>>(const std::filesystem::path&, const tensor<bool>&);
template std::vector<std::byte> npy_bytes<tensor<bool>>(const tensor<bool>&);
template tensor<float> load_npy<float>(const std::filesystem::path&);
template tensor<float> read_npy<float>(std::span<const std::byte>);
template void save_npy<tensor<float>>(const std::filesystem::path&, const tensor<float>&);
template std::vector<std::byte> npy_bytes<tensor<float>>(const tensor<float>&);
template tensor<double> load_npy<double>(const std::filesystem::path&);
template tensor<double> read_npy<double>(std::span<const std::byte>);
template void save_npy<tensor<double>>(const std::filesystem::path&, const tensor<double>&);
template std::vector<std::byte> npy_bytes<tensor<double>>(const tensor<double>&);
template tensor<std::int32_t> load_npy<std::int32_t>(const std::filesystem::path&);
template tensor<std::int32_t> read_npy<std::int32_t>(std::span<const std::byte>);
template void save_npy<tensor<std::int32_t>>(const std::filesystem::path&, const tensor<std::int32_t>&);
template std::vector<std::byte> npy_bytes<tensor<std::int32_t>>(const tensor<std::int32_t>&);
template tensor<std::int64_t> load_npy<std::int64_t>(const std::filesystem::path&);
template tensor<std::int64_t> read_npy<std::int64_t>(std::span<const std::byte>);
template void save_npy<tensor<std::int64_t>>(const std::filesystem::path&, const tensor<std::int64_t>&);
template std::vector<std::byte> npy_bytes<tensor<std::int64_t>>(const tensor<std::int64_t>&);
template tensor<std::complex<float>> load_npy<std::complex<float>>(const std::filesystem::path&);
template tensor<std::complex<float>> read_npy<std::complex<float>>(std::span<const std::byte>);
template void save_npy<tensor<std::complex<float>>>(const std::filesystem::path&, const tensor<std::complex<float>>&);
template std::vector<std::byte> npy_bytes<tensor<std::complex<float>>>(const tensor<std::complex<float>>&);
template tensor<std::complex<double>> load_npy<std::complex<double>>(const std::filesystem::path&);
template tensor<std::complex<double>> read_npy<std::complex<double>>(std::span<const std::byte>);
template void save_npy<tensor<std::complex<double>>>(const std::filesystem::path&, const tensor<std::complex<double>>&);
template std::vector<std::byte> npy_bytes<tensor<std::complex<double>>>(const tensor<std::complex<double>>&);
}  // namespace loom

namespace loom::detail {
template <>
const bool compiled_for<xsimd::default_arch>::architecture = true;

template std::string strided_text<bool>(const bool*, const strided_layout&, const print_options&);
template std::string strided_text<float>(const float*, const strided_layout&, const print_options&);
template std::string strided_text<double>(const double*, const strided_layout&, const print_options&);
template std::string strided_text<std::int32_t>(const std::int32_t*, const strided_layout&, const print_options&);
template std::string strided_text<std::int64_t>(const std::int64_t*, const strided_layout&, const print_options&);
template std::string strided_text<std::complex<float>>(const std::complex<float>*, const strided_layout&,
                                                       const print_options&);
template std::string strided_text<std::complex<double>>(const std::complex<double>*, const strided_layout&,
                                                        const print_options&);
}  // namespace loom::detail
