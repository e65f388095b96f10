import CarouselABI

// The WebAssembly module's exports (`make wasm`; compiled only with Embedded Swift, for the page).
// Each forwards to one `EngineHost`, which the native tests drive the same way. Records travel
// through two buffers in the module's memory: the page writes a record into the inbox and names
// its length; a frame or an error message is written to the outbox, whose length the call returns.
// A module runs one carousel, so the state is the module's own.

nonisolated(unsafe) private var host = EngineHost()
/// The records in and out, shared with the follower's exports (FollowerExports.swift).
nonisolated(unsafe) var inbox = Buffer()
nonisolated(unsafe) var outbox = Buffer()

/// The inbox's address, with room for `byteCount` bytes, or 0 past the largest record taken.
@_expose(wasm, "cp_inbox") @_cdecl("cp_inbox")
func cp_inbox(_ byteCount: Int32) -> UnsafeMutableRawPointer? {
    inbox.reserve(Int(byteCount))
}

/// The outbox's address: the last frame or error message, as long as the call that wrote it said.
@_expose(wasm, "cp_outbox") @_cdecl("cp_outbox")
func cp_outbox() -> UnsafeMutableRawPointer? {
    outbox.address
}

@_expose(wasm, "cp_set_configuration") @_cdecl("cp_set_configuration")
func cp_set_configuration(_ byteCount: Int32) -> Int32 {
    withInbox(byteCount) { host, record in host.setConfiguration(record) }
}

@_expose(wasm, "cp_set_items") @_cdecl("cp_set_items")
func cp_set_items(_ byteCount: Int32) -> Int32 {
    withInbox(byteCount) { host, record in host.setItems(record) }
}

@_expose(wasm, "cp_start") @_cdecl("cp_start")
func cp_start() -> Int32 {
    host.start()
}

/// An engine at rest where the inbox's rest-state record says (a checkpoint's engine).
@_expose(wasm, "cp_restore") @_cdecl("cp_restore")
func cp_restore(_ byteCount: Int32) -> Int32 {
    withInbox(byteCount) { host, record in host.restore(record) }
}

@_expose(wasm, "cp_pointer") @_cdecl("cp_pointer")
func cp_pointer(_ kind: Int32, _ pointerID: Int32, _ x: Double, _ y: Double, _ timestamp: Double) -> Int32 {
    host.pointer(kind: kind, pointerID: pointerID, x: x, y: y, timestamp: timestamp)
}

@_expose(wasm, "cp_wheel") @_cdecl("cp_wheel")
func cp_wheel(_ deltaX: Double, _ deltaY: Double, _ timestamp: Double) -> Int32 {
    host.wheel(deltaX: deltaX, deltaY: deltaY, timestamp: timestamp)
}

@_expose(wasm, "cp_command") @_cdecl("cp_command")
func cp_command(_ kind: Int32, _ index: Int32, _ animated: Int32) -> Int32 {
    host.command(kind: kind, index: index, animated: animated)
}

@_expose(wasm, "cp_visibility") @_cdecl("cp_visibility")
func cp_visibility(_ isHidden: Int32) -> Int32 {
    host.visibility(isHidden: isHidden)
}

@_expose(wasm, "cp_advance") @_cdecl("cp_advance")
func cp_advance(_ milliseconds: Double) -> Int32 {
    host.advance(milliseconds: milliseconds)
}

@_expose(wasm, "cp_advance_ns") @_cdecl("cp_advance_ns")
func cp_advance_ns(_ nanoseconds: Double) -> Int32 {
    host.advance(nanoseconds: nanoseconds)
}

/// Runs the inbox's batch of calls (what a session streams to the page), in order.
@_expose(wasm, "cp_run") @_cdecl("cp_run")
func cp_run(_ byteCount: Int32) -> Int32 {
    withInbox(byteCount) { host, record in host.run(batch: record) }
}

@_expose(wasm, "cp_reset") @_cdecl("cp_reset")
func cp_reset() -> Int32 {
    host.reset()
}

/// The inbox's first `byteCount` bytes handed to `call`, or a refusal the host names when the page
/// names more than it reserved.
private func withInbox(_ byteCount: Int32, _ call: (inout EngineHost, [UInt8]) -> Int32) -> Int32 {
    guard let record = inbox.bytes(Int(byteCount)) else {
        return host.refuse(.tooLarge("the record is longer than the inbox reserved for it"))
    }
    return call(&host, record)
}

/// Writes the next frame to the outbox and returns its length, or a negative status.
@_expose(wasm, "cp_frame") @_cdecl("cp_frame")
func cp_frame() -> Int32 {
    guard let record = host.takeFrame() else { return host.lastError?.status ?? -4 }
    return outbox.store(record)
}

/// Writes the last refusal's sentence (UTF-8) to the outbox and returns its length (0: none).
@_expose(wasm, "cp_error") @_cdecl("cp_error")
func cp_error() -> Int32 {
    outbox.store(Array((host.lastError?.message ?? "").utf8))
}
