import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the TLS certificate and key on SIGHUP, the usual signal after a renewal
/// (`systemctl reload`, certbot's deploy hook).
struct CertificateReloadService: Service {
    let certificates: TLSCertificateStore
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            do {
                try certificates.reload()
                logger.notice("reloaded the TLS certificate", metadata: ["certificate": "\(certificates.files.certificate)"])
            } catch {
                logger.error("kept the TLS certificate in use: \(error)")
            }
        }
    }
}
