import Foundation
import HearthCore
import Testing
import HearthQRCode

private let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// End-to-end check with an independent decoder; skipped when zbar-tools is not installed.
@Suite("zbarimg round trip", .enabled(if: zbarimg != nil, "zbarimg (zbar-tools) not installed"))
struct ZbarRoundTripTests {
    @Test(arguments: [
        "https://wishwith.me/s/aB3xYz9QkLmN0pRsTuVw",
        "https://wishwith.me/s/" + String(repeating: "Q7x", count: 60),
    ])
    func zbarDecodesTheImage(text: String) throws {
        let executable = try #require(zbarimg)
        let png = try QRCodeImage.png(encoding: text, moduleSize: 4)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-qr-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--quiet", "--raw", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // ImageMagick inside zbar logs D-Bus noise
        try ProcessLaunch.run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        let decoded = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        #expect(decoded == text)
    }
}
