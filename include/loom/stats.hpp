#pragma once
// <loom/stats.hpp>: statistics: `median`, `percentile`, `quantile`, `average`, `ptp`, `cov`,
// `corrcoef`, the NaN-ignoring family (`nanmedian`, `nanvar`, `nanargmax`, ...), and counting into
// bins (`histogram`, `bincount`, `digitize`); with <loom/reduce.hpp> and <loom/sort.hpp>.
// Cost to include: 1.42 s of CPU with g++ 12 -O2 alone in a file, <loom/sort.hpp> 1.18 s in the
// same sitting (a busier machine than docs/headers.md's table, which gives elapsed times).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/reduce.hpp"
#include "loom/sort.hpp"
#include "loom/stats/average.hpp"
#include "loom/stats/counting.hpp"
#include "loom/stats/covariance.hpp"
#include "loom/stats/nan_reductions.hpp"
#include "loom/stats/quantiles.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::stats_header {};
#endif
#include "loom/core/epilogue.hpp"
