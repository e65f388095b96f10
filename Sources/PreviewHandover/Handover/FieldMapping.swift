/// How one configuration field reaches one framework: what the snippet writes, and what the handover
/// says next to it where the framework differs.
public enum FieldMapping: Equatable, Sendable {
    /// The framework sets it to the same effect: the option, call or modifier that does.
    case exact(String)
    /// The framework comes close: how, and how it differs.
    case close(String, note: String)
    /// The framework cannot express it: what it does instead.
    case none(note: String)

    /// What the snippet writes; `nil` when the framework cannot express the field.
    public var how: String? {
        switch self {
        case .exact(let how), .close(let how, _): how
        case .none: nil
        }
    }

    /// What the handover says next to the field; `nil` when the framework does exactly this.
    public var note: String? {
        switch self {
        case .exact: nil
        case .close(_, let note), .none(let note): note
        }
    }
}
