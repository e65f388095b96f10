// The parts of libwebsockets 4.1.6 that Swift cannot import directly, as prefixed static inline
// wrappers. A system-library target cannot hold .c files, so everything lives in this header.
#ifndef CAROUSEL_PREVIEW_LWS_SHIM_H
#define CAROUSEL_PREVIEW_LWS_SHIM_H

#include <libwebsockets.h>
#include <string.h>

#include "event-loop.h"

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

// An address with no ':' is IPv4. With a libev loop in `events` (cp_event_loop_init) lws runs on it
// through Debian's evlib_ev plugin; otherwise on its own poll().
static inline void cp_set_up_context(struct lws_context_creation_info *info, int port, const char *iface,
                                     const struct lws_protocols *protocols, const char *server_string,
                                     void *user, cp_event_loop *events) {
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
    if (events->libev[0]) {
        info->options |= (uint64_t)LWS_SERVER_OPTION_LIBEV;
        info->foreign_loops = events->libev;
    }
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

#endif
