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
                    s.viewer.fail("Not sent: " + problem)
                    return []
                }
            }
        }
        let request: Request
        do {
            request = try buildRequest(s)
        } catch {
            s.viewer.fail("Not sent: " + error.message)
            return []
        }
        s.send.count += 1
        s.send.inFlight = s.send.count
        s.openedHistoryEntry = nil
        s.send.lastRequest = request
        s.checkReport = CheckReport()
        s.viewer.startSending()
        return effects.send(request, id: s.send.count)
    }
}

extension ExplorerProgram {
    /// Carries out what the response viewer asked for: clipboard, save, or a notice.
    func responseEffect(_ effect: ResponseEffect, _ s: inout AppState) -> [Command<AppMessage>] {
        switch effect {
        case .copyToClipboard(let text, let what):
            s.notice = "Copied the \(what) to the clipboard."
            return [.copyToClipboard(text)]
        case .copyRequestAsCurl:
            guard let request = s.send.lastRequest else {
                s.notice = "Nothing was sent yet; send the request first."
                return []
            }
            s.notice = "Copied the request as a curl command."
            return [.copyToClipboard(request.curlCommand(multiline: false))]
        case .saveBody(let body, let suggestedName):
            var field = TextFieldState(text: suggestedName)
            field.moveCursor(to: suggestedName.count)
            s.overlay = .saveBody(field, body: body)
        case .notify(let message):
            s.notice = message
        }
        return []
    }
}
