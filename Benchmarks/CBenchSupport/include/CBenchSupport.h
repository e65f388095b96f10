// What the benchmarks need from C that Glibc's Swift module leaves out.
#include <stddef.h>
#include <sys/epoll.h>

// libc's memmem (a GNU extension, hidden from Swift): the first `needle` in `haystack`, or NULL.
const void *bench_find(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

// Bytes of heap in use right now (mallinfo2's uordblks), to measure what an engine keeps.
size_t bench_heap_in_use(void);
