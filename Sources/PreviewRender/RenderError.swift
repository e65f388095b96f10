/// Why a render could not be made, in words for the person who asked for it.
public struct RenderError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
