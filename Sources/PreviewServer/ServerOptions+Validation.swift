/// Why a `ServerOptions` value cannot run a server: the option at fault, in its command-line
/// spelling (`--fps`), and one line that says what it must be.
public struct InvalidServerOption: Error, Equatable, Sendable, CustomStringConvertible {
    /// The option at fault, as the command spells it (`--fps`, `--allow-host`).
    public let option: String
    /// The whole line, naming the option.
    public let description: String
}

extension ServerOptions {
    /// Ports a server may be asked to listen on; 0 picks a free one.
    public static let ports = 0...65535
    /// Steps a second: the transport divides a second by this, so 0 cannot pass.
    public static let framesPerSecondRange = 1...240
    /// Seconds a silent peer is given; under 2 a ping could not even make its round trip.
    public static let pingTimeoutRange = 2...3600
    /// Seconds a session may outlive its last viewer: at most a day.
    public static let sessionLingerSeconds: ClosedRange<Int64> = 0...86400
    /// MiB the journals and replays may take together: at least one, and at most 64 GiB, beyond
    /// which a budget bounds nothing on any machine this serves from.
    public static let journalBudgetMiBRange = 1...65_536
    /// A worker's name is at most this long (it is named in every welcome).
    public static let workerNameLengths = 1...64

    /// Checks every option a server depends on, in the order the command lists them, and throws for
    /// the first that is out of range. The items and the token are valid by construction.
    public func validate() throws(InvalidServerOption) {
        try Self.require(port, in: Self.ports, "--port", showing: "\(port)")
        try Self.require(framesPerSecond, in: Self.framesPerSecondRange, "--fps", showing: "\(framesPerSecond)")
        guard maximumConnections >= 1 else {
            throw InvalidServerOption(option: "--max-connections", description: "--max-connections must be at least 1")
        }
        guard maximumSessions >= 1 else {
            throw InvalidServerOption(option: "--max-sessions", description: "--max-sessions must be at least 1")
        }
        try Self.require(pingTimeout, in: Self.pingTimeoutRange, "--ping-timeout", unit: "seconds")
        guard sessionLinger >= .seconds(Self.sessionLingerSeconds.lowerBound),
            sessionLinger <= .seconds(Self.sessionLingerSeconds.upperBound)
        else {
            throw InvalidServerOption(
                option: "--session-linger",
                description: "--session-linger must be \(Self.between(Self.sessionLingerSeconds)) seconds"
            )
        }
        try Self.require(
            journalBudgetMiB,
            in: Self.journalBudgetMiBRange,
            "--journal-budget",
            unit: "MiB",
            showing: "\(journalBudgetMiB)"
        )
        if let worker, !Self.isWorkerName(worker) {
            throw InvalidServerOption(
                option: "--worker",
                description:
                    "--worker must be \(Self.workerNameLengths.lowerBound) to \(Self.workerNameLengths.upperBound) letters, digits, - or _, got \"\(worker.prefix(80))\""
            )
        }
        for name in allowedHosts {
            if let problem = HostPolicy.problem(withAllowedName: name) {
                throw InvalidServerOption(option: "--allow-host", description: problem)
            }
        }
    }

    /// Throws naming `option` unless `range` holds `value`: "--fps must be between 1 and 240, got 500".
    private static func require<Bound: Comparable>(
        _ value: Bound,
        in range: ClosedRange<Bound>,
        _ option: String,
        unit: String = "",
        showing shown: String? = nil
    ) throws(InvalidServerOption) {
        guard !range.contains(value) else { return }
        let units = unit.isEmpty ? "" : " \(unit)"
        let got = shown.map { ", got \($0)" } ?? ""
        throw InvalidServerOption(option: option, description: "\(option) must be \(between(range))\(units)\(got)")
    }

    private static func between<Bound>(_ range: ClosedRange<Bound>) -> String {
        "between \(range.lowerBound) and \(range.upperBound)"
    }

    /// A worker's name travels in JSON and log lines unquoted: ASCII letters, digits, - and _ only.
    private static func isWorkerName(_ name: String) -> Bool {
        workerNameLengths.contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
