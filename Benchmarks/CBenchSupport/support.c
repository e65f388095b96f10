#define _GNU_SOURCE
#include <malloc.h>
#include <string.h>
#include "CBenchSupport.h"

const void *bench_find(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

size_t bench_heap_in_use(void) {
    return mallinfo2().uordblks;
}
