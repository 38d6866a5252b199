import RequestStore
import Testing

/// The process environment as a collection sees it: `CURLEW_VAR_name` always, `{{$env.NAME}}` only when allowed.
@Suite struct EnvironmentGateTests {
    private static let process = ["AWS_SECRET_ACCESS_KEY": "aws-secret", "API_TOKEN": "api-token", "CURLEW_VAR_token": "from-env", "CURLEW_VAR_": "nameless"]

    private static func resolve(_ text: String, _ policy: TrustPolicy = TrustPolicy(), commandLine: [String: String] = [:]) throws -> String {
        try VariableResolver.resolve(text, in: VariableScope(commandLine: commandLine, process: process, policy: policy), location: "header 'X-Key'")
    }

    @Test func anEnvironmentVariableTheUserDidNotAllowStopsTheRequest() throws {
        #expect {
            try Self.resolve("{{$env.AWS_SECRET_ACCESS_KEY}}")
        } throws: { error in
            guard case .environmentNotAllowed(let name, _) = error as? VariableError else { return false }
            let message = "\(error)"
            return name == "AWS_SECRET_ACCESS_KEY" && message.contains("--allow-env AWS_SECRET_ACCESS_KEY")
                && message.contains("allowEnv") && message.contains("header 'X-Key'") && !message.contains("aws-secret")
        }
    }

    @Test func anAllowedNameIsRead() throws {
        #expect(try Self.resolve("Bearer {{$env.API_TOKEN}}", TrustPolicy(allowedEnvironment: ["API_TOKEN"])) == "Bearer api-token")
        #expect(throws: VariableError.self) { try Self.resolve("{{$env.AWS_SECRET_ACCESS_KEY}}", TrustPolicy(allowedEnvironment: ["API_TOKEN"])) }
    }

    @Test func anAllowedNameThatIsNotSetSaysSo() throws {
        #expect {
            try Self.resolve("{{$env.NOT_SET_ANYWHERE}}", TrustPolicy(allowedEnvironment: ["NOT_SET_ANYWHERE"]))
        } throws: { error in
            if case .unsetEnvironmentVariable = error as? VariableError { return true }
            return false
        }
    }

    @Test func curlewVarVariablesArePlainVariablesThatVarBeats() throws {
        #expect(try Self.resolve("{{token}}") == "from-env")
        #expect(try Self.resolve("{{token}}", commandLine: ["token": "typed"]) == "typed")
        #expect(TrustPolicy.environmentVariables(in: Self.process) == ["token": "from-env"])
    }

    @Test func onlyAllowedValuesAreInTheScope() {
        let scope = VariableScope(process: Self.process, policy: TrustPolicy(allowedEnvironment: ["API_TOKEN"]))
        #expect(scope.processEnvironment == ["API_TOKEN": "api-token"])
    }

    @Test(arguments: [("API_TOKEN", true), ("_x1", true), ("1ABC", false), ("A-B", false), ("", false), ("É", false)])
    func environmentNamesAreChecked(_ name: String, _ valid: Bool) {
        #expect(TrustPolicy.isEnvironmentName(name) == valid)
    }
}
