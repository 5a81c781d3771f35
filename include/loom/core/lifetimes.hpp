#pragma once
// Note [checked lifetimes]: an expression refers to its lvalue operands
// (Note [closure rule] in expr/expression.hpp) and a view to another array's
// memory (Note [view lifetime] in tensor/view.hpp), as a std::span does.
// Evaluating an expression whose operand was destroyed, or a view whose
// memory was freed, reads freed memory: undefined behaviour that no test
// sees. With LOOM_CHECK_LIFETIMES defined, loom checks instead:
//   - every expression object (a tensor, a view, a node) carries a liveness
//     token, a shared flag that its destructor clears, and every block of a
//     tensor's memory one that freeing the block clears (the token follows
//     the block when a tensor is moved, as the memory does);
//   - a node keeps the token and the shape of each operand it refers to, and
//     checks them whenever its operands are read, which every evaluation
//     does first; a view keeps the token of the memory it views and checks
//     it whenever its elements are reached;
//   - a dead token throws loom::lifetime_error naming the operand's shape,
//     and so does a tensor operand whose elements were moved to another.
// The macro changes the layout of tensors, views and nodes: define it for
// every translation unit of a program or for none (loom's unit tests define
// it). Without it every type here is empty, nothing is kept or checked, and
// this header includes nothing.
//
// Cost of including: nothing; with LOOM_CHECK_LIFETIMES, <atomic>, <memory>,
// <tuple>, <type_traits> and <utility>, core/apply_elements.hpp, core/errors.hpp and
// core/shape.hpp.

#if defined(LOOM_CHECK_LIFETIMES)
#include <atomic>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#endif

namespace loom::detail {

#if defined(LOOM_CHECK_LIFETIMES)

inline constexpr bool checks_lifetimes = true;

/// True while the object or the block of memory it was taken from lives.
using life_token = std::shared_ptr<const std::atomic<bool>>;

inline std::shared_ptr<std::atomic<bool>> new_life() { return std::make_shared<std::atomic<bool>>(true); }

/// The liveness of one expression object. A copy or a move is another
/// object, with a token of its own; assigning keeps the object, and its token.
class object_life {
public:
    object_life() : token_(new_life()) {}
    object_life(const object_life&) : object_life() {}
    object_life& operator=(const object_life&) { return *this; }
    ~object_life() { token_->store(false); }

    life_token token() const { return token_; }

private:
    std::shared_ptr<std::atomic<bool>> token_;
};

/// The liveness of one block of a tensor's memory, and whether the storage
/// that held it gave it away (was moved from) and has held no block since.
/// The token follows the block through moves and swaps; freeing the block
/// clears it.
class block_life {
public:
    block_life() = default;
    explicit block_life(bool holds_block) : token_(holds_block ? new_life() : nullptr) {}
    block_life(const block_life&) = delete;
    block_life& operator=(const block_life&) = delete;
    block_life(block_life&& other) noexcept : token_(std::move(other.token_)) { other.moved_from_ = true; }
    ~block_life() { release(); }

    // Receiving a block ends "moved from"; receiving none (a tensor emptied
    // by exchange with an empty one, as a moved-from tensor of rank R is)
    // keeps it.
    void swap(block_life& other) noexcept {
        token_.swap(other.token_);
        if (token_) moved_from_ = false;
        if (other.token_) other.moved_from_ = false;
    }
    /// The block is freed: views of it are dead.
    void release() noexcept {
        if (token_) token_->store(false);
        token_.reset();
    }
    life_token token() const { return token_; }
    bool moved_from() const { return moved_from_; }

private:
    std::shared_ptr<std::atomic<bool>> token_;
    bool moved_from_ = false;
};

/// What a view keeps of the memory it views: the block's token, or none for
/// memory loom does not own (adapt) or that the view owns itself.
class memory_watch {
public:
    memory_watch() = default;
    explicit memory_watch(life_token token) : token_(std::move(token)) {}

    /// Throws lifetime_error when the memory of a view of shape `shape` was freed.
    void check(const shape_type& shape) const {
        if (!token_ || token_->load(std::memory_order_relaxed)) return;
        throw lifetime_error("a view of shape " + to_string(shape) +
                             " reads memory that was freed: the tensor it views was destroyed or given new memory "
                             "(assigned another shape) after the view was taken; take the view again from the "
                             "tensor as it is now, or copy() it to keep its values");
    }

private:
    life_token token_;
};

/// What a node keeps of an operand of closure type `Operand` (Note [closure
/// rule]) to check that it lives: nothing for an operand the node owns.
template <class Operand>
class operand_life {
public:
    explicit operand_life(const Operand&) {}
    void check(const Operand&) const {}
};

template <class Operand>
    requires std::is_reference_v<Operand>
class operand_life<Operand> {
public:
    explicit operand_life(const Operand& operand) : shape_(operand.shape()) {
        if constexpr (requires { operand.lifetime_token(); }) token_ = operand.lifetime_token();
    }

    /// Throws lifetime_error when the operand was destroyed, or is a tensor
    /// whose elements were moved to another since the node was built.
    void check(const Operand& operand) const {
        if (token_ && !token_->load(std::memory_order_relaxed)) {
            throw lifetime_error("an operand of shape " + to_string(shape_) +
                                 " was destroyed before the expression reading it was evaluated: an expression "
                                 "refers to its named operands and does not keep them alive; keep them alive while "
                                 "the expression is used, or evaluate it (tensor<T> r = e; or eval(e)) to return it "
                                 "from a function");
        }
        if constexpr (requires { operand.moved_from(); }) {
            if (operand.moved_from()) {
                throw lifetime_error("an operand of shape " + to_string(shape_) +
                                     " was moved from after the expression reading it was built: its elements "
                                     "belong to another tensor now; build the expression from that tensor, or "
                                     "evaluate it before the move");
            }
        }
    }

private:
    life_token token_;
    shape_type shape_;
};

/// operand_life for each operand of a node of several.
template <class... Operands>
class operand_lives {
public:
    explicit operand_lives(const std::tuple<Operands...>& operands)
        : lives_(detail::apply_elements(
            [](const auto&... o) { return std::tuple<operand_life<Operands>...>(o...); },
            operands)) {}

    void check(const std::tuple<Operands...>& operands) const { check(operands, std::index_sequence_for<Operands...>()); }

private:
    template <std::size_t... I>
    void check(const std::tuple<Operands...>& operands, std::index_sequence<I...>) const {
        (std::get<I>(lives_).check(std::get<I>(operands)), ...);
    }

    std::tuple<operand_life<Operands>...> lives_;
};

#else

inline constexpr bool checks_lifetimes = false;

class object_life {};

class block_life {
public:
    block_life() = default;
    explicit block_life(bool) {}
    void swap(block_life&) noexcept {}
    void release() noexcept {}
};

// Without the checks, one empty type stands for every watch and guard, so
// that a node instantiates no class of its own for them.
class no_lifetime_check {
public:
    no_lifetime_check() = default;
    template <class Any>
    explicit no_lifetime_check(const Any&) {}
    template <class Any>
    void check(const Any&) const {}
};

using memory_watch = no_lifetime_check;
template <class Operand>
using operand_life = no_lifetime_check;
template <class... Operands>
using operand_lives = no_lifetime_check;

#endif

}  // namespace loom::detail
