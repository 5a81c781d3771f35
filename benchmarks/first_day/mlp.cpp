// A two-layer perceptron's forward pass, its loss and its predictions, as a
// NumPy programmer writes it on the first day (twin: mlp.py).
#include <cstdio>

#include <loom/loom.hpp>

using namespace loom;

int main() {
    const index_t batch = 256, inputs = 64, hidden = 128, classes = 10;

    // Deterministic data and weights, so that NumPy computes the same numbers.
    tensor<float> x = astype<float>(sin(arange(batch * inputs) * 0.37));
    tensor<float> w1 = astype<float>(cos(arange(inputs * hidden) * 0.11) * 0.1);
    tensor<float> w2 = astype<float>(sin(arange(hidden * classes) * 0.23) * 0.1);
    tensor<float> b1 = astype<float>(linspace(-0.5, 0.5, hidden));
    tensor<float> b2 = zeros<float>({classes});
    tensor<std::int64_t> labels = arange(batch) % classes;
    x = x.reshape({batch, inputs});
    w1 = w1.reshape({inputs, hidden});
    w2 = w2.reshape({hidden, classes});

    tensor<float> h = maximum(matmul(x, w1) + b1, 0.0f);
    tensor<float> logits = matmul(h, w2) + b2;
    tensor<float> log_probabilities = log_softmax(logits, 1);
    tensor<float> loss = cross_entropy(logits, labels);
    tensor<std::int64_t> predicted = argmax(log_probabilities, 1);
    tensor<double> accuracy = mean(astype<double>(predicted == labels));

    std::printf("loss %.5f\n", double(loss.item()));
    std::printf("accuracy %.5f\n", accuracy.item());
    std::printf("first predictions %lld %lld %lld %lld\n", (long long)predicted(0),
                (long long)predicted(1), (long long)predicted(2), (long long)predicted(3));
    std::printf("mean log-probability %.5f\n", double(tensor<float>(mean(log_probabilities)).item()));
}
