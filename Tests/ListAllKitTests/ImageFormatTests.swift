import Foundation
import HearthImaging
import ListAllKit
import Testing

/// Format sniffing and size labels of spec §1.3.
struct ImageFormatTests {
    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xD9], ImageFormat.jpeg), ([0x89, 0x50, 0x4E, 0x47, 0x0D], .png),
        ([0x47, 0x49, 0x46, 0x38], .gif), ([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0], .webP), ([0, 1, 2, 3], .unknown),
        ([0xFF, 0xD9, 0xFF, 0xD8], .unknown), ([0x89, 0x50, 0x4E, 0x48], .unknown),
    ] as [([UInt8], ImageFormat)])
    func sniffingReadsTheFirstBytes(_ bytes: [UInt8], _ format: ImageFormat) {
        #expect(ImageFormat.sniff(Data(bytes)) == format)
    }

    @Test func sniffingNeedsFourBytes() {
        #expect(ImageFormat.sniff(Data()) == nil)
        #expect(ImageFormat.sniff(Data([0xFF, 0xD8, 0xFF])) == nil)
        #expect(ImageFormat.sniff(Data([0x47, 0x49, 0x46])) == nil)
        // A slice that does not start at index 0 still sniffs its own first bytes.
        let sliced = Data([0, 0xFF, 0xD8, 0xFF, 0xE0]).dropFirst()
        #expect(ImageFormat.sniff(sliced) == .jpeg)
    }

    @Test func formatNamesAreTheOriginalOnes() {
        #expect(ImageFormat.allCases.map(\.rawValue) == ["JPEG", "PNG", "GIF", "WebP", "Unknown"])
    }

    @Test(arguments: [
        (0, "0 B"), (500, "500 B"), (1023, "1023 B"), (1024, "1.0 KB"), (1500, "1.5 KB"), (1_048_575, "1024.0 KB"),
        (1_048_576, "1.0 MB"), (1_500_000, "1.4 MB"), (5_242_880, "5.0 MB"),
    ])
    func formattedSizeExamples(_ bytes: Int, _ text: String) {
        #expect(ItemImage.formattedSize(bytes) == text)
        let image = ItemImage(imageData: Data(count: bytes), createdAt: FixtureF.now)
        #expect(image.formattedSize == text)
        #expect(image.imageSize == bytes)
    }
}
