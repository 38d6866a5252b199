import CommandLineArguments
import Explorer
import Foundation
import RequestStore

/// The trust policy of a command: what its own command line allows, joined by the user's settings file.
enum UserTrust {
    /// `given` with the environment names of `allowEnv` in settings.json added and `--file-root` checked.
    static func policy(_ given: TrustPolicy, paths: StorePaths) throws(UsageError) -> TrustPolicy {
        var policy = given
        if let root = given.fileRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError(message: "--file-root \(root): no such folder. Give the folder the collection may read and write files in.")
            }
        }
        do {
            let settings = try SettingsFile.read(from: SettingsFile.path(inConfigDirectory: paths.configDirectory))
            policy.allowedEnvironment.formUnion(settings.allowedEnvironment)
        } catch {
            throw UsageError(message: error.message)
        }
        return policy
    }

    /// The `{{$env.NAME}}` names written in text the user typed on the command line, which the user allows by typing them.
    static func environmentNames(typedIn texts: [String]) -> Set<String> {
        Set(VariableScope.environmentNames(in: texts))
    }
}
