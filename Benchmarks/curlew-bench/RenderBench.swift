import TUICore

/// Times drawing a full 200×60 frame into a `Buffer` and diffing it with the previous frame.
///
/// Each frame draws borders, a tab bar, a table, and a scrolled viewer of styled JSON-like lines
/// (with some CJK text); the scroll moves one line per frame, so nearly every row changes.
enum RenderBench {
    /// The timing of one run.
    struct Result {
        /// The number of frames measured.
        var frames: Int
        /// Median time to draw one frame.
        var drawMedian: Duration
        /// Median time to diff one frame with the previous one.
        var diffMedian: Duration
        /// 95th percentile of draw plus diff.
        var totalP95: Duration
        /// Median number of changed cells per frame.
        var changedCells: Int
    }

    /// Runs the benchmark and returns the result.
    static func measure(frames: Int = 300, width: Int = 200, height: Int = 60) -> Result {
        let theme = Theme.dark
        let lines: [Line] = (0..<2000).map { i in
            Line([
                Span("  \"key\(i)\"", style: Style(fg: theme[.key])),
                Span(": ", style: Style(fg: theme[.punctuation])),
                Span(i % 7 == 0 ? "\"値 \(i) 日本語テキスト\"" : "\"value number \(i) with some more text\"", style: Style(fg: theme[.string])),
                Span(",", style: Style(fg: theme[.punctuation])),
            ])
        }
        let rows = (0..<40).map { i in TableRow([Line("header-\(i)"), Line("value \(i)")], enabled: i % 3 != 0) }
        var previous = Buffer(width: width, height: height)
        var draws: [Duration] = []
        var diffs: [Duration] = []
        var totals: [Duration] = []
        var changed: [Int] = []
        let clock = ContinuousClock()
        for frame in 0..<frames {
            var buffer = Buffer(width: width, height: height)
            let drawTime = clock.measure {
                draw(frame: frame, into: &buffer, theme: theme, lines: lines, rows: rows)
            }
            var changes: [CellChange] = []
            let diffTime = clock.measure {
                changes = buffer.diff(from: previous)
            }
            draws.append(drawTime)
            diffs.append(diffTime)
            totals.append(drawTime + diffTime)
            changed.append(changes.count)
            previous = buffer
        }
        func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
        return Result(
            frames: frames,
            drawMedian: median(draws),
            diffMedian: median(diffs),
            totalP95: totals.sorted()[totals.count * 95 / 100],
            changedCells: changed.sorted()[changed.count / 2]
        )
    }

    private static func draw(frame: Int, into buffer: inout Buffer, theme: Theme, lines: [Line], rows: [TableRow]) {
        let area = buffer.area
        buffer.fill(area, style: theme.base)
        let parts = Layout.vertical([.length(3), .fill(1), .length(1)]).split(area)
        let url = Block.themed(theme, title: "GET", focused: true)
        url.render(area: parts[0], buffer: &buffer)
        let field = TextFieldState(text: "https://api.example.com/v1/users/{{userId}}/orders?page=\(frame)")
        TextField(style: theme.surfaceStyle).render(state: field, area: url.inner(parts[0]), buffer: &buffer)
        let columns = Layout.horizontal([.percentage(40), .fill(1)]).split(parts[1])
        let request = Block.themed(theme, title: "Request", focused: false)
        request.render(area: columns[0], buffer: &buffer)
        let requestInner = request.inner(columns[0])
        Tabs(titles: ["Params", "Headers", "Body", "Files", "Auth", "Options"], selected: 1, style: theme.surfaceStyle)
            .render(area: requestInner, buffer: &buffer)
        let tableState = TableState(selected: frame % rows.count)
        Table(columns: [TableColumn("Name", width: .percentage(40)), TableColumn("Value", width: .fill(1))], rows: rows,
              showsCheckbox: true, style: theme.surfaceStyle, selectionStyle: theme.selectionStyle)
            .render(state: tableState, area: Rect(x: requestInner.x, y: requestInner.y + 1, width: requestInner.width, height: requestInner.height - 1), buffer: &buffer)
        let response = Block.themed(theme, title: "Response 200 OK", focused: false)
        response.render(area: columns[1], buffer: &buffer)
        var viewer = TextViewerState()
        viewer.offset = frame % 1000
        TextViewer(lines: lines, style: theme.surfaceStyle, scrollbarStyle: Style(fg: theme[.border]))
            .render(state: viewer, area: response.inner(columns[1]), buffer: &buffer)
        buffer.setString("ctrl+s Send  tab Next pane  ? Help  ctrl+c Quit", x: 0, y: parts[2].y, style: Style(fg: theme[.muted]))
    }

    /// Runs the benchmark and formats the result for the console.
    static func report() -> String {
        _ = measure(frames: 30)
        let r = measure()
        func ms(_ d: Duration) -> String {
            let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(String(format2: hundredths % 100)) ms"
        }
        return """
        render: full 200x60 frame into a Buffer, then diff with the previous frame (\(r.frames) frames)
          draw median  \(ms(r.drawMedian))
          diff median  \(ms(r.diffMedian))
          total p95    \(ms(r.totalP95))   (target: under 2 ms)
          changed cells per frame (median): \(r.changedCells) of 12000
        """
    }
}

extension String {
    /// Two digits with a leading zero.
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
