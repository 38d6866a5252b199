import RequestKit

/// The step from collection format version 1 to 2: each request's `expectations` objects become `checks`
/// lines and its `captures` objects become capture lines, in folders at any depth.
enum ChecksMigration {
    /// Why a version-1 expectation or capture cannot be turned into a line.
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// What is wrong, naming the request.
        var description: String
    }

    /// Upgrades a version-1 collection tree; folders are walked with an explicit stack, never recursively.
    static func step(_ tree: OrderedJSON) throws -> OrderedJSON {
        guard case .object(let rootMembers) = tree else { return tree }
        var stack = [try Frame(members: rootMembers)]
        while let top = stack.last {
            if top.converted.count < top.folders.count {
                let child = top.folders[top.converted.count]
                if case .object(let members) = child {
                    stack.append(try Frame(members: members))
                } else {
                    stack[stack.count - 1].converted.append(child)
                }
                continue
            }
            stack.removeLast()
            let built = top.built()
            guard !stack.isEmpty else { return built }
            stack[stack.count - 1].converted.append(built)
        }
        return tree
    }

    /// A collection or folder object being rebuilt: its requests converted, its folders one by one.
    private struct Frame {
        /// The object's members, requests already converted.
        var members: [JSONMember]
        /// The object's folders, as read.
        var folders: [OrderedJSON]
        /// The folders converted so far, in order.
        var converted: [OrderedJSON] = []

        /// A frame for an object; converts its requests.
        init(members: [JSONMember]) throws {
            var members = members
            for index in members.indices where members[index].key == "requests" {
                if case .array(let requests) = members[index].value {
                    members[index].value = .array(try requests.map(ChecksMigration.request))
                }
            }
            self.members = members
            if case .array(let folders)? = members.first(where: { $0.key == "folders" })?.value {
                self.folders = folders
            } else {
                self.folders = []
            }
        }

        /// The object with its converted folders.
        func built() -> OrderedJSON {
            var result = members
            if let index = result.firstIndex(where: { $0.key == "folders" }), case .array = result[index].value {
                result[index].value = .array(converted)
            }
            return .object(result)
        }
    }

    /// One request with `expectations` turned into `checks` and capture objects into lines.
    static func request(_ value: OrderedJSON) throws -> OrderedJSON {
        guard case .object(var members) = value else { return value }
        let name = members.first(where: { $0.key == "name" })?.value.stringValue ?? "(unnamed)"
        if let index = members.firstIndex(where: { $0.key == "expectations" }) {
            guard case .array(let expectations) = members[index].value else {
                throw Failure(description: "request \"\(name)\": expectations must be an array")
            }
            let lines = try expectations.map { expectation throws -> OrderedJSON in .string(try check(expectation, request: name).text) }
            members.remove(at: index)
            if let existing = members.firstIndex(where: { $0.key == "checks" }), case .array(let earlier) = members[existing].value {
                members[existing].value = .array(earlier + lines)
            } else if !lines.isEmpty {
                members.insert(JSONMember(key: "checks", value: .array(lines)), at: index)
            }
        }
        if let index = members.firstIndex(where: { $0.key == "captures" }), case .array(let captures) = members[index].value {
            members[index].value = .array(try captures.map { capture throws -> OrderedJSON in
                if case .string = capture { return capture }
                return .string(try rule(capture, request: name).text)
            })
        }
        return .object(members)
    }

    /// The check a version-1 expectation object means.
    static func check(_ expectation: OrderedJSON, request: String) throws -> Check {
        func fail(_ reason: String) -> Failure {
            Failure(description: "request \"\(request)\": the expectation \(String(decoding: CanonicalJSONWriter.compactBytes(of: expectation), as: UTF8.self)) \(reason)")
        }
        if case .number(let text)? = expectation["status"] {
            guard let code = Int64(text) else { throw fail("has a status that is not an integer") }
            return Check(query: .status, predicate: CheckPredicate(function: .equal(.integer(code))))
        }
        if let name = expectation["header"]?.stringValue {
            let query = CheckQuery.header(CheckString(name))
            guard let equals = expectation["equals"] else { return Check(query: query, predicate: CheckPredicate(function: .exists)) }
            guard let text = equals.stringValue else { throw fail("compares a header with a value that is not a string") }
            return Check(query: query, predicate: CheckPredicate(function: .equal(.string(CheckString(text)))))
        }
        if let text = expectation["bodyContains"]?.stringValue {
            return Check(query: .body, predicate: CheckPredicate(function: .contains(.string(CheckString(text)))))
        }
        if let path = expectation["jsonPath"]?.stringValue {
            let query = CheckQuery.jsonpath(CheckString(path))
            if let equals = expectation["equals"] {
                switch equals {
                case .string(let text): return Check(query: query, predicate: CheckPredicate(function: .equal(.string(CheckString(text)))))
                case .bool(let flag): return Check(query: query, predicate: CheckPredicate(function: .equal(.boolean(flag))))
                case .null: return Check(query: query, predicate: CheckPredicate(function: .equal(.null)))
                case .number(let text):
                    if let integer = Int64(text) { return Check(query: query, predicate: CheckPredicate(function: .equal(.integer(integer)))) }
                    guard let float = Double(text), float.isFinite else { throw fail("compares with a number curlew cannot read") }
                    return Check(query: query, predicate: CheckPredicate(function: .equal(.float(float, text: text))))
                case .array, .object:
                    let compact = String(decoding: CanonicalJSONWriter.compactBytes(of: equals), as: UTF8.self)
                    return Check(query: query, filters: [.toString], predicate: CheckPredicate(function: .equal(.string(CheckString(compact)))))
                }
            }
            let exists = expectation["exists"] != .bool(false)
            return Check(query: query, predicate: CheckPredicate(isNegated: !exists, function: .exists))
        }
        if case .number(let text)? = expectation["maxDurationMs"] {
            guard let milliseconds = Int64(text) else { throw fail("has a maxDurationMs that is not an integer") }
            return Check(query: .duration, predicate: CheckPredicate(function: .lessOrEqual(.integer(milliseconds))))
        }
        throw fail("needs one of status, header, bodyContains, jsonPath or maxDurationMs")
    }

    /// The capture line a version-1 capture object means.
    static func rule(_ capture: OrderedJSON, request: String) throws -> CaptureRule {
        guard let variable = capture["variable"]?.stringValue, VariableNameRule.isValid(variable) else {
            throw Failure(description: "request \"\(request)\": a capture needs a variable name of letters, digits, _ and -")
        }
        if let path = capture["jsonPath"]?.stringValue {
            return CaptureRule(variable: variable, query: .jsonpath(CheckString(path)))
        }
        if let header = capture["header"]?.stringValue {
            return CaptureRule(variable: variable, query: .header(CheckString(header)))
        }
        throw Failure(description: "request \"\(request)\": the capture of \(variable) needs jsonPath or header")
    }
}
