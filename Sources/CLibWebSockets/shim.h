// The parts of libwebsockets 4.1.6 that Swift cannot import directly, as prefixed static inline
// wrappers. A system-library target cannot hold .c files, so everything lives in this header.
#ifndef CAROUSEL_PREVIEW_LWS_SHIM_H
#define CAROUSEL_PREVIEW_LWS_SHIM_H

#include <libwebsockets.h>

// LWS_PRE is a macro: the headroom lws_write() needs before every payload.
static inline size_t cp_lws_pre(void) { return LWS_PRE; }

// The option constants are written as (1ll << n), which Swift imports inconsistently; these give
// the exact unsigned values the context info expects.
static inline uint64_t cp_option_disable_ipv6(void) { return (uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6; }
static inline uint64_t cp_option_validate_utf8(void) { return (uint64_t)LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t cp_option_fail_upon_unable_to_bind(void) {
    return (uint64_t)LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND;
}

// lws logs through a variadic function and macros; this routes its own log lines (errors and
// warnings only) to a plain callback so the Swift logger can take them.
static inline void cp_set_log_sink(void (*sink)(int level, const char *line)) {
    lws_set_log_level(LLL_ERR | LLL_WARN, sink);
}

// A timer that knows its owner: lws hands a scheduled callback only the list node, so the owner
// pointer sits right after it and is recovered from the node's address (lws_container_of is a macro).
typedef struct cp_tick_timer {
    lws_sorted_usec_list_t node;
    void *owner;
} cp_tick_timer;

static inline void *cp_tick_timer_owner(lws_sorted_usec_list_t *node) {
    return lws_container_of(node, cp_tick_timer, node)->owner;
}

#endif
