import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// The draft as a recipe for a RequestKit request: inherited headers and auth applied, and the places that hold
    /// `[redacted]` given the values typed for them (which never enter the draft). Its variables are checked to
    /// resolve here; the command that uses it resolves them, built-ins included.
    func requestRecipe(_ s: AppState, secrets: [SecretValue] = []) throws(SendFailure) -> RequestRecipe {
        if let problem = s.draft.optionProblems.first { throw SendFailure(problem) }
        var saved = s.draft.savedRequest
        for secret in secrets { HistoryReplay.fill(secret.place, with: secret.value, in: &saved) }
        if let place = HistoryReplay.literalSecrets(in: saved).first {
            throw SendFailure("\(place) holds \(Redaction.marker): type the secret it stood for")
        }
        let (headers, auth) = s.effectiveSettings(of: saved)
        let recipe = RequestRecipe(saved: saved, headers: headers, auth: auth, scope: s.draftScope, baseDirectory: s.baseDirectory)
        try recipe.check()
        return recipe
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
        let recipe: RequestRecipe
        do {
            recipe = try requestRecipe(s, secrets: secrets)
        } catch {
            s.viewer.fail("Not sent: " + error.message)
            return []
        }
        s.send.count += 1
        s.send.inFlight = s.send.count
        s.send.tab = s.tabs.activeID
        s.openedHistoryEntry = nil
        s.checkReport = CheckReport()
        s.viewer.startSending()
        s.send.secrets = secrets
        let boundary = TrustBoundary(policy: s.trust, baseDirectory: s.baseDirectory,
                                     source: s.collectionFile.map { ($0.path as NSString).lastPathComponent })
        return effects.send(recipe, id: s.send.count, boundary: boundary, masking: historyMasking(s, typed: secrets),
                            cookieJarPath: effects.cookieJarPath(collection: s.collectionFile?.path, environment: s.activeEnvironment))
            .routed(to: s.tabs.activeID)
    }

    /// The draft's curl command was built off the UI thread: onto the clipboard, or the reason it could not be.
    func curlCommandBuilt(_ result: Result<String, SendFailure>, _ s: inout AppState) -> [Command<AppMessage>] {
        switch result {
        case .success(let command):
            s.notice = "Copied the request as a curl command."
            return [.copyToClipboard(command)]
        case .failure(let failure):
            s.notice = failure.message
            return []
        }
    }

    /// What the history masks in this send, taken from the state as it is now: the secret variables of the active
    /// environment and the collection, the `{{$env.NAME}}` values the request and its inherited headers and auth
    /// name, the variables a history entry opened into the draft held secrets in, and the values typed into the
    /// secret prompt.
    func historyMasking(_ s: AppState, typed: [SecretValue]) -> HistoryMasking {
        let effective = s.effectiveSettings(of: s.draft.savedRequest)
        let templates = [String(describing: s.draft.savedRequest), String(describing: effective.headers), String(describing: effective.auth)]
        let scope = s.draftScope
        var masking = HistoryMasking.forSend(scope: scope, templates: templates, typed: typed.map(\.value))
        for name in s.historySecretNames.sorted() {
            guard let value = scope.lookup(name)?.value, !value.isEmpty else { continue }
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
            guard let request = s.lastRequest else {
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

    /// Progress of send `id`: the viewer's spinner and counts move, and the watch looks again.
    func sendProgressed(id: Int, elapsed: Duration, progress: TransferProgress, _ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        if s.send.inFlight == id {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            s.viewer.updateProgress(ResponseProgress(elapsed: seconds, bytesSent: progress.bytesSent, bytesReceived: progress.bytesReceived))
            commands.append(effects.watchSend(id: id))
        }
        return commands
    }

    /// The next part of send `id`'s body: shown as it comes, and the watch looks again.
    func streamArrived(id: Int, batch: StreamBoard.Batch, elapsed: Duration, progress: TransferProgress, _ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        if s.send.inFlight == id {
            receiveStream(batch, progress: ResponseProgress(elapsed: elapsed, transfer: progress), &s)
            commands.append(effects.watchSend(id: id))
        }
        return commands
    }

    /// Send `id` ended (`request` as sent, nil when it could not be built): the history lists it, and its response is
    /// formatted and checked, or its failure shown.
    func sendFinished(id: Int, request: Request?, result: Result<Response, SendFailure>, history: HistoryEntry?, tail: StreamBoard.Batch?,
                      notes: [String], _ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        let noticeBefore = s.notice
        if let history {
            s.show(history: [history])
            s.sidebar.now = max(s.sidebar.now, history.time)
        }
        if s.send.inFlight == id { s.shownHistoryEntry = history }
        if s.send.inFlight == id {
            s.send.inFlight = nil
            if let request { s.lastRequest = request }
            if let tail { receiveStream(tail, progress: nil, &s) }
            switch result {
            case .success(let response):
                if s.viewer.isStreaming, s.viewer.document?.stream?.kind.isStreamType == true {
                    s.viewer.finishStream(timings: response.timings, stopped: response.stoppedEarly)
                    if response.stoppedEarly { s.notice = "Stopped the stream; what came is kept." }
                } else {
                    let streamed = s.viewer.isStreaming ? s.viewer.document : nil
                    s.viewer.startFormatting()
                    commands.append(effects.format(response, id: id, streamed: streamed))
                }
                let saved = s.draft.savedRequest
                commands.append(effects.evaluateChecks(saved.checks, captures: saved.captures, on: response,
                                                       variables: s.variables.plainValues, baseDirectory: s.baseDirectory,
                                                       trust: s.trust, secrets: historyMasking(s, typed: s.send.secrets).secrets, id: id))
            case .failure(let failure) where failure.fileOutsideRoot != nil:
                s.viewer.fail("Not sent: " + failure.message)
                if let refusal = failure.fileOutsideRoot { s.overlay = .confirmOutsideFile(refusal, secrets: s.send.secrets) }
            case .failure(let failure):
                if s.viewer.isStreaming, let timings = s.viewer.document?.timings {
                    s.viewer.finishStream(timings: timings, stopped: true)
                    s.notice = "The stream ended early: " + failure.message
                } else {
                    s.viewer.fail(failure.message)
                }
            }
        }
        if !notes.isEmpty {
            let setHere = s.notice == noticeBefore ? nil : s.notice
            s.notice = ([setHere].compactMap { $0 } + notes).joined(separator: " ")
        }
        return commands
    }

    /// The checks of send `id` evaluated: shown unless a later send has begun.
    func checksEvaluated(id: Int, report: CheckReport, _ s: inout AppState) {
        if id == s.send.count { s.checkReport = report }
    }

    /// The response of send `id` formatted (or indexed further): shown, and indexed on while lines remain.
    func responseFormatted(id: Int, document: ResponseDocument, _ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        if id == s.send.count, s.send.inFlight == nil {
            if !document.continuesIndexing {
                s.viewer.show(document)
            } else if s.viewer.isIndexing {
                s.viewer.showMore(document)
            } else {
                return commands
            }
            if document.isIndexing { commands.append(effects.indexMore(document, id: id)) }
        }
        return commands
    }
}
