import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import NIOCore
import NIOEmbedded
import NIOSSL
import Testing

/// `--tls-cert`/`--tls-key`: the server speaks HTTPS itself (HTTP/2 when the client offers
/// it), and a certificate renewed on disk is presented after a reload (SIGHUP).
@Suite struct TLSTests {
    /// A fresh self-signed certificate and key for `localhost`, made by openssl.
    static func certificate(in directory: String, name: String) throws -> TLSFiles {
        let files = TLSFiles(certificate: directory + "/\(name).pem", key: directory + "/\(name)-key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=\(name)", "-keyout", files.key, "-out", files.certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(openssl)
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return files
    }

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "hearth-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theServerAnswersOverHTTPSAndOffersHTTP2() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = TestServer.testConfiguration()
        configuration.tls = try Self.certificate(in: folder, name: "localhost")
        configuration.maxBodyBytes = 64 * 1024
        try await TestServer.run(engine: .sqlite, apps: [], configuration: configuration) { server in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            var clientConfiguration = HTTPClient.Configuration(tlsConfiguration: tls)
            clientConfiguration.httpVersion = .automatic
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
            defer { _ = client.shutdown() }
            let response = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/health"), timeout: .seconds(30))
            #expect(response.status == .ok)
            #expect(response.version == .http2)
            let body = try await response.body.collect(upTo: 1 << 16)
            #expect(String(buffer: body).contains("\"status\":\"ok\""))

            var oversized = HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/anything")
            oversized.method = .POST
            oversized.body = .bytes(ByteBuffer(repeating: 0x20, count: 200 * 1024))
            let refused = try await client.execute(oversized, timeout: .seconds(30))
            #expect(refused.status.code == 413 && refused.version == .http2, "a body over the limit gets its 413 over HTTP/2 too")
            let after = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/health"), timeout: .seconds(30))
            #expect(after.status == .ok, "and the connection goes on")

            var http1 = HTTPClient.Configuration(tlsConfiguration: tls)
            http1.httpVersion = .http1Only
            let older = HTTPClient(eventLoopGroupProvider: .singleton, configuration: http1)
            defer { _ = older.shutdown() }
            let answer = try await older.execute(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/health"), timeout: .seconds(30))
            #expect(answer.status == .ok && answer.version == .http1_1)
        }
    }

    @Test func aReloadPresentsTheRenewedCertificateAndAFailedOneKeepsTheOld() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try Self.certificate(in: folder, name: "first")
        let store = try TLSCertificateStore(files: files)
        func presented() throws -> [NIOSSLCertificate] {
            let loop = EmbeddedEventLoop()
            let promise = loop.makePromise(of: NIOSSLContextConfigurationOverride.self)
            let callback = try #require(store.serverConfiguration().sslContextCallback)
            callback(NIOSSLClientExtensionValues(serverHostname: nil), promise)
            let override = try promise.futureResult.wait()
            return (override.certificateChain ?? []).compactMap { source in
                if case .certificate(let certificate) = source { return certificate }
                return nil
            }
        }
        let first = try presented()
        let renewed = try Self.certificate(in: folder, name: "second")
        try FileManager.default.removeItem(atPath: files.certificate)
        try FileManager.default.removeItem(atPath: files.key)
        try FileManager.default.copyItem(atPath: renewed.certificate, toPath: files.certificate)
        try FileManager.default.copyItem(atPath: renewed.key, toPath: files.key)
        #expect(try presented() == first, "nothing changes before the reload")
        try store.reload()
        let second = try presented()
        #expect(second != first)
        #expect(second == (try NIOSSLCertificate.fromPEMFile(renewed.certificate)))

        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: files.certificate))
        #expect(throws: ConfigurationError.self) { try store.reload() }
        #expect(try presented() == second, "a failed reload keeps the certificate in use")
    }

    @Test func aCertificateWithoutItsKeyIsAConfigurationError() {
        var overrides = ServerConfiguration.Overrides()
        overrides.tlsCertificate = "/tmp/cert.pem"
        #expect(throws: ConfigurationError.self) { _ = try ServerConfiguration.resolve(overrides, environment: [:]) }
    }
}
