import Foundation
import HearthCore

/// The answer of CouchDB's `GET /<db>/_all_docs?include_docs=true`, which is also the
/// format of a dump of it: `{"total_rows": n, "offset": 0, "rows": [{"id", "key", "value",
/// "doc"}]}`. A file holding `{"docs": [...]}` or a bare array of documents is read too.
public enum CouchDBAllDocs {
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    struct Page: Sendable {
        let documents: [JSONValue]
        let rows: Int
        let lastKey: String?
        let totalRows: Int?
    }

    /// Room for the original's largest documents (data-URL images) and a whole dump file.
    static func parser(maxBytes: Int) -> JSONParser {
        JSONParser(limits: JSONParser.Limits(maxBytes: maxBytes, maxDepth: 64, maxStringBytes: 64 * 1024 * 1024))
    }

    /// Every document of a dump file.
    public static func documents(inFile path: String) throws -> [JSONValue] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FormatError(description: "cannot read \(path): \((error as NSError).localizedDescription)")
        }
        let json: JSONValue
        do {
            json = try parser(maxBytes: max(data.count, 1)).parse(data)
        } catch {
            throw FormatError(description: "\(path) is not JSON (\(error))")
        }
        if let array = json.arrayValue { return array }
        if let docs = json["docs"]?.arrayValue { return docs }
        return try page(json, source: path).documents
    }

    static func page(_ json: JSONValue, source: String) throws -> Page {
        guard let rows = json["rows"]?.arrayValue else {
            throw FormatError(
                description: "\(source) is not an _all_docs answer (no \"rows\"); dump it with "
                    + "curl 'http://host:5984/<db>/_all_docs?include_docs=true' > dump.json")
        }
        let documents = rows.compactMap { row in row["doc"].flatMap { $0.objectValue == nil ? nil : $0 } }
        if !rows.isEmpty, documents.isEmpty {
            throw FormatError(description: "\(source) has rows without documents; add include_docs=true to the _all_docs request")
        }
        return Page(documents: documents, rows: rows.count, lastKey: rows.last?["id"]?.stringValue, totalRows: json["total_rows"]?.intValue.map(Int.init))
    }
}
