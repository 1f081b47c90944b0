import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a host name into every address it currently resolves to.
public protocol HostResolver: Sendable {
    /// Throws ``OutboundError/unresolvableHost`` when the name has no address.
    func resolve(_ host: String) async throws(OutboundError) -> [IPAddress]
}

/// The system resolver (`getaddrinfo`), run on a thread pool because it blocks.
public struct SystemHostResolver: HostResolver {
    private let threadPool: NIOThreadPool

    public init(threadPool: NIOThreadPool) {
        self.threadPool = threadPool
    }

    public func resolve(_ host: String) async throws(OutboundError) -> [IPAddress] {
        let result: Result<[IPAddress], OutboundError>
        do {
            result = try await threadPool.runIfActive { Self.lookup(host) }
        } catch {
            throw .transport("resolver unavailable: \(error)")
        }
        return try result.get()
    }

    /// Blocking. A dotted name is resolved as absolute (trailing dot) so the search domains
    /// cannot turn `shop.example` into `shop.example.corp.internal`. Single-label names
    /// (only ever allow-listed ones get here) and numeric forms are passed as they are:
    /// `/etc/hosts` does not match `localhost.`, and `getaddrinfo` parses `0x7f.1` itself.
    static func lookup(_ host: String) -> Result<[IPAddress], OutboundError> {
        let lastLabel = host.split(separator: ".").last ?? ""
        let isDottedName = host.contains(".") && !host.hasSuffix(".") && !host.contains(":")
            && !HostNameRules.isNumericLabel(lastLabel)
        let query = isDottedName ? host + "." : host
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(query, nil, &hints, &list) == 0, let first = list else {
            return .failure(.unresolvableHost)
        }
        defer { freeaddrinfo(first) }

        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor?.pointee {
            cursor = entry.ai_next
            guard let sockaddr = entry.ai_addr else { continue }
            let address: IPAddress
            switch entry.ai_family {
            case AF_INET:
                address = IPAddress(sockaddr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr })
            case AF_INET6:
                address = IPAddress(sockaddr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr })
            default:
                continue
            }
            if !addresses.contains(address) { addresses.append(address) }
        }
        return addresses.isEmpty ? .failure(.unresolvableHost) : .success(addresses)
    }
}
