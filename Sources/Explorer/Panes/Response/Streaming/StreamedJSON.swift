import BodyIndex
import RequestKit

/// A JSON body pretty-printed while it arrives: every byte from the first kept, and its line index extended with each
/// batch from where the last one stopped (`JSONLineIndexer.arriving`), so the Body tab shows indented, colored lines
/// from the first screen on and the line count grows as the body comes.
struct StreamedJSON: Equatable, Sendable {
    /// How far the formatting got.
    enum State: Equatable, Sendable {
        /// Every byte so far is the start of valid JSON and is indexed up to its last whole line.
        case formatting
        /// The bytes broke the JSON grammar; the body is shown as text (the message says where and why).
        case invalid(String)
        /// Bytes went missing before the viewer took them (or the body outgrew what is formatted while it
        /// arrives): the lines so far stay, the rest is formatted once the whole body has come.
        case incomplete
        /// The transfer ended before the body did (it failed or was stopped): the lines that came stay.
        case endedEarly
    }

    /// The most body bytes formatted (and so held) while they arrive; past it the body is formatted once it has all come.
    let limit: Int

    /// The indexer, holding every byte that arrived.
    private(set) var indexer = JSONLineIndexer.arriving()
    /// How far the formatting got.
    private(set) var state = State.formatting

    /// Whether the body was declared JSON; one that only started like JSON is shown as text, with no warning, should
    /// it turn out not to be JSON.
    let declared: Bool

    /// An empty body that holds at most `limit` bytes while it arrives (at most 1 GiB, the indexer's own bound).
    init(limit: Int = StreamedBody.defaultJSONLimit, declared: Bool = true) {
        self.limit = max(0, min(limit, 1 << 30))
        self.declared = declared
    }

    /// The lines indexed so far (all of them once the body is whole).
    var index: JSONLineIndex { indexer.index }

    /// Every byte that arrived, from the first.
    var bytes: BodyBytes { indexer.bytes }

    /// Whether every byte arrived and is indexed as valid JSON, so the document of the whole response can use this index.
    var coversWholeBody: Bool { state == .formatting && indexer.isComplete }

    /// The most lines indexed per batch on the UI thread (a few milliseconds' work): a body arriving faster than that
    /// is indexed further with each batch, and the rest off the UI thread when the whole response takes over.
    static let linesPerBatch = 1 << 17

    /// Takes the next bytes (`skipped` of them never reached the viewer) and indexes up to `lines` more of the lines
    /// they complete.
    mutating func append(_ more: [UInt8], skipped: Int64, lines: Int = StreamedJSON.linesPerBatch) {
        guard state == .formatting else { return }
        guard skipped == 0, indexer.bytes.count + more.count <= limit else {
            state = .incomplete
            return
        }
        indexer.appendArrived(more)
        advance(lines: lines)
    }

    /// The body ended: `stopped` when the transfer was cut short; otherwise up to `lines` more lines are indexed, on
    /// up to `threads` threads, and when that reaches the end, the last token is read and the index completed.
    mutating func finish(stopped: Bool, lines: Int = StreamedJSON.linesPerBatch, threads: Int = 1) {
        if stopped {
            if state == .formatting || state == .incomplete { state = .endedEarly }
            return
        }
        guard state == .formatting else { return }
        indexer.endArrival()
        advance(lines: lines, threads: threads)
    }

    /// Indexes up to `lines` more of the lines the arrived bytes complete; a syntax error turns the body into text.
    private mutating func advance(lines: Int, threads: Int = 1) {
        do {
            _ = try indexer.advance(lines: lines, threads: threads)
        } catch {
            state = .invalid(error.description)
        }
    }

    /// The Body tab's parts: the pretty lines so far; for invalid JSON the text as received below a warning.
    func parts(asReceived: [PanePart]) -> [PanePart] {
        switch state {
        case .formatting:
            return [PanePart(json: index)]
        case .invalid(let message):
            guard declared else { return asReceived }
            return [.text(["Not valid JSON (\(message)); shown as text."], coloring: .notice(.warning))] + asReceived
        case .incomplete:
            return [PanePart(json: index),
                    .text(["… the rest of the body is formatted once it has all come."], coloring: .notice(.muted))]
        case .endedEarly:
            return [PanePart(json: index),
                    .text(["… the transfer ended before the JSON did; the Raw tab shows every byte that came."], coloring: .notice(.warning))]
        }
    }
}
