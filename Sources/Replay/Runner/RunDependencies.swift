import RequestKit
import RequestStore

/// Which earlier steps of a pass each step waits for: those that capture (or set with a `variable` option) a
/// variable its templates use; and, when requests run concurrently, the entry before it in its `.hurl` file (which
/// runs in order, as in Hurl), or for other steps the last earlier one that checks or captures a cookie while the run
/// keeps a jar.
///
/// A step that checks a cookie says that its response sets one the requests after it may send, so they wait for it
/// rather than race it. One at a time, requests already go out in order, each after the response before it.
struct RunDependencies: Sendable {
    /// For each step, the indices of the earlier steps it waits for, ascending.
    let waitsFor: [[Int]]

    /// Works out the dependencies of a plan's steps; variables whose values refer to captured ones count too.
    /// `concurrent` says whether requests may overlap, `cookies` whether the run keeps a jar.
    init(steps: [RunStep], variables: RunVariables, concurrent: Bool = false, cookies: Bool = true) {
        var capturedBy: [String: [Int]] = [:]
        // The last step so far, outside `.hurl` files, that checks or captures a cookie (it waits for the one before it),
        // and the last step so far of each `.hurl` file.
        var lastCookieStep: Int?
        var lastStepOfFile: [String: Int] = [:]
        var result: [[Int]] = []
        result.reserveCapacity(steps.count)
        // Steps are read in place, not copied, and until some step sets a variable there is no template to read.
        for index in steps.indices {
            var waits = Set<Int>()
            if !capturedBy.isEmpty {
                for name in Self.referencedNames(steps[index], variables: variables) { waits.formUnion(capturedBy[name] ?? []) }
            }
            if concurrent {
                if let file = HurlCookieJars.file(of: steps[index]) {
                    // A `.hurl` file runs in order, as in Hurl, with a jar of its own.
                    if let previous = lastStepOfFile[file] { waits.insert(previous) }
                    lastStepOfFile[file] = index
                } else {
                    if let lastCookieStep { waits.insert(lastCookieStep) }
                    if cookies, steps[index].request.readsCookies { lastCookieStep = index }
                }
            }
            result.append(waits.isEmpty ? [] : waits.sorted())
            for rule in steps[index].request.captures { capturedBy[rule.variable, default: []].append(index) }
            for variable in steps[index].request.options.variables ?? [] { capturedBy[variable.name, default: []].append(index) }
        }
        waitsFor = result
    }

    /// How far variable values that name other variables are followed: the depth the resolver allows.
    static let maximumDepth = 16

    /// Every variable name a step's templates use, followed through the values of the variables it names.
    static func referencedNames(_ step: RunStep, variables: RunVariables) -> Set<String> {
        let texts = step.templateTexts

        let scope = VariableScope(commandLine: variables.commandLine, environment: variables.environment, collection: step.collectionVariables).within(step.variableLayers)
        var names = Set<String>()
        var frontier = texts
        for _ in 0..<Self.maximumDepth where !frontier.isEmpty {
            var next: [String] = []
            for text in frontier {
                for reference in VariableResolver.references(in: text, scope: VariableScope()) where !names.contains(reference.name) {
                    names.insert(reference.name)
                    if let value = scope.lookup(reference.name)?.value { next.append(value) }
                }
            }
            frontier = next
        }
        return names
    }
}

extension SavedRequest {
    /// Whether a check or capture of the request reads a cookie its response sets.
    var readsCookies: Bool {
        checks.contains { $0.query.isCookie } || captures.contains { $0.query.isCookie }
    }
}

extension CheckQuery {
    /// Whether the query reads a cookie.
    var isCookie: Bool {
        if case .cookie = self { return true }
        return false
    }
}
