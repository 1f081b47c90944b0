import CPNG

/// A PNG decoded to 8-bit gray with libpng's simplified read API, independent of the encoder.
struct DecodedPNG {
    let width: Int
    let height: Int
    let gray: [UInt8]

    init?(_ bytes: [UInt8]) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { return nil }
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height))
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { return nil }
        width = Int(image.width)
        height = Int(image.height)
        gray = pixels
    }

    func pixel(x: Int, y: Int) -> UInt8 { gray[y * width + x] }
}
