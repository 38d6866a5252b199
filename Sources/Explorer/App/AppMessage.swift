import Foundation
import Replay
import RequestKit
import RequestStore
import TUICore

/// Everything that can happen to the app: input, and the results of commands.
public enum AppMessage: Sendable {
    /// The terminal has a new size.
    case resize(Size)
    /// A key was pressed.
    case key(KeyEvent)
    /// Text was pasted (bracketed paste).
    case paste(String)
    /// The mouse was clicked or its wheel turned.
    case mouse(MouseEvent)
    /// Runs an action by id, as a key or the palette would.
    case action(String)
    /// The draft was built as a request and written as a curl command, to copy; or it could not be built (the reason).
    case curlCommandBuilt(Result<String, SendFailure>)
    /// Progress of send `id`: time since it started and bytes moved.
    case sendProgress(id: Int, elapsed: Duration, progress: TransferProgress)
    /// The next part of send `id`'s body as it arrives (the head in the first), with the elapsed time and bytes moved.
    case streamReceived(id: Int, batch: StreamBoard.Batch, elapsed: Duration, progress: TransferProgress)
    /// Send `id` ended with a response or an error message; `request` is the request as sent (nil when it could not be
    /// built); `streamTail` is the part of a streamed body not yet shown; `notes` say what went wrong keeping the
    /// exchange (the cookie jar, the history), for the status line.
    case sendFinished(id: Int, request: Request? = nil, result: Result<Response, SendFailure>, history: HistoryEntry?,
                      streamTail: StreamBoard.Batch? = nil, notes: [String] = [])
    /// Events of run `id` since the last tick, the seconds since it began, and whether the run is over.
    case runProgress(id: Int, events: [RunEvent], elapsed: Double, finished: Bool)
    /// History entries were read again (e.g. the exchanges of a run), for the sidebar.
    case historyLoaded([HistoryEntry])
    /// A page of the history a sidebar filter matches was read (newest first), and whether older entries match too.
    case historySearched(filter: String, entries: [HistoryEntry], more: Bool)
    /// Time has passed: the sidebar's ages are brought up to date to `now`, read by the runtime from the effects' clock.
    case clockTick(Date)
    /// History entry `entryID` was deleted (nil) or could not be (the reason).
    case historyEntryDeleted(entryID: String, error: String?)
    /// A data file's rows were read for a run, or the reason they were not.
    case dataRowsLoaded(Result<[DataRow], SendFailure>)
    /// The collection file was saved (the new file state) or not (the reason).
    case collectionSaved(Result<CollectionFile, SendFailure>)
    /// An environment was saved with credentials typed into a request, as secret variables (the file as now stored), or not (the reason).
    case environmentSaved(Result<EnvironmentFile, SendFailure>)
    /// The request being edited was saved into a collection file (the file as now stored) or not (the reason).
    case requestSaved(Result<CollectionFile, SendFailure>, saved: SavedRequest)
    /// The draft's checks and captures were evaluated on the response of send `id`.
    case checksEvaluated(id: Int, report: CheckReport)
    /// Response `id` was turned into a document for the viewer.
    case responseFormatted(id: Int, document: ResponseDocument)
    /// The response stored with history entry `entryID` was read into a document for the viewer.
    case storedResponseLoaded(entryID: String, document: ResponseDocument)
    /// The last response of a tab restored at start was read back from its history entry.
    case storedResponseRestored(entry: HistoryEntry, document: ResponseDocument)
    /// The response body was saved (or not); the message says which.
    case bodySaved(String)
    /// The attachments' paths were checked.
    case filesChecked([String: FileStatus])
    /// The path input's Tab completion found this text.
    case pathCompleted(String)
    /// The external editor closed with this body text, or failed.
    case editorFinished(Result<String, SendFailure>)
    /// A draft write for this revision is due (sent after a short pause in editing).
    case draftDue(revision: Int)
    /// The draft was written (nil) or could not be (the reason).
    case draftWritten(revision: Int, error: String?)
    /// A message for the request tab `id`, handled with that tab in the panes whether it is shown or not (and
    /// dropped once the tab is closed): results of work a tab started (its send, its viewer's search, its file).
    indirect case inTab(id: Int, message: AppMessage)
    /// The list of open tabs was written to the draft file (nil) or could not be (the reason).
    case tabsSaved(error: String?)
    /// A save was refused because the file changed on disk; the user chooses to overwrite or reload.
    case saveConflicted(SaveConflict)
    /// The open collection was read again from disk (the file as now stored) or could not be (the reason).
    case collectionReloaded(Result<CollectionFile, SendFailure>)
    /// The environments beside the collection were read again (and the files that did not load named).
    case environmentsLoaded([EnvironmentFile], problems: [String], openSwitcher: Bool)
    /// The variables editor's groups were saved (or met a conflict, or failed); the outcome says which.
    case variablesSaved(VariablesSaveOutcome)
    /// The environment and collection files were read again after a variables conflict.
    case variablesReloaded(VariablesSaveOutcome)
    /// The settings file was written, or not; the text says which.
    case settingsSaved(String)
    /// A chunk of the response viewer's search was read off the UI thread.
    case viewerSearched(SearchChunk)
    /// The response viewer's filter (JSONPath or shell command) finished off the UI thread.
    case viewerFiltered(FilterOutcome)
    /// The earlier responses of the request the viewer shows were read from the history, newest first (or why not).
    case comparisonCandidatesLoaded(Result<[HistoryEntry], SendFailure>)
    /// A comparison of the response with an earlier one or a file is ready, or could not be made.
    case comparisonReady(Result<ResponseComparison, SendFailure>)
    /// The theme catalog was read (after the first frame, so start-up does not wait for it).
    case themesLoaded([Theme])
    /// The listing of a jar file's cookies (see `CookieJarListing`), read for the palette.
    case cookieJarRead(Result<String, SendFailure>)
    /// A jar file was cleared (its path), or could not be.
    case cookieJarCleared(Result<String, SendFailure>)
}

/// Why a send or an effect failed, in words for the user.
public struct SendFailure: Error, Hashable, Sendable {
    /// What happened and what to do.
    public var message: String
    /// A file outside the file root that the user may allow for the session, when that is what stopped the send.
    public var fileOutsideRoot: TrustRefusal?

    /// Wraps a message.
    public init(_ message: String, fileOutsideRoot: TrustRefusal? = nil) {
        self.message = message
        self.fileOutsideRoot = fileOutsideRoot
    }
}
