// What the server waits on, and its one timer: libev's epoll (Debian's evlib_ev plugin), or lws's
// own poll(). Static inline, as everything of this system-library target (see shim.h).
#ifndef CAROUSEL_PREVIEW_EVENT_LOOP_H
#define CAROUSEL_PREVIEW_EVENT_LOOP_H

#include <ev.h>
#include <libwebsockets.h>
#include <string.h>

// On libev a wake costs the sockets that are ready, not every socket (lws's poll() hands the kernel
// every descriptor on every wake: the 3,000-watcher profile in issue 52). The libev loop is the
// server's ("foreign" to lws), so lws installs no signal handlers on it, and libev leaves the signal
// mask and the environment alone: the server handles its own signals.
//
// The timer: lws hands a scheduled callback only the list node, so the owner sits after it and is
// found from the node's address (lws_container_of is a macro). On poll() the timer is an lws
// scheduled callback. On libev it is a libev timer of the server's: lws 4.1.6 re-arms its own with
// ev_timer_set and ev_timer_start, which do nothing to a timer already running (a callback sooner
// than the one lws waits for would wait for that one), and only once a turn handled no socket,
// which a busy server may not have.
typedef struct cp_event_loop {
    lws_sorted_usec_list_t tick;
    void *owner;
    ev_timer libev_tick;
    struct lws_context *context;
    // The libev loop, or NULL: poll(). An array of one, as lws reads a foreign loop.
    void *libev[1];
} cp_event_loop;

static inline void *cp_event_loop_owner(lws_sorted_usec_list_t *tick) {
    return lws_container_of(tick, cp_event_loop, tick)->owner;
}

// The libev timer went off: the tick, then a wake of lws (its cancel pipe), after which lws runs its
// own callbacks that came due, such as closing a connection the tick dropped.
static void cp_event_loop_ticked(struct ev_loop *libev, ev_timer *libev_tick, int events) {
    cp_event_loop *loop = lws_container_of(libev_tick, cp_event_loop, libev_tick);
    (void)libev;
    (void)events;
    loop->tick.cb(&loop->tick);
    lws_cancel_service(loop->context);
}

// `epoll` 0: lws's poll(). Without epoll (never on Linux) it is poll() too.
static inline void cp_event_loop_init(cp_event_loop *loop, void *owner, int epoll) {
    memset(loop, 0, sizeof *loop);
    loop->owner = owner;
    ev_timer_init(&loop->libev_tick, cp_event_loop_ticked, 0, 0);
    if (epoll) loop->libev[0] = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV | EVFLAG_NOSIGMASK);
}

// The context for `info` (cp_set_up_context with `loop`); on failure the libev loop goes too. On
// libev, lws arms its own timer only after handling a socket: a wake of the cancel pipe (one of the
// sockets) arms it for what lws schedules before.
static inline struct lws_context *cp_create_context(struct lws_context_creation_info *info, cp_event_loop *loop) {
    loop->context = lws_create_context(info);
    if (loop->context) {
        lws_cancel_service(loop->context);
    } else if (loop->libev[0]) {
        ev_loop_destroy((struct ev_loop *)loop->libev[0]);
        loop->libev[0] = NULL;
    }
    return loop->context;
}

// Sets the timer `delay` microseconds ahead to call `callback`, or with `delay` < 0 cancels it. Not
// before the context is made or after it is destroyed.
static inline void cp_event_loop_set_tick(cp_event_loop *loop, sul_cb_t callback, lws_usec_t delay) {
    struct ev_loop *libev = (struct ev_loop *)loop->libev[0];
    if (!loop->context) return;
    if (!libev) {
        if (delay < 0) lws_sul_cancel(&loop->tick);
        else lws_sul_schedule(loop->context, 0, &loop->tick, callback, delay);
        return;
    }
    loop->tick.cb = callback;
    ev_timer_stop(libev, &loop->libev_tick);
    if (delay < 0) return;
    // From the clock now, not the loop's time cached when this turn began, so it is not early.
    ev_now_update(libev);
    ev_timer_set(&loop->libev_tick, (double)delay / 1e6, 0);
    ev_timer_start(libev, &loop->libev_tick);
}

// One turn: waits until something is ready (or the timer) and handles it.
static inline void cp_event_loop_turn(cp_event_loop *loop) {
    if (loop->libev[0]) ev_run((struct ev_loop *)loop->libev[0], EVRUN_ONCE);
    else lws_service(loop->context, 0);
}

// The context, then the libev loop it ran on.
static inline void cp_destroy_context(cp_event_loop *loop) {
    lws_context_destroy(loop->context);
    loop->context = NULL;
    if (loop->libev[0]) ev_loop_destroy((struct ev_loop *)loop->libev[0]);
    loop->libev[0] = NULL;
}

#endif
