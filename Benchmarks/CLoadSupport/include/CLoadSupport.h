// What the load client needs from C that Glibc's Swift module leaves out.
#include <stddef.h>
#include <sys/epoll.h>

// libc's memmem (a GNU extension, hidden from Swift): the first `needle` in `haystack`, or NULL.
const void *load_find(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
