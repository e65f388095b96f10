import TestSupport
import Testing

@testable import PreviewProtocol

/// The server's renders in line: one drawn at a time, sessions in turn, each at most once, places
/// told as they move.
@Suite("The render line: one drawn, the rest in turn, one per session")
struct RenderLineTests {
    static func request(_ line: inout RenderLine, connection: Int, session: String) -> RenderRequest {
        RenderRequest(
            ticket: line.takeTicket(),
            connection: connection,
            session: session,
            recordingText: "",
            format: .webp,
            images: [:]
        )
    }

    @Test("the first is drawn, the next wait at places 1, 2; a session's second is refused; a full line too")
    func joining() {
        var line = RenderLine()
        let first = Self.request(&line, connection: 1, session: "a")
        #expect(line.join(first) == .success(.draw(first)))
        #expect(line.join(Self.request(&line, connection: 2, session: "b")) == .success(.wait(place: 1)))
        #expect(line.join(Self.request(&line, connection: 3, session: "c")) == .success(.wait(place: 2)))
        #expect(line.join(Self.request(&line, connection: 4, session: "a")) == .failure(.sessionHasOne))
        #expect(line.join(Self.request(&line, connection: 5, session: "b")) == .failure(.sessionHasOne))
        for index in 3...RenderLine.maximumWaiting {
            #expect(
                line.join(Self.request(&line, connection: 10 + index, session: "s\(index)"))
                    == .success(.wait(place: index))
            )
        }
        #expect(line.join(Self.request(&line, connection: 99, session: "late")) == .failure(.full))
    }

    @Test("a finish draws the next and moves the rest up; a stale ticket's finish changes nothing")
    func finishing() throws {
        var line = RenderLine()
        let first = Self.request(&line, connection: 1, session: "a")
        let second = Self.request(&line, connection: 2, session: "b")
        let third = Self.request(&line, connection: 3, session: "c")
        _ = (line.join(first), line.join(second), line.join(third))
        #expect(line.finished(ticket: third.ticket) == RenderLine.Advance(), "not the one drawn")
        let advance = line.finished(ticket: first.ticket)
        #expect(advance.next == second)
        #expect(advance.moved.map(\.request) == [third])
        #expect(advance.moved.map(\.place) == [1])
        #expect(line.drawing == second)
        _ = line.finished(ticket: second.ticket)
        _ = line.finished(ticket: third.ticket)
        #expect(line.drawing == nil && line.waiting.isEmpty)
    }

    @Test(
        "a viewer who leaves: their drawn render is stopped and the next drawn; a waiting one leaves, those behind move up"
    )
    func withdrawing() {
        var line = RenderLine()
        let requests = (1...4).map { Self.request(&line, connection: $0, session: "s\($0)") }
        for request in requests { _ = line.join(request) }
        let waiting = line.withdraw(connection: 2)
        #expect(waiting.stopped == nil)
        #expect(waiting.advance.next == nil)
        #expect(waiting.advance.moved.map(\.request) == [requests[2], requests[3]])
        #expect(waiting.advance.moved.map(\.place) == [1, 2])
        let drawn = line.withdraw(connection: 1)
        #expect(drawn.stopped == requests[0])
        #expect(drawn.advance.next == requests[2])
        #expect(drawn.advance.moved.map(\.place) == [1])
        #expect(line.withdraw(connection: 7) == (nil, RenderLine.Advance()))
        // The stopped render's outcome, if its worker still sends one, moves nothing.
        #expect(line.finished(ticket: requests[0].ticket) == RenderLine.Advance())
    }

    @Test(
        "random joins, finishes and departures keep the line's rules",
        arguments: [UInt64(1), 2, 3, 0xC0FFEE, 0x5EED]
    )
    func property(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var line = RenderLine()
        var places: [Int: Int] = [:]  // what each waiting connection was last told
        var served: [Int] = []  // connections drawn, in order
        var joined: [Int] = []  // connections admitted, in order
        var nextConnection = 1
        for step in 0..<TestLength.pick(2_000, long: 100_000) {
            switch random.next() % 4 {
            case 0, 1:
                let session = "s\(random.next() % 12)"
                let request = Self.request(&line, connection: nextConnection, session: session)
                nextConnection += 1
                switch line.join(request) {
                case .success(.draw):
                    joined.append(request.connection)
                    served.append(request.connection)
                case .success(.wait(let place)):
                    joined.append(request.connection)
                    places[request.connection] = place
                case .failure: break
                }
            case 2:
                guard let drawn = line.drawing else { continue }
                apply(line.finished(ticket: drawn.ticket))
            default:
                guard nextConnection > 1 else { continue }
                let connection = Int(random.next() % UInt64(nextConnection - 1)) + 1
                let (_, advance) = line.withdraw(connection: connection)
                places[connection] = nil
                joined.removeAll { $0 == connection }
                apply(advance)
            }
            let inLine = ([line.drawing].compactMap { $0 } + line.waiting)
            #expect(Set(inLine.map(\.session)).count == inLine.count, "seed \(seed), step \(step): a session twice")
            #expect(
                line.drawing != nil || line.waiting.isEmpty,
                "seed \(seed), step \(step): waiting with nothing drawn"
            )
            #expect(line.waiting.count <= RenderLine.maximumWaiting)
            for (index, request) in line.waiting.enumerated() {
                #expect(places[request.connection] == index + 1, "seed \(seed), step \(step): a stale place")
            }
        }
        // Drawn in the order admitted: nobody overtakes.
        #expect(served == served.sorted(), "seed \(seed)")

        func apply(_ advance: RenderLine.Advance) {
            if let next = advance.next {
                served.append(next.connection)
                places[next.connection] = nil
            }
            for (request, place) in advance.moved { places[request.connection] = place }
        }
    }
}
