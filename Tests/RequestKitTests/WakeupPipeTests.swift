import Foundation
import Testing
import Wakeup

/// The pipe that wakes a client's transport thread and the UI's loop.
@Suite struct WakeupPipeTests {
    @Test func thePipeIsNonBlockingAndClosedOnExec() throws {
        let wakeup = try WakeupPipe()
        for end in [wakeup.readDescriptor, wakeup.writeDescriptor] {
            #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(end, F_GETFL) & O_NONBLOCK != 0)
        }
    }

    @Test func aSignalMakesTheReadEndReadableUntilDrained() throws {
        let wakeup = try WakeupPipe()
        #expect(!wakeup.wait(timeout: .zero))
        // More signals than the pipe holds never block the caller.
        for _ in 0..<100_000 { wakeup.signal() }
        #expect(wakeup.wait(timeout: .zero))
        wakeup.drain()
        #expect(!wakeup.wait(timeout: .zero))
    }
}
