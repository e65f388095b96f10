/// An input the engine rejects; the carousel's state is left exactly as it was.
public enum CarouselError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration has a bad value.
    case invalidConfiguration(ConfigurationError)
    /// A jump names an item that does not exist.
    case indexOutOfRange(index: Int, itemCount: Int)
    /// A pointer event's `member` (`x`, `y` or `t`, the time) is not a usable number.
    case invalidPointer(member: String, reason: String)
    /// A wheel event's `member` (`dx`, `dy` or `t`, the time) is not a usable number.
    case invalidWheel(member: String, reason: String)
    /// Two items share an identifier, so the current item could not keep its identity.
    case duplicateItemID(String)
    /// A checkpoint's engine state is not one the engine could rest in.
    case invalidRestState(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalidConfiguration(let error):
            "invalid configuration: \(error)"
        case .indexOutOfRange(let index, let itemCount):
            itemCount == 0
                ? "index \(index) is out of range: there are no items"
                : "index \(index) is out of range: valid indices are 0 to \(itemCount - 1)"
        case .invalidPointer(_, let reason):
            "invalid pointer event: \(reason)"
        case .invalidWheel(_, let reason):
            "invalid wheel event: \(reason)"
        case .duplicateItemID(let id):
            "items must have unique ids; \"\(id)\" appears more than once"
        case .invalidRestState(let reason):
            "invalid rest state: \(reason)"
        }
    }
}
