#pragma once
// The loom side of the differential test of views.

#include <span>

#include "view_model.hpp"

namespace loom::differential {

/// The element types view cases use: one of each size, and bool. Views move
/// no values, so their code differs only by the size of an element.
inline constexpr dtype view_dtypes[] = {dtype::boolean, dtype::uint8, dtype::int16, dtype::float32, dtype::int64};

/// What a view case gave in loom.
struct view_outcome {
    outcome result;  ///< a copy of the view (read), the combination, or a's elements after an assignment
    /// False when loom threw and `a` was no longer as it had been: a failed
    /// assignment must leave its destination exactly as it was.
    bool base_kept = true;
};

view_outcome evaluate_in_loom(const view_case& c);

/// The shape of the view that `chain` takes of tensors shaped `a` and `b`;
/// throws what loom throws for the chain. The generator asks, to choose
/// arguments that fit the view it is building.
shape_type shape_of_view(const shape_type& a, const shape_type& b, const view_chain& chain);

}  // namespace loom::differential
