import Foundation

/// Columns padded to their widest cell.
struct TextTable {
    let headers: [String]
    let rows: [[String]]

    var rendered: String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let header = headers.allSatisfy(\.isEmpty) ? [] : [line(headers)]
        return (header + rows.map(line)).joined(separator: "\n")
    }
}
