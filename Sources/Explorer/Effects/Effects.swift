import BodyIndex
import Foundation
import RequestKit
import RequestStore
import TUICore

/// The work the app's commands do outside `update`: HTTP, files, the editor, the draft file.
public struct Effects: Sendable {
    /// The transport every request goes through (a `Client`, or a test's `StubTransport`), made on the first send.
    public var client: any HTTPTransport { clientSlot.client }
    /// Holds the client once made, so start-up does not wait for libcurl and its TLS library to initialise.
    private let clientSlot: ClientSlot
    /// Where themes are read from after the first frame, or nil to keep the themes the state starts with.
    public let themeCatalog: ThemeCatalog?
    /// The settings file a theme picked in the palette is remembered in, or nil to remember nothing.
    public let settingsPath: String?
    /// Progress, heads and body chunks of responses in flight, waiting for the screen.
    public let streams: StreamBoard
    /// Events of collection runs in flight.
    public let runBoard: RunBoard
    /// Where the draft is kept, or nil to keep none.
    public let draftPath: String?
    /// How often the spinner and counters move while a request is in flight.
    public let tickInterval: Duration
    /// The data folder's paths; a request saved while no collection is open goes to its default collections folder.
    public let storePaths: StorePaths?
    /// The history each finished exchange is appended to, masked as the state was when its request was built; nil records nothing.
    public let history: HistoryStore?

    /// The largest response body accepted for requests that set no limit of their own (settings' `maxFileSize`).
    public let maxResponseSize: Int64?
    /// The body size past which a body goes to a file in the data folder's `bodies/` (settings' `largeBodyThreshold`).
    public let largeBodyThreshold: Int64
    /// The persistent cookie jar the client holds, per collection and environment.
    let cookieJar = AppCookieJar()
    /// Whether cookie jars are kept in the data folder (false with `--no-cookies`).
    public let keepsCookieJars: Bool

    /// The wall clock the app reads the time from (the sidebar's ages); tests give a fixed one.
    public let clock: @Sendable () -> Date

    /// How often the sidebar's ages are brought up to date.
    public static let clockInterval = Duration.seconds(15)

    /// Creates the effects.
    public init(client: @autoclosure @escaping @Sendable () -> any HTTPTransport, draftPath: String?, storePaths: StorePaths? = nil, keepsCookieJars: Bool = true,
                themeCatalog: ThemeCatalog? = nil, settingsPath: String? = nil, tickInterval: Duration = .milliseconds(100),
                maxResponseSize: Int64? = nil, largeBodyThreshold: Int64 = LargeBodyFiles.defaultThreshold,
                history: HistoryStore? = nil, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        self.clientSlot = ClientSlot(make: client)
        self.themeCatalog = themeCatalog
        self.settingsPath = settingsPath
        self.streams = StreamBoard()
        self.runBoard = RunBoard()
        self.draftPath = draftPath
        self.storePaths = storePaths
        self.tickInterval = tickInterval
        self.history = history
        self.maxResponseSize = maxResponseSize
        self.largeBodyThreshold = largeBodyThreshold
        self.keepsCookieJars = keepsCookieJars
    }

    /// The shortest time between two batches of a streamed body: at most about 60 frames a second.
    public static let frameInterval = Duration.milliseconds(17)
    /// How long a body of a type not made for streaming must have been arriving before it is shown as it grows.
    public static let plainStreamDelay = Duration.milliseconds(250)

    /// Builds the request of `recipe` and sends it off the UI thread as send `id`, with the watch of its progress and
    /// body started; built-ins such as `{{$uuid}}` take their values here. The exchange is recorded in the history with
    /// `masking`, the secrets in force when the recipe was made.
    ///
    /// The body reaches the screen as it arrives (`streamReceived`). A body of a streaming type (events, JSON lines)
    /// keeps its first bytes up to the size limit and only counts the rest, so an endless stream runs with flat
    /// memory; any other body is kept whole and stops at the limit as before.
    /// The request's files pass `boundary` first: one outside the file root comes back as a failure that names it,
    /// and nothing is sent or recorded.
    func send(_ recipe: RequestRecipe, id: Int, boundary: TrustBoundary, masking: HistoryMasking, cookieJarPath: String? = nil) -> [Command<AppMessage>] {
        let maxResponseSize = self.maxResponseSize
        let largeBodySpill = self.largeBodySpill
        let slot = clientSlot
        let history = self.history
        let streams = self.streams
        let cookieJar = self.cookieJar
        let send = Command<AppMessage>.perform(id: "send") {
            let built: Request
            do throws(SendFailure) {
                built = try recipe.request()
            } catch {
                return .sendFinished(id: id, result: .failure(SendFailure("Not sent: " + error.message)), history: nil)
            }
            var unchecked = built
            if unchecked.options.maxResponseSize == nil { unchecked.options.maxResponseSize = maxResponseSize }
            if unchecked.options.spill == nil { unchecked.options.spill = largeBodySpill }
            let keep = unchecked.options.maxResponseSize ?? ResponseSizeLimit.defaultLimit
            let request: Request
            do throws(TrustRefusal) {
                request = try boundary.admit(unchecked)
            } catch {
                return .sendFinished(id: id, request: built,
                                     result: .failure(SendFailure(error.description, fileOutsideRoot: error.kind == .readOutsideRoot ? error : nil)),
                                     history: nil, streamTail: nil)
            }
            let client = slot.client
            let stream = ResponseStream(keepingForHead: { head in
                StreamKind(contentType: head.headers.value(for: "Content-Type") ?? "").isStreamType ? .first(keep) : .whole
            }, observer: { event in streams.receive(id, event) })
            streams.begin(id, stream: stream, request: built)
            defer { streams.end(id) }
            let result: Result<Response, SendFailure>
            var notes: [String] = []
            do throws(SendFailure) {
                try await cookieJar.prepare(client, path: cookieJarPath)
                do throws(NetworkError) {
                    let response = try await client.send(request, progress: { progress in streams.record(id, progress) }, stream: stream)
                    result = .success(response)
                } catch {
                    result = .failure(SendFailure(error.message(naming: .app)))
                }
                if let note = await cookieJar.save(client) { notes.append(note) }
            } catch {
                result = .failure(error)
            }
            if Task.isCancelled { return nil }
            let tail = streams.take(id, plainDelay: Effects.plainStreamDelay, final: true)
            var entry: HistoryEntry?
            if let history {
                do throws(StoreError) {
                    entry = try masking.record(request, result: result, events: streams.recordedEvents(id), in: history)
                } catch {
                    notes.append("The exchange was not recorded in the history: \(error.description)")
                }
            }
            return .sendFinished(id: id, request: built, result: result, history: entry, streamTail: tail, notes: notes)
        }
        return [send, watchSend(id: id)]
    }

    /// The persistent cookie jar file of a collection file and environment, in the data folder; nil without a
    /// data folder or a collection file.
    public func cookieJarPath(collection: String?, environment: String?) -> String? {
        guard keepsCookieJars, let storePaths, let collection else { return nil }
        return storePaths.cookieJarFile(collection: collection, environment: environment)
    }

    /// Reads a cookie jar file for the palette's listing.
    func showCookies(path: String) -> Command<AppMessage> {
        .perform {
            do throws(CookieJarError) {
                return .cookieJarRead(.success(CookieJarListing.text(try CookieJarFile.read(path), path: path, now: Date())))
            } catch {
                return .cookieJarRead(.failure(SendFailure(error.inApp)))
            }
        }
    }

    /// Forgets every cookie of a jar file, in the client and on disk.
    func clearCookies(path: String) -> Command<AppMessage> {
        let slot = clientSlot
        let cookieJar = self.cookieJar
        return .perform {
            let client = slot.client
            do throws(SendFailure) {
                try await cookieJar.clear(client, path: path)
                return .cookieJarCleared(.success(path))
            } catch {
                return .cookieJarCleared(.failure(error))
            }
        }
    }

    /// One look at send `id`: the next batch of its body once there is one (at most one a frame), else after the
    /// tick interval its elapsed time and bytes for the spinner. `update` issues it again after each.
    func watchSend(id: Int) -> Command<AppMessage> {
        let streams = self.streams
        let interval = tickInterval
        return .perform {
            await streams.waitForNews(id, interval: interval, frame: Effects.frameInterval)
            guard let reading = streams.reading(id) else {
                // Not begun yet (the send command starts alongside): look again; once ended, the watch is over.
                return streams.hasEnded(id) ? nil : .sendProgress(id: id, elapsed: .zero, progress: TransferProgress())
            }
            if let batch = streams.take(id, plainDelay: Effects.plainStreamDelay) {
                return .streamReceived(id: id, batch: batch, elapsed: reading.elapsed, progress: reading.progress)
            }
            return .sendProgress(id: id, elapsed: reading.elapsed, progress: reading.progress)
        }
    }

    /// Ends send `id`'s transfer early; the send then finishes with what came.
    func stopStream(id: Int) -> Command<AppMessage> {
        let streams = self.streams
        return .perform {
            streams.stop(id)
            return nil
        }
    }

    /// Saves the collection over its file; unless `force`, a file changed on disk since it was read is left alone and reported as a conflict.
    func saveCollection(_ collection: RequestCollection, file: CollectionFile, force: Bool = false) -> Command<AppMessage> {
        .perform {
            do throws(StoreError) {
                return .collectionSaved(.success(try file.saving(SessionRequestIDs.removed(from: collection), force: force)))
            } catch {
                if case .conflict = error { return .saveConflicted(SaveConflict(file: file, collection: collection, saved: nil)) }
                return .collectionSaved(.failure(SendFailure("Not saved: \(error)")))
            }
        }
    }

    /// Saves the collection with the request in it over its file; unless `force`, a file changed on disk is reported as a conflict.
    func saveRequest(_ saved: SavedRequest, in collection: RequestCollection, file: CollectionFile, force: Bool = false) -> Command<AppMessage> {
        .perform {
            do throws(StoreError) {
                return .requestSaved(.success(try file.saving(SessionRequestIDs.removed(from: collection), force: force)), saved: saved)
            } catch {
                if case .conflict = error { return .saveConflicted(SaveConflict(file: file, collection: collection, saved: saved)) }
                return .requestSaved(.failure(SendFailure("Not saved: \(error)")), saved: saved)
            }
        }
    }

    /// Reads the collection file again from disk.
    func reloadCollection(_ path: String) -> Command<AppMessage> {
        .perform {
            do throws(StoreError) {
                return .collectionReloaded(.success(try CollectionFile.load(path)))
            } catch {
                return .collectionReloaded(.failure(SendFailure("Not reloaded: \(error)")))
            }
        }
    }

    /// Saves an environment over its file (secret values into its secrets file); a file changed on disk is not overwritten.
    func saveEnvironment(_ environment: Environment, file: EnvironmentFile) -> Command<AppMessage> {
        .perform {
            do throws(StoreError) {
                return .environmentSaved(.success(try file.saving(environment)))
            } catch {
                return .environmentSaved(.failure(SendFailure("\(file.path) was not saved: \(error)")))
            }
        }
    }

    /// Saves the request into `Untitled.json` of the default collections folder, creating the file if needed, with
    /// `secrets` (secret variables made from credentials typed into it) replacing variables of the same name there.
    func saveRequestToDefaultCollection(_ saved: SavedRequest, folder: String, secrets: [Variable] = []) -> Command<AppMessage> {
        let paths = storePaths
        return .perform {
            guard let paths else {
                return .requestSaved(.failure(SendFailure("Not saved: no data folder is set; start curlew with a collection file or --data-dir.")), saved: saved)
            }
            do throws(StoreError) {
                let path = try paths.ensureCollectionsDirectory() + "/\(Effects.defaultCollectionName).json"
                let file: CollectionFile
                if FileManager.default.fileExists(atPath: path) {
                    let existing = try CollectionFile.load(path)
                    var collection = existing.document
                    collection.variables.removeAll { variable in secrets.contains { $0.name == variable.name } }
                    collection.variables += secrets
                    CollectionSaving.add(SessionRequestIDs.removed(from: saved), toFolder: folder, in: &collection)
                    file = try existing.saving(collection)
                } else {
                    var collection = RequestCollection(name: Effects.defaultCollectionName, variables: secrets)
                    CollectionSaving.add(SessionRequestIDs.removed(from: saved), toFolder: folder, in: &collection)
                    file = try CollectionFile.create(collection, at: path)
                }
                return .requestSaved(.success(file), saved: saved)
            } catch {
                return .requestSaved(.failure(SendFailure("Not saved: \(error)")), saved: saved)
            }
        }
    }

    /// The name of the collection a request is saved into when none is open.
    static let defaultCollectionName = "Untitled"

    /// Turns a response into the viewer's document off the UI thread.
    ///
    /// The document comes back with the first lines of a JSON body indexed, at once; `indexMore` indexes the rest.
    /// `streamed` is the document shown while the body arrived, if it was: a JSON body formatted on the way goes on from it.
    func format(_ response: Response, id: Int, streamed: ResponseDocument? = nil) -> Command<AppMessage> {
        .perform {
            .responseFormatted(id: id, document: ResponseDocument.make(from: response, streamed: streamed, firstLines: ResponseDocument.firstScreenLines))
        }
    }

    /// How many more lines of a body each `indexMore` step indexes before the viewer shows them (and their count).
    static let indexingStepLines = 1 << 18

    /// Indexes more lines of a document whose body is still being indexed, off the UI thread.
    func indexMore(_ document: ResponseDocument, id: Int) -> Command<AppMessage> {
        .perform(id: "index-body") { .responseFormatted(id: id, document: document.continued(lines: Effects.indexingStepLines)) }
    }

    /// Evaluates the draft's checks and captures on response `id` off the UI thread.
    func evaluateChecks(_ checks: [Check], captures: [CaptureRule], on response: Response, variables: [String: String],
                        baseDirectory: String?, trust: TrustPolicy, secrets: [String], id: Int) -> Command<AppMessage> {
        .perform {
            .checksEvaluated(id: id, report: CheckReport.evaluate(checks, captures: captures, on: response, variables: variables,
                                                                  baseDirectory: baseDirectory, trust: trust, secrets: secrets))
        }
    }

    /// Writes a response body to a file, refusing to overwrite one.
    func saveBody(_ body: BodyBytes, to path: String, baseDirectory: String?) -> Command<AppMessage> {
        .perform {
            let full = FileInspection.resolve(path, baseDirectory: baseDirectory)
            if FileManager.default.fileExists(atPath: full) {
                return .bodySaved("Not saved: \(full) already exists; choose another name.")
            }
            guard FileManager.default.createFile(atPath: full, contents: body.data) else {
                return .bodySaved("Not saved: \(full) could not be written; check the folder exists and is writable.")
            }
            return .bodySaved("Saved the body to \(full).")
        }
    }

    /// Checks that each path names a readable file and measures it.
    func checkFiles(_ paths: [String], baseDirectory: String?) -> Command<AppMessage> {
        .perform {
            var statuses: [String: FileStatus] = [:]
            for path in paths { statuses[path] = FileInspection.status(of: path, baseDirectory: baseDirectory) }
            return .filesChecked(statuses)
        }
    }

    /// Reads every theme of the catalog, for the palette and its live preview.
    func loadThemes() -> Command<AppMessage>? {
        guard let catalog = themeCatalog else { return nil }
        return .perform { .themesLoaded(catalog.all()) }
    }

    /// Remembers `theme` in the settings file as the one to start with.
    func rememberTheme(_ theme: String) -> Command<AppMessage>? {
        guard let path = settingsPath else { return nil }
        return .perform {
            do throws(SettingsError) {
                var settings = try SettingsFile.read(from: path)
                settings.theme = theme
                try SettingsFile.write(settings, to: path)
                return .settingsSaved("Theme '\(theme)' is now the default (\(path)).")
            } catch {
                return .settingsSaved("The theme was not remembered: \(error.message)")
            }
        }
    }

    /// Completes a path typed in the add-file input.
    func completePath(_ text: String) -> Command<AppMessage> {
        .perform {
            guard let completed = PathCompletion.complete(text), completed != text else { return nil }
            return .pathCompleted(completed)
        }
    }

    /// Writes tab `tab`'s draft into its file atomically, with what the tab was opened from and the history entry
    /// of the response it shows, when given.
    func writeDraft(_ draft: RequestDraft, baseline: SavedRequest? = nil, response: String? = nil, tab: Int, revision: Int) -> Command<AppMessage> {
        guard let path = draftPath else { return .perform { .draftWritten(revision: revision, error: nil) } }
        return .perform {
            do throws(DraftFileError) {
                try DraftFile.writeTab(draft, baseline: baseline, response: response, id: tab, draftPath: path)
                return .draftWritten(revision: revision, error: nil)
            } catch {
                return .draftWritten(revision: revision, error: error.message)
            }
        }
    }

    /// Writes the list of open tabs into the draft file and removes the files of the tabs closed.
    func saveTabList(_ ids: [Int], active: Int, removing: [Int]) -> Command<AppMessage> {
        guard let path = draftPath else { return .perform { .tabsSaved(error: nil) } }
        return .perform(id: "draft.tabs") {
            do throws(DraftFileError) {
                try DraftFile.writeTabList(ids, active: active, removing: removing, draftPath: path)
                return .tabsSaved(error: nil)
            } catch {
                return .tabsSaved(error: error.message)
            }
        }
    }

    /// Opens `$VISUAL`/`$EDITOR` on the body in a temporary file, with the terminal handed over.
    func editExternally(_ text: String, json: Bool) -> Command<AppMessage> {
        .releasingTerminal {
            .editorFinished(ExternalEditor.edit(text, fileExtension: json ? "json" : "txt"))
        }
    }
}
