import Foundation

/// The CSV export (spec §2.3): a header, one row per exported item, and a row with only the
/// list's name, dates and order for a list without exported items. Every row ends with LF.
/// Descriptions, quantities and dates are always written.
extension ListAllExporter {
    public static let csvHeader = "List Name,Item Title,Description,Quantity,Crossed Out,Created Date,Modified Date,Order"

    public func csv(_ library: ListAllLibrary, options: ExportOptions) -> String {
        var buffer = ExportBuffer(reservingCapacity: 4096)
        buffer.append(Self.csvHeader)
        buffer.append(byte: UInt8(ascii: "\n"))
        for list in ExportSelection.lists(of: library, options: options) {
            let items = ExportSelection.items(of: list, options: options)
            if items.isEmpty {
                CSVField.append(list.name, to: &buffer)
                buffer.append(",,,,," as StaticString)
                buffer.append(machineDate: list.createdAt)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(machineDate: list.modifiedAt)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(int: list.orderNumber)
                buffer.append(byte: UInt8(ascii: "\n"))
                continue
            }
            for item in items {
                CSVField.append(list.name, to: &buffer)
                buffer.append(byte: UInt8(ascii: ","))
                CSVField.append(item.title, to: &buffer)
                buffer.append(byte: UInt8(ascii: ","))
                CSVField.append(item.itemDescription ?? "", to: &buffer)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(int: item.quantity)
                buffer.append(item.isCrossedOut ? ",Yes," as StaticString : ",No,")
                buffer.append(machineDate: item.createdAt)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(machineDate: item.modifiedAt)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(int: item.orderNumber)
                buffer.append(byte: UInt8(ascii: "\n"))
            }
        }
        return buffer.string
    }
}

/// CSV field escaping (spec §2.3): a field holding a comma, a double quote or an LF (also
/// the LF of a CRLF) is wrapped in quotes with every quote doubled. A lone CR is written
/// as it is, unquoted, as the original does.
enum CSVField {
    static func append(_ field: String, to buffer: inout ExportBuffer) {
        let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A }
        guard needsQuotes else {
            buffer.append(field)
            return
        }
        buffer.append(byte: UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { buffer.append(byte: byte) }
            buffer.append(byte: byte)
        }
        buffer.append(byte: UInt8(ascii: "\""))
    }

    static func escaped(_ field: String) -> String {
        var buffer = ExportBuffer()
        append(field, to: &buffer)
        return buffer.string
    }
}
