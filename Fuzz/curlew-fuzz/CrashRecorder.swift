import Foundation

/// Keeps a copy of the input being tried where a signal handler can reach it, and writes it to a file
/// when the target crashes (a Swift trap, a segmentation fault, a stack overflow).
///
/// The handler may only call async-signal-safe functions, so the input and the file's path live in
/// memory allocated once at start; their addresses are kept as integers.
enum CrashRecorder {
    /// The largest input recorded.
    static let capacity = 1 << 20
    /// Address of the buffer: 8 bytes of length, then the input.
    static let inputAddress = Int(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: capacity + 8, alignment: 8))
    /// Address of the NUL-terminated path the crashing input is written to.
    static let pathAddress = Int(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8))

    /// Sets the file for a crashing input and installs the handlers (on an alternate stack).
    static func install(crashPath: String) {
        guard let path = UnsafeMutableRawPointer(bitPattern: pathAddress) else { return }
        let bytes = Array(crashPath.utf8.prefix(4095)) + [0]
        bytes.withUnsafeBytes { raw in
            if let source = raw.baseAddress { path.copyMemory(from: source, byteCount: raw.count) }
        }
        let stackSize = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        stack.ss_size = stackSize
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
        }
    }

    /// Copies the input about to be tried.
    static func remember(_ data: Data) {
        guard let base = UnsafeMutableRawPointer(bitPattern: inputAddress) else { return }
        let count = min(data.count, capacity)
        base.storeBytes(of: count, as: Int.self)
        data.withUnsafeBytes { raw in
            if let source = raw.baseAddress { (base + 8).copyMemory(from: source, byteCount: count) }
        }
    }
}

/// Writes the remembered input to the crash file, then lets the signal end the process.
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
    guard let base = UnsafeMutableRawPointer(bitPattern: CrashRecorder.inputAddress),
          let path = UnsafePointer<CChar>(bitPattern: CrashRecorder.pathAddress) else { return }
    let count = base.load(as: Int.self)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if descriptor >= 0 {
        _ = write(descriptor, base + 8, count)
        close(descriptor)
    }
    raise(signal)
}
