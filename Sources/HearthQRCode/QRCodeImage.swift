#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders text (typically a share URL) as a QR code PNG.
///
/// All entry points are pure functions and safe to call concurrently.
public enum QRCodeImage {
    /// PNG bytes of a QR code for `text`.
    ///
    /// The image is square with side `(modules + 2 * quietZone) * moduleSize` pixels,
    /// black modules on a white background, stored as a 1-bit palette PNG.
    /// - Parameters:
    ///   - moduleSize: pixels per module, `1...64`.
    ///   - quietZone: light border in modules on every side, `0...16` (the spec asks for 4).
    public static func png(
        encoding text: String,
        moduleSize: Int = 8,
        quietZone: Int = 4,
        errorCorrection: ErrorCorrection = .medium
    ) throws(QRCodeError) -> [UInt8] {
        let layout = try QRCodeLayout(moduleSize: moduleSize, quietZone: quietZone)
        let matrix = try QRMatrix(encoding: text, errorCorrection: errorCorrection)
        let side = layout.pixelSize(of: matrix)
        return try PNGEncoder.encode(pixels: layout.rasterize(matrix), width: side, height: side)
    }

    /// The same PNG as `png(encoding:…)`, base64 encoded (no `data:` prefix).
    public static func base64PNG(
        encoding text: String,
        moduleSize: Int = 8,
        quietZone: Int = 4,
        errorCorrection: ErrorCorrection = .medium
    ) throws(QRCodeError) -> String {
        let bytes = try png(encoding: text, moduleSize: moduleSize, quietZone: quietZone, errorCorrection: errorCorrection)
        return Data(bytes).base64EncodedString()
    }
}
