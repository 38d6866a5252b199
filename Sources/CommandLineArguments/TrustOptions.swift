import RequestStore

/// The options through which the user widens what a collection may reach (see the trust boundary in docs).
package enum TrustOptions {
    /// `--file-root DIR`: the folder a collection's files may be read from and written to.
    package static let fileRoot = OptionSpec.value(
        "--file-root", "DIR", .directory,
        "Let the collection read and write files under DIR (default: the collection's own folder; symlinks are followed before the check).")
    /// `--allow-env NAME`: an environment variable `{{$env.NAME}}` may read.
    package static let allowEnvironment = OptionSpec.value(
        "--allow-env", "NAME", .text,
        "Let {{$env.NAME}} read the environment variable NAME (repeatable; also \"allowEnv\" in settings.json). CURLEW_VAR_name is always {{name}}.")
    /// `--overwrite-output`: a request's `output` may replace an existing file.
    package static let overwriteOutput = OptionSpec.flag(
        "--overwrite-output", "Let a request's output option replace a file that exists (by default a run never replaces a file).")

    /// The environment variable name given to `--allow-env`, checked: letters, digits and `_`, not starting with a digit.
    package static func environmentName(_ text: String) throws(UsageError) -> String {
        guard TrustPolicy.isEnvironmentName(text) else { throw UsageError(message: "--allow-env needs the name of an environment variable (letters, digits, _), not '\(text)'") }
        return text
    }
}
