import RequestKit
import RequestStore

/// Which earlier steps of a pass each step waits for: those that capture (or set with a `variable` option) a
/// variable its templates use.
struct RunDependencies: Sendable {
    /// For each step, the indices of the earlier steps it waits for, ascending.
    let waitsFor: [[Int]]

    /// Works out the dependencies of a plan's steps; variables whose values refer to captured ones count too.
    init(steps: [RunStep], variables: RunVariables) {
        var capturedBy: [String: [Int]] = [:]
        var result: [[Int]] = []
        result.reserveCapacity(steps.count)
        // Steps are read in place, not copied, and until some step sets a variable there is nothing to wait for
        // and no template to read.
        for index in steps.indices {
            if capturedBy.isEmpty {
                result.append([])
            } else {
                let names = Self.referencedNames(steps[index], variables: variables)
                var waits = Set<Int>()
                for name in names { waits.formUnion(capturedBy[name] ?? []) }
                result.append(waits.sorted())
            }
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

        let scope = VariableScope(commandLine: variables.commandLine, environment: variables.environment, collection: step.collectionVariables)
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

