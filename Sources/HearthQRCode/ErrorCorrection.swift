import CQREncode

/// QR error-correction level: how much of the symbol may be damaged and still decode.
/// Higher levels produce larger symbols for the same input.
public enum ErrorCorrection: Sendable, CaseIterable {
    /// Recovers ~7% of the codewords.
    case low
    /// Recovers ~15% of the codewords.
    case medium
    /// Recovers ~25% of the codewords.
    case quartile
    /// Recovers ~30% of the codewords.
    case high

    var cLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
