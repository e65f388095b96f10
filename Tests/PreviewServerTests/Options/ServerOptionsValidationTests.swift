import Testing

@testable import PreviewServer

@Suite("ServerOptions.validate: each rule names its option")
struct ServerOptionsValidationTests {
    static func options(_ change: (inout ServerOptions) -> Void) -> ServerOptions {
        var options = ServerOptions(publicDirectory: "public")
        change(&options)
        return options
    }

    @Test("the standard options and the edges of every range pass")
    func edgesPass() throws {
        try ServerOptions.standard.validate()
        let edges: [(inout ServerOptions) -> Void] = [
            { $0.port = 0 }, { $0.port = 65535 }, { $0.framesPerSecond = 1 }, { $0.framesPerSecond = 240 },
            { $0.maximumConnections = 1 }, { $0.maximumSessions = 1 }, { $0.pingTimeout = 2 },
            { $0.pingTimeout = 3600 }, { $0.sessionLinger = .zero }, { $0.sessionLinger = .seconds(86400) },
            { $0.journalBudgetMiB = 1 }, { $0.journalBudgetMiB = 65536 },
            { $0.worker = "w" }, { $0.worker = String(repeating: "a", count: 64) }, { $0.worker = "worker-1_b" },
            { $0.allowedHosts = ["preview.test", ".team.test", "192.168.1.5", "[fd00::9]"] },
        ]
        for edge in edges { try Self.options(edge).validate() }
    }

    /// One option set to one value.
    enum Change: Sendable, CustomTestStringConvertible {
        case port(Int)
        case framesPerSecond(Int)
        case maximumConnections(Int)
        case maximumSessions(Int)
        case pingTimeout(Int)
        case sessionLinger(Duration)
        case journalBudgetMiB(Int)

        func apply(to options: inout ServerOptions) {
            switch self {
            case .port(let value): options.port = value
            case .framesPerSecond(let value): options.framesPerSecond = value
            case .maximumConnections(let value): options.maximumConnections = value
            case .maximumSessions(let value): options.maximumSessions = value
            case .pingTimeout(let value): options.pingTimeout = value
            case .sessionLinger(let value): options.sessionLinger = value
            case .journalBudgetMiB(let value): options.journalBudgetMiB = value
            }
        }

        var testDescription: String { "\(self)" }
    }

    @Test(
        "out of range: port, fps, connection and session limits, ping timeout, linger, journal budget",
        arguments: [
            (Change.port(-1), "--port", "--port must be between 0 and 65535, got -1"),
            (.port(65536), "--port", "--port must be between 0 and 65535, got 65536"),
            (.framesPerSecond(0), "--fps", "--fps must be between 1 and 240, got 0"),
            (.framesPerSecond(241), "--fps", "--fps must be between 1 and 240, got 241"),
            (.maximumConnections(0), "--max-connections", "--max-connections must be at least 1"),
            (.maximumSessions(0), "--max-sessions", "--max-sessions must be at least 1"),
            (.pingTimeout(1), "--ping-timeout", "--ping-timeout must be between 2 and 3600 seconds"),
            (.pingTimeout(3601), "--ping-timeout", "--ping-timeout must be between 2 and 3600 seconds"),
            (.sessionLinger(.seconds(-1)), "--session-linger", "--session-linger must be between 0 and 86400 seconds"),
            (
                .sessionLinger(.seconds(86400) + .milliseconds(1)), "--session-linger",
                "--session-linger must be between 0 and 86400 seconds"
            ),
            (.journalBudgetMiB(0), "--journal-budget", "--journal-budget must be between 1 and 65536 MiB, got 0"),
            (.journalBudgetMiB(-1), "--journal-budget", "--journal-budget must be between 1 and 65536 MiB, got -1"),
            (
                .journalBudgetMiB(65537), "--journal-budget",
                "--journal-budget must be between 1 and 65536 MiB, got 65537"
            ),
            (
                .journalBudgetMiB(Int.max), "--journal-budget",
                "--journal-budget must be between 1 and 65536 MiB, got \(Int.max)"
            ),
        ] as [(Change, String, String)]
    )
    func outOfRange(change: Change, option: String, line: String) {
        #expect(throws: InvalidServerOption(option: option, description: line)) {
            try Self.options { change.apply(to: &$0) }.validate()
        }
    }

    @Test(
        "a worker name: empty, too long, or with other characters",
        arguments: ["", String(repeating: "a", count: 65), "a b", "wörker", "a/b"]
    )
    func badWorker(name: String) {
        #expect(
            throws: InvalidServerOption(
                option: "--worker",
                description: "--worker must be 1 to 64 letters, digits, - or _, got \"\(name.prefix(80))\""
            )
        ) {
            try Self.options { $0.worker = name }.validate()
        }
    }

    @Test("an --allow-host value with a port, a path or nothing", arguments: ["preview.test:8080", "a/b", "", "."])
    func badAllowedHost(name: String) throws {
        let error = try #require(throws: InvalidServerOption.self) {
            try Self.options { $0.allowedHosts = ["preview.test", name] }.validate()
        }
        #expect(error.option == "--allow-host")
        #expect(error.description == HostPolicy.problem(withAllowedName: name))
    }

    @Test("--journal-budget is MiB: the hub's budget is that many bytes, 256 MiB unless given")
    func journalBudgetInMiB() {
        #expect(ServerOptions.standard.hubLimits.journalBudget == 256 * 1024 * 1024)
        #expect(Self.options { $0.journalBudgetMiB = 3 }.hubLimits.journalBudget == 3 * 1024 * 1024)
    }

    @Test("the first problem is the one reported, in the command's order")
    func firstProblemWins() {
        let error = #expect(throws: InvalidServerOption.self) {
            try Self.options {
                $0.port = -1; $0.framesPerSecond = 0
            }.validate()
        }
        #expect(error?.option == "--port")
    }
}
