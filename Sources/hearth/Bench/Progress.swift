import Foundation

/// A one-line progress display on standard error (standard output stays clean for --json).
struct Progress {
    let label: String
    let total: Int
    private var lastPrinted = ContinuousClock.now - .seconds(1)

    init(label: String, total: Int) {
        self.label = label
        self.total = total
    }

    mutating func update(_ done: Int) {
        let now = ContinuousClock.now
        guard done == total || now - lastPrinted >= .milliseconds(200) else { return }
        lastPrinted = now
        let percent = total == 0 ? 100 : done * 100 / total
        FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) (\(percent)%)\u{1B}[K".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
