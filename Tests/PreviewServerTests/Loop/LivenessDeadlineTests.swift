import TestSupport
import Testing

@testable import PreviewServer

/// Liveness by deadline: the table pings and gives up on exactly the peers the whole-table rule
/// would (each silent for half the timeout pinged once, each silent for all of it dropped, the next
/// check the earliest deadline of those left), while a wake touches only those due. Checked against
/// that rule, written here as a scan of every peer, over random opens, closes, pongs, written pings
/// and checks at random times, including repeated and coinciding times.
@Suite("Liveness by deadline: the same pings, drops and wakes as a scan of every peer")
struct LivenessDeadlineTests {
    /// The whole-table rule, the reference.
    struct ScanModel {
        struct Peer {
            var lastHeard: Duration
            var pingQueued = false
            var pingUnanswered = false
            var dead = false
        }
        var peers: [Int: Peer] = [:]
        let timeout: Duration

        mutating func check(now: Duration) -> (ping: Set<Int>, dead: Set<Int>, next: Duration?) {
            var ping: Set<Int> = []
            var dead: Set<Int> = []
            var next: Duration?
            for id in peers.keys.sorted() where !peers[id]!.dead {
                let silence = now - peers[id]!.lastHeard
                if silence >= timeout {
                    peers[id]!.dead = true
                    dead.insert(id)
                    continue
                }
                if silence >= timeout / 2, !peers[id]!.pingQueued, !peers[id]!.pingUnanswered {
                    peers[id]!.pingQueued = true
                    ping.insert(id)
                }
                let peer = peers[id]!
                let due = peer.lastHeard + (peer.pingQueued || peer.pingUnanswered ? timeout : timeout / 2)
                next = min(due, next ?? due)
            }
            return (ping, dead, next)
        }
    }

    @Test("random seeds: pings, drops and the next wake agree with the scan; the queue stays small")
    func agreesWithTheScan() {
        for seed in UInt64(1)...60 {
            var random = SeededGenerator(seed: seed)
            let timeout = Duration.milliseconds(Int.random(in: 2...40, using: &random) * 100)
            var table = ConnectionTable<Int>(pingTimeout: timeout)
            var model = ScanModel(timeout: timeout)
            var now = Duration.zero
            var added = 0
            for step in 0..<400 {
                // Time stands still, creeps, or jumps past whole timeouts.
                now += .milliseconds([0, 0, 7, 100, 450, 1_000, 5_000].randomElement(using: &random)!)
                let open = model.peers.keys.filter { !model.peers[$0]!.dead }.sorted()
                var action = Int.random(in: 0..<10, using: &random)
                if action == 2, model.peers.isEmpty { action = 9 }
                if (3...6).contains(action), open.isEmpty { action = 9 }
                switch action {
                case 0, 1:
                    added += 1
                    let id = table.add(added, now: now)
                    #expect(id == added, "ids count from 1, so a socket here names its id")
                    model.peers[id] = ScanModel.Peer(lastHeard: now)
                case 2:
                    let id = model.peers.keys.sorted().randomElement(using: &random)!
                    _ = table.remove(id)
                    model.peers[id] = nil
                case 3, 4:
                    // A pong: it counts only when it answers a ping that was written.
                    let id = open.randomElement(using: &random)!
                    table.heard(from: id, now: now)
                    if model.peers[id]!.pingUnanswered {
                        model.peers[id]!.lastHeard = now
                        model.peers[id]!.pingUnanswered = false
                    }
                case 5, 6:
                    // The socket became writable: a queued ping is written.
                    let id = open.randomElement(using: &random)!
                    if case .ping? = table.nextWrite(id) {
                        #expect(model.peers[id]!.pingQueued, "seed \(seed) step \(step): a ping the rule did not queue")
                        model.peers[id]!.pingQueued = false
                        model.peers[id]!.pingUnanswered = true
                    } else {
                        #expect(
                            !model.peers[id]!.pingQueued,
                            "seed \(seed) step \(step): a queued ping was not written"
                        )
                    }
                default:
                    let got = table.checkLiveness(now: now)
                    let expected = model.check(now: now)
                    #expect(Set(got.ping) == expected.ping, "seed \(seed) step \(step): pings")
                    #expect(got.ping.count == expected.ping.count, "seed \(seed) step \(step): a peer pinged twice")
                    #expect(Set(got.dead) == expected.dead, "seed \(seed) step \(step): drops")
                    #expect(got.next == expected.next, "seed \(seed) step \(step): the next wake")
                }
                #expect(
                    table.deadlinesWaiting <= 2 * added,
                    "seed \(seed) step \(step): \(table.deadlinesWaiting) deadlines for \(added) peers ever"
                )
            }
            // Everyone silent for a whole timeout: every peer still open is dropped, and no deadline
            // is left behind, of a closed peer or an outdated one.
            now += timeout
            let last = table.checkLiveness(now: now)
            #expect(Set(last.dead) == model.check(now: now).dead, "seed \(seed): the last drops")
            #expect(last.next == nil && table.deadlinesWaiting == 0, "seed \(seed): \(table.deadlinesWaiting) left")
        }
    }
}
