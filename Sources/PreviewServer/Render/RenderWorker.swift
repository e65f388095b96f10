import Foundation
import PreviewProtocol
import PreviewRender
import Synchronization

/// Draws recordings for the page's "Download as animation" on a thread of its own, one at a time
/// for the whole server: a render takes up to about 25 s of a core (3,000 pictures), which the
/// event loop must never spend, and two at once would take both of a small machine's cores. A
/// request that comes while one is drawn is refused at once, saying so. The loop is woken when an
/// outcome is ready, and takes it with `takeFinished`.
final class RenderWorker: RenderQueue {
    /// Pixels a point: a phone's retina, unless the picture would pass the renderer's limit.
    static let preferredScale = 2

    private struct State {
        var isDrawing = false
        var finished: [RenderOutcome] = []
        var wake: (@Sendable () -> Void)?
    }

    private let publicDirectory: String
    private let state = Mutex(State())

    /// Items' images not uploaded to the session are read from `publicDirectory`, as the page's are.
    init(publicDirectory: String) {
        self.publicDirectory = publicDirectory
    }

    /// What wakes the event loop when an outcome is ready (safe from any thread).
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    func submit(_ request: RenderRequest) {
        let accepted = state.withLock { state in
            guard !state.isDrawing else { return false }
            state.isDrawing = true
            return true
        }
        guard accepted else {
            let busy = RenderRefusal(
                .serverFull,
                "the server is drawing another animation; try again in a few seconds"
            )
            return finish(RenderOutcome(request: request, result: .failure(busy)), freeing: false)
        }
        let publicDirectory = publicDirectory
        let thread = Thread { [self] in
            finish(
                RenderOutcome(request: request, result: Self.draw(request, publicDirectory: publicDirectory)),
                freeing: true
            )
        }
        thread.name = "carousel-preview.render"
        thread.start()
    }

    func takeFinished() -> [RenderOutcome] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }

    private func finish(_ outcome: RenderOutcome, freeing: Bool) {
        let wake = state.withLock { state in
            state.finished.append(outcome)
            if freeing { state.isDrawing = false }
            return state.wake
        }
        wake?()
    }

    /// The recording's film drawn as the request asks, at 2 pixels a point when the picture fits
    /// the renderer's limit at that scale, else at 1.
    static func draw(_ request: RenderRequest, publicDirectory: String) -> Result<RenderedAnimation, RenderRefusal> {
        let film: Film
        do {
            film = try Film(recording: request.recording)
        } catch {
            return .failure(RenderRefusal(.invalidValue, "the recording cannot be drawn: \(error)"))
        }
        let fits =
            film.width * film.height * Double(preferredScale * preferredScale) <= Double(FilmRenderer.maximumPixels)
        let images = request.images
        do {
            let scale = fits ? preferredScale : 1
            return .success(
                try FilmRenderer.render(film, as: request.format, scale: scale) { image in
                    images[image] ?? ItemImagePaths.bytes(of: image, publicDirectory: publicDirectory)
                }
            )
        } catch {
            return .failure(RenderRefusal(.invalidValue, "the recording cannot be drawn: \(error)"))
        }
    }
}
