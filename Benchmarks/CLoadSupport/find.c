#define _GNU_SOURCE
#include <string.h>
#include "CLoadSupport.h"

const void *load_find(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
