/// libFuzzer over *sequences* of protocol messages: every input is a small program that drives a
/// `PreviewHub` exactly as the transport would (open / receive text / tick / close), with numbers
/// at the edges (0, -0, subnormals, 1e-307, the 10^6 coordinate limit and just past it, timestamps
/// that repeat, jump by 1e12 or go backwards, advances of 1e-9 ms up to the 10000 ms maximum).
/// After every step each message the hub returns is encoded and checked: frames must hold only
/// finite numbers, and no message may print `null` where the protocol promises a number, nor
/// `nan`/`inf`. A violation is a `fatalError`, which libFuzzer records as a crash.
///
/// Recordings and replays must reproduce what the viewers saw (`SessionWatch`): a recording, when it
/// ends, reads back (`Recording(text:)`), writes back as the same text, and replays headless to the
/// very frames the session's viewers got between `record` `started` and `stopped`; a Slow-mo of the
/// last gesture plays the frames of the gesture's headless replay; and a checkpoint probe restores a
/// session from the checkpoint its session rests on (through the checkpoint's JSON) and gives it
/// every call the hub makes on the original, which must send the same frames (`CheckpointProbe`).
/// Recordings still under way when the program ends are stopped, and replays play to their end.
///
/// How bytes map to messages (a byte past the end of the input reads as 0):
///
/// Header, 2 bytes.
/// - byte 0: bits 0-2 the preset of the manual-clock session `m` (mod 5: banner, paged, coverflow,
///   strip, cards); bit 3 also opens a live-clock session `l`, with the preset in bits 5-7 (mod 5);
///   bit 4 joins a third viewer to `m`. Connections 1 and 2 (and 3) view `m`, the next one `l`.
/// - byte 1: 0 keeps the bundled items; otherwise connection 1 first sends a `configure` whose
///   `items` holds `itemCounts[(byte 1 - 1) % count]` items (cards get varied heights and kinds).
///
/// Then one instruction after another until the input ends. An instruction's first byte picks
/// the connection (high nibble, mod the number of connections) and the operation (low nibble, an
/// `Opcode`; `Instructions.swift` says what each reads):
///   pointer down, move, up, cancel: x, y and t are one number each, then a byte for `pointerType`;
///   advance: ms is one number;
///   command: one byte picks next, prev, goto (index: one number, then animated), goto not
///     animated, or autoscroll (enabled from the byte's bit 3);
///   configure: one byte, 1 + its low 2 bits fields, each a `ConfigureField` byte (then a number
///     for a numeric field, a byte for `items`, `preset` or a named choice);
///   visibility: hidden = the low bit of one byte;
///   tick: time passes on the hub's clock (one byte picks the step from `hubSteps`);
///   reopen: the connection closes, or opens again (rejoining its session, or creating it again);
///   odd: a bad or odd message (one byte picks it); ping;
///   extended: one byte picks an `Extended` instruction: `record` `start`, `record` `stop`, Slow-mo
///     of the last gesture (a byte picks the speed), or a checkpoint probe (a byte: for how many
///     instructions).
///
/// A number is one selector byte and what follows it:
///   0x00-0x7F an entry of the field's table of edge values (selector mod the table's size);
///   0x80-0xBF the connection's previous value of that field plus an entry of `deltas`;
///   0xC0-0xEF the next 8 bytes as a Double's bit pattern, little endian (seeds use these);
///   0xF0-0xFF a literal that is not a finite JSON number (`nan`, `inf`, `1e400`, `-`, ...).
/// Finite values are written with Swift's `description` (`5e-324`, `-0.0`, `1e+16`), which JSON
/// accepts; the literals must be answered with an error, never a crash.
///
/// Every hub call moves the hub's clock 1 ms forward (it never goes back, like the transport's).
/// `SEQUENCE_FUZZER_TRACE=1 SequenceFuzzer FILE` prints every message sent and received, to turn a
/// crashing input into its message list.

import CarouselCore
import FuzzerDriver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func execute(_ program: inout Program) {
    var run = Run()
    let setup = program.byte()
    let catalog = program.byte()
    let manualPreset = presets[Int(setup & 7) % presets.count]
    let manualViewers = setup & 0x10 != 0 ? 3 : 2
    for connection in 1...manualViewers {
        run.viewers.append(
            Viewer(connection: connection, query: ["session": "m", "clock": "manual", "preset": manualPreset])
        )
    }
    if setup & 8 != 0 {
        let livePreset = presets[Int(setup >> 5) % presets.count]
        run.viewers.append(
            Viewer(connection: manualViewers + 1, query: ["session": "l", "clock": "live", "preset": livePreset])
        )
    }
    for index in run.viewers.indices { run.open(index) }
    if catalog != 0 {
        let count = itemCounts[(Int(catalog) - 1) % itemCounts.count]
        run.send(0, "{\"type\":\"configure\",\"items\":\(items(count: count, &program))}")
    }

    while !program.isAtEnd {
        let instruction = program.byte()
        let index = Int(instruction >> 4) % run.viewers.count
        switch Opcode(rawValue: instruction & 15)! {
        case .down: pointer("down", &run, index, &program)
        case .move, .moveAgain, .moveOnceMore: pointer("move", &run, index, &program)
        case .up: pointer("up", &run, index, &program)
        case .cancel: pointer("cancel", &run, index, &program)
        case .advance, .advanceAgain:
            let ms = program.number(advances)
            run.send(index, "{\"type\":\"advance\",\"ms\":\(ms.text),\"seq\":\(run.nextSeq())}")
        case .command: command(&run, index, &program)
        case .configure: configure(&run, index, &program)
        case .visibility:
            run.send(index, "{\"type\":\"visibility\",\"hidden\":\(program.byte() & 1 != 0),\"seq\":\(run.nextSeq())}")
        case .tick: run.tick(by: hubSteps[Int(program.byte()) % hubSteps.count])
        case .reopen:
            if run.viewers[index].isOpen { run.close(index) } else { run.open(index) }
        case .odd: run.send(index, oddMessages[Int(program.byte()) % oddMessages.count])
        case .extended: recordOrReplay(&run, index, &program)
        case .ping: run.send(index, "{\"type\":\"ping\",\"id\":\(run.nextSeq())}")
        }
        for name in run.watches.keys { run.watches[name]!.instructionEnded() }
    }
    finish(&run)
    for index in run.viewers.indices where run.viewers[index].isOpen { run.close(index) }
    run.tick(by: 61_000_000_000)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSequence(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var program = Program(bytes: UnsafeRawBufferPointer(start: start, count: count))
    execute(&program)
    return 0
}

// SwiftPM's name for the executable's entry point: libFuzzer's driver over `fuzzSequence`.
@_cdecl("SequenceFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: CommandLineArguments) -> CInt {
    runLibFuzzer(argc: argc, argv: argv, fuzzSequence)
}
