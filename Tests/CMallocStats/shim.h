// glibc's malloc.h, which the Glibc module leaves out: the footprint test reads mallinfo2() from it
// to hold MemoryFootprint's estimate to what malloc really handed out.
#include <malloc.h>
