import Testing
@testable import HearthQRCode

@Suite("QRMatrix")
struct QRMatrixTests {
    @Test func sizeFollowsVersion() throws {
        let matrix = try QRMatrix(encoding: "hello")
        #expect(matrix.version == 1)
        #expect(matrix.size == 21)
        let url = try QRMatrix(encoding: "https://wishwith.me/s/aB3xYz9QkLmN0pRsTuVw")
        #expect(url.size == 17 + 4 * url.version)
    }

    @Test func higherCorrectionNeedsALargerSymbol() throws {
        let text = "https://wishwith.me/s/aB3xYz9QkLmN0pRsTuVw"
        let low = try QRMatrix(encoding: text, errorCorrection: .low)
        let high = try QRMatrix(encoding: text, errorCorrection: .high)
        #expect(high.version > low.version)
    }

    /// The three 7x7 finder patterns (dark ring, light ring, dark 3x3 core) prove the grid is
    /// read with the right orientation and the dark bit is decoded correctly.
    @Test func hasFinderPatternsInThreeCorners() throws {
        let matrix = try QRMatrix(encoding: "https://wishwith.me/s/aB3xYz9QkLmN0pRsTuVw")
        let last = matrix.size - 7
        for (top, left) in [(0, 0), (0, last), (last, 0)] {
            for r in 0..<7 {
                for c in 0..<7 {
                    let ring = max(abs(r - 3), abs(c - 3))
                    #expect(matrix.isDark(row: top + r, column: left + c) == (ring != 2), "finder at (\(top), \(left))")
                }
            }
        }
        // The bottom-right corner has no finder pattern.
        let br = matrix.size - 4
        #expect(!(0..<7).allSatisfy { matrix.isDark(row: br, column: matrix.size - 1 - $0) })
    }

    @Test func embeddedNULBytesAreEncoded() throws {
        #expect(try QRMatrix(encoding: "a\0b") != QRMatrix(encoding: "a"))
    }
}
