// The last lines of every public header, after core/prologue.hpp; no
// include guard, so that each public header gets them.

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
