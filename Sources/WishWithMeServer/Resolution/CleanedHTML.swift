import CLibXML2

/// A page's HTML reduced to what a reader (the language model of spec §6.2 step 4) needs:
/// scripts, styles, `noscript`, SVG, templates, frames and comments removed, attributes
/// other than a few meaningful ones dropped, whitespace collapsed, cut to a length.
///
/// Parsed by libxml2's forgiving HTML parser, like ``HTMLDocument``; the walk is iterative.
enum CleanedHTML {
    /// Elements dropped with everything inside them.
    static let droppedElements: Set<String> = [
        "script", "style", "noscript", "svg", "template", "iframe", "frame", "frameset", "object", "embed", "canvas", "link",
        "math", "audio", "video", "map",
    ]
    /// Attributes kept; all others (styles, event handlers, data-*) are noise for a reader.
    static let keptAttributes = [
        "href", "src", "alt", "title", "itemprop", "itemtype", "property", "name", "content", "datetime", "value", "class",
    ]
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "hr", "img", "input", "meta", "param", "source", "track", "wbr",
    ]
    private static let longestAttribute = 300
    private static let libraryReady: Void = xmlInitParser()
    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
    )

    /// The cleaned markup of `bytes` (at most `limit` characters); with `markup: false`
    /// only the visible text. Empty for input libxml2 cannot read.
    static func clean(_ bytes: ArraySlice<UInt8>, encoding: String?, limit: Int, markup: Bool = true) -> String {
        _ = libraryReady
        guard !bytes.isEmpty, limit > 0, bytes.count <= Int(Int32.max) else { return "" }
        let saved = clibxml2_silence_errors()
        defer { clibxml2_restore_errors(saved) }
        let parsed: htmlDocPtr? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return htmlReadMemory(base, Int32(buffer.count), nil, encoding, options)
        }
        guard let parsed else { return "" }
        defer { xmlFreeDoc(parsed) }
        var writer = Writer(limit: limit, markup: markup)
        writer.walk(from: parsed.pointee.children)
        return writer.result
    }

    private struct Writer {
        let limit: Int
        let markup: Bool
        private var output = ""
        private var count = 0
        private var endsWithSpace = true

        init(limit: Int, markup: Bool) {
            self.limit = limit
            self.markup = markup
        }

        var result: String {
            let trimmed = output.hasSuffix(" ") ? String(output.dropLast()) : output
            return count > limit ? String(trimmed.prefix(limit)) : trimmed
        }

        mutating func walk(from first: xmlNodePtr?) {
            var current = first
            while let node = current, count < limit {
                if node.pointee.type == XML_ELEMENT_NODE {
                    let name = Self.name(of: node)
                    if !droppedElements.contains(name) {
                        open(node, name: name)
                        if !voidElements.contains(name) {
                            if let child = node.pointee.children {
                                current = child
                                continue
                            }
                            close(name)
                        }
                    }
                } else if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE, let content = node.pointee.content {
                    text(String(cString: content))
                }
                current = nil
                var climbing = node
                while true {
                    if let next = climbing.pointee.next {
                        current = next
                        break
                    }
                    guard let parent = climbing.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                    close(Self.name(of: parent))
                    climbing = parent
                }
            }
        }

        private static func name(of node: xmlNodePtr) -> String {
            node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        }

        private mutating func open(_ node: xmlNodePtr, name: String) {
            guard markup else { return separateWords() }
            var tag = "<" + name
            for attribute in keptAttributes {
                guard let raw = xmlGetProp(node, attribute) else { continue }
                let value = String(cString: raw)
                clibxml2_free(raw)
                let collapsed = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let lowered = collapsed.lowercased()
                guard !collapsed.isEmpty, collapsed.count <= longestAttribute, !lowered.hasPrefix("data:"), !lowered.hasPrefix("javascript:")
                else { continue }
                tag += " \(attribute)=\"\(Self.escaped(collapsed, quotes: true))\""
            }
            append(tag + ">")
            // Whitespace right inside an opening tag is layout, not text.
            endsWithSpace = true
        }

        private mutating func close(_ name: String) {
            guard markup else { return separateWords() }
            guard !voidElements.contains(name), !droppedElements.contains(name) else { return }
            append("</\(name)>")
        }

        /// In text-only output, elements separate words ("<p>Price</p><p>10</p>" is "Price 10").
        private mutating func separateWords() {
            if !endsWithSpace { append(" ") }
        }

        private mutating func text(_ text: String) {
            guard !text.isEmpty else { return }
            let words = text.split(whereSeparator: { $0.isWhitespace })
            let leading = text.first?.isWhitespace ?? false
            let trailing = text.last?.isWhitespace ?? false
            if words.isEmpty {
                if !endsWithSpace { append(" ") }
                return
            }
            var piece = leading && !endsWithSpace ? " " : ""
            piece += words.joined(separator: " ")
            if trailing { piece += " " }
            append(markup ? Self.escaped(piece, quotes: false) : piece)
        }

        private mutating func append(_ piece: String) {
            output += piece
            count += piece.count
            endsWithSpace = piece.last == " "
        }

        private static func escaped(_ text: String, quotes: Bool) -> String {
            guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quotes && $0 == "\"") }) else { return text }
            var result = ""
            for character in text {
                switch character {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"" where quotes: result += "&quot;"
                default: result.append(character)
                }
            }
            return result
        }
    }
}
