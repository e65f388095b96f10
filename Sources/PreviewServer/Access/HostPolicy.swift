/// Which `Host` a request may name. A page served by a DNS-rebinding domain reaches a loopback
/// server with its own name in `Host` (and a matching `Origin`), so the server must know its own
/// names: loopback (`localhost`, 127.0.0.0/8, ::1), the machine's interface addresses, and what
/// the operator allowed with `--allow-host`. Everything else is refused before anything is served.
struct HostPolicy: Sendable {
    /// What the check found.
    enum Verdict: Equatable, Sendable {
        case allowed(HostHeader)
        /// Refuse with `status` (403: not ours, or missing; 400: not a host at all) and a one-line reason.
        case refused(status: Int, reason: String)
    }

    /// Names allowed with `--allow-host`, lower-cased; one starting with "." allows its subdomains.
    let allowedNames: Set<String>
    /// The machine's own addresses.
    let ownAddresses: Set<IPAddress>

    init(allowedNames: [String], ownAddresses: [IPAddress]) {
        self.allowedNames = Set(allowedNames.map(Self.normalized))
        self.ownAddresses = Set(ownAddresses)
    }

    /// Checks a request's `Host` header (`nil` when it had none).
    func check(_ header: String?) -> Verdict {
        guard let header else {
            return .refused(
                status: 403,
                reason: "the request has no Host header; this server answers only its own names"
            )
        }
        let host: HostHeader
        do {
            host = try HostHeader(parsing: header)
        } catch {
            return .refused(status: 400, reason: error.description)
        }
        if isAllowed(host) { return .allowed(host) }
        let shown = host.isIPv6Literal ? "[\(host.name)]" : host.name
        return .refused(
            status: 403,
            reason:
                "the host \"\(shown)\" is not one of this server's names; start it with --allow-host \(shown) to allow it"
        )
    }

    private func isAllowed(_ host: HostHeader) -> Bool {
        if let address = IPAddress(host.name) {
            return address.isLoopback || ownAddresses.contains(address) || allowedNames.contains(address.description)
        }
        if host.isIPv6Literal { return false }
        if host.name == "localhost" || allowedNames.contains(host.name) { return true }
        return allowedNames.contains { $0.hasPrefix(".") && host.name.hasSuffix($0) }
    }

    /// `--allow-host` as compared: lower-cased, without a trailing dot or brackets.
    static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasPrefix("["), lowered.hasSuffix("]") { lowered = String(lowered.dropFirst().dropLast()) }
        if lowered.hasSuffix(".") { lowered.removeLast() }
        if let address = IPAddress(lowered) { return address.description }
        return lowered
    }

    /// Why an `--allow-host` value cannot be used, or `nil` when it can.
    static func problem(withAllowedName name: String) -> String? {
        let normalized = normalized(name)
        if IPAddress(normalized) != nil { return nil }
        let bare = normalized.hasPrefix(".") ? String(normalized.dropFirst()) : normalized
        guard (1...HostHeader.maximumLength).contains(bare.utf8.count),
            bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") })
        else {
            return "--allow-host takes a host name or an address without a port (preview.test, .example.test, "
                + "192.168.1.5), got \"\(name.prefix(80))\""
        }
        return nil
    }
}
