/// C strings that live as long as their owner: lws keeps the pointers it is given (the interface,
/// the protocol's name, the server string) for the context's lifetime, and `withCString` would
/// leave them dangling.
final class CStringStore {
    private var strings: [UnsafeMutablePointer<CChar>] = []

    deinit {
        strings.forEach { $0.deallocate() }
    }

    /// A NUL-terminated copy of `string`, freed with the store.
    func keep(_ string: String) -> UnsafePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        pointer.initialize(from: utf8, count: utf8.count)
        strings.append(pointer)
        return UnsafePointer(pointer)
    }
}

extension String {
    /// The text in a buffer C copied out, up to its terminating NUL (invalid UTF-8 repaired).
    init(copiedFrom buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
