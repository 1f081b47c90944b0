/// The guard every decoder applies to the size a header announces, before any pixel memory is
/// allocated: a few hundred bytes of PNG or WebP may otherwise claim gigabytes.
struct PixelBudget: Sendable {
    /// 0 or less means no limit, as for `LibJPEGCodec`.
    let maximumPixelCount: Int

    /// The byte count of a `width` × `height` bitmap in `layout`, once the size is known to be
    /// positive and within the budget.
    func byteCount(
        width: Int, height: Int, layout: ImageBitmap.Layout, format: ImageFormat
    ) throws(PictureDecodingError) -> Int {
        guard width > 0, height > 0 else {
            throw .undecodable(format: format, reason: "the header announces a \(width)x\(height) image")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, maximumPixelCount <= 0 || area <= maximumPixelCount else {
            throw .tooManyPixels(width: width, height: height)
        }
        let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: layout.bytesPerPixel)
        guard !bytesOverflow else { throw .tooManyPixels(width: width, height: height) }
        return bytes
    }
}
