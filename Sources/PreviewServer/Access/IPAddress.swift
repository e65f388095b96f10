#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address in its one canonical spelling, so `0:0:0:0:0:0:0:1`, `::1` and
/// `[::1]` compare equal, and `127.1` (which `inet_pton` refuses) is not taken for an address.
struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    enum Family: Sendable { case v4, v6 }

    let family: Family
    /// The address's bytes in network order (4 or 16).
    let bytes: [UInt8]

    /// `nil` unless `text` is a dotted-quad IPv4 or an IPv6 address, without brackets or zone.
    init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            family = .v4
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        family = .v6
        bytes = withUnsafeBytes(of: &v6) { Array($0) }
    }

    init(family: Family, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }

    /// 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (`::ffff:127.0.0.1`).
    var isLoopback: Bool {
        switch family {
        case .v4: return bytes[0] == 127
        case .v6:
            if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            return isV4Mapped && bytes[12] == 127
        }
    }

    /// 0.0.0.0 or ::: listening here means every interface.
    var isUnspecified: Bool { bytes.allSatisfy { $0 == 0 } }

    /// fe80::/10: usable only with a zone, which a URL on another device cannot carry.
    var isLinkLocalIPv6: Bool { family == .v6 && bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 }

    private var isV4Mapped: Bool {
        bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
    }

    /// The canonical text (`inet_ntop`): `192.168.1.5`, `fd00::5`.
    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let written = copy.withUnsafeMutableBytes { raw in
            inet_ntop(family == .v4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How the address appears in a URL's host: IPv6 in brackets.
    var urlHost: String { family == .v6 ? "[\(description)]" : description }
}

extension IPAddress {
    /// The address a connection from `peer` counts against for the per-address quota: `nil` for
    /// loopback (every local viewer shares it) or an address that cannot be read. An IPv4 address
    /// mapped into IPv6 (a dual-stack socket's `::ffff:10.0.0.2`) counts as the IPv4 address.
    static func quotaKey(ofPeer peer: String?) -> String? {
        guard var text = peer else { return nil }
        if text.lowercased().hasPrefix("::ffff:"), text.contains(".") { text = String(text.dropFirst(7)) }
        guard let address = IPAddress(text), !address.isLoopback else { return nil }
        return address.urlHost
    }
}
