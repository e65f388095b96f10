import CarouselCore

extension CarouselError {
    /// The message member an engine error is about, for the error's `field`: the index of a
    /// `goto`, a configuration field, the items of a `configure`, a pointer's or wheel's number.
    package var protocolField: String? {
        switch self {
        case .indexOutOfRange: "command.index"
        case .invalidConfiguration(let error):
            ConfigurationSchema.field(swiftName: error.field)?.messagePath ?? "config.\(error.field)"
        case .duplicateItemID: "configure.items"
        case .invalidPointer(let member, _): "pointer.\(member)"
        case .invalidWheel(let member, _): "wheel.\(member)"
        case .invalidRestState: nil
        }
    }
}
