// What the Embedded Swift runtime and wasi-libc's malloc expect from a host that gives them
// nothing: the module has no imports, so the page instantiates it with an empty import object.
#include <stddef.h>
#include <stdint.h>

// Stack protection: a fixed guard and a trap, which the page sees as a failed call.
uintptr_t __stack_chk_guard = 0x5a17c0de;
void __stack_chk_fail(void) { __builtin_trap(); }

// Hashing seeds (Set, Dictionary). The engine's results never depend on iteration order, and a
// fixed seed keeps a module's runs reproducible.
void arc4random_buf(void *buffer, size_t count) {
    uint8_t *bytes = buffer;
    uint32_t state = 0x9e3779b9u;
    for (size_t index = 0; index < count; index++) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        bytes[index] = (uint8_t)state;
    }
}

// Swift's `rounded()` (to nearest, ties away from zero) lowers to libm's round. Written here from
// exact operations (truncation and one exact subtraction), so no libm decides a result.
double round(double x) {
    double whole = __builtin_trunc(x);
    if (__builtin_fabs(x - whole) >= 0.5) whole += __builtin_copysign(1.0, x);
    return whole;
}
