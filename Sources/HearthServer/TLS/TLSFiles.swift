import Foundation
import NIOConcurrencyHelpers
import NIOSSL

/// Where the server's certificate chain and private key are (PEM). Hashable paths only;
/// the loaded material lives in ``TLSCertificateStore``.
public struct TLSFiles: Sendable, Hashable {
    public var certificate: String
    public var key: String

    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}

/// The certificate and key a TLS server presents, read from ``TLSFiles`` and read again by
/// ``reload()`` (on SIGHUP): every handshake after a reload presents the new pair, while
/// connections already open keep theirs. A reload that fails keeps the pair in use.
public final class TLSCertificateStore: Sendable {
    public let files: TLSFiles
    private let current: NIOLockedValueBox<(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey)>

    public init(files: TLSFiles) throws(ConfigurationError) {
        self.files = files
        current = NIOLockedValueBox(try Self.read(files))
    }

    /// Reads the files again; throws (and keeps the old pair) when they do not load.
    public func reload() throws(ConfigurationError) {
        let pair = try Self.read(files)
        current.withLockedValue { $0 = pair }
    }

    /// A server configuration offering HTTP/2 and HTTP/1.1, presenting the current pair.
    public func serverConfiguration() -> TLSConfiguration {
        let (chain, key) = current.withLockedValue { $0 }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.sslContextCallback = { [current] _, promise in
            let (chain, key) = current.withLockedValue { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = chain.map { .certificate($0) }
            override.privateKey = .privateKey(key)
            promise.succeed(override)
        }
        return configuration
    }

    private static func read(_ files: TLSFiles) throws(ConfigurationError) -> (chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) {
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(files.certificate)
            guard !chain.isEmpty else { throw ConfigurationError(setting: "TLS", message: "\(files.certificate) holds no certificate") }
            return (chain, try NIOSSLPrivateKey(file: files.key, format: .pem))
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(
                setting: "TLS", message: "cannot load \(files.certificate) and \(files.key) as a PEM certificate chain and private key: \(error)")
        }
    }
}
