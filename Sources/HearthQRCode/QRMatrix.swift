import CQREncode

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The square grid of dark/light modules of a QR code symbol, without quiet zone.
public struct QRMatrix: Sendable, Equatable {
    /// Byte-mode capacity of a version 40 symbol at level L; anything longer can never fit,
    /// so it is rejected before reaching C (whose length parameter is an `Int32`).
    static let maximumByteCount = 2953

    /// Number of modules along each side.
    public let size: Int
    /// QR symbol version (1...40).
    public let version: Int
    /// Row-major, `true` = dark module.
    private let modules: [Bool]

    /// Encodes the UTF-8 bytes of `text` in 8-bit (byte) mode, choosing the smallest version that fits.
    public init(encoding text: String, errorCorrection: ErrorCorrection = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .emptyInput }
        guard bytes.count <= Self.maximumByteCount else { throw .inputTooLong(byteCount: bytes.count) }

        // QRcode_encodeData (not encodeString8bit) so that embedded NUL bytes are encoded, not truncated.
        // libqrencode is thread-safe when built with pthread, as Debian's build is.
        errno = 0
        let code = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, errorCorrection.cLevel)
        }
        let failure = errno
        guard let code else {
            if failure == ERANGE { throw .inputTooLong(byteCount: bytes.count) }
            throw .encodingFailed(errno: failure)
        }
        defer { QRcode_free(code) }

        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { throw .encodingFailed(errno: 0) }
        // Only the least significant bit means dark/light; the other bits describe the module's role.
        let cells = UnsafeBufferPointer(start: data, count: width * width)
        self.modules = cells.map { $0 & 1 == 1 }
        self.size = width
        self.version = Int(code.pointee.version)
    }

    /// Whether the module at `row`, `column` (both `0..<size`) is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        precondition((0..<size).contains(row) && (0..<size).contains(column), "module out of range")
        return modules[row * size + column]
    }
}
