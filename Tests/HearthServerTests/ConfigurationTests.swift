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

    @Test func outboundFetchesReachNoPrivateHostUnlessTheOperatorListsIt() throws {
        #expect(try ServerConfiguration.resolve(.init(), environment: [:]).outboundAllowHosts.isEmpty)
        let listed = try ServerConfiguration.resolve(.init(), environment: ["HEARTH_OUTBOUND_ALLOW_HOSTS": "127.0.0.1, shop.lan"])
        #expect(listed.outboundAllowHosts == ["127.0.0.1", "shop.lan"])
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

    @Test func anOperatorSecretComesFromTheEnvironmentOrAFileNeverBoth() throws {
        let hex = String(repeating: "ab", count: 32)
        #expect(try ServerConfiguration.resolve(.init(), environment: ["HEARTH_SIGNING_SECRET": hex]).signingSecret == .hex(hex))
        var flags = ServerConfiguration.Overrides()
        flags.signingSecretFile = "/run/secrets/hearth"
        #expect(try ServerConfiguration.resolve(flags, environment: [:]).signingSecret == .file("/run/secrets/hearth"))
        #expect(try ServerConfiguration.resolve(.init(), environment: [:]).signingSecret == nil)
        #expect { try ServerConfiguration.resolve(flags, environment: ["HEARTH_SIGNING_SECRET": hex]) } throws: { "\($0)".contains("not both") }
    }

    @Test func aDataDirectoryThatIsAFileIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try DatabaseOpener.prepareDataDirectory(path) } throws: { "\($0)".contains("is not a directory") }
    }
}
