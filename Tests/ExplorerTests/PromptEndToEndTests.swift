import Foundation
import Testing
import TestServers

/// `curlew send` on a real terminal (tmux) asks its `{{$prompt …}}` and `{{$select …}}`: the secret without echo,
/// the choice by number; the answers are sent, and the secret one is masked in the history.
@Suite("Prompts on a terminal", .serialized)
struct PromptEndToEndTests {
    @Test("send asks each prompt on the terminal, sends the answers and keeps the secret out of the history")
    func sendAsksOnTheTerminal() throws {
        let url = try LoopbackHTTPBin.url("/headers")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let curlew = "CURLEW_HOME=\(tmux.home) \(try TmuxDriver.binary())"
        try tmux.type("\(curlew) send \(url) -H 'X-Code: {{$prompt \"One-time code\"}}' -H 'X-Pass: {{$prompt \"Password\" secret}}' -H 'X-Region: {{$select \"Region\" \"eu-west-1\" \"us-east-1\"}}'")
        try tmux.keys("Enter")
        _ = try tmux.waitFor("One-time code:")
        try tmux.type("246810")
        try tmux.keys("Enter")
        _ = try tmux.waitFor("Password:")
        try tmux.type("Hidden97531")
        #expect(try !tmux.screen().contains("Hidden97531"))
        try tmux.keys("Enter")
        _ = try tmux.waitFor("2) us-east-1")
        try tmux.type("2")
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("\"X-Region\": \"us-east-1\"")
        #expect(screen.contains("\"X-Code\": \"246810\""))
        #expect(screen.contains("\"X-Pass\": \"Hidden97531\""))
        let history = try String(contentsOfFile: tmux.home + "/history.jsonl", encoding: .utf8)
        #expect(history.contains("246810"))
        #expect(!history.contains("Hidden97531"))
    }
}
