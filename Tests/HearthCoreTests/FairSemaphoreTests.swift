import HearthCore
import Synchronization
import Testing

struct FairSemaphoreTests {
    @Test func waitersAreServedInArrivalOrder() async throws {
        let semaphore = FairSemaphore(count: 1)
        try await semaphore.acquire()
        let order = Order()
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<3 {
            waiters.append(Task {
                try await semaphore.acquire()
                order.append(index)
                semaphore.release()
            })
            // Each waiter is queued before the next one starts.
            while semaphore.waitingCount < index + 1 { await Task.yield() }
        }
        semaphore.release()
        for waiter in waiters { try await waiter.value }
        #expect(order.values == [0, 1, 2])
        #expect(semaphore.isIdle)
    }

    @Test func aCancelledWaiterLeavesTheQueueAndGetsCancellationError() async throws {
        let semaphore = FairSemaphore(count: 1)
        try await semaphore.acquire()
        let waiter = Task { try await semaphore.acquire() }
        while semaphore.waitingCount < 1 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(semaphore.waitingCount == 0)
        semaphore.release()
        #expect(semaphore.isIdle)
    }

    @Test func noMoreThanCountHoldersRunAtOnce() async throws {
        let semaphore = FairSemaphore(count: 2)
        let holders = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await semaphore.withSlot {
                        holders.up()
                        await Task.yield()
                        holders.down()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(holders.most <= 2)
        #expect(semaphore.isIdle)
    }
}

/// How many are inside at once, and the most there ever were.
private final class Gauge: Sendable {
    private let state = Mutex((now: 0, most: 0))
    var most: Int { state.withLock { $0.most } }
    func up() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func down() { state.withLock { $0.now -= 1 } }
}

private final class Order: Sendable {
    private let state = Mutex<[Int]>([])
    var values: [Int] { state.withLock { $0 } }
    func append(_ value: Int) { state.withLock { $0.append(value) } }
}
