/// libFuzzer over what the render worker draws: an uploaded SVG shown by the items of a short
/// recording. The allow-list (`ImageInspector.inspect`) must judge any SVG without crashing, in
/// time linear in its bytes; an SVG it takes must then be safe to draw, so each one taken is drawn
/// by a real `carousel-preview render-worker` process (`WorkerVerdict`): it must make the
/// animation or refuse the recording cleanly, never crash, panic or pass a limit. The worker is a
/// process per input (about 50-200 ms): this fuzzer runs few inputs a second, each a deep one.
///
/// An input is a program (a byte past the end of the input reads as 0):
/// - byte 0: bits 0-1 where the SVG comes from: 0 the rest of the input is its text (the seed
///   corpus holds fixtures so), 1 a seed (`SeedEdits`: the hostile and benign fixtures and
///   `public/banners`) edited by the rest, 2 and 3 written by `SVGGrammar` from the rest; bit 2 the
///   format (WebP, GIF); bits 3-4 the items (1, 3, 5 with bundled banners between, 2 likewise).
/// - bytes 1-4: the recording (`FuzzRecording`): its gesture, the gesture's distance, how many
///   20 ms advances follow (5 to 20 pictures' worth), its configuration.
/// - then the SVG's bytes, as byte 0 says.
///
/// The worker's coverage is not libFuzzer's (another process): the grammar and the seed edits,
/// rather than coverage, are what reach the drawing libraries' corners. `RENDER_FUZZER_PRINT=1
/// RenderFuzzer FILE` prints the SVG and the recording an input makes.

import Foundation
import FuzzerDriver

@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewServer
@testable import PreviewWire

/// How long judging an SVG may take: a linear reader takes microseconds a kilobyte, so past this a
/// reader went back over its bytes (measured twice, so one preemption on a shared machine is no finding).
private func inspectionBound(_ count: Int) -> Duration { .milliseconds(250) + .microseconds(20 * count) }

func check(_ bytes: [UInt8]) {
    var reader = ProgramReader(bytes)
    let header = reader.byte()
    var recordingBytes = ProgramReader((0..<4).map { _ in reader.byte() })
    let svg: [UInt8] =
        switch header & 3 {
        case 0: Array(reader.rest)
        case 1: SeedEdits.svg(from: &reader)
        default: Array(SVGGrammar.svg(from: &reader).utf8)
        }
    Tally.current.inputs += 1
    let limits = MediaLimits()
    let clock = ContinuousClock()
    var judged: Result<ImageInfo, ImageRefusal>?
    var took = clock.measure {
        judged = Result { () throws(ImageRefusal) in try ImageInspector.inspect(svg, limits: limits) }
    }
    if took > inspectionBound(svg.count) {
        took = min(took, clock.measure { _ = try? ImageInspector.inspect(svg, limits: limits) })
        guard took <= inspectionBound(svg.count) else {
            fatalError("render-fuzz finding: judging \(svg.count) bytes took \(took), not linear")
        }
    }
    Tally.current.slowestInspection = max(Tally.current.slowestInspection, took)
    if FuzzSetup.printsPrograms {
        let verdict = (try? judged?.get()).map { "taken: \($0)" } ?? "refused: \(judged!)"
        FileHandle.standardError.write(Data("== svg\n\(String(decoding: svg, as: UTF8.self))\n== \(verdict)\n".utf8))
    }
    guard case .success(let info)? = judged, info.format == .svg else {
        Tally.current.refused += 1
        return
    }
    Tally.current.taken += 1
    let image = ItemImageAddress.uploadScheme + SHA256.hex(svg)
    let recording = FuzzRecording(reading: &recordingBytes, image: image, catalogue: Int(header >> 3) & 3)
    let job = RenderJob(
        format: header & 4 == 0 ? .webp : .gif,
        maximumBytes: limits.imageBytes,
        images: [image: svg],
        recording: recording.text
    )
    if FuzzSetup.printsPrograms { FileHandle.standardError.write(Data("== recording\n\(recording.text)\n".utf8)) }
    // `main` made sure there is one.
    let started = clock.now
    let ending = WorkerVerdict.draw(job, executable: FuzzSetup.executable!)
    Tally.current.slowestWorker = max(Tally.current.slowestWorker, clock.now - started)
    Tally.current.workers += 1
    switch ending {
    case .made(let frames):
        Tally.current.made += 1
        Tally.current.pictures += frames
    case .refused: Tally.current.workerRefusals += 1
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    check(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

// SwiftPM's name for the executable's entry point: libFuzzer's driver over `fuzzRender`, once the
// worker's executable is known to exist (a missing one is no input's fault).
@_cdecl("RenderFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: CommandLineArguments) -> CInt {
    guard FuzzSetup.executable != nil else {
        FileHandle.standardError.write(
            Data("RenderFuzzer: set CAROUSEL_PREVIEW_BIN to a release build's carousel-preview (make fuzz does)\n".utf8)
        )
        return 2
    }
    Tally.printAtExit()
    return runLibFuzzer(argc: argc, argv: argv, fuzzRender)
}
