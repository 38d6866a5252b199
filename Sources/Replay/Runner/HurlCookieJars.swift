import RequestKit
import Locking

/// The cookie jars of a run's `.hurl` files: as in Hurl, each file keeps its own jar for one pass, so a cookie set
/// by a response is sent by the later entries of the same file only, never by another file's.
///
/// One transport is one jar, so each file and pass gets its own (`HTTPTransport.withEmptyCookieJar()`), made with the
/// first attempt of one of its entries and let go once its last entry has started (the requests in flight keep their
/// transport until they finish).
/// An entry counts as started when the run starts it, not when its attempt is made, since the one-at-a-time lane
/// makes attempts it may drop.
final class HurlCookieJars: Sendable {
    /// The run's own transport, which each jar's is made like (its initial cookies left out).
    private let template: any HTTPTransport
    /// How many steps each `.hurl` file has in the plan, by file.
    private let stepsPerFile: [String: Int]
    /// The clients in use, by jar, with how many of the jar's entries have started.
    private let open = Locked<[JarKey: (client: any HTTPTransport, started: Int)]>([:])

    /// A file in one pass.
    struct JarKey: Hashable, Sendable {
        /// The `.hurl` file.
        var file: String
        /// The pass, from 0.
        var pass: Int
    }

    /// Jars for the `.hurl` steps of a plan, with transports made like `client`.
    init(steps: [RunStep], like client: any HTTPTransport) {
        // A file's jar starts empty, as in Hurl, even when the run's own jar was read from a file.
        template = client
        var counts: [String: Int] = [:]
        for step in steps {
            if let file = Self.file(of: step) { counts[file, default: 0] += 1 }
        }
        stepsPerFile = counts
    }

    /// The `.hurl` file a step comes from, or nil for a step of another collection (which uses the run's client).
    static func file(of step: RunStep) -> String? {
        guard step.sourceLine != nil else { return nil }
        return step.collectionFile ?? step.collectionName
    }

    /// The client of a step's jar in a pass, made on first use; nil for a step that is not from a `.hurl` file.
    /// Asking changes nothing else, so an attempt may be made and dropped without starting.
    func client(for step: RunStep, pass: Int) -> (any HTTPTransport)? {
        guard let file = Self.file(of: step), stepsPerFile[file] != nil else { return nil }
        let key = JarKey(file: file, pass: pass)
        return open.withLock { jars in
            if let jar = jars[key] { return jar.client }
            let client = template.withEmptyCookieJar()
            jars[key] = (client, 0)
            return client
        }
    }

    /// Counts a step of a pass as started, and lets its jar go once every step of its file in that pass has started.
    func started(_ step: RunStep, pass: Int) {
        guard let file = Self.file(of: step), let steps = stepsPerFile[file] else { return }
        let key = JarKey(file: file, pass: pass)
        open.withLock { jars in
            guard var jar = jars[key] else { return }
            jar.started += 1
            jars[key] = jar.started >= steps ? nil : jar
        }
    }
}
