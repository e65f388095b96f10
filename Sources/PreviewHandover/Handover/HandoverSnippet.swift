import PreviewWire

/// One framework's code for a tuned carousel: a whole file, ready to add to a project, and the
/// notes it carries in its header, apart, for the page to show beside it.
public struct HandoverSnippet: Equatable, Sendable {
    public let target: ExportTarget
    /// The file it is saved as ("TunedCarousel.swift", "tuned-carousel.swiper.js", ...).
    public let fileName: String
    public let code: String
    public let notes: [HandoverNote]

    public init(target: ExportTarget, fileName: String, code: String, notes: [HandoverNote]) {
        self.target = target
        self.fileName = fileName
        self.code = code
        self.notes = notes
    }
}

extension HandoverSnippet {
    /// As the `export` message carries it:
    /// `{"target":"swiftui","title":"SwiftUI","file":"...","code":"...","notes":[{"fields":[...],"text":"..."}]}`.
    public var json: JSONValue {
        let notes = notes.map { note in
            JSONValue.object([("fields", .array(note.fields.map(JSONValue.string))), ("text", .string(note.text))])
        }
        return .object([
            ("target", .string(target.rawValue)), ("title", .string(target.title)), ("file", .string(fileName)),
            ("code", .string(code)), ("notes", .array(notes)),
        ])
    }
}
