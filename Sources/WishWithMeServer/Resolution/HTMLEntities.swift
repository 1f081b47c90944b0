import CLibXML2

/// Decodes HTML character references (`&amp;`, `&#1056;`, `&#x20BD;`, `&nbsp;`) in text
/// that libxml2 leaves alone, such as the raw contents of a `<script>` element.
/// References without their closing `;` or with unknown names are kept as written.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, length) = reference(in: scalars, at: index) {
                result.append(decoded)
                index += length
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The scalar a reference starting at `start` stands for, and the reference's length.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        let longestReference = 12
        var end = start + 1
        while end < scalars.count, end - start <= longestReference, scalars[end] != ";" {
            end += 1
        }
        guard end < scalars.count, scalars[end] == ";", end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32? =
                if digits.first == "x" || digits.first == "X" {
                    UInt32(digits.dropFirst(), radix: 16)
                } else {
                    UInt32(digits, radix: 10)
                }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }
        guard let entity = htmlEntityLookup(body), let scalar = Unicode.Scalar(entity.pointee.value) else {
            return nil
        }
        return (scalar, length)
    }
}
