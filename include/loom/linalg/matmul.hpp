#pragma once
// matmul, as NumPy's: the last two dimensions multiply, the others (the
// batch dimensions) broadcast by NumPy's rule: (1, 1, 8, 9) @ (2, 3, 9, 7)
// -> (2, 3, 8, 7), the PyTorch blog post's example. A 1-D left operand gets a
// 1 prepended and a 1-D right operand a 1 appended, each removed again from
// the result; 1-D with 1-D is a dot product, of rank 0. Rank 0 is an error.
// The result type is promote_t of the operands' (bool with bool is bool:
// NumPy's logical or of ands); integers are exact, with NumPy's wraparound.
//
// A product is a whole value (Note [whole values] in eval/assign.hpp):
// `z = matmul(a, b)` writes into z's memory, and `matmul(a, b) + bias`
// computes the product once, then adds. The batch dimensions are walked by
// the one loop engine: a plan over the batch shape whose operands are the
// result and the two operands, each with its batch strides (0 where it is
// broadcast, so a broadcast operand is read in place, never copied), and a
// kernel that calls gemm once per batch element, or, for small matrices,
// runs gemm_small's loop (Note [small products] in gemm.hpp). path_of
// reports what each product does by the functions the kernel runs by
// (takes_small_product and plan_gemm in gemm.hpp, blas_call_for in blas.hpp).

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/eval/whole_value_path.hpp"
#include "loom/expr/built_shape.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/scalar_node.hpp"
#include "loom/linalg/blas.hpp"
#include "loom/linalg/gemm.hpp"
#include "loom/linalg/matrix_ref.hpp"

namespace loom {

namespace detail {

// The shapes of a product, resolved: the operands' shapes with NumPy's 1-D
// promotion, the broadcast batch shape, and the result's shape.
struct product_shapes {
    shape_type a, b;      // rank 2 or more
    shape_type batch;     // the broadcast batch dimensions
    shape_type result;    // batch + [n, m], without the dimensions 1-D operands added
    shape_type full;      // batch + [n, m]
    bool a_vector, b_vector;
};

inline product_shapes resolve_product(const char* name, const shape_type& a, const shape_type& b) {
    const auto describe = [&] { return "a has shape " + to_string(a) + " and b has shape " + to_string(b); };
    if (a.empty() || b.empty()) {
        throw std::invalid_argument(std::string(name) + ": " + describe() +
                                    "; an operand of rank 0 has no dimension to multiply (use * for a scalar product)");
    }
    product_shapes s{a, b, {}, {}, {}, a.size() == 1, b.size() == 1};
    if (s.a_vector) s.a.insert(s.a.begin(), 1);
    if (s.b_vector) s.b.push_back(1);
    const index_t k = s.a[s.a.size() - 1];
    if (k != s.b[s.b.size() - 2]) {
        throw std::invalid_argument(std::string(name) + ": " + describe() + "; the inner sizes " + std::to_string(k) +
                                    " and " + std::to_string(s.b[s.b.size() - 2]) + " must agree");
    }
    const shape_type batch_a(s.a.begin(), s.a.end() - 2), batch_b(s.b.begin(), s.b.end() - 2);
    try {
        s.batch = broadcast_shapes(batch_a, batch_b);
    } catch (const broadcast_error& error) {
        throw broadcast_error(std::string(name) + ": " + describe() + "; their batch shapes " + to_string(batch_a) +
                              " and " + to_string(batch_b) + " do not broadcast: " + error.what());
    }
    s.full = s.batch;
    s.full.push_back(s.a[s.a.size() - 2]);
    s.full.push_back(s.b[s.b.size() - 1]);
    s.result = s.batch;
    if (!s.a_vector) s.result.push_back(s.a[s.a.size() - 2]);
    if (!s.b_vector) s.result.push_back(s.b[s.b.size() - 1]);
    return s;
}

// `layout` (of an operand's or the result's own shape) seen with the batch
// and core dimensions of `full`: 1-D promotion's added dimensions inserted,
// the batch dimensions broadcast (stride 0).
inline strided_layout product_layout(const strided_layout& layout, bool prepend, bool append,
                                     const shape_type& full) {
    strided_layout promoted = layout;
    if (prepend) promoted = promoted.insert_axis(promoted.rank() - (append ? 0 : 1));
    if (append) promoted = promoted.insert_axis(promoted.rank());
    const auto refuse = [](index_t, index_t, index_t) {};  // the shapes were checked by resolve_product
    return promoted.broadcast_to(full, right_aligned_map(promoted.rank(), full.size()), refuse);
}

// One product per element of the batch loop: operand 0 is the result, 1 and 2
// the factors; loom's loop for small matrices (Note [small products] in
// linalg/gemm.hpp), BLAS's where it pays and takes the layout (Note [when
// matmul calls BLAS] in linalg/blas.hpp), loom's gemm otherwise.
template <class R, class A, class B>
struct batched_gemm_kernel {
    index_t n, m, k;
    index_t c_rows, c_cols, a_rows, a_cols, b_rows, b_cols;  // the core strides

    // The three matrices of product i of a run whose operands are at `data`.
    struct product {
        linalg::matrix_ref<const A> left;
        linalg::matrix_ref<const B> right;
        linalg::matrix_ref<R> out;
    };
    product at(const std::byte* const* data, const index_t* strides, index_t i) const {
        auto* const c = const_cast<R*>(reinterpret_cast<const R*>(data[0]));
        const auto* const a = reinterpret_cast<const A*>(data[1]);
        const auto* const b = reinterpret_cast<const B*>(data[2]);
        return {{a + i * strides[1], n, k, a_rows, a_cols},
                {b + i * strides[2], k, m, b_rows, b_cols},
                {c + i * strides[0], n, m, c_rows, c_cols}};
    }

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) const {
        if constexpr (linalg::detail::small_product_element<R>) {
            if (linalg::detail::takes_small_product<R>(n, m, k)) {  // Note [small products] in linalg/gemm.hpp
                linalg::detail::with_small_depth(k, [&]<index_t Depth>(std::integral_constant<index_t, Depth>) {
                    const auto products = [&]<index_t Columns>(std::integral_constant<index_t, Columns>) {
                        product p = at(data, strides, 0);
                        for (index_t i = 0; i < count; ++i) {
                            linalg::detail::gemm_small<Depth, Columns, R, A, B>(p.left, p.right, p.out);
                            p.left.data += strides[1];
                            p.right.data += strides[2];
                            p.out.data += strides[0];
                        }
                    };
                    if (m == 1) {
                        products(std::integral_constant<index_t, 1>{});
                    } else {
                        products(std::integral_constant<index_t, 0>{});
                    }
                });
                return;
            }
        }
        for (index_t i = 0; i < count; ++i) {
            const product p = at(data, strides, i);
            if (!linalg::blas_gemm<R, A, B>(p.left, p.right, p.out)) linalg::gemm<R, A, B>(p.left, p.right, p.out);
        }
    }

    // What operator() does with the product whose operands are at `data`
    // (every product of the batch has the same sizes and strides), for
    // path_of: by blas_call_for, which blas_gemm runs by, and plan_gemm,
    // which gemm runs by.
    product_path path(const std::byte* const* data) const {
        constexpr index_t none[3] = {0, 0, 0};
        const product p = at(data, none, 0);
        if (linalg::detail::takes_small_product<R>(n, m, k)) {
            return {.m = n, .n = m, .k = k, .kernel = product_kernel::small};
        }
        if (linalg::blas_call_for<R, A, B>(p.left, p.right, p.out)) {
            return {.m = n, .n = m, .k = k, .kernel = product_kernel::blas, .threads = 0};
        }
        return linalg::detail::plan_gemm<R>(n, m, k, c_rows, c_cols);
    }
};

// The loop of a product's batch: a plan over the batch shape whose operands
// are the result and the two factors, and the kernel of each product.
template <class R, class A, class B>
struct product_loop {
    loop_plan batch;
    batched_gemm_kernel<R, A, B> kernel;
};

// An operand in memory as the product reads it: a leaf as it is, anything
// else computed once into new memory (allocated only, for path_of).
template <whole_values Mode = whole_values::computed, expression E>
decltype(auto) in_memory(const E& value) {
    if constexpr (memory_leaf<E>) {
        return (value);
    } else {
        computed_operand<value_type_of<E>> result(value.shape());
        if constexpr (Mode == whole_values::computed) evaluate_into(result.data(), result.layout(), value, true);
        return result;
    }
}

}  // namespace detail

/// The lazy node of matmul.
template <class A, class B>
class matmul_node : public expression_members<matmul_node<A, B>> {
public:
    using value_type = promote_t<value_type_of<A>, value_type_of<B>>;
    static constexpr bool is_loom_expression = true;

    template <class X, class Y>
    matmul_node(X&& a, Y&& b)
        : a_(std::forward<X>(a)),
          b_(std::forward<Y>(b)),
          built_a_(a_),
          built_b_(b_),
          shapes_(detail::resolve_product("matmul", a_.shape(), b_.shape())) {}

    const shape_type& shape() const { return shapes_.result; }

    template <element D>
    void write_to(D* data, const strided_layout& layout, bool fresh) const {
        check_built();
        decltype(auto) a = detail::in_memory(a_);
        decltype(auto) b = detail::in_memory(b_);
        write_whole_value<value_type>(
            data, layout, shapes_.result, fresh, [&](value_type* out, const strided_layout& where, bool fresh_memory) {
                if (!takes_memory(out, where, fresh_memory, a, b)) return false;
                multiply(out, where, a, b);
                return true;
            });
    }

    /// What write_to(data, layout, fresh) would do, for path_of (Note
    /// [whole values]): the GEMM of each product, its sizes, kernel and threads.
    template <element D>
    whole_value_path path_to(const D* data, const strided_layout& layout, bool fresh) const {
        check_built();
        decltype(auto) a = detail::in_memory<whole_values::allocated>(a_);
        decltype(auto) b = detail::in_memory<whole_values::allocated>(b_);
        const auto describe = [&](const value_type* out, const strided_layout& where, bool fresh_memory) {
            std::optional<whole_value_path> path;
            if (takes_memory(out, where, fresh_memory, a, b)) {
                path = whole_value_path{.product = product_path_of(out, where, a, b)};
            }
            return path;
        };
        return report_whole_value<value_type>(data, layout, shapes_.result, fresh, describe);
    }

private:
    // Refuses an operand given another shape since the product was built.
    void check_built() const {
        built_a_.check(a_, "matmul");
        built_b_.check(b_, "matmul");
    }

    // Whether the product is computed straight into the memory at `out`, laid
    // out as `where` (write_whole_value's offer): its elements are distinct
    // and, unless that memory is fresh, meet neither operand.
    template <memory_leaf X, memory_leaf Y>
    static bool takes_memory(const value_type* out, const strided_layout& where, bool fresh, const X& a, const Y& b) {
        if (!where.is_unique()) return false;
        const memory_span result = memory_span::of(out, where);
        return fresh || !(result.meets(memory_span::of(a.data(), a.layout())) ||
                          result.meets(memory_span::of(b.data(), b.layout())));
    }

    // What multiply does without its loop of products: nothing for a result
    // without elements, zeros when k is 0 (sums of nothing; the operands have
    // no elements, and maybe no memory); empty when the loop computes it.
    std::optional<product_kernel> without_products(const strided_layout& layout) const {
        if (layout.size() == 0) return product_kernel::none;
        if (shapes_.a.back() == 0) return product_kernel::zeros;
        return std::nullopt;
    }

    template <memory_leaf X, memory_leaf Y>
    void multiply(value_type* data, const strided_layout& layout, const X& a, const Y& b) const {
        using R = value_type;
        if (const auto kernel = without_products(layout)) {
            if (*kernel == product_kernel::zeros) evaluate_into(data, layout, scalar_node<R>(R(0)), false);
            return;
        }
        auto loop = products(data, layout, a, b);
        run_plan(loop.batch, loop.kernel);
    }

    // What multiply does into `data`, laid out as `layout`, for path_of.
    template <memory_leaf X, memory_leaf Y>
    product_path product_path_of(const value_type* data, const strided_layout& layout, const X& a, const Y& b) const {
        using R = value_type;
        const shape_type& full = shapes_.full;
        product_path path{.m = full[full.size() - 2], .n = full[full.size() - 1], .k = shapes_.a.back()};
        if (const auto kernel = without_products(layout)) {
            path.kernel = *kernel;
            if (*kernel == product_kernel::zeros) {
                path.threads = detail::report_path(data, layout, scalar_node<R>(R(0)), false).threads();
            }
        } else {
            auto loop = products(data, layout, a, b);
            const std::byte* const operands[3] = {loop.batch.operand_data(0), loop.batch.operand_data(1),
                                                  loop.batch.operand_data(2)};
            path = loop.kernel.path(operands);
        }
        path.batch = element_count(shapes_.batch);
        return path;
    }

    // The loop of products into `data`, laid out as `layout`: the batch loop
    // of the header comment, over every layout without its last two
    // dimensions, and the kernel of each product. k > 0, and the result has
    // elements.
    template <memory_leaf X, memory_leaf Y>
    auto products(const value_type* data, const strided_layout& layout, const X& a, const Y& b) const {
        using R = value_type;
        using TA = value_type_of<X>;
        using TB = value_type_of<Y>;
        const shape_type& full = shapes_.full;
        const strided_layout c_full = detail::product_layout(layout, shapes_.a_vector, shapes_.b_vector, full);
        shape_type a_full = shapes_.batch, b_full = shapes_.batch;
        const index_t n = full[full.size() - 2], m = full[full.size() - 1], k = shapes_.a.back();
        a_full.push_back(n);
        a_full.push_back(k);
        b_full.push_back(k);
        b_full.push_back(m);
        const strided_layout a_seen = detail::product_layout(a.layout(), shapes_.a_vector, false, a_full);
        const strided_layout b_seen = detail::product_layout(b.layout(), false, shapes_.b_vector, b_full);

        const std::size_t batch_rank = shapes_.batch.size();
        const auto batch_strides = [&](const strided_layout& l) {
            return strides_type(l.strides().begin(), l.strides().begin() + static_cast<std::ptrdiff_t>(batch_rank));
        };
        loop_plan plan(shapes_.batch);
        plan.add_operand(data, c_full, batch_strides(c_full));
        plan.add_operand(a.data(), a_seen, batch_strides(a_seen));
        plan.add_operand(b.data(), b_seen, batch_strides(b_seen));
        plan.drop_unit_dimensions();
        plan.merge_dimensions();
        const auto core = [&](const strided_layout& l, std::size_t d) { return l.stride(batch_rank + d); };
        return detail::product_loop<R, TA, TB>{
            std::move(plan),
            {n, m, k, core(c_full, 0), core(c_full, 1), core(a_seen, 0), core(a_seen, 1), core(b_seen, 0),
             core(b_seen, 1)}};
    }

    A a_;
    B b_;
    [[no_unique_address]] detail::built_shape<A> built_a_;
    [[no_unique_address]] detail::built_shape<B> built_b_;
    detail::product_shapes shapes_;
};

/// numpy.matmul (`a @ b`).
/// PyTorch: torch.matmul. Throws std::invalid_argument for an operand of rank 0 or inner sizes that
/// differ, loom::broadcast_error for batch shapes that do not broadcast.
template <expression X, expression Y>
auto matmul(X&& a, Y&& b) {
    return matmul_node<closure_t<X&&>, closure_t<Y&&>>(std::forward<X>(a), std::forward<Y>(b));
}

}  // namespace loom
