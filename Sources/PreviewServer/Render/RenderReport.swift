import PreviewProtocol
import PreviewWire

/// What a render worker tells the server on its standard output, in `RenderJob`'s records: first
/// the film it is about to draw with the limits that film gets (the server's wall deadline follows
/// from them), then the animation or the reason there is none.
enum RenderReport: Equatable, Sendable {
    /// The recording ran: `pictures` pictures of `width` x `height` pixels are drawn under `limits`.
    case film(pictures: Int, width: Int, height: Int, limits: RenderLimits)
    case made(RenderedAnimation)
    case refused(RenderRefusal)

    var encoded: [UInt8] {
        func record(_ name: String, _ value: [UInt8]) -> [UInt8] { Array("\(name) \(value.count)\n".utf8) + value }
        switch self {
        case .film(let pictures, let width, let height, let limits):
            let numbers = [
                pictures, width, height, limits.addressSpaceBytes, limits.cpuSeconds,
                Int(limits.wall / .milliseconds(1)),
            ]
            return record("film", Array(numbers.map(String.init).joined(separator: " ").utf8))
        case .made(let animation):
            let header = "\(animation.format.rawValue) \(animation.frames) \(animation.width) \(animation.height)"
            return record("animation", Array(header.utf8)) + record("bytes", animation.bytes)
        case .refused(let refusal):
            return record("refused", Array("\(refusal.code.rawValue) \(refusal.message)".utf8))
        }
    }

    /// Every report in `bytes`, in order; a record cut short ends the list (the worker died
    /// writing it), a record that is not a report throws.
    static func reports(in bytes: [UInt8]) throws(RenderWorkerError) -> [RenderReport] {
        var reader = RecordReader(bytes: bytes)
        var reports: [RenderReport] = []
        var animation: [Substring]?
        while !reader.isAtEnd {
            guard let (name, value) = try? reader.next() else { break }
            let words = String(decoding: value, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
            switch name {
            case "film":
                let numbers = words.compactMap { Int($0) }
                guard numbers.count == 6 else { throw RenderWorkerError("a film report holds six numbers") }
                let limits = RenderLimits(
                    addressSpaceBytes: numbers[3],
                    cpuSeconds: numbers[4],
                    wall: .milliseconds(numbers[5])
                )
                reports.append(.film(pictures: numbers[0], width: numbers[1], height: numbers[2], limits: limits))
            case "animation": animation = words
            case "bytes":
                guard let header = animation, header.count == 4,
                    let format = AnimationFormat(rawValue: String(header[0])),
                    let frames = Int(header[1]), let width = Int(header[2]), let height = Int(header[3])
                else { throw RenderWorkerError("an animation's bytes came without what they are") }
                reports.append(
                    .made(
                        RenderedAnimation(
                            bytes: Array(value),
                            format: format,
                            frames: frames,
                            width: width,
                            height: height
                        )
                    )
                )
            case "refused":
                guard let code = ProtocolError.Code(rawValue: String(words[0])) else {
                    throw RenderWorkerError("a refusal names no error code")
                }
                reports.append(.refused(RenderRefusal(code, words.dropFirst().joined(separator: " "))))
            default: throw RenderWorkerError("a worker reports nothing named \(name.prefix(40))")
            }
        }
        return reports
    }
}
