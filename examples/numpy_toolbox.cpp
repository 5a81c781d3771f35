// NumPy's everyday toolbox in loom: element-wise mathematics, statistics,
// matrices, grids and bins, creation, random sampling, text files, 16-bit
// floats, and the spellings a NumPy programmer reaches for first. Each line
// prints what NumPy prints for the same call: examples/numpy_toolbox.py is
// the NumPy program, and examples/expected/numpy_toolbox.txt is its output,
// which CTest compares with this program's.

#include <cmath>
#include <iostream>
#include <limits>
#include <sstream>

#include <loom/loom.hpp>

using namespace loom;

namespace {

template <class Value>
void show(const char* name, const Value& value) {
    std::cout << name << ": " << value << '\n';
}

const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();

void elementwise() {
    const tensor<double> x{0.25, 0.5, 0.75}, y{1.5, 2.0, 3.0};
    show("log2", log2(y));
    show("log10", log10(y));
    show("exp2", exp2(x));
    show("cbrt", cbrt(y));
    show("arcsin", arcsin(x));
    show("arccos", arccos(x));
    show("arctan", arctan(x));
    show("arctan2", arctan2(x, y));
    show("sinh", sinh(x));
    show("cosh", cosh(x));
    show("arcsinh", arcsinh(x));
    show("arccosh", arccosh(y));
    show("arctanh", arctanh(x));
    show("trunc", trunc(tensor<double>{-1.5, 2.7, -0.2}));
    const tensor<double> with_nan{1.0, nan_value, 3.0}, other{nan_value, 2.0, 1.0};
    show("fmax", fmax(with_nan, other));
    show("fmin", fmin(with_nan, other));
    const tensor<double> specials{1.0, inf_value, -inf_value, nan_value};
    show("isfinite", isfinite(specials));
    show("nan_to_num", nan_to_num(specials));
    show("hypot", hypot(tensor<double>{3, 5}, tensor<double>{4, 12}));
    show("copysign", copysign(x, -1.0));
    show("deg2rad", deg2rad(tensor<double>{180, 90}));
    show("rad2deg", rad2deg(tensor<double>{3.141592653589793, 1.0}));
    show("reciprocal", reciprocal(tensor<double>{2, 4, 0.5}));
    show("heaviside", heaviside(tensor<double>{-1, 0, 2}, 0.5));
    show("logaddexp", logaddexp(x, y));
    show("relu", relu(tensor<double>{-1, 0.5, 2}));
}

void statistics() {
    const tensor<double> d{{3, 1, 4}, {1, 5, 9}, {2, 6, 5}};
    show("median", median(d));
    show("median axis 0", median(d, 0));
    show("percentile 25", percentile(d, 25.0));
    show("quantile [0.25, 0.75] axis 1", quantile(d, {0.25, 0.75}, 1));
    show("percentile 40 lower", percentile(d, 40.0, flat, quantile_method::lower));
    show("percentile 40 higher", percentile(d, 40.0, flat, quantile_method::higher));
    show("percentile 40 nearest", percentile(d, 40.0, flat, quantile_method::nearest));
    show("percentile 40 midpoint", percentile(d, 40.0, flat, quantile_method::midpoint));
    show("average weighted axis 0", average(d, tensor<double>{1, 2, 1}, 0));
    show("ptp axis 1", ptp(d, 1));
    const tensor<double> n{{1, nan_value, 3}, {nan_value, 5, 6}};
    show("nansum", nansum(n));
    show("nanmean axis 0", nanmean(n, 0));
    show("nanstd", nanstd(n));
    show("nanvar axis 1", nanvar(n, 1));
    show("nanmin", nanmin(n));
    show("nanmax axis 1", nanmax(n, 1));
    show("nanargmin", nanargmin(n));
    show("nanargmax axis 1", nanargmax(n, 1));
    show("nanmedian", nanmedian(n));
    show("nanpercentile 50 axis 1", nanpercentile(n, 50.0, 1));
    show("nanquantile 0.5", nanquantile(n, 0.5));
    show("nanprod axis 0", nanprod(n, 0));
    show("nancumsum", nancumsum(n));
    show("cov", cov(d));
    show("corrcoef", corrcoef(d));
    show("stddev axis 0", stddev(d, 0));
}

void matrices() {
    const tensor<double> d{{3, 1, 4}, {1, 5, 9}, {2, 6, 5}};
    show("diag of a vector", diag(tensor<double>{1, 2, 3}));
    show("diag of a matrix", diag(d));
    show("diagflat", diagflat(tensor<double>{{1, 2}, {3, 4}}));
    show("tril", tril(d));
    show("triu 1", triu(d, 1));
    show("trace", trace(d));
    show("kron", kron(eye<double>(2), tensor<double>{{1, 2}, {3, 4}}));
    show("vander", vander(tensor<std::int64_t>{1, 2, 3}));
}

void grids_and_bins() {
    const tensor<double> x{1, 2, 3}, y{4, 5};
    auto [columns, rows] = meshgrid(x, y);
    show("meshgrid xy X", columns);
    show("meshgrid xy Y", rows);
    auto [first, second] = meshgrid({.indexing = grid_indexing::ij}, x, y);
    show("meshgrid ij shapes", first.shape());
    show("meshgrid ij second", second);
    const tensor<double> data{1, 2, 1, 4, 2.5};
    const auto counted = histogram(data, 3);
    show("histogram counts", counted.counts);
    show("histogram edges", counted.edges);
    show("histogram given edges", histogram(data, tensor<double>{0, 2, 3, 5}).counts);
    show("histogram density", histogram_density(data, 3).counts);
    show("histogram weights", histogram(data, 3, std::nullopt, tensor<double>{1, 1, 1, 0.5, 2}).counts);
    show("histogram2d", histogram2d(tensor<double>{0, 1, 1, 2}, tensor<double>{0, 0, 1, 2}, 2).counts);
    show("bincount", bincount(tensor<std::int64_t>{0, 1, 1, 3}));
    show("digitize", digitize(tensor<double>{0.2, 6.4, 3.0, 1.6}, tensor<double>{0, 1, 2.5, 4, 10}));
}

void creation_and_shape() {
    show("logspace", logspace(0, 2, 3));
    show("geomspace", geomspace(1, 1000, 4));
    show("identity", identity<double>(3));
    const tensor<double> column{{1}, {2}, {3}}, row{{10, 20}};
    const auto broadcast = broadcast_arrays(column, row);
    show("broadcast_arrays", std::get<0>(broadcast).shape());
    show("broadcast_arrays second", std::get<1>(broadcast));
    const tensor<int> m{{1, 2}, {3, 4}};
    show("rot90", rot90(m));
    show("flip on both axes", flip(m, {0, 1}));
    show("atleast_1d", atleast_1d(tensor<double>(shape_type{}, 5.0)).shape());
    show("atleast_2d", atleast_2d(tensor<double>{1, 2}).shape());
    show("atleast_3d", atleast_3d(tensor<double>{1, 2}).shape());
}

// loom's streams are its own (create/sampling.hpp), not NumPy's, so what is
// printed is what any stream of the distribution shows.
void random_sampling() {
    random_generator generator(7);
    const tensor<double> u = uniform(2.0, 3.0, {1000}, generator);
    show("uniform in [2, 3)", all_of((u >= 2.0) && (u < 3.0)));
    const tensor<double> z = normal(5.0, 0.5, {10000}, generator);
    show("normal mean near 5", abs(mean(z) - 5.0) < 0.05);
    show("exponential not negative", all_of(exponential(2.0, {1000}, generator) >= 0.0));
    show("poisson not negative", all_of(poisson(3.0, {1000}, generator) >= 0));
    const tensor<std::int64_t> b = binomial(10, 0.3, {1000}, generator);
    show("binomial in [0, 10]", all_of((b >= 0) && (b <= 10)));
    show("choice without replacement, sorted", sort(choice(5, {5}, generator, {.replace = false})));
    show("choice with p", choice(3, {4}, generator, {.replace = true, .p = {0.0, 1.0, 0.0}}));
    show("permutation, sorted", sort(permutation(6, generator)));
    tensor<int> rows{{1, 1}, {2, 2}, {3, 3}};
    shuffle(rows, generator);
    show("shuffle keeps rows", sort(tensor<int>(rows(all, 0))) == sort(tensor<int>(rows(all, 1))));
}

void text_and_lists() {
    std::ostringstream written;
    savetxt(written, tensor<double>{{1.5, 2, 3}, {4, 5.25, 6}}, {.fmt = "%.2f", .delimiter = ","});
    std::cout << "savetxt:\n" << written.str();
    std::istringstream text("# x, y, z\nskipped\n1,2,3\n4,5,6\n");
    show("loadtxt", loadtxt<double>(text, {.delimiter = ',', .skiprows = 2, .usecols = {0, 2}}));
    std::istringstream missing("1 2\n3 nan\n");
    show("loadtxt nan", loadtxt<double>(missing, {.missing_as_nan = true}));
    const auto nested = tolist<2>(tensor<double>{{1, 2, 3}, {4, 5, 6}});
    std::cout << "tolist: " << nested.size() << " lists of " << nested[1].size() << ", last " << nested[1][2] << '\n';
}

void sixteen_bit_floats() {
    const tensor<float16> h = astype<float16>(tensor<double>{0.1, 1.5, 65504});
    show("float16", h);
    show("float16 sum", sum(h));
}

void first_day_spellings() {
    const tensor<double> d{{3, 1, 4}, {1, 5, 9}, {2, 6, 5}};
    show("sum(d).item()", sum(d).item());
    show("double(mean(d))", double(mean(d)));
    show("d.T()", d.T());
    show("d.mean(0)", d.mean(0));
    show("take_at rows and columns", take_at(d, {{0, 1, 2}, {2, 0, 1}}));
    tensor<double> e = d;
    put_at(e, {{0, 2}, {0, 2}}, 0.0);
    show("put_at", e);
}

}  // namespace

int main() {
    elementwise();
    statistics();
    matrices();
    grids_and_bins();
    creation_and_shape();
    random_sampling();
    text_and_lists();
    sixteen_bit_floats();
    first_day_spellings();
}
