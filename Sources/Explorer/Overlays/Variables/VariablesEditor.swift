import RequestStore
import TUICore

/// The variables editor: the active environment's variables and the collection's, as name/value rows.
///
/// Secret values are masked until `revealsSecrets` is set. Edits stay here until saved with Ctrl+S.
public struct VariablesEditor: Hashable, Sendable {
    /// Where a group of variables is stored.
    public enum Scope: Hashable, Sendable {
        /// The environment file with this name.
        case environment(String)
        /// The open collection file.
        case collection
    }

    /// One group of variables with the file it is saved to.
    public struct Section: Hashable, Sendable {
        /// Where the variables are saved.
        public var scope: Scope
        /// The heading shown above the rows.
        public var title: String
        /// The variables, in order.
        public var variables: [Variable]
        /// The variables as last read from or saved to the file.
        public var original: [Variable]

        /// Creates a section holding variables as they are on disk.
        public init(scope: Scope, title: String, variables: [Variable]) {
            self.scope = scope
            self.title = title
            self.variables = variables
            self.original = variables
        }

        /// True when the rows differ from the file.
        public var isModified: Bool { variables != original }
    }

    /// The groups, environment first.
    public var sections: [Section]
    /// The selected group.
    public var section: Int
    /// The selected row in the group.
    public var row: Int
    /// The selected column: 0 name, 1 value.
    public var column: Int
    /// The cell being edited, if any.
    public var editor: TextFieldState?
    /// Whether secret values are shown in clear.
    public var revealsSecrets: Bool
    /// The values given with `--var` (and `CURLEW_VAR_…`), which win over every group.
    public var commandLine: [String: String] = [:]
    /// The variable names the request shown refers to, in order.
    public var usedNames: [String] = []

    /// An editor over these groups with the first row selected.
    public init(sections: [Section]) {
        self.sections = sections
        section = 0
        row = 0
        column = 0
        editor = nil
        revealsSecrets = false
    }

    /// Which value of each name wins, from the groups as edited here.
    public var inForce: [VariableInForce] {
        func group(_ match: (Scope) -> String?) -> (name: String, variables: [Variable])? {
            for section in sections { if let name = match(section.scope) { return (name, section.variables) } }
            return nil
        }
        let environment = group { if case .environment(let name) = $0 { name } else { nil } }
        let collection = group { if case .collection = $0 { collectionName } else { nil } }
        return VariablesInForce.list(commandLine: commandLine, layers: layers, environment: environment, collection: collection, used: usedNames)
    }

    /// The variables of the shown request and its folders, most specific first, searched after `--var`.
    public var layers: [VariableLayer] = []

    /// The collection's name, as the winning values name it.
    public var collectionName = ""

    /// True when some group differs from its file.
    public var isModified: Bool { sections.contains(where: \.isModified) }

    /// The selected variable, if the group has rows.
    public var selected: Variable? {
        guard sections.indices.contains(section), sections[section].variables.indices.contains(row) else { return nil }
        return sections[section].variables[row]
    }

    /// Moves the selection one row down (`+1`) or up (`-1`), crossing into the next or previous group.
    public mutating func move(by delta: Int) {
        guard !sections.isEmpty else { return }
        var s = section
        var r = row + delta
        while sections.indices.contains(s) {
            let count = max(1, sections[s].variables.count)
            if r < 0 {
                guard s > 0 else { r = 0; break }
                s -= 1
                r += max(1, sections[s].variables.count)
            } else if r >= count {
                guard s < sections.count - 1 else { r = count - 1; break }
                r -= count
                s += 1
            } else {
                break
            }
        }
        section = s
        row = max(0, r)
    }

    /// Starts editing the selected cell; in an empty group, adds a row first.
    public mutating func beginEditing() {
        guard sections.indices.contains(section) else { return }
        guard let variable = selected else { addRow(); return }
        let text = column == 0 ? variable.name : variable.value
        var field = TextFieldState(text: text)
        field.moveCursor(to: text.count)
        editor = field
    }

    /// Writes the editor's text into the selected cell and stops editing.
    public mutating func commitEditing() {
        guard let editor, sections.indices.contains(section), sections[section].variables.indices.contains(row) else { self.editor = nil; return }
        if column == 0 {
            sections[section].variables[row].name = editor.text.trimmingCharacters(in: .whitespaces)
        } else {
            sections[section].variables[row].value = editor.text
        }
        self.editor = nil
    }

    /// Stops editing without keeping the text; a new row left empty is removed.
    public mutating func cancelEditing() {
        editor = nil
        if let variable = selected, variable.name.isEmpty, variable.value.isEmpty {
            sections[section].variables.remove(at: row)
            row = max(0, min(row, sections[section].variables.count - 1))
        }
    }

    /// Adds an empty variable after the selected row of the group and starts editing its name.
    public mutating func addRow() {
        guard sections.indices.contains(section) else { return }
        let index = sections[section].variables.isEmpty ? 0 : row + 1
        sections[section].variables.insert(Variable(name: "", value: ""), at: index)
        row = index
        column = 0
        editor = TextFieldState()
    }

    /// Deletes the selected variable.
    public mutating func deleteRow() {
        guard selected != nil else { return }
        sections[section].variables.remove(at: row)
        row = max(0, min(row, sections[section].variables.count - 1))
    }

    /// Turns the selected variable on or off.
    public mutating func toggleEnabled() {
        guard selected != nil else { return }
        sections[section].variables[row].enabled.toggle()
    }

    /// Marks the selected variable secret (its value then goes to the secrets file) or not.
    public mutating func toggleSecret() {
        guard selected != nil else { return }
        sections[section].variables[row].secret.toggle()
    }

    /// Problems that stop a save: an empty or repeated name within a group.
    public var problems: [String] {
        var found: [String] = []
        for group in sections {
            var seen: Set<String> = []
            for (index, variable) in group.variables.enumerated() {
                if variable.name.isEmpty {
                    found.append("\(group.title): row \(index + 1) has no name; give it one or delete it with d.")
                } else if !seen.insert(variable.name).inserted {
                    found.append("\(group.title): '\(variable.name)' is there twice; rename or delete one.")
                }
            }
        }
        return found
    }

    /// The value as shown: `mask` for a secret unless revealed.
    public func shownValue(of variable: Variable, mask: String = "••••") -> String {
        variable.secret && !revealsSecrets && !variable.value.isEmpty ? mask : variable.value
    }
}
