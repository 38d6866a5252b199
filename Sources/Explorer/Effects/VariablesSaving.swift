import Foundation
import RequestStore
import TUICore

extension Effects {
    /// Writes each changed group of the editor to its file (secret values to the `.secrets.json` beside it), atomically;
    /// unless `force`, a file changed on disk since it was read is left alone and reported as a conflict.
    func saveVariables(_ editor: VariablesEditor, environment: EnvironmentFile?, collectionFile: CollectionFile?,
                       collection: RequestCollection?, force: Bool = false) -> Command<AppMessage> {
        .perform {
            var outcome = VariablesSaveOutcome(editor: editor)
            for group in editor.sections where group.isModified {
                switch group.scope {
                case .environment:
                    guard let file = environment else { continue }
                    var document = file.document
                    document.variables = group.variables
                    do throws(StoreError) {
                        outcome.environment = try file.saving(document, force: force)
                    } catch {
                        if case .conflict = error { outcome.conflicts.append(file.path) } else { outcome.failure = "Not saved: \(error)" }
                    }
                case .collection:
                    guard let file = collectionFile else { continue }
                    var document = collection.map(SessionRequestIDs.removed(from:)) ?? file.document
                    document.variables = group.variables
                    do throws(StoreError) {
                        outcome.collection = try file.saving(document, force: force)
                    } catch {
                        if case .conflict = error { outcome.conflicts.append(file.path) } else { outcome.failure = "Not saved: \(error)" }
                    }
                }
            }
            return .variablesSaved(outcome)
        }
    }

    /// Lists and reads the environments (`*.env.json`) in a folder, in file-name order; files that do not load are named.
    func loadEnvironments(in folder: String, openSwitcher: Bool) -> Command<AppMessage> {
        .perform {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(CollectionLibrary.environmentSuffix) && !$0.hasPrefix(".") }
                .sorted()
            var files: [EnvironmentFile] = []
            var problems: [String] = []
            for name in names {
                do throws(StoreError) {
                    files.append(try EnvironmentFile.load(FolderPath.joined(folder, name)))
                } catch {
                    problems.append("\(error)")
                }
            }
            return .environmentsLoaded(files, problems: problems, openSwitcher: openSwitcher)
        }
    }

    /// Reads the environment and collection files again, after a conflict the user chose to reload.
    func reloadVariableFiles(_ editor: VariablesEditor, environmentPath: String?, collectionPath: String?) -> Command<AppMessage> {
        .perform {
            var outcome = VariablesSaveOutcome(editor: editor)
            do throws(StoreError) {
                if let environmentPath { outcome.environment = try EnvironmentFile.load(environmentPath) }
                if let collectionPath { outcome.collection = try CollectionFile.load(collectionPath) }
            } catch {
                outcome.failure = "Not reloaded: \(error)"
            }
            return .variablesReloaded(outcome)
        }
    }
}
