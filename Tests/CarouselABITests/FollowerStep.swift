import CarouselABI
import WasmKit

/// One call a page makes to the stream follower, with the numbers it passes (NaN: not said; -1: no
/// device), run on the native `FollowerHost` and on the module's `cp_follower_*` exports alike.
enum FollowerStep: CustomStringConvertible {
    case welcome(client: Double, isManual: Int32)
    case start(batch: [UInt8], at: Double)
    case receive(Received)
    case stampPointer(seq: Double, drawing: Double, device: Int32, kind: Int32, id: Int32, x: Double, t: Double)
    case stampWheel(seq: Double, drawing: Double, dx: Double, t: Double)
    case stop
    case draw(at: Double)

    /// A batch as an `engine` message gives it.
    struct Received {
        var batch: [UInt8]
        var at: Double
        var firstChange = Double.nan
        var client = Double.nan
        var seq = Double.nan
        var device: Int32 = -1
        var givenAt = Double.nan
        var isTimeOnly: Int32 = 0
    }

    var description: String {
        switch self {
        case .welcome(let client, let isManual): "welcome(client \(client), manual \(isManual))"
        case .start(let batch, let at): "start(\(batch.count) bytes at \(at))"
        case .receive(let r):
            "receive(\(r.batch.count) bytes at \(r.at), from \(r.firstChange), input \(r.client)/\(r.seq)/\(r.device) "
                + "given \(r.givenAt), time only \(r.isTimeOnly))"
        case .stampPointer(let seq, let drawing, let device, let kind, let id, let x, let t):
            "stampPointer(seq \(seq), drawing \(drawing), device \(device), kind \(kind), id \(id), x \(x), t \(t))"
        case .stampWheel(let seq, let drawing, let dx, let t):
            "stampWheel(seq \(seq), drawing \(drawing), \(dx), t \(t))"
        case .stop: "stop"
        case .draw(let at): "draw(at \(at))"
        }
    }

    /// What a page can read after a call: its status (a frame's length for `draw`), the frame, the
    /// input the frame names, the refusal's sentence and every state the exports answer.
    struct Outcome: Equatable {
        var status: Int32
        var frame: [UInt8] = []
        var input: [UInt8] = []
        var error = ""
        var stampedAt: UInt64 = 0
        var drawn: UInt64 = 0
        var isFollowing = false
        var isQuiet = false
        var corrections = 0
        var wasCorrected = false
    }

    func run(on host: inout FollowerHost) -> Outcome {
        var status: Int32
        var frame: [UInt8] = []
        switch self {
        case .welcome(let client, let isManual): status = host.welcome(client: client, isManual: isManual)
        case .start(let batch, let at): status = host.start(batch: batch, at: at)
        case .receive(let r):
            status = host.receive(
                batch: r.batch,
                at: r.at,
                firstChange: r.firstChange,
                client: r.client,
                seq: r.seq,
                device: r.device,
                givenAt: r.givenAt,
                isTimeOnly: r.isTimeOnly
            )
        case .stampPointer(let seq, let drawing, let device, let kind, let id, let x, let t):
            status = host.stampPointer(
                seq: seq,
                drawing: drawing,
                device: device,
                kind: kind,
                pointerID: id,
                x: x,
                y: 90,
                timestamp: t
            )
        case .stampWheel(let seq, let drawing, let dx, let t):
            status = host.stampWheel(seq: seq, drawing: drawing, deltaX: dx, deltaY: 0, timestamp: t)
        case .stop: status = host.stop()
        case .draw(let at):
            frame = host.draw(at: at) ?? []
            status = frame.isEmpty ? host.lastError?.status ?? 0 : Int32(frame.count)
        }
        let follower = host.follower
        return Outcome(
            status: status,
            frame: frame,
            input: host.inputRecord,
            error: host.lastError?.message ?? "",
            stampedAt: host.stampedAt.bitPattern,
            drawn: Double(follower.drawn).bitPattern,
            isFollowing: follower.isFollowing,
            isQuiet: follower.isQuiet,
            corrections: follower.corrections,
            wasCorrected: follower.lastFrameWasCorrected
        )
    }

    func run(on module: WasmEngine) throws -> Outcome {
        typealias W = WasmEngine
        var status: Int32
        var frame: [UInt8] = []
        switch self {
        case .welcome(let client, let isManual):
            status = try module.call("cp_follower_welcome", [W.f64(client), W.i32(isManual)])
        case .start(let batch, let at): status = try module.send(batch, to: "cp_follower_start", with: [W.f64(at)])
        case .receive(let r):
            let more = [
                W.f64(r.at), W.f64(r.firstChange), W.f64(r.client), W.f64(r.seq), W.i32(r.device), W.f64(r.givenAt),
                W.i32(r.isTimeOnly),
            ]
            status = try module.send(r.batch, to: "cp_follower_receive", with: more)
        case .stampPointer(let seq, let drawing, let device, let kind, let id, let x, let t):
            let arguments = [W.f64(seq), W.f64(drawing), W.i32(device), W.i32(kind), W.i32(id), W.f64(x), W.f64(90)]
            status = try module.call("cp_follower_stamp_pointer", arguments + [W.f64(t)])
        case .stampWheel(let seq, let drawing, let dx, let t):
            status = try module.call(
                "cp_follower_stamp_wheel",
                [W.f64(seq), W.f64(drawing), W.f64(dx), W.f64(0), W.f64(t)]
            )
        case .stop: status = try module.call("cp_follower_stop")
        case .draw(let at):
            status = try module.call("cp_follower_draw", [W.f64(at)])
            if status > 0 { frame = try module.outbox(status) }
        }
        let inputLength = try module.call("cp_follower_input")
        let input = inputLength > 0 ? try module.outbox(inputLength) : []
        let errorLength = try module.call("cp_follower_error")
        return Outcome(
            status: status,
            frame: frame,
            input: input,
            error: String(decoding: try module.outbox(errorLength), as: UTF8.self),
            stampedAt: try module.double("cp_follower_stamped").bitPattern,
            drawn: try module.double("cp_follower_drawn").bitPattern,
            isFollowing: try module.call("cp_follower_following") == 1,
            isQuiet: try module.call("cp_follower_quiet") == 1,
            corrections: Int(try module.call("cp_follower_corrections")),
            wasCorrected: try module.call("cp_follower_corrected") == 1
        )
    }
}
