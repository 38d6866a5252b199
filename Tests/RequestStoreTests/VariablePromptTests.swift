import Foundation
import Testing
import Locking
@testable import RequestStore

/// `{{$prompt …}}` and `{{$select …}}`: answered by a `--var` named by the label, else asked once of the prompter;
/// without one the request stops with a message naming the `--var` that answers it.
@Suite("Prompts in templates")
struct VariablePromptTests {
    /// Answers from a table, counting the questions asked.
    final class TypedAnswers: VariablePrompter {
        let table: [String: String]
        let asked = Locked(0)
        init(_ table: [String: String]) { self.table = table }
        func answer(_ prompt: VariablePrompt) -> String? {
            asked.withLock { $0 += 1 }
            return table[prompt.label]
        }
        var secretAnswers: [String] { ["typed-secret"] }
    }

    func scope(commandLine: [String: String] = [:], prompter: (any VariablePrompter)?) -> VariableScope {
        var scope = VariableScope(commandLine: commandLine)
        scope.prompter = prompter
        return scope
    }

    @Test("the prompter answers a prompt, a secret prompt and a choice")
    func asked() throws {
        let answers = TypedAnswers(["One-time code": "123456", "Password": "typed-secret", "Region": "us-east-1"])
        let text = try VariableResolver.resolve(
            "{{$prompt \"One-time code\"}} {{$prompt \"Password\" secret}} {{$select \"Region\" \"eu-west-1\" \"us-east-1\"}}",
            in: scope(prompter: answers), location: "the URL")
        #expect(text == "123456 typed-secret us-east-1")
    }

    @Test("a --var named by the label answers the prompt without asking")
    func answeredOnTheCommandLine() throws {
        let answers = TypedAnswers([:])
        let text = try VariableResolver.resolve("{{$prompt \"One-time code\"}}", in: scope(commandLine: ["One-time code": "999"], prompter: answers), location: "x")
        #expect(text == "999")
        #expect(answers.asked.withLock { $0 } == 0)
    }

    @Test("without a prompter the message names the prompt and the --var that answers it")
    func unanswered() {
        #expect {
            _ = try VariableResolver.resolve("{{$prompt \"One-time code\"}}", in: scope(prompter: nil), location: "header 'X-Code'")
        } throws: { error in
            String(describing: error) == "The prompt in header 'X-Code' asks for \"One-time code\", and there is no terminal to ask on. Answer it with --var 'One-time code=VALUE', or run curlew on a terminal."
        }
    }

    @Test("an answer that is not one of a $select's is refused, listing them")
    func notAChoice() {
        #expect {
            _ = try VariableResolver.resolve("{{$select \"Region\" \"eu-west-1\" \"us-east-1\"}}", in: scope(commandLine: ["Region": "mars"], prompter: nil), location: "the URL")
        } throws: { error in
            String(describing: error).contains("'mars' is not one of the answers of \"Region\" in the URL: choose one of eu-west-1, us-east-1.")
        }
    }

    @Test("listing references for highlighting never asks")
    func referencesDoNotAsk() {
        let answers = TypedAnswers(["Code": "1"])
        let references = VariableResolver.references(in: "{{$prompt \"Code\"}}", scope: scope(prompter: answers))
        #expect(references.count == 1)
        #expect(!references[0].isResolved)
        #expect(answers.asked.withLock { $0 } == 0)
    }

    @Test("secret answers are masked as secret values")
    func secretAnswersAreSecret() {
        #expect(scope(prompter: TypedAnswers([:])).secretValues.contains("typed-secret"))
    }

    @Test("a prompt written wrongly says how to write it", arguments: [
        "{{$prompt}}", "{{$prompt Code}}", "{{$prompt \"Code\" hidden}}", "{{$select \"Region\"}}", "{{$select \"Region\" eu}}", "{{$prompt \"Code}}",
    ])
    func badSyntax(template: String) {
        #expect {
            _ = try VariableResolver.resolve(template, in: scope(prompter: TypedAnswers([:])), location: "the URL")
        } throws: { error in
            String(describing: error).contains("{{$prompt \"Label\"}}, {{$prompt \"Label\" secret}} or {{$select")
        }
    }
}
