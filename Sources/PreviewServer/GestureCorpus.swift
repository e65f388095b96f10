import Foundation
import Logging
import PreviewProtocol
import PreviewRecording

/// The gesture corpus a `feel` message scores over: the recordings in the page's `corpus/` folder
/// (public/corpus), read once when the server starts. A file that cannot be read or is no recording
/// is left out with a warning naming it; the server starts either way, and with no corpus a `feel`
/// is answered that there is none.
enum GestureCorpus {
    /// At most this many files are read, each at most a recording's largest size.
    static let maximumFiles = 64

    static func load(publicDirectory: String, logger: Logger) -> FeelService {
        let folder = URL(fileURLWithPath: publicDirectory).appendingPathComponent("corpus")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return FeelService()
        }
        var gestures: [FeelGesture] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted().prefix(maximumFiles) {
            let file = folder.appendingPathComponent(name)
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            guard let size, size <= RecordingLimits.bytes, let data = FileManager.default.contents(atPath: file.path),
                let text = String(data: data, encoding: .utf8)
            else {
                logger.warning("the gesture corpus skips a file it cannot read", metadata: ["file": "\(name)"])
                continue
            }
            do {
                gestures += try FeelService.corpus([(name, text)])
            } catch {
                logger.warning("the gesture corpus skips a file", metadata: ["file": "\(name)", "reason": "\(error)"])
            }
        }
        return FeelService(gestures: gestures)
    }
}
