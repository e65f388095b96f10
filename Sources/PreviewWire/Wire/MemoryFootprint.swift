/// How many bytes of the heap a decoded value holds beyond its own inline storage, as glibc's malloc
/// counts them: what a journal's steps cost the server, rather than the JSON they came from (a
/// `configure` with 60 items is about 12 KB of text and 3-4 times that decoded: every member is a
/// node of a `JSONValue` tree in an array buffer of its own).
///
/// The inline part of a value is its container's: a step's stride is in the journal's array
/// buffer, a member's in its object's. A test holds this to what `mallinfo2` reports.
package enum MemoryFootprint {
    /// Swift's heap object header: the isa pointer and the reference count.
    private static let objectHeader = 16
    /// An array buffer's header: the object header, the count and the capacity.
    private static let arrayHeader = objectHeader + 16
    /// A native string's header: the object header, the capacity and flags, the count and flags.
    private static let stringHeader = objectHeader + 16
    /// A string of at most this many UTF-8 bytes lives inside the `String` value, with no buffer.
    private static let smallStringBytes = 15

    /// What glibc's malloc takes for a request of `bytes` on a 64-bit machine: the chunk adds an
    /// 8-byte size field and rounds to 16 bytes, and no chunk is smaller than 32.
    package static func block(_ bytes: Int) -> Int {
        max(32, (bytes + 8 + 15) & ~15)
    }

    /// An array's buffer (shared by every copy; an empty array shares one static buffer).
    package static func buffer<Element>(of array: [Element]) -> Int {
        array.capacity == 0 ? 0 : block(arrayHeader + array.capacity * MemoryLayout<Element>.stride)
    }

    /// A string's buffer: none for a small string. A parsed string is built by appending, so its
    /// capacity may exceed its count; what the standard library grows it to is not public, and the
    /// count plus its terminating NUL is what an exactly sized one takes.
    package static func of(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= smallStringBytes ? 0 : block(stringHeader + count + 1)
    }

    /// A JSON tree: every array and object buffer, every key and string, all the way down.
    package static func of(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .number: 0
        case .string(let string): of(string)
        case .array(let elements): elements.reduce(buffer(of: elements)) { $0 + of($1) }
        case .object(let members): members.reduce(buffer(of: members)) { $0 + of($1.key) + of($1.value) }
        }
    }

    /// A decoded client message: a `configure` holds its patch and items as parsed, a `ping` its id,
    /// a `replay` part its text; the rest are numbers and small enums inside the value.
    package static func of(_ message: ClientMessage) -> Int {
        switch message {
        case .configure(let config, let items, _):
            let list: Int
            if case .list(let value)? = items { list = of(value) } else { list = 0 }
            return (config.map(of) ?? 0) + list
        case .ping(let id): return of(id)
        case .replay(.part(let text, _), _), .render(.part(let text, _), _): return of(text)
        case .name(let name): return name.map { of($0.text) } ?? 0
        case .image(let name, _): return of(name)
        case .variant(.save(let name, _, _)), .variant(.delete(let name)): return of(name)
        case .pointer, .wheel, .command, .visibility, .advance, .export, .record, .replay, .replayControl, .feel,
            .render:
            return 0
        }
    }

    /// A variant's name; its configuration lives inside the value (a preset's name is a small string).
    package static func of(_ variant: Variant) -> Int {
        of(variant.name) + of(variant.config.presetName)
    }

    /// A catalog's buffer and its items' strings.
    package static func of(_ catalog: [CatalogItem]) -> Int {
        catalog.reduce(buffer(of: catalog)) { total, item in
            total + of(item.id) + of(item.title) + of(item.subtitle) + of(item.image) + (item.kind.map(of) ?? 0)
        }
    }

    /// `bytes` as a person reads a budget: whole MiB (what `--journal-budget` sets), else KiB.
    package static func describe(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes / 1024) KiB"
    }
}
