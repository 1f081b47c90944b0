import Foundation
import HearthCore
import NIOCore
import NIOSSL
import Testing

@testable import HearthServer

/// The platform's mail senders: the outbox (files) and SMTP against a fake server.
@Suite struct MailSenderTests {
    static let message = MailMessage(
        to: "pat@example.com", subject: "Your sign-in link ✓", text: "Hello\n.starts with a dot\nLink: https://x.test/v?t=1",
        html: "<p>Hello</p>", link: "https://x.test/v?t=1", otp: "123456")

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "hearth-mail-" + UUID().uuidString
        return path
    }

    @Test func theOutboxWritesOneJSONFilePerMessageInAPrivateDirectory() async throws {
        let directory = try Self.directory() + "/nested/outbox"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualWallClock()
        let outbox = OutboxMailSender(directory: directory, clock: clock)
        try await outbox.send(Self.message)
        clock.advance(seconds: 1)
        try await outbox.send(MailMessage(to: "sam@example.com", subject: "Second", text: "plain"))
        let messages = try outbox.messages()
        #expect(messages.count == 2)
        #expect(
            messages[0] == [
                "to": "pat@example.com", "subject": "Your sign-in link ✓", "text": .string(Self.message.text), "html": "<p>Hello</p>",
                "link": "https://x.test/v?t=1", "otp": "123456", "created_at": .string(clock.now.adding(seconds: -1).iso8601),
            ])
        #expect(messages[1]["to"] == "sam@example.com")
        #expect(messages[1]["html"] == .null)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix(".json") }
        #expect(leftovers.isEmpty)
    }

    static func certificate() throws -> (NIOSSLCertificate, NIOSSLPrivateKey, String) {
        let directory = try Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (certificate, key) = (directory + "/cert.pem", directory + "/key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(openssl)
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return (try NIOSSLCertificate(file: certificate, format: .pem), try NIOSSLPrivateKey(file: key, format: .pem), directory)
    }

    static func sender(port: Int, host: String = "localhost", user: String? = "mailer", password: String? = "s3cret", trusting certificate: NIOSSLCertificate? = nil) -> SMTPMailSender {
        var configuration = SMTPMailSender.Configuration(host: host, port: port, user: user, password: password, from: "knot@hearth.test")
        configuration.timeout = .seconds(5)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let certificate { tls.trustRoots = .certificates([certificate]) }
        return SMTPMailSender(configuration: configuration, tls: tls)
    }

    @Test func smtpUpgradesWithSTARTTLSWhenOfferedThenAuthenticatesAndSendsADotStuffedMessage() async throws {
        let (certificate, key, directory) = try Self.certificate()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let context = try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
        let server = FakeSMTPServer(.init(tls: context))
        try await server.run { port in
            try await Self.sender(port: port, trusting: certificate).send(Self.message)
        }
        let commands = server.commands
        #expect(commands.first == "EHLO localhost")
        #expect(commands.dropFirst().first == "STARTTLS")
        let afterTLS = Array(commands.dropFirst(2))
        #expect(afterTLS.allSatisfy { $0.hasPrefix("tls:") })
        #expect(afterTLS.map { String($0.dropFirst(4)) }.map { $0.hasPrefix("AUTH PLAIN ") ? "AUTH PLAIN" : $0 } == [
            "EHLO localhost", "AUTH PLAIN", "MAIL FROM:<knot@hearth.test>", "RCPT TO:<pat@example.com>", "DATA", "QUIT",
        ])
        let message = try #require(server.messages.first)
        #expect(message.contains("To: pat@example.com"))
        #expect(message.contains("From: knot@hearth.test"))
        #expect(message.contains("Subject: =?UTF-8?B?\(Data("Your sign-in link ✓".utf8).base64EncodedString())?="))
        #expect(message.contains { $0.hasPrefix("Content-Type: multipart/alternative") })
        let body = try #require(Self.decodedParts(message).first)
        #expect(body == Self.message.text)
    }

    @Test func smtpUsesAuthLoginWhenThatIsAllTheServerOffers() async throws {
        let server = FakeSMTPServer(.init(tls: nil, authMechanisms: ["LOGIN"]))
        try await server.run { port in try await Self.sender(port: port, host: "127.0.0.1").send(Self.message) }
        #expect(server.commands.contains("AUTH LOGIN"))
        #expect(server.commands.contains("<password>"))
        #expect(server.messages.count == 1)
    }

    @Test func withoutTLSThePasswordIsNeverSentUnlessAllowed() async throws {
        let server = FakeSMTPServer(.init(tls: nil))
        await #expect(throws: MailDeliveryError.self) {
            try await server.run { port in
                var sender = Self.sender(port: port, host: "127.0.0.1").configuration
                sender.allowsCleartextAuthentication = false
                try await SMTPMailSender(configuration: sender).send(Self.message)
            }
        }
        #expect(!server.commands.contains { $0.hasPrefix("AUTH") })
        #expect(server.messages.isEmpty)
    }

    @Test func wrongCredentialsARefusedRecipientAndHeaderInjectionFail() async throws {
        let server = FakeSMTPServer(.init(tls: nil))
        try await server.run { port in
            await #expect(throws: MailDeliveryError.self) {
                try await Self.sender(port: port, host: "127.0.0.1", password: "wrong").send(Self.message)
            }
            await #expect(throws: MailDeliveryError.self) {
                try await Self.sender(port: port, host: "127.0.0.1").send(MailMessage(to: "pat@example.com\r\nRCPT TO:<x@y.z>", subject: "x", text: "x"))
            }
        }
        #expect(server.messages.isEmpty)
        let refusing = FakeSMTPServer(.init(tls: nil, refuseRecipient: true))
        try await refusing.run { port in
            await #expect(throws: MailDeliveryError.self) { try await Self.sender(port: port, host: "127.0.0.1", user: nil).send(Self.message) }
        }
        #expect(refusing.messages.isEmpty)
    }

    @Test func aServerThatStopsAnsweringTimesOut() async throws {
        let server = FakeSMTPServer(.init(tls: nil, stallAfterGreeting: true))
        try await server.run { port in
            var configuration = Self.sender(port: port, host: "127.0.0.1").configuration
            configuration.timeout = .milliseconds(300)
            await #expect(throws: MailDeliveryError.self) { try await SMTPMailSender(configuration: configuration).send(Self.message) }
        }
        #expect(server.commands == ["EHLO localhost"])
    }

    @Test func dataLinesStartingWithADotAreDoubledAndTheMessageEndsWithADotLine() {
        #expect(SMTPMessage.terminated(["Subject: x", "", ".", "..two", "a.b"]) == "Subject: x\r\n\r\n..\r\n...two\r\na.b\r\n.\r\n")
    }

    /// The text of each base64 part of a received message.
    static func decodedParts(_ lines: [String]) -> [String] {
        var parts: [String] = []
        var current: [String]?
        for line in lines {
            if line == "Content-Transfer-Encoding: base64" {
                current = []
            } else if current != nil, line.hasPrefix("--") {
                parts.append(String(decoding: Data(base64Encoded: (current ?? []).joined()) ?? Data(), as: UTF8.self))
                current = nil
            } else if current != nil, !line.isEmpty {
                current?.append(line)
            }
        }
        return parts
    }
}
