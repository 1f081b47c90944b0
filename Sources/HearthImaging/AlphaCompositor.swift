/// Flattens transparency: JPEG has no alpha channel and `LibJPEGCodec` simply drops it, which
/// turns transparent pixels into whatever colour they happen to carry (often black). Blending
/// onto a background first gives what a browser shows on a white page.
public enum AlphaCompositor {
    /// `bitmap` blended over opaque white with straight (non-premultiplied) alpha, as `.rgb`:
    /// each channel becomes `(c × a + 255 × (255 − a)) / 255`, rounded. An `.rgb` bitmap is
    /// returned unchanged.
    public static func onWhite(_ bitmap: ImageBitmap) -> ImageBitmap {
        guard bitmap.layout == .rgba else { return bitmap }
        let pixelCount = bitmap.width * bitmap.height
        var output = [UInt8](repeating: 0, count: pixelCount * 3)
        bitmap.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for index in 0..<pixelCount {
                    let alpha = Int(source[index * 4 + 3])
                    let white = 255 * (255 - alpha) + 127
                    for channel in 0..<3 {
                        target[index * 3 + channel] = UInt8((Int(source[index * 4 + channel]) * alpha + white) / 255)
                    }
                }
            }
        }
        return ImageBitmap(derivedWidth: bitmap.width, height: bitmap.height, layout: .rgb, pixels: output)
    }
}
