#pragma once
// DLPack (version 0.6, the CPU only), both ways, copying nothing:
//
//   to_dlpack(std::move(t))  a DLManagedTensor that owns the tensor's memory:
//                            its deleter frees the tensor;
//   from_dlpack<T>(m)        a tensor_view<T> of a DLManagedTensor's memory
//                            with its shape and strides, which owns the
//                            DLManagedTensor and calls its deleter when the
//                            last view of it is gone.
//
// This header needs dlpack/dlpack.h (Debian: libdlpack-dev) only when it is
// included: loom/loom.hpp does not include it, and nothing else in loom but
// interop/python.hpp needs it. Cost of including: the parsing of that one
// C header of 200 lines, nothing measurable beside loom/loom.hpp.
// Lifetimes: Note [DLPack ownership].
//
// Note [DLPack ownership]: a DLManagedTensor passes ownership from its
// producer to its consumer, who calls its deleter once when done with the
// memory (dlpack.h, "DLManagedTensor"). to_dlpack moves the tensor into
// the DLManagedTensor it returns, so the memory lives until the consumer
// calls the deleter, whatever became of the tensor's name. from_dlpack
// takes the DLManagedTensor over: the view it returns holds it (the view's
// owner, Note [view lifetime] in tensor/view.hpp), and every copy of the
// view, every view made from it, keeps it alive; the deleter runs when the
// last is destroyed. When from_dlpack throws, it has taken nothing over:
// the caller still owns the DLManagedTensor.

#if !__has_include(<dlpack/dlpack.h>)
#error "loom/interop/dlpack.hpp needs DLPack's header dlpack/dlpack.h (Debian: libdlpack-dev), which is not on the include path"
#endif

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <dlpack/dlpack.h>

#include "loom/interop/common.hpp"

namespace loom {

namespace detail {

// DLPack 0.6's description of element type T; bool has none before
// DLPack 0.8 (kDLBool), so it is refused.
template <element T>
constexpr DLDataType dlpack_type() {
    if constexpr (std::same_as<T, bool>) {
        static_assert(always_false<T>,
                      "DLPack 0.6 has no bool type (kDLBool came with DLPack 0.8): exchange a tensor<std::uint8_t> "
                      "(astype<std::uint8_t>) instead");
        return {};
    } else if constexpr (complex_element<T>) {
        return {kDLComplex, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
    } else if constexpr (std::same_as<T, bfloat16>) {
        return {kDLBfloat, 16, 1};
    } else if constexpr (floating_element<T>) {
        return {kDLFloat, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
    } else if constexpr (std::is_signed_v<T>) {
        return {kDLInt, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
    } else {
        return {kDLUInt, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
    }
}

/// DLPack's description of a type as it reads: "float32", "int8", "bfloat16",
/// "complex64", or "code 3, 64 bits, 1 lane" for what loom has no name for.
inline std::string dlpack_type_name(DLDataType type) {
    const char* kinds[] = {"int", "uint", "float", nullptr, "bfloat", "complex"};
    if (type.lanes == 1 && type.code < 6 && kinds[type.code] != nullptr) {
        return kinds[type.code] + std::to_string(type.bits);
    }
    return "code " + std::to_string(type.code) + ", " + std::to_string(type.bits) + " bits, " +
           std::to_string(type.lanes) + " lanes";
}

/// "cpu", "cuda", ... for a message.
inline std::string dlpack_device_name(DLDevice device) {
    switch (device.device_type) {
        case kDLCPU: return "cpu";
        case kDLCUDA: return "cuda";
        case kDLCUDAHost: return "cuda_host";
        case kDLOpenCL: return "opencl";
        case kDLVulkan: return "vulkan";
        case kDLMetal: return "metal";
        case kDLVPI: return "vpi";
        case kDLROCM: return "rocm";
        case kDLROCMHost: return "rocm_host";
        case kDLExtDev: return "ext_dev";
        case kDLCUDAManaged: return "cuda_managed";
    }
    return "device type " + std::to_string(static_cast<int>(device.device_type));
}

// What a DLManagedTensor made by to_dlpack points to: the tensor, and the
// shape and strides DLPack reads as 64-bit integers.
template <element T>
struct dlpack_owner {
    tensor<T> values;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;
    DLManagedTensor managed{};
};

}  // namespace detail

/// A DLManagedTensor that owns the tensor moved into it (Note [DLPack
/// ownership]): its DLTensor describes the tensor's memory on the CPU
/// (kDLCPU), with its shape and strides in elements, and its deleter frees
/// the tensor. The consumer must call the deleter once. Element types:
/// every loom type but bool, which DLPack 0.6 lacks (refused at compile time).
template <element T>
DLManagedTensor* to_dlpack(tensor<T>&& t) {
    constexpr DLDataType type = detail::dlpack_type<T>();
    auto owner = std::make_unique<detail::dlpack_owner<T>>();
    owner->values = std::move(t);
    const tensor<T>& values = owner->values;
    owner->shape.assign(values.shape().begin(), values.shape().end());
    owner->strides.assign(values.strides().begin(), values.strides().end());
    DLManagedTensor& managed = owner->managed;
    managed.dl_tensor.data = const_cast<std::remove_const_t<T>*>(values.data());
    managed.dl_tensor.device = {kDLCPU, 0};
    managed.dl_tensor.ndim = static_cast<std::int32_t>(values.shape().size());
    managed.dl_tensor.dtype = type;
    managed.dl_tensor.shape = owner->shape.data();
    managed.dl_tensor.strides = owner->strides.data();
    managed.dl_tensor.byte_offset = 0;
    managed.manager_ctx = owner.get();
    managed.deleter = [](DLManagedTensor* self) { delete static_cast<detail::dlpack_owner<T>*>(self->manager_ctx); };
    return &owner.release()->managed;
}

template <element T>
DLManagedTensor* to_dlpack(tensor<T>&) = delete;  // refused: the DLManagedTensor owns its tensor; pass std::move(t), or t.copy()

namespace detail {

// The owner of the views from_dlpack makes: calls the DLManagedTensor's
// deleter through `release` once the last view is gone. `managed` stays
// null until nothing can throw any more, so that a refusal takes nothing
// over (Note [DLPack ownership]).
struct dlpack_consumed {
    DLManagedTensor* managed = nullptr;
    void (*release)(DLManagedTensor*) = [](DLManagedTensor* self) {
        if (self->deleter != nullptr) self->deleter(self);
    };
    dlpack_consumed() = default;
    dlpack_consumed(const dlpack_consumed&) = delete;
    dlpack_consumed& operator=(const dlpack_consumed&) = delete;
    ~dlpack_consumed() {
        if (managed != nullptr) release(managed);
    }
};

// from_dlpack with the owner given: the checks, then the view, which
// `owner` takes the DLManagedTensor over for when nothing threw.
template <class T>
tensor_view<T> dlpack_view(const char* function, DLManagedTensor* managed, std::shared_ptr<dlpack_consumed> owner) {
    using value_type = std::remove_const_t<T>;
    if (managed == nullptr) throw std::invalid_argument(std::string(function) + ": a null DLManagedTensor");
    const DLTensor& dl = managed->dl_tensor;
    if (dl.device.device_type != kDLCPU) {
        throw std::invalid_argument(std::string(function) + ": the tensor is on " + dlpack_device_name(dl.device) +
                                    ", and loom reads memory on the CPU only (kDLCPU); copy it to the CPU first");
    }
    if constexpr (std::same_as<value_type, bool>) {
        throw std::invalid_argument(std::string(function) + ": DLPack 0.6 has no bool type (kDLBool came with "
                                    "DLPack 0.8), and the tensor holds " + dlpack_type_name(dl.dtype) +
                                    "; view it as uint8");
    } else {
        constexpr DLDataType expected = dlpack_type<value_type>();
        if (dl.dtype.code != expected.code || dl.dtype.bits != expected.bits || dl.dtype.lanes != expected.lanes) {
            throw std::invalid_argument(std::string(function) + ": expected a " + dlpack_type_name(expected) +
                                        " tensor, got " + dlpack_type_name(dl.dtype) +
                                        "; view it as the type it holds, or convert it before exporting it");
        }
    }
    if (dl.ndim < 0 || static_cast<std::size_t>(dl.ndim) > max_rank) {
        throw std::invalid_argument(std::string(function) + ": the tensor has rank " + std::to_string(dl.ndim) +
                                    ", and loom's ranks go up to " + std::to_string(max_rank));
    }
    shape_type shape;
    strides_type strides;
    for (std::int32_t d = 0; d < dl.ndim; ++d) shape.push_back(static_cast<index_t>(dl.shape[d]));
    if (dl.strides != nullptr) {
        for (std::int32_t d = 0; d < dl.ndim; ++d) strides.push_back(static_cast<index_t>(dl.strides[d]));
    } else {  // DLPack: a null strides pointer is a compact row-major tensor
        strides.resize(shape.size());
        index_t step = 1;
        for (std::size_t d = shape.size(); d-- > 0;) {
            strides[d] = step;
            step *= shape[d] > 0 ? shape[d] : 1;
        }
    }
    using byte = std::conditional_t<std::is_const_v<T>, const char, char>;
    T* first = reinterpret_cast<T*>(static_cast<byte*>(dl.data) + dl.byte_offset);
    if (reinterpret_cast<std::uintptr_t>(first) % alignof(value_type) != 0) {
        throw std::invalid_argument(std::string(function) + ": the tensor's first element is at an address that "
                                    "is not a multiple of " + std::to_string(alignof(value_type)) +
                                    ", the alignment of " + type_name<value_type>() + "; copy it into aligned memory first");
    }
    (void)adapt(first, shape, strides);  // throws for sizes and strides a view cannot hold
    tensor_view<T> view(first, std::move(shape), std::move(strides), owner);
    owner->managed = managed;  // nothing throws from here on
    return view;
}

}  // namespace detail

/// A view of the memory a DLManagedTensor describes, with its shape and
/// strides (a null strides pointer: row-major), which takes the
/// DLManagedTensor over (Note [DLPack ownership]): the view and every view
/// made from it keep it, and its deleter runs when the last of them is gone.
/// Throws std::invalid_argument, taking nothing over, for a null pointer,
/// memory that is not on the CPU (kDLCPU), an element type other than T
/// (bool: DLPack 0.6 has none), a rank above loom's largest, sizes and
/// strides a view cannot hold, or a first element not aligned for T.
template <class T>
    requires element<std::remove_const_t<T>>
tensor_view<T> from_dlpack(DLManagedTensor* managed) {
    return detail::dlpack_view<T>("from_dlpack", managed, std::make_shared<detail::dlpack_consumed>());
}

}  // namespace loom
