// Reading a CSV file, as a NumPy programmer's first analysis starts:
//
//   loadtxt_csv/loom   loom::loadtxt<double>(path, {.delimiter = ','}) of 10^5 rows of 4 values
//
// The file is written first, in the temporary folder, as
// `np.savetxt(path, x, fmt="%.6f", delimiter=",")` writes it (values uniform
// in [-1000, 1000)); what loadtxt reads is checked against the values
// written (within 1e-6) before timing. The peer suite's W15: NumPy's
// `np.loadtxt(path, delimiter=",")` beside it reads a file of the same form
// (benchmarks/suite_python.py).

#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"
#include "loom/io.hpp"

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t rows = 100000;
constexpr std::ptrdiff_t columns = 4;

// The values of the file, as its text gives them back ("%.6f" rounds them).
struct csv_file {
    std::filesystem::path path = std::filesystem::temp_directory_path() / "loom_bench_text.csv";
    std::vector<double> values;

    static const csv_file& get() {
        static const csv_file file;
        return file;
    }

private:
    csv_file() {
        const std::vector<float> uniform = uniform_floats(rows * columns, 9);  // in [-1, 1)
        std::FILE* out = std::fopen(path.c_str(), "w");
        if (out == nullptr) {
            std::perror(path.c_str());
            std::abort();
        }
        char text[32];
        for (std::ptrdiff_t i = 0; i < rows * columns; ++i) {
            std::snprintf(text, sizeof text, "%.6f", 1000.0 * static_cast<double>(uniform[static_cast<std::size_t>(i)]));
            values.push_back(std::stod(text));
            std::fputs(text, out);
            std::fputc((i + 1) % columns == 0 ? '\n' : ',', out);
        }
        std::fclose(out);
    }
};

void loadtxt_csv_loom(benchmark::State& state) {
    const csv_file& file = csv_file::get();
    loom::loadtxt_options options;
    options.delimiter = ',';
    check_then_time(state, std::span<const double>(file.values), 1e-6,
                    [&] { return loom::loadtxt<double>(file.path, options); });
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(std::filesystem::file_size(file.path)));
}

void register_benchmarks() { add_named("loadtxt_csv/loom", loadtxt_csv_loom); }

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
