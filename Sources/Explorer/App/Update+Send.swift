import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// The draft as a RequestKit request: inherited headers and auth applied, variables resolved.
    func buildRequest(_ s: AppState) throws(SendFailure) -> Request {
        if let problem = s.draft.optionProblems.first { throw SendFailure(problem) }
        let saved = s.draft.savedRequest
        let headers = (s.collection?.headers ?? []) + saved.headers
        let auth: SavedAuth = saved.auth == .inherit ? (s.collection?.auth ?? .none) : saved.auth
        do {
            return try RequestConversion.makeRequest(saved, headers: headers, auth: auth, scope: s.variables, baseDirectory: s.baseDirectory)
        } catch {
            throw SendFailure(error.description)
        }
    }

    /// Starts sending the draft, or explains why it cannot be sent; the draft is never changed.
    func startSend(_ s: inout AppState) -> [Command<AppMessage>] {
        if s.send.isSending { return [] }
        if s.draft.bodyMode == .multipart {
            for file in s.draft.files where file.enabled {
                if let problem = FileProblem.describe(path: file.path, status: file.status) {
                    s.send = .failed("Not sent: " + problem)
                    return []
                }
            }
        }
        let request: Request
        do {
            request = try buildRequest(s)
        } catch {
            s.send = .failed("Not sent: " + error.message)
            return []
        }
        s.sendCount += 1
        s.send = .sending(Sending(id: s.sendCount))
        return effects.send(request, id: s.sendCount)
    }
}
