// A tour of loom: every example of the five broadcasting pages loom follows
// (PaddlePaddle's guide in English and Chinese, a PyTorch blog post,
// OpenVINO's broadcast rules, PyTorch's documentation), run and printed;
// then a least-squares line (numpy.linalg.lstsq) and the peaks of a
// spectrum (numpy.fft.rfft), their values printed to two decimals.
//
// Each line shows the code, then the shape of its result, or the error the
// code raises. Shapes are known, and checked, the moment an expression is
// built: the expressions below are never evaluated, except where values are
// printed and where an operation is in place.

#include <cmath>
#include <iomanip>
#include <iostream>
#include <numbers>
#include <string>
#include <string_view>

#include <loom/loom.hpp>

using namespace loom;

namespace {

void heading(std::string_view title) { std::cout << '\n' << title << '\n'; }

void note(std::string_view text) { std::cout << "  (" << text << ")\n"; }

// Prints `name =` and then the values, as NumPy prints them, indented.
void show_values(std::string_view name, const std::string& values) {
    std::cout << "  " << name << " =\n    ";
    for (char c : values) std::cout << c << (c == '\n' ? "    " : "");
    std::cout << '\n';
}

// Prints `code -> shape` for what `build` returns (an expression, a tensor
// or a view), or the message of the broadcast_error it throws.
template <class Build>
void show(std::string_view code, Build build) {
    constexpr int code_width = 58;
    try {
        const auto& result = build();
        std::cout << "  " << std::left << std::setw(code_width) << code << " -> " << result.shape() << '\n';
    } catch (const broadcast_error& error) {
        std::cout << "  " << code << "\n    broadcast_error: " << error.what() << '\n';
    }
}

// Prints `code` and the message of the std::invalid_argument that `action` throws.
template <class Action>
void show_error(std::string_view code, Action action) {
    try {
        action();
        std::cout << "  " << code << "\n    (no error)\n";
    } catch (const std::invalid_argument& error) {
        std::cout << "  " << code << "\n    error: " << error.what() << '\n';
    }
}

// SHOW(code) runs `code` and prints it as written, with its result.
#define SHOW(...) show(#__VA_ARGS__, [&]() -> decltype(auto) { return (__VA_ARGS__); })

// PaddlePaddle's broadcasting guide.
void paddle_english() {
    heading("PaddlePaddle guide, Broadcasting (English)");
    SHOW(ones<float>({2, 3, 4}) + ones<float>({2, 3, 4}));
    SHOW(ones<float>({2, 3, 1, 5}) + ones<float>({3, 4, 1}));
    SHOW(ones<float>({2, 3, 4}) + ones<float>({2, 3, 6}));
    SHOW(ones<float>({2, 1, 4}) + ones<float>({3, 1}));
    SHOW(ones<float>({2, 1, 4}) + ones<float>({3, 2}));
}

// PaddlePaddle's broadcasting guide in Chinese: the same rule, then Paddle's elementwise_add
// with an axis, which places y onto x at that axis before broadcasting.
void paddle_chinese() {
    heading("PaddlePaddle guide, 广播 (Chinese), with elementwise_add(x, y, axis)");
    SHOW(ones<float>({2, 3, 4}) + ones<float>({2, 3, 4}));
    SHOW(ones<float>({2, 3, 1, 5}) + ones<float>({3, 4, 1}));
    SHOW(ones<float>({2, 3, 4}) + ones<float>({2, 3, 6}));
    SHOW(ones<float>({2, 1, 4}) + ones<float>({3, 1}));
    SHOW(ones<float>({2, 1, 4}) + ones<float>({3, 2}));
    const tensor<float> x = ones<float>({2, 3, 4, 5});
    std::cout << "  x = ones<float>({2, 3, 4, 5})\n";
    SHOW(add(ones<float>({2, 1, 4}), ones<float>({3, 1}), broadcast::paddle_elementwise(1)));
    SHOW(add(x, ones<float>({4, 5}), broadcast::paddle_elementwise(1)));
    SHOW(add(x, ones<float>({3}), broadcast::paddle_elementwise(1)));
}

// The PyTorch blog post on broadcasting.
void pytorch_blog() {
    heading("PyTorch blog, broadcasting");
    SHOW(rand<float>({2, 3, 4}, 1) + rand<float>({2, 3, 4}, 2));
    SHOW(rand<float>({1, 4, 5}, 1) * rand<float>({9, 4, 5}, 2));
    SHOW(rand<float>({1, 8, 1}, 1) / rand<float>({12, 10, 1, 3}, 2));
    SHOW(rand<float>({0, 1, 0}, 1) * rand<float>({1, 2, 1}, 2));

    std::cout << "  in place, the destination never grows:\n";
    tensor<float> a = rand<float>({3, 3, 7}, 1);
    tensor<float> small = rand<float>({1, 3, 1}, 2);
    SHOW(a += rand<float>({3, 1, 7}, 3));
    SHOW(small += rand<float>({5, 4, 3, 4}, 4));

    std::cout << "  losses, with the class dimension 1 of the input absent from the target:\n";
    SHOW(cross_entropy(rand<float>({4, 10}, 1), randint<std::int64_t>(0, 10, {4}, 2), {.reduction = loss_reduction::none}));
    SHOW(cross_entropy(rand<float>({4, 10, 8, 8}, 1), randint<std::int64_t>(0, 10, {4, 8, 8}, 2),
                       {.reduction = loss_reduction::none}));
    SHOW(cross_entropy(rand<float>({4, 10}, 1), randint<std::int64_t>(0, 10, {4}, 2)));
    SHOW(mse_loss(rand<float>({4, 3}, 1), rand<float>({4, 3}, 2)));
    show_error("cross_entropy(rand<float>({4, 10, 8}, 1), zeros<std::int64_t>({4, 9}))",
               [] { (void)cross_entropy(rand<float>({4, 10, 8}, 1), zeros<std::int64_t>({4, 9})); });

    std::cout << "  matmul: the last two dimensions multiply, the others broadcast:\n";
    SHOW(eval(matmul(rand<float>({1, 1, 8, 9}, 1), rand<float>({2, 3, 9, 7}, 2))));

    std::cout << "  sequence mask: keep the first lengths[i] values of row i\n";
    const tensor<int> A{{2, 3, 4, 0, 0}, {1, 0, 0, 2, 3}, {0, 5, 6, 7, 8}};
    const tensor<int> lengths{3, 1, 5};
    // [1, 5] < [3, 1] broadcasts to [3, 5]: element j of row i is kept when j < lengths[i].
    const tensor<bool> mask = arange(A.shape()[1]).unsqueeze(0) < lengths.unsqueeze(1);
    show_values("A", to_string(A));
    show_values("mask = arange(A.shape()[1]).unsqueeze(0) < lengths.unsqueeze(1)", to_string(mask));
    show_values("A * mask", to_string(A * mask));
}

// OpenVINO's broadcast rules: the three broadcast specs, then the
// bidirectional rule for broadcasting an array to a shape.
void openvino_rules() {
    heading("OpenVINO, broadcast rules for element-wise operations: numpy (the default)");
    SHOW(ones<float>({}) + ones<float>({}));
    SHOW(ones<float>({2, 3}) + ones<float>({1}));
    SHOW(ones<float>({3}) + ones<float>({2, 3}));
    SHOW(ones<float>({2, 3, 5}) + ones<float>({}));
    SHOW(ones<float>({2, 1, 5}) + ones<float>({1, 4, 5}));
    SHOW(ones<float>({6, 5}) + ones<float>({2, 1, 5}));
    SHOW(ones<float>({2, 1, 5}) + ones<float>({4, 1}));
    SHOW(ones<float>({3, 2, 1, 4}) + ones<float>({5, 4}));
    SHOW(ones<float>({1, 5, 3}) + ones<float>({5, 2, 1, 3}));
    SHOW(ones<float>({3}) + ones<float>({2}));
    SHOW(ones<float>({3, 1, 5}) + ones<float>({4, 4, 5}));

    heading("OpenVINO: none (identical shapes only)");
    SHOW(add(ones<float>({2, 3}), ones<float>({2, 3}), broadcast::none));
    SHOW(add(ones<float>({2, 3}), ones<float>({1, 3}), broadcast::none));

    heading("OpenVINO: pdpd(axis) (B is placed onto A at axis; only B broadcasts)");
    const tensor<float> A = ones<float>({2, 3, 4, 5});
    std::cout << "  A = ones<float>({2, 3, 4, 5})\n";
    SHOW(add(A, ones<float>({3, 4}), broadcast::pdpd(1)));
    SHOW(add(A, ones<float>({3, 1}), broadcast::pdpd(1)));
    SHOW(add(A, ones<float>({4, 5}), broadcast::pdpd()));
    SHOW(add(A, ones<float>({4, 5}), broadcast::pdpd(2)));
    SHOW(add(A, ones<float>({1, 3}), broadcast::pdpd(0)));
    SHOW(add(A, ones<float>({}), broadcast::pdpd()));
    SHOW(add(A, ones<float>({5}), broadcast::pdpd()));
    SHOW(add(A, ones<float>({5}), broadcast::pdpd(3)));
    SHOW(add(ones<float>({8, 1, 6, 1}), ones<float>({7, 1, 5}), broadcast::pdpd(1)));
    note("Paddle's element-wise rule places B the same way, then lets A's 1s grow:");
    SHOW(add(ones<float>({8, 1, 6, 1}), ones<float>({7, 1, 5}), broadcast::paddle_elementwise(1)));

    heading("OpenVINO: bidirectional (an array broadcast to a shape, both ways; a view, no copy)");
    SHOW(broadcast_bidirectional(ones<float>({5}), {1}));
    SHOW(broadcast_bidirectional(ones<float>({2, 3}), {3}));
    SHOW(broadcast_bidirectional(ones<float>({3, 1}), {3, 4}));
    SHOW(broadcast_bidirectional(ones<float>({3, 4}), {}));
    SHOW(broadcast_bidirectional(ones<float>({3, 1}), {2, 1, 6}));
}

// PyTorch's broadcasting semantics page.
void pytorch_docs() {
    heading("PyTorch documentation, broadcasting semantics");
    SHOW(tensor<float>({5, 7, 3}) + tensor<float>({5, 7, 3}));
    SHOW(tensor<float>(shape_type{}) + tensor<float>({2, 2}));
    note("rank 0 broadcasts with any shape, as in NumPy: the page's at-least-one-dimension rule is obsolete");
    SHOW(tensor<float>({5, 1, 4, 1}) + tensor<float>({3, 1, 1}));
    SHOW(tensor<float>({5, 2, 4, 1}) + tensor<float>({3, 1, 1}));
    SHOW(tensor<float>({1}) + tensor<float>({3, 1, 7}));

    std::cout << "  in place, the destination never grows:\n";
    tensor<float> x({5, 3, 4, 1});
    tensor<float> small({1, 3, 1});
    SHOW(x += tensor<float>({3, 1, 1}));
    SHOW(small += tensor<float>({3, 1, 7}));
}


// numpy.linalg.lstsq and numpy.fft.rfft, each in a few lines.
void linalg_and_fft() {
    heading("numpy.linalg.lstsq: the line through six noisy points of y = 2 x + 1");
    std::cout << std::fixed << std::setprecision(2);
#ifdef LOOM_HAVE_LAPACK
    const tensor<double> x = linspace(0.0, 1.0, 6);
    const tensor<double> y = 2.0 * x + 1.0 + tensor<double>{0.05, -0.03, 0.02, -0.04, 0.01, 0.03};
    const auto fit = linalg::lstsq(column_stack({x, ones_like(x)}), y);
    std::cout << "  linalg::lstsq(column_stack({x, ones_like(x)}), y).solution -> slope "
              << fit.solution.data()[0] << ", intercept " << fit.solution.data()[1] << '\n';
#else
    note("loom was built without LAPACK, which lstsq needs: install liblapack-dev and configure again");
#endif

    heading("numpy.fft.rfft: the two tones of sin(2 pi 5 t) + 0.5 sin(2 pi 12 t), 64 samples in one second");
    const tensor<double> t = arange(0.0, 1.0, 1.0 / 64);
    const tensor<double> signal = sin(2 * std::numbers::pi * 5.0 * t) + 0.5 * sin(2 * std::numbers::pi * 12.0 * t);
    const tensor<double> magnitude = abs(fft::rfft(signal));
    const tensor<double> frequency = fft::rfftfreq(64, 1.0 / 64);
    const tensor<index_t> order = argsort(magnitude);
    const index_t last = order.size() - 1;
    std::cout << "  the two largest of abs(fft::rfft(signal)), at fft::rfftfreq(64, 1.0 / 64): "
              << frequency.data()[order.data()[last]] << " Hz (" << magnitude.data()[order.data()[last]] << ") and "
              << frequency.data()[order.data()[last - 1]] << " Hz (" << magnitude.data()[order.data()[last - 1]]
              << ")\n";
}

}  // namespace

int main() {
    std::cout << "loom tour: the broadcasting examples of PaddlePaddle, PyTorch and OpenVINO, run by loom\n";
    paddle_english();
    paddle_chinese();
    pytorch_blog();
    openvino_rules();
    pytorch_docs();
    linalg_and_fft();
}
