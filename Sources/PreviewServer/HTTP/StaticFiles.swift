#if canImport(Glibc)
import Glibc
#endif

/// What an HTTP request for `public/` gets: only regular files whose real path lies inside the
/// directory (no traversal, no symlink leading out, no directory listing), each with its type.
struct StaticFiles: Sendable {
    /// What to answer.
    enum Response: Equatable {
        case file(path: String, contentType: String)
        case notFound
    }

    /// The directory's real path, without a trailing slash.
    let root: String

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json", "map": "application/json",
        "wasm": "application/wasm",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp",
        "gif": "image/gif", "ico": "image/x-icon", "woff2": "font/woff2", "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
    ]

    /// `nil` when `directory` does not exist.
    init?(directory: String) {
        guard let resolved = Self.realPath(directory) else { return nil }
        root = resolved
    }

    /// The file `uri` names (`/` and a trailing slash mean its `index.html`).
    func resolve(_ uri: String) -> Response {
        guard uri.hasPrefix("/"), !uri.contains("\\"), !uri.utf8.contains(0),
            !uri.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { return .notFound }
        let requested = root + (uri.hasSuffix("/") ? uri + "index.html" : uri)
        // Dotfiles (`.git`, `.env`, an editor's swap file) are never the page's: neither named nor
        // reached through a link.
        guard let resolved = Self.realPath(requested), resolved.hasPrefix(root + "/"),
            !resolved.dropFirst(root.count).split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { return .notFound }
        var status = stat()
        guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .notFound }
        let name = resolved.split(separator: "/").last ?? ""
        let suffix = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        return .file(path: resolved, contentType: Self.contentTypes[suffix] ?? "application/octet-stream")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
