import Foundation
import RequestStore
import TUICore

/// The settings editor of a folder or a collection: its description, the auth its requests inherit, the headers
/// added to them and the variables they resolve with, as rows. Edits stay here until Ctrl+S saves them into the collection file.
public struct FolderSettingsEditor: Hashable, Sendable {
    /// A row of the editor.
    public enum Row: Hashable, Sendable {
        /// The description.
        case description
        /// The auth type (Space or Enter changes it).
        case authMode
        /// A credential field of the auth type.
        case authField(AuthField)
        /// A header row, by index.
        case header(Int)
        /// The line shown while there are no headers.
        case noHeaders
        /// A variable row, by index.
        case variable(Int)
        /// The line shown while there are no variables.
        case noVariables
    }

    /// The auth types offered: the request pane's, and an auth of another type the file holds, kept as it is.
    public enum AuthChoice: Hashable, Sendable {
        /// One of the types edited here.
        case mode(AuthMode)
        /// The auth the file holds, of a type edited in the file (API key, Digest, AWS, OAuth 2.0…).
        case kept
    }

    /// The sidebar id of the folder, or of what stands for the collection (empty, or a listed collection's folder).
    public var sidebarID: String
    /// "Folder 'Users'" or "Collection 'API'".
    public var title: String
    /// Whether these are the collection's own settings (which inherit from nothing).
    public var isCollection: Bool
    /// The description as edited.
    public var description: String
    /// The headers as edited.
    public var headers: [KeyValueRow]
    /// The variables as edited.
    public var variables: [Variable]
    /// The auth type chosen.
    public var authChoice: AuthChoice
    /// The bearer token typed (kept while another type is chosen).
    public var token: String
    /// The basic-auth user typed.
    public var user: String
    /// The basic-auth password typed.
    public var password: String
    /// The auth of another type the settings came with, if any.
    public var keptAuth: SavedAuth?
    /// The settings as read, to tell whether anything changed.
    public var original: ContainerSettings
    /// The selected row.
    public var selected = 0
    /// On a header or variable row: 0 the name, 1 the value.
    public var column = 0
    /// The cell being typed into, if any.
    public var field: TextFieldState?
    /// Whether secret values show in clear.
    public var revealsSecrets = false

    /// An editor over settings as read from the collection.
    public init(sidebarID: String, title: String, isCollection: Bool, settings: ContainerSettings) {
        self.sidebarID = sidebarID
        self.title = title
        self.isCollection = isCollection
        description = settings.description
        headers = settings.headers
        variables = settings.variables
        original = settings
        token = ""
        user = ""
        password = ""
        switch settings.auth {
        case .none: authChoice = .mode(.none)
        case .inherit: authChoice = isCollection ? .mode(.none) : .mode(.inherit)
        case .bearer(let value):
            authChoice = .mode(.bearer)
            token = value
        case .basic(let name, let secret):
            authChoice = .mode(.basic)
            user = name
            password = secret
        case .apiKey, .digest, .ntlm, .negotiate, .awsSigV4, .oauth2:
            authChoice = .kept
            keptAuth = settings.auth
        }
    }

    /// The rows, top to bottom.
    public var rows: [Row] {
        var rows: [Row] = [.description, .authMode]
        if case .mode(let mode) = authChoice { rows += AuthField.shown(for: mode).map(Row.authField) }
        rows += headers.isEmpty ? [.noHeaders] : headers.indices.map(Row.header)
        rows += variables.isEmpty ? [.noVariables] : variables.indices.map(Row.variable)
        return rows
    }

    /// The selected row.
    public var selectedRow: Row {
        let rows = rows
        return rows[min(max(0, selected), rows.count - 1)]
    }

    /// The settings as they would be saved.
    public var settings: ContainerSettings {
        let auth: SavedAuth
        switch authChoice {
        case .mode(.none): auth = .none
        case .mode(.inherit): auth = .inherit
        case .mode(.bearer): auth = .bearer(token: token)
        case .mode(.basic): auth = .basic(user: user, password: password)
        case .kept: auth = keptAuth ?? .none
        }
        return ContainerSettings(description: description, headers: headers, auth: auth, variables: variables)
    }

    /// True when something differs from the settings as read (an inherit saved as none at the top is no change).
    public var isModified: Bool {
        var read = original
        if isCollection, read.auth == .inherit { read.auth = .none }
        return settings != read
    }

    /// The auth types in the order Space goes through them.
    public var authChoices: [AuthChoice] {
        (isCollection ? [] : [.mode(.inherit)]) + [.mode(.none), .mode(.bearer), .mode(.basic)] + (keptAuth == nil ? [] : [.kept])
    }

    /// The name of an auth type as the editor shows it.
    public func label(of choice: AuthChoice) -> String {
        switch choice {
        case .mode(.inherit): "inherit (from the folder or collection around it)"
        case .mode(let mode): mode.rawValue
        case .kept: (keptAuth?.typeName ?? "other") + " (as in the file; edit it there)"
        }
    }

    /// Moves the selection by `delta` rows, staying inside.
    public mutating func move(by delta: Int) {
        selected = min(max(0, selected + delta), rows.count - 1)
        if !hasTwoCells { column = 0 }
    }

    /// Whether the selected row has a name and a value cell (a header or a variable).
    public var hasTwoCells: Bool {
        switch selectedRow {
        case .header, .variable: true
        default: false
        }
    }

    /// Adds a variable on a variable row (or the line that stands for none), else a header.
    public mutating func addRow() {
        switch selectedRow {
        case .variable, .noVariables: addVariable()
        default: addHeader()
        }
    }

    /// Removes the selected header or variable.
    public mutating func deleteRow() {
        guard case .variable(let index) = selectedRow else { return deleteHeader() }
        variables.remove(at: index)
        selected = min(selected, rows.count - 1)
    }

    /// Turns the selected header or variable on or off.
    public mutating func toggleRow() {
        guard case .variable(let index) = selectedRow else { return toggleHeader() }
        variables[index].enabled.toggle()
    }

    /// Adds an empty variable after the selected one (or at the end) and selects its name.
    public mutating func addVariable() {
        var at = variables.count
        if case .variable(let index) = selectedRow { at = index + 1 }
        variables.insert(Variable(name: "", value: ""), at: at)
        selected = rows.firstIndex(of: .variable(at)) ?? selected
        column = 0
        field = TextFieldState()
    }

    /// Chooses the next auth type.
    public mutating func cycleAuth() {
        let choices = authChoices
        let index = choices.firstIndex(of: authChoice) ?? 0
        authChoice = choices[(index + 1) % choices.count]
    }

    /// Adds an empty header after the selected one (or at the end) and selects its name.
    public mutating func addHeader() {
        var at = headers.count
        if case .header(let index) = selectedRow { at = index + 1 }
        headers.insert(KeyValueRow(name: "", value: ""), at: at)
        selected = rows.firstIndex(of: .header(at)) ?? selected
        column = 0
        field = TextFieldState()
    }

    /// Removes the selected header.
    public mutating func deleteHeader() {
        guard case .header(let index) = selectedRow else { return }
        headers.remove(at: index)
        selected = min(selected, rows.count - 1)
    }

    /// Turns the selected header on or off.
    public mutating func toggleHeader() {
        guard case .header(let index) = selectedRow else { return }
        headers[index].enabled.toggle()
    }

    /// The text of the selected cell, nil on rows without one.
    public var selectedText: String? {
        switch selectedRow {
        case .description: description
        case .authField(.token): token
        case .authField(.user): user
        case .authField(.password): password
        case .header(let index): column == 0 ? headers[index].name : headers[index].value
        case .variable(let index): column == 0 ? variables[index].name : variables[index].value
        case .authMode, .noHeaders, .noVariables: nil
        }
    }

    /// Starts typing into the selected cell.
    public mutating func startEditing() {
        guard let text = selectedText else { return }
        var field = TextFieldState(text: text)
        field.moveCursor(to: text.count)
        self.field = field
    }

    /// Puts what was typed into the selected cell and stops typing.
    public mutating func commitEditing() {
        guard let text = field?.text else { return }
        field = nil
        switch selectedRow {
        case .description: description = text
        case .authField(.token): token = text
        case .authField(.user): user = text
        case .authField(.password): password = text
        case .header(let index):
            if column == 0 { headers[index].name = text.trimmingCharacters(in: .whitespaces) } else { headers[index].value = text }
        case .variable(let index):
            if column == 0 { variables[index].name = text.trimmingCharacters(in: .whitespaces) } else { variables[index].value = text }
        case .authMode, .noHeaders, .noVariables: break
        }
    }

    /// Why the settings cannot be saved as they are, if so: a header or a variable without a name, or a name given twice.
    public var problem: String? {
        if let index = headers.firstIndex(where: { $0.name.isEmpty }) { return "Header \(index + 1) has no name; type one, or d deletes the row." }
        if let index = variables.firstIndex(where: { $0.name.isEmpty }) { return "Variable \(index + 1) has no name; type one, or d deletes the row." }
        var seen: Set<String> = []
        if let twice = variables.first(where: { !seen.insert($0.name).inserted }) {
            return "The variable '\(twice.name)' is given twice; rename or delete one."
        }
        return nil
    }
}
