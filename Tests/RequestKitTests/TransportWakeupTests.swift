import Foundation
import Testing
@testable import RequestKit

/// The pipe that wakes a client's transport thread.
@Suite struct TransportWakeupTests {
    @Test func thePipeIsNonBlockingAndClosedOnExec() throws {
        let wakeup = try #require(TransportWakeup())
        defer { wakeup.close() }
        #expect(fcntl(wakeup.pollDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(wakeup.pollDescriptor, F_GETFL) & O_NONBLOCK != 0)
    }

    @Test func aWakeUpMakesTheReadEndReadableUntilDrained() throws {
        let wakeup = try #require(TransportWakeup())
        defer { wakeup.close() }
        func readable() -> Bool {
            var entry = pollfd(fd: wakeup.pollDescriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) == 1
        }
        #expect(!readable())
        // More wake-ups than the pipe holds never block the caller.
        for _ in 0..<100_000 { wakeup.wake() }
        #expect(readable())
        while readable() { wakeup.drain() }
        #expect(!readable())
    }
}
