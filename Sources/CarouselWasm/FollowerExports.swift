import CarouselABI

// The stream follower's exports (protocol: "The engine stream"): the page's half of the timeline,
// run here so the page keeps only its clock, its display loop and the delivery of messages
// (public/js/session/streamfollower.js). Each forwards to one `FollowerHost`, which the native tests
// drive the same way; a batch travels through the inbox, a frame or an input record through the
// outbox, as the engine's exports do. Its state is apart from the engine's (`cp_run` and the rest).

nonisolated(unsafe) private var followerHost = FollowerHost()

/// This page's client number and whether the session's clock is manual (1) or live (0).
@_expose(wasm, "cp_follower_welcome") @_cdecl("cp_follower_welcome")
func cp_follower_welcome(_ client: Double, _ isManual: Int32) -> Int32 {
    followerHost.welcome(client: client, isManual: isManual)
}

/// A start of the stream: the inbox's batch makes the session's engine as it stands at `nanoseconds`.
@_expose(wasm, "cp_follower_start") @_cdecl("cp_follower_start")
func cp_follower_start(_ byteCount: Int32, _ nanoseconds: Double) -> Int32 {
    withBatch(byteCount) { batch in followerHost.start(batch: batch, at: nanoseconds) }
}

/// A batch of the stream, from the inbox, with what its message says (NaN: not said; -1: no device).
@_expose(wasm, "cp_follower_receive") @_cdecl("cp_follower_receive")
func cp_follower_receive(
    _ byteCount: Int32,
    _ nanoseconds: Double,
    _ firstChange: Double,
    _ client: Double,
    _ seq: Double,
    _ device: Int32,
    _ givenAt: Double,
    _ isTimeOnly: Int32
) -> Int32 {
    withBatch(byteCount) { batch in
        followerHost.receive(
            batch: batch,
            at: nanoseconds,
            firstChange: firstChange,
            client: client,
            seq: seq,
            device: device,
            givenAt: givenAt,
            isTimeOnly: isTimeOnly
        )
    }
}

/// This page's pointer event as input `seq`, drawn at once: 0 stamped (`cp_follower_stamped` says
/// when), 1 not (the page does not follow a live session).
@_expose(wasm, "cp_follower_stamp_pointer") @_cdecl("cp_follower_stamp_pointer")
func cp_follower_stamp_pointer(
    _ seq: Double,
    _ drawing: Double,
    _ device: Int32,
    _ kind: Int32,
    _ pointerID: Int32,
    _ x: Double,
    _ y: Double,
    _ timestamp: Double
) -> Int32 {
    followerHost.stampPointer(
        seq: seq,
        drawing: drawing,
        device: device,
        kind: kind,
        pointerID: pointerID,
        x: x,
        y: y,
        timestamp: timestamp
    )
}

/// This page's wheel event as input `seq`, as `cp_follower_stamp_pointer` stamps a pointer's.
@_expose(wasm, "cp_follower_stamp_wheel") @_cdecl("cp_follower_stamp_wheel")
func cp_follower_stamp_wheel(
    _ seq: Double,
    _ drawing: Double,
    _ deltaX: Double,
    _ deltaY: Double,
    _ t: Double
)
    -> Int32
{
    followerHost.stampWheel(seq: seq, drawing: drawing, deltaX: deltaX, deltaY: deltaY, timestamp: t)
}

/// The time in nanoseconds the last stamped input goes in (its message's `at`).
@_expose(wasm, "cp_follower_stamped") @_cdecl("cp_follower_stamped")
func cp_follower_stamped() -> Double {
    followerHost.stampedAt
}

@_expose(wasm, "cp_follower_stop") @_cdecl("cp_follower_stop")
func cp_follower_stop() -> Int32 {
    followerHost.stop()
}

/// Writes the frame at the page's time `display` (nanoseconds) to the outbox and returns its
/// length, or a negative status (-4: the page does not follow the stream).
@_expose(wasm, "cp_follower_draw") @_cdecl("cp_follower_draw")
func cp_follower_draw(_ display: Double) -> Int32 {
    guard let record = followerHost.draw(at: display) else { return followerHost.lastError?.status ?? -4 }
    return outbox.store(record)
}

/// Writes the input the last frame drawn names to the outbox (`FollowerHost.inputRecord`) and
/// returns its length: 0 when it names none.
@_expose(wasm, "cp_follower_input") @_cdecl("cp_follower_input")
func cp_follower_input() -> Int32 {
    outbox.store(followerHost.inputRecord)
}

/// 1 while the page follows the stream (a start came and no stop since), else 0.
@_expose(wasm, "cp_follower_following") @_cdecl("cp_follower_following")
func cp_follower_following() -> Int32 {
    followerHost.follower.isFollowing ? 1 : 0
}

/// 1 when the carousel rests with nothing in hand (the page's clock may catch up at once), else 0.
@_expose(wasm, "cp_follower_quiet") @_cdecl("cp_follower_quiet")
func cp_follower_quiet() -> Int32 {
    followerHost.follower.isQuiet ? 1 : 0
}

/// How many times a batch redrew what had been drawn.
@_expose(wasm, "cp_follower_corrections") @_cdecl("cp_follower_corrections")
func cp_follower_corrections() -> Int32 {
    Int32(clamping: followerHost.follower.corrections)
}

/// 1 when the last frame drawn redrew the motion (a correction since the frame before), else 0.
@_expose(wasm, "cp_follower_corrected") @_cdecl("cp_follower_corrected")
func cp_follower_corrected() -> Int32 {
    followerHost.follower.lastFrameWasCorrected ? 1 : 0
}

/// The session time of the last frame drawn, in nanoseconds.
@_expose(wasm, "cp_follower_drawn") @_cdecl("cp_follower_drawn")
func cp_follower_drawn() -> Double {
    Double(followerHost.follower.drawn)
}

/// Writes the last refused follower call's sentence (UTF-8) to the outbox and returns its length.
@_expose(wasm, "cp_follower_error") @_cdecl("cp_follower_error")
func cp_follower_error() -> Int32 {
    outbox.store(Array((followerHost.lastError?.message ?? "").utf8))
}

/// The inbox's first `byteCount` bytes handed to `call`, or -3 when the page names more than it
/// reserved (the follower's `lastError` then says so).
private func withBatch(_ byteCount: Int32, _ call: ([UInt8]) -> Int32) -> Int32 {
    guard let batch = inbox.bytes(Int(byteCount)) else {
        return followerHost.refuse(.tooLarge("the batch is longer than the inbox reserved for it"))
    }
    return call(batch)
}
