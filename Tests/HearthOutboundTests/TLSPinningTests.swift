import AsyncHTTPClient
import NIOCore
import NIOSSL
import Testing

@testable import HearthOutbound

/// HTTPS to a name that only the fetcher's resolver knows: the connection must go to the
/// checked address while TLS still verifies the certificate against the name.
struct TLSPinningTests {
    static func serverContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(TestCertificates.pinnedInvalid.utf8))
                .map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(TestCertificates.pinnedInvalidKey.utf8), format: .pem))
        )
        configuration.minimumTLSVersion = .tlsv12
        return try NIOSSLContext(configuration: configuration)
    }

    static func fetcher(names: [String]) throws -> OutboundFetcher {
        let authority = try NIOSSLCertificate.fromPEMBytes(Array(TestCertificates.authority.utf8))
        let resolver = StubResolver(table: Dictionary(uniqueKeysWithValues: names.map { ($0, ["127.0.0.1"]) }))
        var fetcher = makeFetcher(OutboundPolicy().with { $0.allowedPrivateHosts = Set(names) }, resolver: resolver)
        fetcher.configureClient = { configuration in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(authority)
            configuration.tlsConfiguration = tls
        }
        return fetcher
    }

    @Test func httpsGoesToThePinnedAddressAndVerifiesTheName() async throws {
        try await TestHTTPServer.withServer(tls: Self.serverContext()) { server in
            let response = try await Self.fetcher(names: ["pinned.invalid"])
                .get("https://pinned.invalid:\(server.port)/echo-host", accept: "*/*")
            #expect(String(buffer: response.body) == "pinned.invalid:\(server.port)")
        }
    }

    @Test func certificateForAnotherNameIsRejected() async throws {
        try await TestHTTPServer.withServer(tls: Self.serverContext()) { server in
            await #expect {
                try await Self.fetcher(names: ["other.invalid"])
                    .get("https://other.invalid:\(server.port)/secret", accept: "*/*")
            } throws: { error in
                guard case OutboundError.transport = error else { return false }
                return true
            }
            #expect(server.hits("/secret") == 0)
        }
    }

    @Test func clientSettingsCannotUndoTheProtections() async throws {
        try await TestHTTPServer.withServer { server in
            var fetcher = makeFetcher()
            fetcher.configureClient = { $0.redirectConfiguration = .follow(max: 10, allowCycles: true) }
            await #expect(throws: OutboundError.tooManyRedirects) {
                try await fetcher.get(server.url("/loop"), accept: "*/*")
            }
            #expect(server.hits("/loop") == 6)
        }
    }
}
