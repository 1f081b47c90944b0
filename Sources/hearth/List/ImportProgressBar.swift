import Foundation
import ListAllKit

/// A progress bar on standard error for imports of 500 or more lists and items; smaller
/// ones finish before a bar would be read.
final class ImportProgressBar: @unchecked Sendable {
    private var bar: Progress?
    private var shown = false

    func show(_ progress: ImportProgress) {
        let total = progress.totalLists + progress.totalItems
        guard total >= 500 else { return }
        if bar == nil { bar = Progress(label: "Importing", total: total) }
        bar?.update(progress.processedLists + progress.processedItems)
        shown = true
    }

    func finish() {
        guard shown, let bar else { return }
        var finished = bar
        finished.update(finished.total)
    }
}
