import Testing

@testable import PreviewServer

/// The loop's longest turn, since the start and over the last minute, as `/stats` reports it.
@Suite("The longest turn of the event loop")
struct TurnMeterTests {
    @Test("the longest turn is kept for ever, and for the last minute only while it lasts")
    func longest() {
        var meter = TurnMeter()
        meter.turn(from: .milliseconds(1_000), to: .milliseconds(1_003))
        meter.turn(from: .milliseconds(2_000), to: .milliseconds(2_025))
        meter.turn(from: .milliseconds(30_000), to: .milliseconds(30_004))
        #expect(meter.longest == .milliseconds(25))
        #expect(meter.longestInLastMinute(now: .seconds(31)) == .milliseconds(25))
        #expect(meter.longestInLastMinute(now: .seconds(62)) == .milliseconds(4), "the 25 ms turn is over a minute old")
        #expect(meter.longestInLastMinute(now: .seconds(91)) == .zero)
        // A slot reused a minute later starts again.
        meter.turn(from: .milliseconds(62_000), to: .milliseconds(62_001))
        #expect(meter.longestInLastMinute(now: .milliseconds(62_001)) == .milliseconds(4))
        #expect(meter.longest == .milliseconds(25))
        // A clock that seems to go back counts as no time.
        meter.turn(from: .milliseconds(70_000), to: .milliseconds(69_000))
        #expect(meter.longest == .milliseconds(25))
    }
}
