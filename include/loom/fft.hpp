#pragma once
// <loom/fft.hpp>: numpy.fft in `loom::fft`: `fft`, `ifft`, `rfft`, `irfft`,
// their two- and n-dimensional forms, `fftfreq`, `rfftfreq`, `fftshift`,
// `ifftshift`; with <loom/tensor.hpp>.

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/fft/frequencies.hpp"
#include "loom/fft/transforms.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::fft_header {};
#endif
#include "loom/core/epilogue.hpp"
