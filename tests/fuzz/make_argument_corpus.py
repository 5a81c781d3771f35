"""Writes the seed corpus of the fuzzers of loom's argument-taking functions
into corpus/<target>/: a few byte strings per target, each read by the
target as its comment says (the first byte picks the function; the bytes
after it are sizes, indices and choices, read as fuzz_<target>.cpp reads
them). Any Python 3 runs it, from this folder: python3 make_argument_corpus.py

In the fuzzers, a byte below 192 read as a hostile number is a small value;
192 + k picks the k-th value at the limits (fuzz_support.hpp): 0xc2 is -1,
0xc4 is 2^31, 0xc8 is 2^40, 0xc9 is 2^62, 0xcc is 2^63 - 1, 0xce is -2^63."""
import os

SEEDS = {
    'broadcast': {
        # broadcast_shapes([3, 1], [3]): [3, 3]
        'shapes_two': '00 01 02 03 01 01 00 01 03',
        # broadcast_shapes of four shapes like [2, 3, 4]
        'shapes_four': '00 01 03 02 03 04 03 01 00 00 02 02 00 01 01 00 00 00 01 02 01 00 03 00 00',
        # a shape with 2^62 and 2^63 - 1 among its sizes, and one with -1
        'hostile_sizes': '00 00 02 c9 cc 01 01 00 00 c2 03',
        # rank 40
        'rank_40': '00 01 f5' + ' 01' * 40 + ' 01',
        # pdpd_placement([2, 3, 4, 5], [3, 4], 1)
        'pdpd_placement': '01 01 04 02 03 00 01 01 01 00 02 00 02 01 02 03 01 02 03',
        # broadcast_shapes under none, numpy, pdpd(axis) and paddle_elementwise(axis)
        'spec_none': '02 01 02 02 03 01 01 00 00 02 02 00 00',
        'spec_pdpd': '02 01 03 02 03 02 01 01 01 00 00 00 00 02 04 02',
        'spec_paddle': '02 01 03 02 01 02 01 01 01 00 00 01 00 02 05 03',
    },
    'index': {
        # t[::2, :][...] of shape [3, 4]
        'slice_step_2': '02 03 04 01 02 04 00 00 04 07 01 01 09',
        # t[4::-1] of shape [5]
        'negative_step': '01 05 01 01 05 02 0a 00 01',
        # a range of step 0
        'step_zero': '01 04 01 01 04 00 00 02',
        # t[2^63 - 1]
        'huge_index': '01 03 01 01 02 cc',
        # t[uint64(-1)]
        'unsigned_index': '01 03 01 01 03 04',
        # two ellipses
        'two_ellipses': '02 02 02 01 02 09 09',
        # newaxis twice on a rank-0 tensor
        'newaxis_rank_0': '00 01 02 08 08',
        # three integers for rank 1
        'too_many_indices': '01 02 01 03 00 06 00 06 00 06',
        # a range from -2^63 to 3037000500 with step -2
        'hostile_range': '01 04 01 01 06 01 ce 01 d0 00',
        # t.at(1, 2) of shape [2, 3]
        'at': '02 02 03 00 01 02 00 07 00 08',
        # t.at(uint64(-1))
        'at_unsigned': '01 03 00 00 01 03 04',
    },
    'manipulation': {
        # reshape([-1, 3]) of [2, 3]
        'reshape_infer': '02 02 03 00 00 02 00 02 03',
        # reshape([-1, 2^63 - 1, 2^63 - 1]) of [4]
        'reshape_overflow': '01 04 00 00 03 00 01 cc 01 cc',
        # reshape([0, 2^62]) of [0, 4]
        'reshape_zero_huge': '02 00 04 00 00 02 02 00 01 c9',
        # permute of [2, 3, 4]
        'permute': '03 02 03 04 00 02 01 01 01 00 00 00',
        # transpose, flip, ravel, flatten
        'chain': '03 02 03 04 03 01 09 0c 0d',
        # squeeze(), then squeeze(-1) of a size that is not 1
        'squeeze': '03 01 03 01 01 03 04 c2',
        # unsqueeze(0), then moveaxis(0, 1)
        'unsqueeze_moveaxis': '02 02 03 01 05 05 00 06 05 06',
        # swapaxes(2^63 - 1, 0)
        'swapaxes_hostile': '02 02 03 00 07 cc 05',
        # diagonal(1, 1, 2) of [3, 3, 2]
        'diagonal': '03 03 03 02 00 0a 01 06 01 05 01 06',
        # diagonal(-2^63, 0, 1)
        'diagonal_hostile_offset': '02 03 03 00 0b 00 ce 01 04 01 05',
    },
    'broadcast_views': {
        # broadcast_to([3, 1], [2, 3, 2])
        'broadcast_to': '02 03 01 00 01 01 02 02 02 00 02 00',
        # broadcast_to([1], [2^40, 2^40, 1])
        'too_many_elements': '01 01 00 01 02 c8 c8 02 02 02 00',
        # a target with -1 among its sizes
        'negative_size': '01 02 00 00 03 c2 02 02 00',
        # broadcast_to under pdpd(axis), of a transposed view
        'spec_pdpd': '02 02 03 01 01 01 02 02 02 02 01 02 02 07',
        # expand with -1
        'expand': '02 03 01 00 01 00 02 02 02 00 01',
        # broadcast_bidirectional
        'bidirectional': '02 03 01 00 00 02 01 04 03',
    },
    'creation': {
        # arange<int32>(0, 10, 2)
        'arange_int32': '00 02 00 0a 14 05',
        # arange<int32>(0, 10, 0)
        'arange_step_zero': '00 03 00 0a 14 03',
        # arange<int8>(0.0, 255.9, 1.0): the last value does not fit
        'arange_int8_last': '00 00 01 28 b5 2c',
        # arange<float>(0.0, NaN, 1.0)
        'arange_nan': '00 05 01 28 b8 2c',
        # arange<float>(-3e38, 3e38, 5e38): two values whose difference overflows
        'arange_float_two': '00 05 01 aa a9 ac',
        # arange<double>(0.0, 1.0, inf)
        'arange_infinite_step': '00 06 01 28 2c b6',
        # arange<int64>(0.0, 1e300, 5e-324): too many elements
        'arange_length': '00 03 01 28 a7 a6',
        # linspace<double>(0, 1, 5), linspace<int8>(0, 255.9, 7), linspace with num -1
        'linspace': '01 00 28 2c 06 01',
        'linspace_int8': '01 03 28 b5 08 00',
        'linspace_negative': '01 00 28 2c 00 01',
        # eye(3, 4, 1), eye<int8>(2^40, 2^40), eye(0, 2^63 - 1)
        'eye': '02 00 03 04 07',
        'eye_too_large': '02 02 c8 c8 06',
        'eye_zero_rows': '02 00 00 cc 06',
        # full<int8>([3], 2^31 as int), zeros([-1, 3]), ones<int64>([2^40, 2^40])
        'full_int8': '03 02 c4 01 03 02',
        'zeros_negative': '03 00 28 02 c2 03 00',
        'ones_too_large': '03 04 0a 02 c8 c8 01',
    },
    'compound_assign': {
        # int32 [3, 2]: t += flip(t, 0)
        'add_flipped': '01 01 01 02 01 01 04 05 06 07 08 09 00 01 03 00 00 00',
        # int32 [3, 3]: t = transpose(t)
        'copy_transposed': '01 01 01 02 01 02 04 05 06 07 08 09 0a 0b 0c 00 01 02 05 00',
        # float64 [2, 2]: t = transpose(t) * t - transpose(t)
        'expression': '00 01 01 01 01 01 09 0a 0b 0c 00 01 02 07 00',
        # int32 [4]: floor_divide by a view with zeros
        'floor_divide_by_zero': '01 00 01 03 05 04 06 04 00 01 03 00 03 00',
        # float64 [3]: into a broadcast (read-only) view
        'read_only': '00 00 01 02 0a 0b 0c 01 04 01 01 00 00 00',
    },
    'print': {
        # float64 [2, 3], default options, then the tensor and operator<<
        'double_matrix': '07 02 02 03 10 11 12 13 14 15 00 00 00 00 04 00',
        # float32 [4] of inf, NaN, -0.0 and a subnormal
        'float_specials': '06 01 04 8f 91 81 88 00 00 00 00 04 01',
        # precision -1
        'bad_options': '03 01 03 01 02 03 01 00 00 00 00 04 01',
        # int64 [1] broadcast to [2^20, 1024], threshold 10, edgeitems 2, linewidth 5
        'summarised_broadcast': '04 01 01 05 00 01 05 01 03 01 04 02 01',
        # a rank-0 int64, an empty bool array
        'rank_0': '04 00 c8 00 00 00 00 04 00',
        'empty': '00 02 00 03 00 00 00 00 04 00',
        # precision 2^31 - 1
        'huge_precision': '07 01 03 a0 a1 a2 01 0b 00 00 00 04 00',
    },
    'reductions': {
        # int32 [2, 3]: sum(x, 1)
        'sum_axis': '00 02 02 03 05 06 07 08 09 0a 00 00 01 06 00',
        # float64 [2, 3, 2] transposed: mean(x, {0, -1}, keepdims)
        'mean_axes_keepdims': '01 03 02 03 02 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 01 02 02 02 05 04 01',
        # int32 [3, 3]: sum(x, {1, -1}), an axis given twice
        'repeated_axis': '00 02 03 03 01 02 03 04 05 06 07 08 09 00 00 02 02 06 04 00',
        # float64 [2, 2]: max(x, 2^63 - 1)
        'axis_out_of_range': '01 02 02 02 00 01 02 03 00 04 01 cc 00',
        # float64 [0, 3]: max(x, 0), an extent of no elements
        'max_empty': '01 02 00 03 00 04 01 05 00',
        # float64 [4]: var(x, flat, ddof -2^63)
        'var_hostile_ddof': '01 01 04 01 02 03 04 00 05 00 00 ce',
        # float64 [3, 2]: std(x, 0, ddof 1)
        'std_ddof': '01 02 03 02 01 02 03 04 05 06 00 06 01 05 00 03',
        # int32 [3, 1] broadcast to [2, 3, 3]: argmax(x, flat, keepdims)
        'argmax_broadcast': '00 02 03 01 01 02 03 03 02 03 0b 00 01',
        # int32 [2, 3] flipped along axis 1: cumsum(x, -1)
        'cumsum_flipped': '00 02 02 03 01 02 03 04 05 06 02 01 09 01 04',
        # int32 [2, 2]: argmin(x, {0, 1}), two axes
        'argmin_two_axes': '00 02 02 02 01 02 03 04 00 0c 02 02 05 06 00',
        # float64 [2]: any(x, {}), no axes
        'any_no_axes': '01 01 02 00 04 00 07 02 00 00',
        # int32 rank 0: sum(x, 0)
        'rank_0_axis': '00 00 05 00 00 01 05 00',
        # float64 [3] holding NaN: prod(x)
        'prod_nan': '01 01 03 fa 05 06 00 01 00 00',
    },
    'products': {
        # matmul([2, 3], [3, 2])
        'matmul': '00 02 02 03 00 01 02 03 04 00 09 02 03 02 00 01 02 03 04 00 09',
        # matmul of a [2, 1, 2, 3] stack and a transposed [2, 3] (a [3, 2] operand)
        'matmul_batch': '00 04 02 01 02 03 00 01 02 03 04 00 01 02 03 04 00 01 09 02 02 03 00 01 02 03 04 00 00',
        # matmul of a rank-0 operand: refused
        'matmul_rank_0': '00 00 00 09 01 03 00 01 02 09',
        # dot([2, 3], [3]) and dot of [3, 2] broadcast from [1, 2] with [2, 2]
        'dot': '01 02 02 03 00 01 02 03 04 00 09 01 03 00 01 02 09',
        'dot_broadcast': '01 02 01 02 00 01 05 03 00 02 02 02 00 01 02 03 09',
        # inner([2, 3], [4, 3]) and vdot of [2, 2] with flipped [4]
        'inner': '02 02 02 03 00 01 02 03 04 00 09 02 04 03 00 01 02 03 04 00 01 02 03 04 00 01 09',
        'vdot': '03 02 02 02 00 01 02 03 09 01 04 00 01 02 03 03 00',
        # outer([3], [2, 2])
        'outer': '04 01 03 00 01 02 09 02 02 02 00 01 02 03 09',
        # tensordot([2, 3, 4], [3, 4, 2], 2) and with the count -1
        'tensordot_n': '05 03 02 03 04 00 01 02 03 04 00 01 02 03 04 00 01 02 03 04 00 01 02 03 04 00 01 02 03 09 03 03 04 02 00 01 02 03 04 00 01 02 03 04 00 01 02 03 04 00 01 02 03 04 00 01 02 03 09 03',
        'tensordot_negative': '05 01 02 00 01 09 01 02 00 01 09 00',
        # tensordot([2, 3], [3, 2], [1], [0]) and with axes [0, 0], [1, 1]
        'tensordot_axes': '06 02 02 03 00 01 02 03 04 00 09 02 03 02 00 01 02 03 04 00 09 01 01 05 04',
        'tensordot_axis_twice': '06 02 02 02 00 01 02 03 09 02 02 02 00 01 02 03 09 02 01 04 04 05 05',
        # einsum("ij->ji") of [2, 3]; einsum("ii") of [3, 3]; einsum("ij,jk->ik")
        'einsum_transpose': '07 02 02 03 00 01 02 03 04 00 09 00 00 09 05 00 01 00 02 01 00',
        'einsum_trace': '07 02 03 03 00 01 02 03 04 00 01 02 03 09 00 00 09 05 00 00 07',
        'einsum_matmul': '08 02 02 03 00 01 02 03 04 00 09 02 03 02 00 01 02 03 04 00 09 05 00 01 01 02 00 02 00 02',
        # einsum with an ellipsis ("i..."), with "->" twice ("i->i->"), and with the subscripts of one operand for two ("i")
        'einsum_ellipsis': '07 01 02 00 01 09 00 00 09 03 00 07',
        'einsum_two_arrows': '07 01 02 00 01 09 00 00 09 05 00 02 01 00',
        'einsum_operands': '08 01 02 00 01 09 01 02 00 01 09 00 00 07',
        # outer of [1, 2] broadcast to [2^40, 3, 2] with an empty [0]: the result has no elements
        'outer_hostile': '04 02 01 02 00 01 08 00 00 01 00 09',
        # einsum("i,i->") of [0] and a rank-0 tensor broadcast to [2^40]: refused (the sizes of i differ)
        'einsum_hostile': '08 01 00 09 00 00 08 00 05 00 00 00 00',
        # tensordot of [2, 1] broadcast to [2, 65536] with an empty [0]
        'tensordot_wide': '06 02 02 01 00 01 08 01 c2 01 00 09 00 00',
    },
    'losses': {
        # nll_loss, float64 [2, 3], targets [0, 2], mean
        'nll': '01 01 02 03 08 0a 0c 06 04 02 00 00 00 01 00 02',
        # cross_entropy, float64 [2, 3, 2], ignore_index 1, weights [1, 2, 0.5], mean, label_smoothing 0.1
        'cross_entropy_spatial': '04 04 02 03 02 01 02 03 04 05 06 07 08 09 0a 0b 0c 00 01 01 01 02 04 01 01 01 00 01 02 00',
        # cross_entropy, float32 [2, 3], target 3 of 3 classes
        'target_out_of_range': '03 01 02 03 01 02 03 04 05 06 00 00 00 01 00 00 03',
        # nll_loss, float64 [1, 4], uint8 target 255
        'uint8_target_255': '02 01 01 04 01 02 03 04 00 00 00 02 ca',
        # cross_entropy, float64 [2, 2], ignore_index -2^63, one target ignored
        'ignore_hostile': '04 01 02 02 01 02 03 04 00 02 ce 00 01 00 e0 01',
        # nll_loss, float32 [2, 3], a weight of shape [2]
        'weight_wrong_shape': '00 01 02 03 01 02 03 04 05 06 00 00 02 01 02 02 02 01 00 01',
        # cross_entropy, label_smoothing 1.5
        'label_smoothing_outside': '04 01 01 02 01 02 00 00 00 01 05 00',
        # nll_loss, float64 [2, 2], every target -100 (ignored): mean 0 / 0
        'all_ignored': '01 01 02 02 01 02 03 04 00 00 00 01 c9 c9',
        # cross_entropy, float64 [3] and a rank-0 target
        'one_sample': '04 00 03 01 02 03 00 00 00 01 00 02',
        # nll_loss of a rank-0 input
        'rank_0_input': '01 07 00 00 00 01',
        # mse_loss, float64 [2, 3], mean
        'mse': '07 00 02 02 03 00 01 02 03 04 05 06 00 01 02 00 01 02 01',
        # binary_cross_entropy, an input of 1.5
        'bce_outside': '07 02 01 03 00 01 05 02 00 01 02 01 00',
        # binary_cross_entropy, float64 [2, 3], a weight [3] broadcast, sum
        'bce_weight': '07 02 02 02 03 00 01 02 03 00 01 02 00 01 02 00 01 02 02 03 01 00 01 02 03 04',
        # binary_cross_entropy_with_logits, a pos_weight [3] for [2, 2]
        'logits_pos_weight': '07 03 02 02 02 00 01 02 03 04 00 01 02 01 00 00 02 01 03 01 01 01',
        # l1_loss, float32 [2] against a target [3]
        'l1_shapes_differ': '06 01 01 02 07 01 03 01 02 00 01 02 01',
    },
    'adapt': {
        # [3, 4] with strides [4, 1] over 12 elements: v += 1
        'row_major': '0c 00 02 03 04 0a 07 01 01',
        # [3, 4] with strides [-4, -1] from the last element: v = 7
        'negative_strides': '0c 0b 02 03 04 02 05 01 00',
        # [3, 3] with strides [1, 1]: elements share memory, a write is refused
        'overlapping': '08 00 02 03 03 07 07 01 00',
        # [4] with stride 0: v = sum(w, 0) is refused
        'stride_zero': '04 01 01 04 06 01 02',
        # [2, 2] with strides [1, 2]: v += v
        'column_major': '04 00 02 02 02 07 08 01 03',
        # stride -2^63
        'hostile_stride': '04 00 01 02 ce 01',
        # [2^31, 2] with strides [0, 1]: too many elements to read, a write refused at once
        'huge_stride_zero': '02 00 02 c4 02 06 07 01',
        # a size of -1
        'negative_size': '04 00 01 c2 07 01',
        # strides of rank 2 for shape [3]
        'strides_rank': '04 00 01 03 07 0f 02',
        # rank 0: v = 7
        'rank_0': '01 00 00 01 00',
    },
    'threads': {
        # set_num_threads(0), then 2^16 + 4 elements in rows of 5
        'zero': '00 04 04 80',
        # set_num_threads(-1)
        'negative': '01 10 03 80',
        # set_num_threads(1), set_num_threads(2), set_num_threads(4)
        'one': '02 00 01 80',
        'two': '03 08 0f 10',
        'four': '05 ff 08 00',
        # set_num_threads(INT_MAX), set_num_threads(INT_MIN)
        'int_max': '0a 00 10 80',
        'int_min': '0c 20 05 80',
    },
    'fft': {
        # fft of [4] with n = 8, axis -1
        'fft_padded': '00 01 04 00 00 00 00 00 01 0a 03 00 00 00',
        # irfft of [0] without n: refused
        'irfft_empty': '02 01 00 00 00 03 00 00 00',
        # rfftn of the transpose of [2, 3] with s = [4, 5], norm ortho
        'rfftn_s': '04 02 02 03 00 00 00 00 00 00 01 00 03 01 02 08 09 00 01',
        # fftfreq(0, 1.0): refused
        'fftfreq_zero': '06 00 00 00 00 03 00 00 00 02 00 05 00',
        # fftshift of [3, 4] with axes [6]: out of range
        'fftshift_axis': '07 02 03 04 ' + '00 ' * 12 + '00 00 03 00 01 01 0a 00',
    },
    'linalg': {
        # The first byte picks float64, float32, complex64, complex128 or int32; the second the function; the
        # third 00 makes every matrix well conditioned (Hermitian, a dominant positive diagonal), another
        # value does not, and a fourth then asks for square matrices (01) or not (00).
        # solve of a well-conditioned [2, 2] float64 and b [2, 1]: checks A x - b
        'solve': '00 00 00 02 02 02 04 05 03 06 01 00 01 04 05',
        # solve of [2, 2, 2] and b [3, 2, 1]: batch shapes [2] and [3] do not broadcast
        'solve_batches': '00 00 01 01 03 02 02 02 04 05 03 06 04 05 03 06 01 03 03 03 02 01 00 00 00 00 00 00',
        # inv of a well-conditioned complex128 [2, 3, 3], transposed
        'inv_complex': '03 01 00 03 02 03 03' + ' 04 05' * 18 + ' 00',
        # det and slogdet of a float32 [2, 3]: not square
        'det_not_square': '01 02 01 00 02 02 03 04 05 03 06 02 01 01',
        # lstsq of a [3, 2] float64 and b [3], default rcond
        'lstsq_tall': '00 03 01 00 02 03 02 04 05 03 06 02 01 01 00 04 05 02',
        # lstsq of a complex128 [2, 2] holding inf: linalg_error; rcond -1
        'lstsq_infinite': '03 03 01 01 02 02 02 fd 00 00 00 00 00 04 00 01 00 04 00 05 00 00',
        # matrix_power of an int32 [3, 3] to 2^62 (wrapping) and of a float64 [2, 2] to -3
        'matrix_power_huge': '04 04 01 01 02 03 03 04 05 03 06 02 04 05 03 06 01 c9',
        'matrix_power_negative': '00 04 00 02 02 02 04 05 03 06 01 00',
        # cholesky of a well-conditioned complex64 [2, 2]: checks L L^H - A
        'cholesky': '02 05 00 02 02 02 04 05 03 06 04 05 03 06 01',
        # qr of a float32 [2, 3, 2] in mode complete
        'qr_complete': '01 06 01 00 03 02 03 02 04 05 03 06 02 01 04 05 03 06 02 01 01 01',
        # svd of a transposed float64 [3, 2], full_matrices and compute_uv
        'svd_full': '00 07 01 00 02 03 02 04 05 03 06 02 01 00 01 01',
        # eigh of a well-conditioned complex128 [2, 2] with UPLO 'U'; with UPLO 'l', refused
        'eigh_upper': '03 08 00 02 02 02 04 05 03 06 04 05 03 06 01 01',
        'eigh_lowercase': '00 08 01 01 02 02 02 04 05 05 06 01 02',
        # eig of a float64 [2, 2] holding NaN: linalg_error
        'eig_nan': '00 09 01 01 02 02 02 fc 04 05 06 01',
        # pinv of a [2, 3], hermitian: refused, not square
        'pinv_hermitian': '00 0a 01 00 02 02 03 04 05 03 06 02 01 01 01 00',
        # matrix_rank of a vector [3]
        'matrix_rank_vector': '00 0b 01 01 01 03 04 00 05 01 01 01',
        # norm 'nuc' of a [2, 2, 2] along axes [-4, -1]: out of range; keepdims
        'norm_nuclear': '00 0c 01 01 03 02 02 02 04 05 03 06 02 01 04 05 01 02 01 02 00 03 01',
        # norm inf of a [2, 3] along axis 2^63 - 1
        'norm_axis_hostile': '00 0c 01 00 02 02 03 04 05 03 06 02 01 01 03 01 01 cc 00',
        # cond 'fro' of a float32 [2, 2]; cond of a [0, 0]: linalg_error
        'cond_fro': '01 0d 00 02 02 02 04 05 03 06 01 01',
        'cond_empty': '00 0d 01 01 02 00 00 01 00',
        # multi_dot of [3], [3, 2] and [2]; of [2, 3] and [2, 2], whose sizes do not chain
        'multi_dot_three': '00 0e 01 00 01 03 04 05 06 01 02 03 02 04 05 03 06 02 01 01 01 02 04 05 01 00',
        'multi_dot_two': '00 0e 01 00 02 02 03 04 05 03 06 02 01 01 02 02 02 04 05 03 06 01 00 04 01 01',
    },
    'counting': {
        # The first byte picks the function (fuzz_counting.cpp's LLVMFuzzerTestOneInput); data are read as
        # hostile_real: a byte below 200 is (b % 81 - 40) / 4, 200 + k the k-th value at the limits (c8 NaN,
        # ca inf, d4 1e308, d5 -1e308, d8 65504).
        # histogram of float64 {1, 2, 2.5, 3}, 4 bins
        'histogram': '00 01 04 2c 30 32 34 00 05 00',
        # histogram of float64 {1, 2, 2.5}, 2 bins, with weights {1, 2, 3}
        'histogram_weights': '00 01 03 2c 30 32 01 03 00 2c 30 34',
        # histogram of float64 {1}, 2^64 - 1 bins (unsigned)
        'histogram_huge_bins': '00 01 01 2c 03 00 00',
        # histogram of float64 {1, 2}, range [-1e308, 1e308]: its width overflows
        'histogram_range_overflow': '00 01 02 2c 30 00 05 01 d5 d4',
        # histogram of float64 [2, 2], 3 bins, range [0, 2.5]
        'histogram_matrix_range': '01 02 02 02 2c 30 32 34 00 04 01 28 32',
        # histogram of float16 {1, NaN, 2} without a range: refused
        'histogram_float16_nan': '03 01 03 2c c8 30 05 00',
        # histogram of {1, NaN, 2} with edges {0, NaN, 2} (NumPy's sorted search), and edges {2, 0, 1} (refused)
        'histogram_edges_nan': '04 01 03 2c c8 30 03 28 c8 30 00',
        'histogram_edges_unsorted': '04 01 02 2c 30 03 30 28 2c 00',
        # histogram2d of 3 points, 2 bins along x and edges {0, 1, 2} along y
        'histogram2d': '05 03 2c 30 32 01 2c 2c 30 03 03 28 2c 30 00 00',
        # bincount of {0, 2, 2, 5}, minlength 9; of {-1, 1} with weights: refused
        'bincount': '06 04 01 03 03 06 0a 00 01 2c 2c 2c 2c',
        'bincount_negative': '06 02 00 02 00 01 01 2c 2c',
        # digitize of {1, 2, 3} among 4 increasing bins, and decreasing ones with right
        'digitize': '07 01 03 2c 30 34 04 28 2c 30 34 01 00',
        'digitize_decreasing': '07 01 03 2c 30 34 04 28 2c 30 34 02 01',
        # quantile of float64 [2, 3] at q {0.5, 1}, linear, axis 1
        'quantile': '08 02 02 03 2c 30 34 38 3c 40 00 00 00 02 05 0a 00 04 00',
        # percentile 65504 of float64 {1, 2, 3}: refused; nanquantile of {NaN, NaN}: NaN
        'percentile_outside': '08 01 03 2c 30 34 01 03 01 d8 01 00',
        'nanquantile_all_nan': '08 01 02 c8 c8 02 01 01 05 01 00',
        # quantile of float64 {1, 2, 3} along axis 2: out of range
        'quantile_axis': '08 01 03 2c 30 34 00 02 01 03 00 05 00',
        # median of float16 {65504, 65504}: NumPy's mean of the two (in float32) is 65504
        'median_float16': '0a 01 02 d8 d8 04 00 01 00 01 00',
        # nanargmax of [2, 2] along axis 0, keepdims; nanmean of the same, flat
        'nanargmax': '0b 02 02 02 2c c8 30 c8 04 00 03 01',
        'nanmean': '0b 02 02 02 2c c8 30 34 03 01 00',
        # cov of a [2, 4] (rows are variables); with fweights and aweights; of a [3, 2] with rowvar false, bias, ddof 4
        'cov': '0c 02 02 04 10 12 14 16 18 1a 1c 10 01 00 00 00 01',
        'cov_weights': '0c 02 02 04 10 12 14 16 18 1a 1c 10 01 00 00 03 01 02 02 03 01 04 04 08 02',
        'cov_ddof': '0c 02 03 02 10 12 14 16 18 1a 00 01 01 06 00 01',
    },
    'text': {
        # The first byte picks loadtxt of float64 (00) or int64 (01), or savetxt of float64 (02), int64 (03) or
        # uint64 (04). loadtxt reads its options from the next bytes and the text from byte 12 on: the delimiter
        # (0a ',', 00 none), the comments (00 '#', 03 '%'), skiprows, usecols, max_rows, ndmin, missing_as_nan,
        # and whether a byte-order mark goes before the text.
        'load_csv': '00 0a 00 01 00 00 01 00 00 00 00 00 ' + b'1,2,3\n4,5,6\n'.hex(' '),
        'load_bom': '00 0a 00 01 00 00 01 00 01 00 00 00 ' + b'1,2\n3,4\n'.hex(' '),
        'load_usecols': '00 0a 00 01 05 02 03 02 00 01 00 00 ' + b'1,2,3\n4,5,6\n'.hex(' '),
        'load_comments_skiprows': '00 00 03 03 00 00 01 00 00 00 00 00 ' + b'x y\n% note\n1 2 # end\n\n3 4\r\n'.hex(' '),
        'load_missing': '00 0a 00 01 00 00 01 01 00 00 00 00 ' + b'1,,3\n4,5,\n'.hex(' '),
        'load_int64_missing': '01 0a 00 01 00 00 01 01 00 00 00 00 ' + b'1,2\n'.hex(' '),
        'load_max_rows_ndmin': '00 00 00 01 00 01 02 03 00 00 00 00 ' + b'1 2\n3 4\n5 6\n'.hex(' '),
        'load_ragged': '01 00 00 01 00 00 01 00 00 00 00 00 ' + b'1 2\n3\n-9223372036854775809 +4\n'.hex(' '),
        # savetxt reads: rank 2 or 1, rows, columns, the values, the format (below f0: one of fuzz_text.cpp's
        # formats, 00 "%.17g", 07 "%d", 08 "%+d", 0f "%x", 1e "%.9999999999f"; f0 and above: the bytes from
        # 24 on), the delimiter, then flags for "\r\n", a header, a footer and a file rather than a stream.
        'save_float64_g': '02 01 02 01 2c 30 c8 ca 00 01 00 01 01 01',
        'save_int64_d': '03 00 03 00 00 05 cc 07 00 00 00 00 00',
        'save_uint64_plus': '04 00 02 00 a0 05 08 00 00 00 00 00',
        'save_huge_precision': '02 00 01 00 2c 1e 00 00 00 00 00',
        'save_hex_negative': '03 00 02 00 00 05 0f 00 00 00 00 00',
        'save_float_hex': '02 00 01 00 2c 0f 00 00 00 00 00',
        'save_fmt_bytes': '02 00 01 00 2c f0 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ' + b'x%+08.3e;'.hex(' '),
    },
    'random': {
        # The first byte picks the sampler (00 rand to 0b shuffle, fuzz_random.cpp's `op`), then the shape (its
        # rank, 00 for hostile sizes, the sizes), the seed (01 and one byte, or 00 and eight), float32 or not,
        # and two parameters read as hostile_real (c8 NaN, d4 1e308, d5 -1e308, d6 1e18).
        'rand': '00 02 01 02 03 01 05 00 00 00',
        'rand_negative_shape': '00 01 00 c2 01 05 00 00 00',
        'randint_int8': '02 01 01 03 01 09 00 00 00 00 0c 01',
        'randint_hostile': '02 01 01 03 01 09 00 00 00 ce cc 00',
        'uniform': '03 01 01 04 01 07 00 24 34',
        'uniform_infinite_range': '03 01 01 04 01 07 01 d5 d4',
        'normal_nan': '04 01 01 03 01 02 00 c8 2c',
        'exponential_negative': '05 01 01 03 01 02 00 20 00',
        'poisson': '06 01 01 05 01 03 00 3c 00',
        'poisson_huge': '06 01 01 02 01 03 00 d6 00 01',
        'binomial': '07 01 01 04 01 09 00 00 00 1c 01 03',
        'binomial_huge_n': '07 01 01 04 01 09 00 00 00 c9 01 05',
        # choice of 5 without replacement; of 4 with p {1/6, 2/6, 3/6, 0}; of 0 for a size of 2^40 (refused)
        'choice_no_replace': '08 01 01 03 01 04 00 00 00 06 00 00',
        'choice_p': '08 01 01 04 01 04 00 00 00 05 01 01 01 02 03 00',
        'choice_empty_population': '08 01 00 c8 01 04 00 00 00 01 01 00',
        'choice_rows': '09 01 01 03 01 04 00 00 00 03 01 00',
        'permutation': '0a 00 01 01 02 00 00 00 07',
        'shuffle': '0b 02 01 03 02 01 05 00 00 00',
    },
    'half': {
        # The first byte picks float16 (even) or bfloat16 (odd) and the check ((byte >> 1) % 3): two bit
        # patterns and their arithmetic (0), narrowing of eight bytes as float, double and integers (1), or a
        # tensor of patterns printed, converted, added and written to .npy bytes (2).
        'float16_bits': '00 3c 00 40 00',
        'float16_nan_payload': '00 7d 01 fc 00',
        'bfloat16_bits': '01 3f 80 ff 7f',
        'float16_narrowing': '02 3f b9 99 99 99 99 99 9a',
        'bfloat16_narrowing': '03 7f ef ff ff ff ff ff ff',
        'float16_tensor': '04 04 01 3c 00 00 2e 66 01 7b ff 3c 00 3c 00 3c 00 3c 00',
        # a bfloat16 power of two printed beside values of three digits
        'bfloat16_print': '05 04 00 00 d5 9d 9d 00 00 40 2d',
    },
    'static_shapes': {
        # The first byte picks the operation (fuzz_static_shapes.cpp's `op`), then the value: its rank and sizes,
        # its elements, and 00 (itself), 01 (its transpose) or 02 (2 * value + 1).
        'fixed_from_matching': '00 02 02 03 01 02 03 04 05 06 00',
        'fixed_from_other': '00 01 03 01 02 03 00',
        'fixed_assign_transpose': '01 02 03 02 01 02 03 04 05 06 01',
        'fixed_add_broadcast': '02 01 03 07 08 09 00',
        'fixed_add_refused': '02 02 03 01 07 08 09 00',
        'rank_from_rank_1': '03 01 03 01 02 03 02',
        'rank_add': '04 02 01 03 07 08 09 00 02 03',
        'fixed_expression': '05 01 03 01 02 03 00',
        'rank_transpose_self': '06 00 05 00 02 03',
        'rank_hostile_shape': '07 00 05 00 02 c8 c8',
        'rank_negative_size': '07 00 05 00 02 c2 03',
        'rank_3_shape': '07 00 05 00 03 01 02 03',
    },
    'explain': {
        # An even first byte gives the rest to loom-explain: the rule (the second byte: 00 NumPy's, 03 --pdpd,
        # 04 --paddle-elementwise, 06 --in-place, 08 --matmul), then its arguments separated by NUL bytes.
        'tool_numpy': '00 00 ' + b'2,3,1,5\x003,4,1'.hex(' '),
        'tool_overflow': '00 00 ' + b'[4294967296,1]\x00[1,4294967296]'.hex(' '),
        'tool_pdpd': '00 03 ' + b'1\x002,3,4,5\x003'.hex(' '),
        'tool_paddle': '00 04 ' + b'-1\x002,3,4,5\x004,5'.hex(' '),
        'tool_in_place': '00 06 ' + b'1,3,1\x005,4,3,4'.hex(' '),
        'tool_matmul': '00 08 ' + b'1,1,8,9\x002,3,9,7'.hex(' '),
        'tool_bad_shape': '00 00 ' + b'2,x\x00-3'.hex(' '),
        'tool_rank_65': '00 00 ' + (b'1,' * 64 + b'1\x001').hex(' '),
        # An odd first byte calls explain directly: the rule, the axis, the count of shapes (NumPy's rule), then
        # each shape (a byte below 96 makes it like the first; otherwise its rank is the byte % 7).
        'explain_numpy_three': '01 00 00 02 03 02 03 04 10 00 02 02 62',
        'explain_pdpd': '01 03 03 04 02 03 04 05 64 03 04',
        'explain_bidirectional_hostile': '01 05 00 02 c9 c9 64 c9 01',
        'explain_broadcast_to': '01 07 00 02 01 03 65 02 02 03',
        'explain_loss': '01 09 00 02 03 05 63 03',
        'explain_negative': '01 00 00 01 02 c2 03 64 02 03',
    },
}

for target, seeds in SEEDS.items():
    folder = os.path.join('corpus', target)
    os.makedirs(folder, exist_ok=True)
    for name, hex_bytes in seeds.items():
        with open(os.path.join(folder, name), 'wb') as f:
            f.write(bytes.fromhex(hex_bytes))
