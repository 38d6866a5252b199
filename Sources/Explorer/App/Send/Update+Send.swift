import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// The draft as a RequestKit request: inherited headers and auth applied, variables resolved, and the
    /// places that hold `[redacted]` given the values typed for them (which never enter the draft).
    func buildRequest(_ s: AppState, secrets: [SecretValue] = []) throws(SendFailure) -> Request {
        if let problem = s.draft.optionProblems.first { throw SendFailure(problem) }
        var saved = s.draft.savedRequest
        for secret in secrets { HistoryReplay.fill(secret.place, with: secret.value, in: &saved) }
        if let place = HistoryReplay.literalSecrets(in: saved).first {
            throw SendFailure("\(place) holds \(Redaction.marker): type the secret it stood for")
        }
        let (headers, auth) = s.effectiveSettings(of: saved)
        do {
            return try RequestConversion.makeRequest(saved, headers: headers, auth: auth, scope: s.variables, baseDirectory: s.baseDirectory)
        } catch {
            throw SendFailure(error.description)
        }
    }

    /// Starts sending the draft, or explains why it cannot be sent; the draft is never changed. A draft
    /// holding `[redacted]` (a history entry whose secret was typed directly) first asks for the secret.
    func startSend(_ s: inout AppState, secrets: [SecretValue] = []) -> [Command<AppMessage>] {
        if s.send.isSending {
            if !s.isSendingHere { s.notice = "Another tab's request is still in flight; wait for it, or press Esc to cancel it." }
            return []
        }
        s.enterDataFolderCollection(holdingRequestID: s.draft.savedID)
        var filled = s.draft.savedRequest
        for secret in secrets { HistoryReplay.fill(secret.place, with: secret.value, in: &filled) }
        let missing = HistoryReplay.literalSecrets(in: filled)
        if !missing.isEmpty {
            s.overlay = .secretPrompt(SecretPrompt(places: missing, given: secrets))
            return []
        }
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
            request = try buildRequest(s, secrets: secrets)
        } catch {
            s.viewer.fail("Not sent: " + error.message)
            return []
        }
        s.send.count += 1
        s.send.inFlight = s.send.count
        s.send.tab = s.tabs.activeID
        s.openedHistoryEntry = nil
        s.send.lastRequest = request
        s.checkReport = CheckReport()
        s.viewer.startSending()
        s.send.secrets = secrets
        let boundary = TrustBoundary(policy: s.trust, baseDirectory: s.baseDirectory,
                                     source: s.collectionFile.map { ($0.path as NSString).lastPathComponent })
        return effects.send(request, id: s.send.count, boundary: boundary, masking: historyMasking(s, typed: secrets),
                            cookieJarPath: effects.cookieJarPath(collection: s.collectionFile?.path, environment: s.activeEnvironment))
            .routed(to: s.tabs.activeID)
    }

    /// What the history masks in this send, taken from the state as it is now: the secret variables of the active
    /// environment and the collection, the `{{$env.NAME}}` values the request and its inherited headers and auth
    /// name, the variables a history entry opened into the draft held secrets in, and the values typed into the
    /// secret prompt.
    func historyMasking(_ s: AppState, typed: [SecretValue]) -> HistoryMasking {
        let effective = s.effectiveSettings(of: s.draft.savedRequest)
        let templates = [String(describing: s.draft.savedRequest), String(describing: effective.headers), String(describing: effective.auth)]
        var masking = HistoryMasking.forSend(scope: s.variables, templates: templates, typed: typed.map(\.value))
        for name in s.historySecretNames.sorted() {
            guard let value = s.variables.lookup(name)?.value, !value.isEmpty else { continue }
            masking.secrets.append(value)
            if masking.secretVariables[value] == nil { masking.secretVariables[value] = name }
        }
        return masking
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
        case .chooseComparison(let current):
            return chooseComparison(current, &s).routed(to: s.tabs.activeID)
        }
        return []
    }
}
