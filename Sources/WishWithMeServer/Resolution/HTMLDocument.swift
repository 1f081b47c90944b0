import CLibXML2

/// An HTML page parsed by libxml2's forgiving HTML parser; the tree is freed with this object.
///
/// Not thread-safe: create, read and drop it on one task. Independent documents may be
/// parsed on many threads at once.
final class HTMLDocument {
    enum WalkStep {
        case descend
        case skipChildren
        case stop
    }

    private static let libraryReady: Void = xmlInitParser()

    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue
    )

    private let document: htmlDocPtr

    /// Parses `bytes` as HTML. `encoding` (an IANA charset name, e.g. from the HTTP
    /// `Content-Type` header) overrides the page's `<meta charset>`; with `nil` libxml2
    /// follows a byte-order mark or the page's meta tag and otherwise assumes UTF-8.
    /// Returns `nil` for empty input or when libxml2 produces no document at all.
    init?(bytes: ArraySlice<UInt8>, encoding: String?) {
        _ = Self.libraryReady
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return nil }
        let saved = clibxml2_silence_errors()
        defer { clibxml2_restore_errors(saved) }
        let parsed: htmlDocPtr? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return htmlReadMemory(base, Int32(buffer.count), nil, encoding, Self.options)
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// Visits the elements below `ancestor` (the whole document when `nil`) in document
    /// order. Iterative, so deeply nested garbage cannot exhaust the stack.
    func forEachElement(below ancestor: HTMLElement? = nil, _ visit: (HTMLElement) -> WalkStep) {
        let top = ancestor.map { UnsafeMutableRawPointer($0.node) } ?? UnsafeMutableRawPointer(document)
        var current = ancestor.map { $0.node.pointee.children } ?? document.pointee.children
        while let node = current {
            var step = WalkStep.skipChildren
            if node.pointee.type == XML_ELEMENT_NODE {
                step = visit(HTMLElement(node: node))
            }
            if step == .stop { return }
            if step == .descend, node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                current = child
                continue
            }
            current = nil
            var climbing = node
            while true {
                if let next = climbing.pointee.next {
                    current = next
                    break
                }
                guard let parent = climbing.pointee.parent, UnsafeMutableRawPointer(parent) != top else { break }
                climbing = parent
            }
        }
    }
}

/// An element of an ``HTMLDocument``; valid only while its document is alive.
struct HTMLElement {
    fileprivate let node: xmlNodePtr

    /// The tag name, lower-cased by the parser.
    var name: String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    func hasAttribute(_ name: String) -> Bool {
        xmlHasProp(node, name) != nil
    }

    /// The text of the element and all its descendants, entities decoded.
    var text: String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { clibxml2_free(content) }
        return String(cString: content)
    }
}
