import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Sends mail through an SMTP server (RFC 5321): `EHLO`; `STARTTLS` when the server
/// offers it (or TLS from the first byte on port 465); `AUTH PLAIN` or `AUTH LOGIN` when a
/// user is configured; `MAIL FROM`, `RCPT TO`, `DATA`; `QUIT`. One connection per message,
/// bounded by ``Configuration/timeout`` as a whole.
///
/// Credentials never cross an unencrypted connection except to a loopback server (a local
/// relay); a server that offers no TLS then gets no password and the mail fails.
public struct SMTPMailSender: MailSender {
    public struct Configuration: Sendable, Hashable {
        public var host: String
        public var port: Int
        public var user: String?
        public var password: String?
        /// The envelope sender and `From:` address.
        public var from: String
        /// TLS from the start (SMTPS) instead of `STARTTLS`; on by default for port 465.
        public var implicitTLS: Bool
        /// The whole exchange, connecting included.
        public var timeout: TimeAmount = .seconds(30)
        /// The name this client gives in `EHLO`.
        public var clientName = "localhost"
        /// Whether the password may cross a connection without TLS; by default only to a
        /// loopback server (a local relay).
        public var allowsCleartextAuthentication: Bool

        public init(host: String, port: Int, user: String?, password: String?, from: String) {
            self.host = host
            self.port = port
            self.user = user
            self.password = password
            self.from = from
            implicitTLS = port == 465
            allowsCleartextAuthentication = SMTPMailSender.isLoopback(host)
        }
    }

    public let configuration: Configuration
    private let tls: TLSConfiguration
    private let group: any EventLoopGroup
    private let logger: Logger

    /// `tls` says which certificates are trusted (the system's by default; tests pass their own).
    public init(
        configuration: Configuration, tls: TLSConfiguration = .makeClientConfiguration(), group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "hearth.mail")
    ) {
        self.configuration = configuration
        self.tls = tls
        self.group = group
        self.logger = logger
    }

    public func send(_ message: MailMessage) async throws {
        try SMTPMessage.checkAddress(message.to)
        try SMTPMessage.checkAddress(configuration.from)
        let context = try NIOSSLContext(configuration: tls)
        let connection = try await SMTPConnection.open(
            host: configuration.host, port: configuration.port, implicitTLS: configuration.implicitTLS ? context : nil,
            timeout: configuration.timeout, group: group)
        do {
            try await exchange(message, on: connection, tls: context)
        } catch {
            await connection.close()
            throw error
        }
        _ = try? await connection.command("QUIT", expect: [221])
        await connection.close()
    }

    private func exchange(_ message: MailMessage, on connection: SMTPConnection, tls: NIOSSLContext) async throws {
        let greeting = try await connection.read()
        guard greeting.code == 220 else { throw MailDeliveryError("the SMTP server greeted with \(greeting.code)") }
        var capabilities = try await connection.command("EHLO \(configuration.clientName)", expect: [250]).lines.dropFirst().map { $0.uppercased() }
        var encrypted = configuration.implicitTLS
        if !encrypted, capabilities.contains("STARTTLS") {
            try await connection.command("STARTTLS", expect: [220])
            try await connection.startTLS(tls, host: configuration.host)
            encrypted = true
            capabilities = try await connection.command("EHLO \(configuration.clientName)", expect: [250]).lines.dropFirst().map { $0.uppercased() }
        }
        if let user = configuration.user {
            guard encrypted || configuration.allowsCleartextAuthentication else {
                throw MailDeliveryError("the SMTP server offers no TLS; refusing to send the password in clear")
            }
            try await authenticate(user: user, password: configuration.password ?? "", capabilities: capabilities, on: connection)
        }
        try await connection.command("MAIL FROM:<\(configuration.from)>", expect: [250])
        try await connection.command("RCPT TO:<\(message.to)>", expect: [250, 251])
        try await connection.command("DATA", expect: [354])
        let domain = configuration.from.split(separator: "@").last.map(String.init) ?? "localhost"
        try await connection.writeRaw(SMTPMessage.data(message, from: configuration.from, date: Date(), messageID: "\(UUID().uuidString.lowercased())@\(domain)"))
        let accepted = try await connection.read()
        guard accepted.code == 250 else { throw MailDeliveryError("the SMTP server refused the message: \(accepted.code) \(accepted.lines.first ?? "")") }
        logger.debug("mail sent", metadata: ["to": .string(message.to)])
    }

    private func authenticate(user: String, password: String, capabilities: [String], on connection: SMTPConnection) async throws {
        let mechanisms = capabilities.first { $0.hasPrefix("AUTH ") || $0.hasPrefix("AUTH=") }?.dropFirst(5).split(separator: " ").map(String.init) ?? []
        if mechanisms.contains("PLAIN") || !mechanisms.contains("LOGIN") {
            let token = Data("\u{0}\(user)\u{0}\(password)".utf8).base64EncodedString()
            try await connection.command("AUTH PLAIN \(token)", expect: [235], redacted: "AUTH PLAIN")
        } else {
            try await connection.command("AUTH LOGIN", expect: [334])
            try await connection.command(Data(user.utf8).base64EncodedString(), expect: [334], redacted: "the user name")
            try await connection.command(Data(password.utf8).base64EncodedString(), expect: [235], redacted: "the password")
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
