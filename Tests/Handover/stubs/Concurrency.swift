// A stand-in for the parts of Swift's concurrency library the snippets use (`@MainActor`, `Task`),
// for the iOS typecheck: Embedded Swift's standard library for iOS comes without one, and the
// snippets are checked against that library because it, unlike Linux's, enforces iOS availability.
// Only the types are checked; nothing here runs.

public protocol Actor: AnyObject, Sendable {}

public protocol GlobalActor {
    associatedtype ActorType: Actor
    static var shared: ActorType { get }
}

@globalActor public final actor MainActor: GlobalActor {
    public static let shared = MainActor()
    public static func assumeIsolated<T>(_ operation: @MainActor () throws -> T) rethrows -> T { fatalError() }
}

public enum TaskPriority: Sendable {
    case high, medium, low, userInitiated, utility, background
}

public struct Task<Success, Failure: Error>: Sendable {}

extension Task where Success == Never, Failure == Never {
    public static var isCancelled: Bool { false }
    public static func sleep(nanoseconds duration: UInt64) async throws {}
    public static func sleep(for duration: Duration) async throws {}
}
