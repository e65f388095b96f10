/// The secret that every request must carry when the server is reachable beyond loopback (as
/// Jupyter does): shown once in the startup URLs, then kept by the browser in a cookie.
public struct AccessToken: Sendable, Equatable {
    /// The token's text: URL-, cookie- and header-safe characters only.
    public let value: String

    /// Characters a token may use: it travels in a query, a cookie and a header unescaped.
    static let allowedCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    static let lengths = 16...128

    /// Why `value` cannot be a token, or `nil` when it can.
    public static func problem(with value: String) -> String? {
        guard lengths.contains(value.count) else {
            return "a token must be \(lengths.lowerBound) to \(lengths.upperBound) characters, got \(value.count)"
        }
        guard value.allSatisfy(allowedCharacters.contains) else {
            return "a token may use only letters, digits, -, ., _ and ~"
        }
        return nil
    }

    /// A given token; `nil` when `problem(with:)` has something to say.
    public init?(_ value: String) {
        guard Self.problem(with: value) == nil else { return nil }
        self.value = value
    }

    /// 128 random bits from the operating system's generator (`getrandom` on Linux), in hex.
    public static func generate() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<2 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                text.append(digits[Int(word & 0xf)])
                word >>= 4
            }
        }
        return AccessToken(text)!
    }

    /// Whether `candidate` is the token, in time that does not depend on where they differ (a
    /// guesser learns nothing from how long a wrong guess took, only its length's mismatch).
    func matches<Candidate: StringProtocol>(_ candidate: Candidate) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the secret itself, so logging a value that holds a token cannot leak it.
    public var description: String { "AccessToken(redacted)" }
    public var debugDescription: String { description }
}
