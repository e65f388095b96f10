import Foundation

/// Where the render fuzzer finds what it runs: the repository (for the seed SVGs and `public/`,
/// which a worker reads bundled images from) and the release build's `carousel-preview`, whose
/// `render-worker` draws each job. `make fuzz` sets `CAROUSEL_PREVIEW_BIN`; the repository is
/// `CAROUSEL_PREVIEW_ROOT`, or else the one this file was built from.
enum FuzzSetup {
    static let repository: URL = {
        if let root = ProcessInfo.processInfo.environment["CAROUSEL_PREVIEW_ROOT"] {
            return URL(fileURLWithPath: root)
        }
        // Fuzz/Sources/RenderFuzzer/FuzzSetup.swift: four folders up.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static let publicDirectory = repository.appendingPathComponent("public").path

    /// The worker's executable, `nil` when the environment does not name one that exists.
    static let executable: String? = {
        guard let path = ProcessInfo.processInfo.environment["CAROUSEL_PREVIEW_BIN"],
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return path
    }()

    /// `RENDER_FUZZER_PRINT=1`: each input's SVG and recording on standard error, to turn a
    /// finding's saved input into the files that reproduce it.
    static let printsPrograms = ProcessInfo.processInfo.environment["RENDER_FUZZER_PRINT"] != nil
}
