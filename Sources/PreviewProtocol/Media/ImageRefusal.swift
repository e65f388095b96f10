/// Why an upload's bytes are not an image the preview keeps, in words for the person who sent it.
struct ImageRefusal: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
