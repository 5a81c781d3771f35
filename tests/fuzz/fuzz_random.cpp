// Fuzzes random sampling (<loom/random.hpp>): rand, randn, randint, uniform,
// normal, exponential, poisson, binomial, choice of n (with and without
// replacement, with probabilities p of any length and values), choice of
// rows, permutation and shuffle, with any parameters (NaN, infinities,
// negative, zero, huge) and shapes with small or hostile sizes (negative,
// more elements than index_t counts), from a seed or a random_generator.
// Property: a refusal of the documented type (docs/tensors.md, "Random
// sampling": std::invalid_argument naming the function, std::length_error
// for a shape of too many elements) exactly when the rules written here
// refuse; otherwise the shape asked for, every value in the distribution's
// support (uniform in [low, high], randint in [low, high), rand in [0, 1),
// exponential >= 0, poisson and binomial integers in [0, inf) and [0, n],
// choice an index below n with p above 0, distinct without replacement,
// permutation and shuffle a reordering of their input, rows kept whole),
// and the same seed giving the same values. Calls whose valid result would
// be large are not made.

#include <algorithm>
#include <cmath>
#include <cstring>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using sizes = std::vector<index_t>;

constexpr index_t largest_result = 4096;

enum op { op_rand, op_randn, op_randint, op_uniform, op_normal, op_exponential, op_poisson, op_binomial, op_choice,
          op_choice_rows, op_permutation, op_shuffle, op_count };

// A shape of rank 0 to 3 with sizes 0 to 5, now and then hostile ones.
sizes random_shape(byte_reader& in) {
    sizes s(static_cast<std::size_t>(in.below(4)));
    const bool hostile = in.below(8) == 0;
    for (index_t& size : s) size = hostile ? in.hostile(0, 5) : in.below(6);
    return s;
}

template <class T>
bool same_bits(const tensor<T>& a, const tensor<T>& b) {
    return a.shape() == b.shape() &&
           (a.size() == 0 || std::memcmp(a.data(), b.data(), sizeof(T) * static_cast<std::size_t>(a.size())) == 0);
}

std::string number(double x) { return loom::detail::number_text(x); }

// Runs `draw(seed)` twice; checks the refusal, the shape, the values (`in_support`) and that the seed repeats them.
template <class T, class Draw, class Support>
void check_draw(const std::string& call, const std::vector<refusal>& parameter_refusals, const sizes& shape,
                std::uint64_t seed, Draw draw, Support in_support) {
    std::vector<refusal> allowed = parameter_refusals;
    bool negative = false;
    for (index_t s : shape) negative = negative || s < 0;
    const wide count = nonzero_product(shape);
    const bool any_zero = std::find(shape.begin(), shape.end(), 0) != shape.end();
    if (negative) allowed.push_back(refusal::invalid_argument);
    else if (count > std::numeric_limits<index_t>::max() / wide(sizeof(T))) allowed.push_back(refusal::length_error);
    else if (allowed.empty() && !any_zero && count > largest_result) return;
    tensor<T> first, second;
    const outcome o = attempt([&] { first = draw(seed); });
    if (allowed.empty()) {
        require_kind(o, refusal::none, call);
    } else {
        bool fits = false;
        for (refusal r : allowed) fits = fits || r == o.kind;
        if (!fits) fail(call + ": expected " + name(allowed[0]) + ", got " + name(o.kind) + (o.refused() ? " (" + o.message + ")" : ""));
        if (o.kind == refusal::invalid_argument && !negative) {
            const std::string function = call.substr(0, call.find('('));
            require_mentions(o, function);
        }
        return;
    }
    require(sizes_of(first.shape()) == shape, call + ": shape " + text(first.shape()));
    for (index_t i = 0; i < first.size(); ++i) {
        if (!in_support(first.data()[i])) {
            fail(call + ": value " + std::to_string(i) + " is " + number(static_cast<double>(first.data()[i])) +
                 ", outside the distribution's support");
        }
    }
    second = draw(seed);
    require(same_bits(first, second), call + ": the same seed gives other values");
}

void run(byte_reader& in) {
    const op o = static_cast<op>(in.below(op_count));
    const sizes shape = random_shape(in);
    const shape_type s(shape.begin(), shape.end());
    const std::uint64_t seed = in.flag() ? in.next() : in.u64();
    const bool as_float = in.flag();
    const double a = hostile_real(in), b = hostile_real(in);
    const std::string tail = ", shape " + text(shape) + ", seed " + std::to_string(seed) + ")";
    const auto invalid_if = [](bool refused) { return refused ? std::vector<refusal>{refusal::invalid_argument} : std::vector<refusal>{}; };
    switch (o) {
        case op_rand:
            check_draw<double>("rand(" + tail, {}, shape, seed, [&](std::uint64_t k) { return loom::rand<double>(s, k); },
                               [](double x) { return x >= 0 && x < 1; });
            break;
        case op_randn:
            check_draw<float>("randn(" + tail, {}, shape, seed, [&](std::uint64_t k) { return loom::randn<float>(s, k); },
                              [](float x) { return std::isfinite(x); });
            break;
        case op_randint: {
            const index_t low = in.hostile(-4, 4), high = in.hostile(-4, 8);
            const bool narrow = in.flag();  // int8: [low, high) must fit
            const bool refused_range = high <= low;
            const bool out = narrow && (low < -128 || high > 128) && !refused_range;
            std::vector<refusal> r = invalid_if(refused_range);
            if (out) r.push_back(refusal::out_of_range);
            const std::string call = "randint(" + std::to_string(low) + ", " + std::to_string(high) + (narrow ? ", int8" : "") + tail;
            if (narrow) {
                check_draw<std::int8_t>(call, r, shape, seed, [&](std::uint64_t k) { return loom::randint<std::int8_t>(low, high, s, k); },
                                        [&](std::int8_t x) { return x >= low && x < high; });
            } else {
                check_draw<index_t>(call, r, shape, seed, [&](std::uint64_t k) { return loom::randint(low, high, s, k); },
                                    [&](index_t x) { return x >= low && x < high; });
            }
            break;
        }
        case op_uniform: {
            // Rounding may give high itself (docs); a float result may round low and high outward.
            const bool refused = !std::isfinite(b - a) || b < a;
            const std::string call = "uniform(" + number(a) + ", " + number(b) + (as_float ? ", float32" : "") + tail;
            if (as_float) {
                check_draw<float>(call, invalid_if(refused), shape, seed,
                                  [&](std::uint64_t k) { return loom::uniform<float>(a, b, s, k); },
                                  [&](float x) { return x >= static_cast<float>(a) && x <= static_cast<float>(b); });
            } else {
                check_draw<double>(call, invalid_if(refused), shape, seed,
                                   [&](std::uint64_t k) { return loom::uniform(a, b, s, k); },
                                   [&](double x) { return x >= a && x <= b; });
            }
            break;
        }
        case op_normal: {
            const std::string call = "normal(" + number(a) + ", " + number(b) + tail;
            const bool nan = std::isnan(a) || std::isnan(b);
            check_draw<double>(call, invalid_if(b < 0), shape, seed, [&](std::uint64_t k) { return loom::normal(a, b, s, k); },
                               [&](double x) { return nan ? std::isnan(x) : !std::isnan(x) || std::isinf(a) || std::isinf(b); });
            break;
        }
        case op_exponential: {
            const std::string call = "exponential(" + number(a) + tail;
            check_draw<double>(call, invalid_if(a < 0), shape, seed, [&](std::uint64_t k) { return loom::exponential(a, s, k); },
                               [&](double x) { return std::isnan(a) ? std::isnan(x) : x >= 0; });
            break;
        }
        case op_poisson: {
            const double lam = std::fabs(a) < 1e6 || in.flag() ? a : std::copysign(1e6, a);
            const std::string call = "poisson(" + number(lam) + tail;
            const bool refused = !(lam >= 0) || lam > loom::poisson_lam_max;
            check_draw<std::int64_t>(call, invalid_if(refused), shape, seed,
                                     [&](std::uint64_t k) { return loom::poisson(lam, s, k); },
                                     [&](std::int64_t x) { return x >= 0 && (lam != 0 || x == 0); });
            break;
        }
        case op_binomial: {
            const index_t n = in.hostile(-2, 40);
            const double p = in.flag() ? static_cast<double>(in.next() % 11) / 10.0 : b;
            const std::string call = "binomial(" + std::to_string(n) + ", " + number(p) + tail;
            const bool refused = n < 0 || !(p >= 0 && p <= 1);
            check_draw<std::int64_t>(call, invalid_if(refused), shape, seed,
                                     [&](std::uint64_t k) { return loom::binomial(n, p, s, k); },
                                     [&](std::int64_t x) {
                                         return x >= 0 && x <= n && (p != 0 || x == 0) && (p != 1 || x == n);
                                     });
            break;
        }
        case op_choice:
        case op_choice_rows: {
            const bool rows = o == op_choice_rows;
            const index_t n = rows ? in.below(5) : in.hostile(-1, 6);
            loom::choice_options options;
            options.replace = in.flag();
            const unsigned p_form = in.next() % 4;
            if (p_form != 0 && n >= 0 && n <= 8) {
                const index_t length = p_form == 3 ? in.below(9) : n;
                std::vector<double> weights;
                double total = 0;
                for (index_t k = 0; k < length; ++k) {
                    const unsigned c = in.next();
                    weights.push_back(c < 224 ? static_cast<double>(c % 4) : hostile_real(in));
                    total += weights.back();
                }
                for (double& w : weights) w = p_form == 2 || total == 0 ? w : w / total;
                options.p = weights;
            }
            // NumPy's rules, in loom's order: n, the population, the count without replacement, then p.
            const wide count = nonzero_product(shape);
            const bool empty = std::find(shape.begin(), shape.end(), 0) != shape.end() || count == 0;
            std::vector<refusal> r;
            bool p_refused = false;
            double p_total = 0;
            index_t positive = 0;
            for (double w : options.p) {
                p_refused = p_refused || !(w >= 0) || std::isinf(w);
                p_total += w;
                positive += w > 0;
            }
            if (!options.p.empty()) {
                p_refused = p_refused || static_cast<index_t>(options.p.size()) != n || !(std::fabs(p_total - 1.0) <= 1.4901161193847656e-08);
            }
            const bool negative = std::any_of(shape.begin(), shape.end(), [](index_t s) { return s < 0; });
            if (n < 0 || negative) r.push_back(refusal::invalid_argument);
            else if (!empty) {
                if (n == 0) r.push_back(refusal::invalid_argument);
                else if (!options.replace && count > n) r.push_back(refusal::invalid_argument);
                else if (p_refused) r.push_back(refusal::invalid_argument);
                else if (!options.p.empty() && !options.replace && count > positive) r.push_back(refusal::invalid_argument);
            }
            std::string call = "choice(" + std::to_string(n) + (options.replace ? "" : ", replace false") + ", p {";
            for (double w : options.p) call += number(w) + " ";
            call += "}" + tail;
            const auto allowed_index = [&](std::int64_t x) {
                return x >= 0 && x < n && (options.p.empty() || options.p[static_cast<std::size_t>(x)] > 0);
            };
            if (!rows) {
                check_draw<std::int64_t>(call, r, shape, seed,
                                         [&](std::uint64_t k) { return loom::choice(n, s, k, options); }, allowed_index);
                if (!r.empty() || options.replace || count > largest_result) break;
                const outcome distinct = attempt([&] {
                    tensor<std::int64_t> c = loom::choice(n, s, seed, options);
                    std::sort(c.begin(), c.end());
                    require(std::adjacent_find(c.begin(), c.end()) == c.end(), call + ": an index drawn twice without replacement");
                });
                require_kind(distinct, refusal::none, call);
            } else {
                // Rows of a [n, 2] population whose row k holds 10 k and 10 k + 1.
                tensor<std::int64_t> population(shape_type{n, 2});
                for (index_t k = 0; k < population.size(); ++k) population.data()[k] = 10 * (k / 2) + k % 2;
                const bool negative = std::any_of(shape.begin(), shape.end(), [](index_t x) { return x < 0; });
                const bool too_many = count > std::numeric_limits<index_t>::max() / 16;
                if (r.empty() && !negative && !too_many && count > largest_result) break;
                const outcome drawn = attempt([&] {
                    const tensor<std::int64_t> c = loom::choice(population, s, seed, options);
                    sizes want = shape;
                    want.push_back(2);
                    require(sizes_of(c.shape()) == want, call + " of rows: shape " + text(c.shape()));
                    for (index_t k = 0; k + 1 < c.size(); k += 2) {
                        const std::int64_t row = c.data()[k] / 10;
                        require(c.data()[k] % 10 == 0 && c.data()[k + 1] == c.data()[k] + 1 && allowed_index(row),
                                call + " of rows: a row that is not one of the population's");
                    }
                });
                bool fits = r.empty() ? !drawn.refused() : false;
                for (refusal k : r) fits = fits || drawn.kind == k;
                if (negative) fits = fits || drawn.kind == refusal::invalid_argument;
                if (too_many) fits = fits || drawn.kind == refusal::length_error;
                require(fits, call + " of rows: " + name(drawn.kind) + (drawn.refused() ? " (" + drawn.message + ")" : ""));
            }
            break;
        }
        case op_permutation:
        case op_shuffle: {
            const index_t n = o == op_permutation ? in.hostile(-1, 8) : (shape.empty() ? 0 : shape[0]);
            if (o == op_permutation) {
                const std::string call = "permutation(" + std::to_string(n) + ", seed " + std::to_string(seed) + ")";
                std::vector<refusal> r = invalid_if(n < 0);
                if (n >= 0 && wide(n) * 8 > std::numeric_limits<index_t>::max()) r.push_back(refusal::length_error);
                if (r.empty() && n > largest_result) break;
                check_draw<std::int64_t>(call, r, n < 0 ? sizes{} : sizes{n}, seed,
                                         [&](std::uint64_t k) { return loom::permutation(n, k); },
                                         [&](std::int64_t x) { return x >= 0 && x < n; });
                if (!r.empty()) break;
                tensor<std::int64_t> p = loom::permutation(n, seed);
                std::sort(p.begin(), p.end());
                for (index_t k = 0; k < n; ++k) require(p.data()[k] == k, call + ": not a permutation of 0 to n - 1");
                break;
            }
            // shuffle of a tensor whose rows are told apart: each row holds its index in every element.
            const wide count = nonzero_product(shape);
            if (std::any_of(shape.begin(), shape.end(), [](index_t x) { return x < 0; }) || count > largest_result) break;
            tensor<int> t(s);
            const index_t row = shape.empty() || shape[0] == 0 ? 0 : t.size() / shape[0];
            for (index_t k = 0; k < t.size(); ++k) t.data()[k] = static_cast<int>(row ? k / row : 0) * 100 + static_cast<int>(row ? k % row : 0);
            const std::string call = "shuffle(" + text(shape) + ", seed " + std::to_string(seed) + ")";
            tensor<int> u = t.copy();
            const outcome done = attempt([&] { loom::shuffle(u, seed); });
            if (shape.empty()) {
                require_kind(done, refusal::invalid_argument, call);
                break;
            }
            require_kind(done, refusal::none, call);
            std::vector<int> seen;
            for (index_t r = 0; r < n && row > 0; ++r) {
                const int first = u.data()[r * row] / 100;
                for (index_t k = 0; k < row; ++k) {
                    require(u.data()[r * row + k] == first * 100 + static_cast<int>(k), call + ": row " + std::to_string(r) + " is not a row of the input");
                }
                seen.push_back(first);
            }
            std::sort(seen.begin(), seen.end());
            for (index_t r = 0; r < n && row > 0; ++r) require(seen[static_cast<std::size_t>(r)] == r, call + ": rows lost or repeated");
            tensor<int> v = t.copy();
            loom::shuffle(v, seed);
            require(same_bits(u, v), call + ": the same seed shuffles otherwise");
            break;
        }
        default: break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    run(in);
    return 0;
}
