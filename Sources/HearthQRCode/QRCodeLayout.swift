/// How a `QRMatrix` is laid out in pixels: square modules of `moduleSize` pixels,
/// surrounded by `quietZone` light modules on every side.
struct QRCodeLayout: Sendable {
    static let moduleSizes = 1...64
    /// The QR specification asks for at least 4; 0 is allowed for callers that add their own margin.
    static let quietZones = 0...16

    let moduleSize: Int
    let quietZone: Int

    init(moduleSize: Int, quietZone: Int) throws(QRCodeError) {
        guard Self.moduleSizes.contains(moduleSize), Self.quietZones.contains(quietZone) else {
            throw .invalidLayout(moduleSize: moduleSize, quietZone: quietZone)
        }
        self.moduleSize = moduleSize
        self.quietZone = quietZone
    }

    /// Side length in pixels of the rendered image.
    func pixelSize(of matrix: QRMatrix) -> Int {
        (matrix.size + 2 * quietZone) * moduleSize
    }

    /// Row-major pixels, one byte each: `PNGEncoder.dark` or `PNGEncoder.light`.
    func rasterize(_ matrix: QRMatrix) -> [UInt8] {
        let side = pixelSize(of: matrix)
        var pixels = [UInt8](repeating: PNGEncoder.light, count: side * side)
        for row in 0..<matrix.size {
            for column in 0..<matrix.size where matrix.isDark(row: row, column: column) {
                let top = (row + quietZone) * moduleSize
                let left = (column + quietZone) * moduleSize
                for y in top..<(top + moduleSize) {
                    let start = y * side + left
                    pixels[start..<(start + moduleSize)] = ArraySlice(repeating: PNGEncoder.dark, count: moduleSize)
                }
            }
        }
        return pixels
    }
}
