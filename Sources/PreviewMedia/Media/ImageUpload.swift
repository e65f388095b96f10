/// An image arriving in binary messages after its `image` message: the bytes so far, hashed as they
/// come, until as many as were announced are in.
package struct ImageUpload: Sendable {
    package let name: String
    /// The bytes announced, reserved in the session's and the server's budgets from the start.
    package let declared: Int
    package private(set) var received: [UInt8] = []
    private var hash = SHA256()

    package init(name: String, declared: Int) {
        self.name = name
        self.declared = declared
        // The whole image at once (it is reserved in the budgets already): grown by doubling as parts
        // came, it would allocate and free about three times its size on the way.
        received.reserveCapacity(declared)
    }

    package var isComplete: Bool { received.count == declared }

    /// Adds a part; false, keeping nothing of it, when it would run past the announced size.
    package mutating func append(_ part: ArraySlice<UInt8>) -> Bool {
        guard received.count + part.count <= declared else { return false }
        received += part
        hash.update(part)
        return true
    }

    /// The hash of the whole image, once complete.
    package var hexDigest: String { hash.hex() }
}
