import Foundation
import Testing
@testable import HearthQRCode

private let shareURL = "https://wishwith.me/s/aB3xYz9QkLmN0pRsTuVw"

@Suite("QRCodeImage")
struct QRCodeImageTests {
    @Test func startsWithPNGSignatureAndIsOneBitPalette() throws {
        let png = try QRCodeImage.png(encoding: shareURL)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(png[24] == 1, "bit depth")
        #expect(png[25] == 3, "colour type: palette")
    }

    @Test(arguments: [(8, 4), (1, 0), (3, 2), (10, 4)])
    func everyPixelMatchesTheMatrix(moduleSize: Int, quietZone: Int) throws {
        let matrix = try QRMatrix(encoding: shareURL)
        let png = try QRCodeImage.png(encoding: shareURL, moduleSize: moduleSize, quietZone: quietZone)
        let decoded = try #require(DecodedPNG(png))

        let side = (matrix.size + 2 * quietZone) * moduleSize
        #expect(decoded.width == side)
        #expect(decoded.height == side)

        var mismatches = 0
        for y in 0..<side {
            for x in 0..<side {
                let row = y / moduleSize - quietZone
                let column = x / moduleSize - quietZone
                let inSymbol = (0..<matrix.size).contains(row) && (0..<matrix.size).contains(column)
                let expected: UInt8 = inSymbol && matrix.isDark(row: row, column: column) ? 0 : 255
                if decoded.pixel(x: x, y: y) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func quietZoneIsWhite() throws {
        let moduleSize = 4, quietZone = 4
        let decoded = try #require(DecodedPNG(QRCodeImage.png(encoding: shareURL, moduleSize: moduleSize, quietZone: quietZone)))
        let border = moduleSize * quietZone
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let inBorder = x < border || y < border || x >= decoded.width - border || y >= decoded.height - border
                if inBorder, decoded.pixel(x: x, y: y) != 255 {
                    Issue.record("quiet zone pixel (\(x), \(y)) is not white")
                    return
                }
            }
        }
        // The top-left finder pattern starts right where the quiet zone ends.
        #expect(decoded.pixel(x: border, y: border) == 0)
    }

    @Test func isDeterministic() throws {
        #expect(try QRCodeImage.png(encoding: shareURL) == QRCodeImage.png(encoding: shareURL))
    }

    @Test func differentInputsGiveDifferentImages() throws {
        let a = try QRCodeImage.png(encoding: shareURL)
        let b = try QRCodeImage.png(encoding: shareURL + "x")
        #expect(a != b)
        #expect(try QRMatrix(encoding: shareURL) != QRMatrix(encoding: shareURL + "x"))
    }

    @Test func base64IsThePlainPNG() throws {
        let base64 = try QRCodeImage.base64PNG(encoding: shareURL, moduleSize: 5)
        #expect(!base64.hasPrefix("data:"))
        let decoded = try #require(Data(base64Encoded: base64))
        #expect([UInt8](decoded) == (try QRCodeImage.png(encoding: shareURL, moduleSize: 5)))
    }

    @Test func emptyInputIsRejected() {
        #expect(throws: QRCodeError.emptyInput) { try QRCodeImage.png(encoding: "") }
    }

    @Test func tenKilobytesIsTooLong() {
        let text = String(repeating: "a", count: 10_000)
        #expect(throws: QRCodeError.inputTooLong(byteCount: 10_000)) { try QRCodeImage.png(encoding: text) }
    }

    @Test func tooLongForHighButFineForLowCorrection() throws {
        // Byte-mode capacity of version 40: 2953 bytes at L, 1273 at H.
        let text = String(repeating: "z", count: 2000)
        #expect(try QRMatrix(encoding: text, errorCorrection: .low).version > 30)
        #expect(throws: QRCodeError.inputTooLong(byteCount: 2000)) {
            try QRMatrix(encoding: text, errorCorrection: .high)
        }
    }

    @Test func capacityLimitAtLevelLow() throws {
        #expect(try QRMatrix(encoding: String(repeating: "z", count: 2953), errorCorrection: .low).size == 177)
        #expect(throws: QRCodeError.inputTooLong(byteCount: 2954)) {
            try QRMatrix(encoding: String(repeating: "z", count: 2954), errorCorrection: .low)
        }
    }

    @Test(arguments: [(0, 4), (65, 4), (8, -1), (8, 17)])
    func invalidLayoutIsRejected(moduleSize: Int, quietZone: Int) {
        #expect(throws: QRCodeError.invalidLayout(moduleSize: moduleSize, quietZone: quietZone)) {
            try QRCodeImage.png(encoding: shareURL, moduleSize: moduleSize, quietZone: quietZone)
        }
    }

    @Test func concurrentCallsMatchSequentialOnes() async throws {
        let inputs = (0..<64).map { "\(shareURL)/\($0)" }
        let expected = try inputs.map { try QRCodeImage.png(encoding: $0, moduleSize: 3) }
        let results = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask { (index, try QRCodeImage.png(encoding: input, moduleSize: 3)) }
            }
            var results = [[UInt8]](repeating: [], count: inputs.count)
            for try await (index, png) in group { results[index] = png }
            return results
        }
        #expect(results == expected)
    }
}
