import NIOConcurrencyHelpers

/// A ``Progress`` line that work running elsewhere (a `@Sendable` callback) moves on.
final class SharedProgress: Sendable {
    private let bar: NIOLockedValueBox<Progress>

    init(label: String, total: Int) {
        bar = NIOLockedValueBox(Progress(label: label, total: total))
    }

    func update(_ done: Int) {
        bar.withLockedValue { $0.update(done) }
    }
}
