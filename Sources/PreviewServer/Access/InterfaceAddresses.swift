#if canImport(Glibc)
import Glibc
#endif

/// The machine's own interface addresses, read with `getifaddrs`: the hosts a browser on the
/// local network may name (a phone opening `http://192.168.1.5:8080/`).
enum InterfaceAddresses {
    /// Every IPv4 and IPv6 address of every interface that is up, loopback included, in the
    /// order the system lists them, without repeats.
    static func current() -> [IPAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [IPAddress] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard current.pointee.ifa_flags & UInt32(IFF_UP) != 0, let socketAddress = current.pointee.ifa_addr
            else { continue }
            let address: IPAddress?
            switch Int32(socketAddress.pointee.sa_family) {
            case AF_INET:
                address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin_addr
                    return IPAddress(family: .v4, bytes: withUnsafeBytes(of: &value) { Array($0) })
                }
            case AF_INET6:
                address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin6_addr
                    return IPAddress(family: .v6, bytes: withUnsafeBytes(of: &value) { Array($0) })
                }
            default:
                address = nil
            }
            if let address, !found.contains(address) { found.append(address) }
        }
        return found
    }
}
