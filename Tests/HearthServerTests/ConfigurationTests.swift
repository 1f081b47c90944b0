import Foundation
import HearthServer
import Testing

@Suite struct ConfigurationTests {
    @Test func flagsBeatEnvironmentWhichBeatsDefaults() throws {
        var flags = ServerConfiguration.Overrides()
        flags.port = 9000
        let environment = ["HEARTH_PORT": "7000", "HEARTH_HOST": "0.0.0.0", "HEARTH_CORS_ORIGINS": "https://a.example, https://b.example"]
        let configuration = try ServerConfiguration.resolve(flags, environment: environment)
        #expect(configuration.port == 9000)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.corsOrigins == ["https://a.example", "https://b.example"])
        #expect(configuration.dataDirectory == "./hearth-data")
        #expect(configuration.databaseURL == nil)
        #expect(configuration.accessTokenSeconds == 900)
        #expect(configuration.bcryptCost >= 10)
    }

    @Test func badValuesAreRefusedNamingTheSetting() {
        #expect { try ServerConfiguration.resolve(.init(), environment: ["HEARTH_PORT": "eighty"]) } throws: { error in
            "\(error)".contains("HEARTH_PORT='eighty' is not a whole number")
        }
        var flags = ServerConfiguration.Overrides()
        flags.bcryptCost = 4
        #expect { try ServerConfiguration.resolve(flags, environment: [:]) } throws: { "\($0)".contains("bcrypt-cost") }
        flags = .init()
        flags.refreshReuseGraceSeconds = 60
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.resolve(flags, environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.resolve(.init(), environment: ["HEARTH_LOG_LEVEL": "loud"]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.resolve(.init(), environment: ["HEARTH_TRUSTED_PROXIES": "proxy.local"]) }
    }

    @Test func theSigningSecretIsCreatedPrivateOnceAndReused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)").path
        try DatabaseOpener.prepareDataDirectory(directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try SigningSecret.loadOrCreate(inDirectory: directory)
        let second = try SigningSecret.loadOrCreate(inDirectory: directory)
        #expect(first.count >= 32)
        #expect(first == second)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + SigningSecret.fileName)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)").path
        try DatabaseOpener.prepareDataDirectory(other)
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(try SigningSecret.loadOrCreate(inDirectory: other) != first)
    }

    @Test func aDataDirectoryThatIsAFileIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try DatabaseOpener.prepareDataDirectory(path) } throws: { "\($0)".contains("is not a directory") }
    }
}
