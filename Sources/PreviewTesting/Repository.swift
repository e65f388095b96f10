import Foundation

/// The repository's own files, found from this file's path: what a test reads of the tree.
public enum Repository {
    /// The repository's top folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `path`, relative to the top folder.
    public static func file(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
