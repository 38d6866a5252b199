import RequestStore
import TUICore

extension ExplorerProgram {
    /// Before a save: moves a token, password or credential header typed in clear into a secret variable, so the
    /// collection file holds `{{name}}` and the value goes to a secrets file. With an environment active, the
    /// variable is the environment's (value in `ENV.env.secrets.json`); else the collection's (value in
    /// `NAME.secrets.json`, written with the collection). The draft shows `{{name}}` from then on, and
    /// `s.saveNote` says where the value went. Returns the command that writes the environment, if one is due,
    /// and the variables added.
    func moveTypedSecrets(of saved: inout SavedRequest, _ s: inout AppState) -> (commands: [Command<AppMessage>], added: [Variable]) {
        if let file = s.activeEnvironmentFile, let index = s.environments.firstIndex(of: file) {
            var variables = s.variables.environment
            let added = extractSecrets(from: &saved, into: &variables, &s)
            guard !added.isEmpty else { return ([], []) }
            s.variables.environment = variables
            var document = file.document
            document.variables = variables
            s.environments[index].document = document
            s.saveNote = secretsNote(added, owner: "environment '\(document.name)'", path: file.secretsPath)
            return ([effects.saveEnvironment(document, file: file)], added)
        }
        var variables = s.collection?.variables ?? s.variables.collection
        let added = extractSecrets(from: &saved, into: &variables, &s)
        guard !added.isEmpty else { return ([], []) }
        s.variables.collection = variables
        if var collection = s.collection {
            collection.variables = variables
            s.collection = collection
            s.saveNote = secretsNote(added, owner: "collection '\(collection.name)'", path: s.collectionFile?.secretsPath ?? "its secrets file")
        } else {
            let folder = effects.storePaths?.collectionsDirectory ?? "collections"
            s.saveNote = secretsNote(added, owner: "collection '\(Effects.defaultCollectionName)'",
                                     path: FolderPath.joined(folder, "\(Effects.defaultCollectionName).secrets.json"))
        }
        return ([], added)
    }

    /// Runs the extraction and puts the `{{name}}` forms into the draft; returns the variables it added.
    private func extractSecrets(from saved: inout SavedRequest, into variables: inout [Variable], _ s: inout AppState) -> [Variable] {
        let before = variables
        let original = saved
        ImportedCredentials.extract(from: &saved, into: &variables)
        guard saved != original else { return [] }
        if saved.headers != original.headers {
            s.draft.headers.rows = saved.headers
            s.draft.headers.clamp()
        }
        switch saved.auth {
        case .bearer(let token): s.draft.authFields.token = TextFieldState(text: token)
        case .basic(_, let password): s.draft.authFields.password = TextFieldState(text: password)
        case .apiKey, .digest, .ntlm, .negotiate, .awsSigV4, .oauth2: s.draft.keptAuth = saved.auth
        case .none, .inherit: break
        }
        // A value a secret variable already holds is not added again: the request refers to that variable.
        return variables.filter { !before.contains($0) }
    }

    /// The notice saying which secret variables now hold typed credentials, and where their values are.
    private func secretsNote(_ added: [Variable], owner: String, path: String) -> String {
        let names = added.map { "{{\($0.name)}}" }.joined(separator: ", ")
        return "The typed credential is now the secret variable \(names) of the \(owner), its value in \(path); the request keeps \(names)."
    }
}
