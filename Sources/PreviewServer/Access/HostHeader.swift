/// A request's `Host` header, read the way a browser writes it: a name or an address, and a port
/// when the URL had one. Anything a browser would not send is malformed, with the reason in words.
struct HostHeader: Equatable, Sendable {
    /// The longest host name DNS allows; anything longer is not a name this server could own.
    static let maximumLength = 255

    /// The name or address, lower-cased, without brackets or a trailing dot (`::1`, `localhost`).
    let name: String
    /// The port, 1-65535, or `nil` when the header had none (the scheme's default).
    let port: Int?
    /// Whether `name` was written as a bracketed IPv6 literal.
    let isIPv6Literal: Bool

    /// Why a header cannot be a host of this server's.
    enum Malformed: Error, Equatable, CustomStringConvertible {
        case tooLong(Int)
        case empty
        case zone
        case badAddress
        case badName
        case badPort(String)

        var description: String {
            switch self {
            case .tooLong(let length): "the Host header is \(length) bytes, over the 255 a host name may have"
            case .empty: "the Host header is empty"
            case .zone: "the Host header's IPv6 address has a zone (%...), which no browser sends"
            case .badAddress: "the Host header's bracketed IPv6 address is not one"
            case .badName: "the Host header's name has characters a host name cannot have"
            case .badPort(let port): "the Host header's port \"\(port.prefix(16))\" is not a number from 1 to 65535"
            }
        }
    }

    /// Reads `text`, the header's value.
    init(parsing text: String) throws(Malformed) {
        let utf8 = text.utf8
        guard utf8.count <= Self.maximumLength else { throw .tooLong(utf8.count) }
        guard !text.isEmpty else { throw .empty }
        var rest = Substring(text)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .badAddress }
            let literal = rest[rest.index(after: rest.startIndex)..<close]
            guard !literal.contains("%") else { throw .zone }
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                literal.contains(":")
            else { throw .badAddress }
            name = literal.lowercased()
            isIPv6Literal = true
            rest = rest[rest.index(after: close)...]
            port = try Self.port(after: rest)
            return
        }
        isIPv6Literal = false
        let hostPart: Substring
        if let colon = rest.firstIndex(of: ":") {
            hostPart = rest[..<colon]
            port = try Self.port(after: rest[colon...])
        } else {
            hostPart = rest
            port = nil
        }
        var lowered = hostPart.lowercased()
        // "localhost." is the same name as "localhost" (the root label), as browsers treat it.
        if lowered.hasSuffix(".") { lowered.removeLast() }
        guard !lowered.isEmpty else { throw .empty }
        guard lowered.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") })
        else { throw .badName }
        name = lowered
    }

    /// The port after the host: nothing, or ":" and 1-65535 in digits.
    private static func port(after rest: Substring) throws(Malformed) -> Int? {
        guard !rest.isEmpty else { return nil }
        guard rest.first == ":" else { throw .badPort(String(rest)) }
        let digits = rest.dropFirst()
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits), (1...65535).contains(value)
        else { throw .badPort(String(digits)) }
        return value
    }
}
