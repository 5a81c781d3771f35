// loom::compiled's random numbers: the draws and samples of the extern declarations at the end of
// create/random.hpp and create/sampling.hpp, compiled once here.
#include "loom/random.hpp"

namespace loom {
template tensor<float> rand<float>(const shape_type&, std::uint64_t);
template tensor<float> rand<float, random_generator>(const shape_type&, random_generator&);
template tensor<float> randn<float>(const shape_type&, std::uint64_t);
template tensor<float> randn<float, random_generator>(const shape_type&, random_generator&);
template tensor<double> rand<double>(const shape_type&, std::uint64_t);
template tensor<double> rand<double, random_generator>(const shape_type&, random_generator&);
template tensor<double> randn<double>(const shape_type&, std::uint64_t);
template tensor<double> randn<double, random_generator>(const shape_type&, random_generator&);
template tensor<std::int32_t> randint<std::int32_t, int, int>(int, int, const shape_type&, std::uint64_t);
template tensor<std::int32_t> randint<std::int32_t, int, int, random_generator>(int, int, const shape_type&,
                                                                                random_generator&);
template tensor<std::int64_t> randint<std::int64_t, int, int>(int, int, const shape_type&, std::uint64_t);
template tensor<std::int64_t> randint<std::int64_t, int, int, random_generator>(int, int, const shape_type&,
                                                                                random_generator&);

template tensor<float> uniform<float>(double, double, const shape_type&, std::uint64_t);
template tensor<float> uniform<float, random_generator>(double, double, const shape_type&, random_generator&);
template tensor<float> normal<float>(double, double, const shape_type&, std::uint64_t);
template tensor<float> normal<float, random_generator>(double, double, const shape_type&, random_generator&);
template tensor<float> exponential<float>(double, const shape_type&, std::uint64_t);
template tensor<float> exponential<float, random_generator>(double, const shape_type&, random_generator&);
template tensor<double> uniform<double>(double, double, const shape_type&, std::uint64_t);
template tensor<double> uniform<double, random_generator>(double, double, const shape_type&, random_generator&);
template tensor<double> normal<double>(double, double, const shape_type&, std::uint64_t);
template tensor<double> normal<double, random_generator>(double, double, const shape_type&, random_generator&);
template tensor<double> exponential<double>(double, const shape_type&, std::uint64_t);
template tensor<double> exponential<double, random_generator>(double, const shape_type&, random_generator&);
template tensor<std::int64_t> poisson<random_generator>(double, const shape_type&, random_generator&);
template tensor<std::int64_t> binomial<random_generator>(std::int64_t, double, const shape_type&, random_generator&);
template tensor<std::int64_t> choice<random_generator>(std::int64_t, const shape_type&, random_generator&,
                                                       const choice_options&);
template tensor<std::int64_t> permutation<random_generator>(std::int64_t, random_generator&);
template void shuffle<float>(tensor<float>&, std::uint64_t);
template void shuffle<float, random_generator>(tensor<float>&, random_generator&);
template void shuffle<double>(tensor<double>&, std::uint64_t);
template void shuffle<double, random_generator>(tensor<double>&, random_generator&);
template void shuffle<std::int32_t>(tensor<std::int32_t>&, std::uint64_t);
template void shuffle<std::int32_t, random_generator>(tensor<std::int32_t>&, random_generator&);
template void shuffle<std::int64_t>(tensor<std::int64_t>&, std::uint64_t);
template void shuffle<std::int64_t, random_generator>(tensor<std::int64_t>&, random_generator&);
}  // namespace loom
