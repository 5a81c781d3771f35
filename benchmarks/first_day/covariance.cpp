// Columns standardised and their covariance, from a .npy file, as a NumPy
// programmer writes it on the first day (twin: covariance.py). The file is
// the first argument; check.sh writes one.
#include <cstdio>

#include <loom/loom.hpp>

using namespace loom;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: covariance data.npy\n");
        return 2;
    }
    tensor<double> data = load_npy<double>(argv[1]);
    const index_t rows = data.shape()[0];

    tensor<double> centred = data - mean(data, 0, true);
    tensor<double> standardised = centred / loom::std(data, 0, 0, true);
    tensor<double> covariance = matmul(transpose(centred), centred) / double(rows - 1);
    tensor<double> correlation = matmul(transpose(standardised), standardised) / double(rows);

    std::printf("shape %lld %lld\n", (long long)covariance.shape()[0], (long long)covariance.shape()[1]);
    std::printf("variance of column 0 %.6f\n", covariance(0, 0));
    std::printf("covariance 0 1 %.6f\n", covariance(0, 1));
    std::printf("largest correlation off the diagonal %.6f\n",
                tensor<double>(max(correlation - eye<double>(correlation.shape()[0]))).item());
    std::printf("standardised column means %.6f\n", tensor<double>(max(abs(mean(standardised, 0)))).item());
}
