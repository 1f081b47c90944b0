import Foundation
import RushDayProto

/// Guests from CSV text: `name,email,phone,plus_ones,notes`, quotes as in RFC 4180.
enum GuestCSV {
    static func parse(_ text: String) throws -> [Rushday_V1_GuestInput] {
        var rows = records(text).filter { !$0.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        if let first = rows.first, first.first?.trimmingCharacters(in: .whitespaces).lowercased() == "name" { rows.removeFirst() }
        return try rows.enumerated().map { index, row in
            func field(_ column: Int) -> String? {
                guard column < row.count else { return nil }
                let value = row[column].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            var guest = Rushday_V1_GuestInput()
            guest.name = field(0) ?? ""
            if let email = field(1) { guest.contact.email = email }
            if let phone = field(2) { guest.contact.phoneNumber = phone }
            if let plus = field(3) {
                guard let count = Int32(plus) else { throw CommandError("Row \(index + 1): plus_ones '\(plus)' is not a whole number.") }
                guest.accompany = count
            }
            if let notes = field(4) { guest.notes = notes }
            return guest
        }
    }

    /// The records of `text`, each a list of fields.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = iterator.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                record.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
