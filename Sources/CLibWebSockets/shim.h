// The parts of libwebsockets 4.1.6 that Swift cannot import directly, as prefixed static inline
// wrappers. A system-library target cannot hold .c files, so everything lives in this header.
#ifndef CAROUSEL_PREVIEW_LWS_SHIM_H
#define CAROUSEL_PREVIEW_LWS_SHIM_H

#include <libwebsockets.h>
#include <ev.h>
#include <string.h>

// LWS_PRE is a macro: the headroom lws_write() needs before every payload.
static inline size_t cp_lws_pre(void) { return LWS_PRE; }

// The server's context, set up in one place. The option constants are written as (1ll << n), which
// Swift imports inconsistently, so they are set here: UTF-8 is validated, a failed bind fails the
// context, and an IPv4 address binds IPv4 only (with IPv6 on, lws 4.1.6 binds every interface even
// then). Browsers send every localhost server's cookies to each of them (cookies ignore the port), so
// a request's headers can be long: lws's default 1 KiB would drop such a request unanswered. No
// user or group switch (-1). `iface`, `protocols` and `server_string` must outlive the context.
// lws's own liveness off: with a retry policy whose hang-up is 0 it sets no validity timer per
// connection. Its default (ping 300 s, hang up 310 s) inserts one into a sorted list of every
// connection's on each open and each pong: O(connections) a pong (the sorted inserts of the
// 3,000-watcher profile in issue 52). The server's loop pings and hangs up silent peers itself.
static const lws_retry_bo_t cp_no_lws_liveness = {0};

// An address with no ':' is IPv4. With a loop in `event_loop[0]` (cp_event_loop_new; the array
// outlives the context) lws runs on that libev loop through Debian's evlib_ev plugin; with NULL
// there, on its own poll().
static inline void cp_set_up_context(struct lws_context_creation_info *info, int port, const char *iface,
                                     const struct lws_protocols *protocols, const char *server_string,
                                     void *user, void **event_loop) {
    memset(info, 0, sizeof *info);
    info->port = port;
    info->iface = iface;
    info->protocols = protocols;
    info->server_string = server_string;
    info->gid = -1;
    info->uid = -1;
    info->user = user;
    info->max_http_header_data = 16 * 1024;
    info->options = (uint64_t)LWS_SERVER_OPTION_VALIDATE_UTF8 | (uint64_t)LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND;
    if (!strchr(iface, ':')) info->options |= (uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6;
    info->retry_and_idle_policy = &cp_no_lws_liveness;
    if (event_loop[0]) {
        info->options |= (uint64_t)LWS_SERVER_OPTION_LIBEV;
        info->foreign_loops = event_loop;
    }
}

// The server's own libev loop on epoll, so a wake costs the sockets that are ready, not every socket
// (lws's poll() passes the kernel every descriptor on every wake: the 3,000-watcher profile in issue
// 52). The loop is the server's ("foreign" to lws), so lws installs no signal handlers on it, and
// libev leaves the signal mask and the environment alone: the server handles its own signals.
// NULL when epoll is unavailable.
static inline void *cp_event_loop_new(void) {
    return ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV | EVFLAG_NOSIGMASK);
}

// The context for `info`; on failure its libev loop is destroyed too (and forgotten). On libev, lws
// arms its timer for scheduled callbacks only after handling a socket: a wake of the cancel pipe
// (one of the sockets) arms it for the server's first tick.
static inline struct lws_context *cp_create_context(struct lws_context_creation_info *info) {
    struct lws_context *context = lws_create_context(info);
    if (context) {
        lws_cancel_service(context);
    } else if (info->foreign_loops && info->foreign_loops[0]) {
        ev_loop_destroy((struct ev_loop *)info->foreign_loops[0]);
        info->foreign_loops[0] = NULL;
    }
    return context;
}

// One turn of the event loop: waits until something is ready (or the next timer) and handles it.
static inline void cp_service(struct lws_context *context, void *event_loop) {
    if (event_loop) ev_run((struct ev_loop *)event_loop, EVRUN_ONCE);
    else lws_service(context, 0);
}

// The context, then the loop it ran on.
static inline void cp_destroy_context(struct lws_context *context, void *event_loop) {
    lws_context_destroy(context);
    if (event_loop) ev_loop_destroy((struct ev_loop *)event_loop);
}

// The server's one protocol, for HTTP and every WebSocket, and the all-zero entry that ends the list
// (`protocols` holds two). Each connection keeps an int (the loop's id for it); frames are read 4 KiB
// at a time. lws keeps the pointers for the context's lifetime.
static inline void cp_set_up_protocols(struct lws_protocols *protocols, const char *name, lws_callback_function *callback) {
    memset(protocols, 0, 2 * sizeof *protocols);
    protocols->name = name;
    protocols->callback = callback;
    protocols->per_session_data_size = sizeof(long);
    protocols->rx_buffer_size = 4096;
}

// An HTTP/1 head in one call: lws's common headers, then `extra` ("name: value\r\n" lines, as
// lws_serve_http_file takes them; NUL-terminated) copied in as they are, then the head written. lws
// adds headers one call each; the server's are already lines. `buffer` has LWS_PRE bytes before it.
// 0 when written.
static inline int cp_write_http_head(struct lws *wsi, unsigned int status, const char *content_type,
                                     lws_filepos_t length, const char *extra, unsigned char *buffer, size_t size) {
    unsigned char *position = buffer, *end = buffer + size - 1;
    size_t extra_length = strlen(extra);
    if (lws_add_http_common_headers(wsi, status, content_type, length, &position, end)) return -1;
    if ((size_t)(end - position) < extra_length) return -1;
    memcpy(position, extra, extra_length);
    position += extra_length;
    return lws_finalize_write_http_header(wsi, buffer, &position, end);
}

// A header (or, with `fragment` >= 0, one name=value of the query) copied into `buffer` with its
// NUL: its length, or -1 when it is absent (`buffer` then holds ""), or longer than `size` - 1. lws
// needs the length asked first and the copy second; this is both.
static inline int cp_copy_header(struct lws *wsi, enum lws_token_indexes token, int fragment, char *buffer, int size) {
    int length = fragment < 0 ? lws_hdr_total_length(wsi, token) : lws_hdr_fragment_length(wsi, token, fragment);
    buffer[0] = 0;
    // A whole header of length 0 is one the request does not have.
    if (length < 0 || (fragment < 0 && length == 0) || length > size - 1) return -1;
    return fragment < 0 ? lws_hdr_copy(wsi, buffer, size, token) : lws_hdr_copy_fragment(wsi, buffer, size, token, fragment);
}

// lws logs through a variadic function and macros; this routes its own log lines (errors and
// warnings only) to a plain callback so the Swift logger can take them.
static inline void cp_set_log_sink(void (*sink)(int level, const char *line)) {
    lws_set_log_level(LLL_ERR | LLL_WARN, sink);
}

// The server's one timer, which knows its owner: lws hands a scheduled callback only the list node,
// so the owner pointer sits after it and is recovered from the node's address (lws_container_of is a
// macro). On poll() it is an lws scheduled callback. On libev it is a libev timer of its own: lws
// 4.1.6 re-arms its libev timer with ev_timer_set and ev_timer_start, which do nothing to a timer
// already running, so a callback scheduled sooner than the one lws waits for would wait for that
// one; and lws re-arms only once a turn handled no socket, which a busy server may not have.
typedef struct cp_tick_timer {
    lws_sorted_usec_list_t node;
    void *owner;
    ev_timer libev;
    struct lws_context *context;
} cp_tick_timer;

static inline void *cp_tick_timer_owner(lws_sorted_usec_list_t *node) {
    return lws_container_of(node, cp_tick_timer, node)->owner;
}

// The libev timer went off: the tick, then a wake of lws (its cancel pipe), after which it runs its
// own callbacks that came due, such as closing a connection the tick dropped.
static void cp_tick_timer_went_off(struct ev_loop *loop, ev_timer *libev, int events) {
    cp_tick_timer *timer = lws_container_of(libev, cp_tick_timer, libev);
    (void)loop;
    (void)events;
    timer->node.cb(&timer->node);
    lws_cancel_service(timer->context);
}

static inline void cp_tick_timer_init(cp_tick_timer *timer, void *owner) {
    memset(timer, 0, sizeof *timer);
    timer->owner = owner;
    ev_timer_init(&timer->libev, cp_tick_timer_went_off, 0, 0);
}

// Sets the timer `delay` microseconds ahead to call `callback`, or with `delay` < 0 cancels it.
// `event_loop`: the libev loop lws runs on, or NULL.
static inline void cp_tick_timer_set(cp_tick_timer *timer, struct lws_context *context, void *event_loop,
                                     sul_cb_t callback, lws_usec_t delay) {
    struct ev_loop *loop = (struct ev_loop *)event_loop;
    if (!loop) {
        if (delay < 0) lws_sul_cancel(&timer->node);
        else lws_sul_schedule(context, 0, &timer->node, callback, delay);
        return;
    }
    timer->context = context;
    timer->node.cb = callback;
    ev_timer_stop(loop, &timer->libev);
    if (delay < 0) return;
    // From the clock now, not the loop's time cached when this turn began, so it is not early.
    ev_now_update(loop);
    ev_timer_set(&timer->libev, (double)delay / 1e6, 0);
    ev_timer_start(loop, &timer->libev);
}

#endif
