import Foundation

/// Sharing one list, or the whole store (spec §2.6). A single list is re-read from the
/// library by id, so the share shows what is stored, not a stale copy.
public struct ListShare: Sendable {
    public let now: Date
    /// The local time zone of the file-name stamp.
    public let timeZone: TimeZone
    public let humanDate: HumanDateFormat

    public init(now: Date, timeZone: TimeZone, humanDate: HumanDateFormat) {
        self.now = now
        self.timeZone = timeZone
        self.humanDate = humanDate
    }

    /// Shares the list the caller holds: it must have a non-blank name ("Invalid list
    /// data"), and is then re-read from `library` by id ("List not found").
    public func share(
        _ list: ItemList, in library: ListAllLibrary, format: ShareFormat, options: ExportOptions = .shareDefault
    ) throws(ShareError) -> SharePayload {
        guard list.validate() else { throw .invalidListData }
        return try share(listID: list.id, in: library, format: format, options: options)
    }

    /// Shares the stored list with this id: plain text as a string, JSON and CSV as a file
    /// named `<list name>-<stamp>.json|csv`; a URL is not supported.
    public func share(
        listID: UUID, in library: ListAllLibrary, format: ShareFormat, options: ExportOptions = .shareDefault
    ) throws(ShareError) -> SharePayload {
        guard let list = library.list(listID) else { throw .listNotFound }
        guard list.validate() else { throw .invalidListData }
        switch format {
        case .plainText:
            return .text(plainText(list, options: options))
        case .csv:
            return .file(name: fileName(list, .csv), contents: csv(list, options: options))
        case .json:
            return .file(name: fileName(list, .json), contents: json(list, options: options))
        case .url:
            throw .urlSharingNotSupported
        }
    }

    /// Shares the whole store with the export of §2.2–2.4: JSON and CSV as a file named
    /// `ListAll-Export-<stamp>.json|csv`, plain text as a string.
    public func shareAll(
        _ library: ListAllLibrary, format: ShareFormat, options: ExportOptions = .default
    ) throws(ShareError) -> SharePayload {
        let exporter = ListAllExporter(now: now, humanDate: humanDate)
        switch format {
        case .plainText:
            return .text(exporter.plainText(library, options: options))
        case .csv:
            return .file(
                name: ExportFileName.wholeStore(.csv, now: now, timeZone: timeZone),
                contents: exporter.csv(library, options: options))
        case .json:
            return .file(
                name: ExportFileName.wholeStore(.json, now: now, timeZone: timeZone),
                contents: exporter.json(library, options: options))
        case .url:
            throw .urlFormatNotSupportedForAllData
        }
    }

    /// `<name>⏎<"=" × length>⏎[Created: …⏎]⏎`, the §2.4 item blocks separated (not
    /// followed) by a blank line, or `(No items)⏎`, then `⏎---⏎Shared from ListAll⏎`.
    public func plainText(_ list: ItemList, options: ExportOptions) -> String {
        var text = PlainTextWriter(humanDate: humanDate)
        text.appendHeading(list, underline: UInt8(ascii: "="), options: options)
        text.buffer.append(byte: UInt8(ascii: "\n"))
        let items = ExportSelection.items(of: list, options: options)
        if items.isEmpty { text.buffer.append("(No items)\n" as StaticString) }
        for (index, item) in items.enumerated() {
            if index > 0 { text.buffer.append(byte: UInt8(ascii: "\n")) }
            text.appendItem(item, number: index + 1, options: options)
        }
        text.buffer.append("\n---\nShared from ListAll\n" as StaticString)
        return text.buffer.string
    }

    /// `Item[,Description][,Quantity],Crossed Out[,Created,Modified]` and one row per item.
    public func csv(_ list: ItemList, options: ExportOptions) -> String {
        var buffer = ExportBuffer(reservingCapacity: 1024)
        buffer.append("Item" as StaticString)
        if options.includeDescriptions { buffer.append(",Description" as StaticString) }
        if options.includeQuantities { buffer.append(",Quantity" as StaticString) }
        buffer.append(",Crossed Out" as StaticString)
        if options.includeDates { buffer.append(",Created,Modified" as StaticString) }
        buffer.append(byte: UInt8(ascii: "\n"))
        for item in ExportSelection.items(of: list, options: options) {
            CSVField.append(item.title, to: &buffer)
            if options.includeDescriptions {
                buffer.append(byte: UInt8(ascii: ","))
                CSVField.append(item.itemDescription ?? "", to: &buffer)
            }
            if options.includeQuantities {
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(int: item.quantity)
            }
            buffer.append(item.isCrossedOut ? ",Yes" as StaticString : ",No")
            if options.includeDates {
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(machineDate: item.createdAt)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(machineDate: item.modifiedAt)
            }
            buffer.append(byte: UInt8(ascii: "\n"))
        }
        return buffer.string
    }

    /// The bare §2.2 list object, not wrapped in an export root; only the crossed-out filter
    /// and the images option apply.
    public func json(_ list: ItemList, options: ExportOptions) -> String {
        ListAllExporter.jsonList(list, options: options)
    }

    private func fileName(_ list: ItemList, _ type: ExportFileType) -> String {
        ExportFileName.sharedList(name: list.name, type: type, now: now, timeZone: timeZone)
    }
}
