// Linked into every program loom builds with LOOM_SANITIZE. LLVM's OpenMP
// runtime keeps a few blocks until the process ends without freeing them,
// which LeakSanitizer would report as leaks of the program that started the
// first parallel region: its default suppressions leave them out.
extern "C" const char* __lsan_default_suppressions() { return "leak:libomp.so\n"; }
