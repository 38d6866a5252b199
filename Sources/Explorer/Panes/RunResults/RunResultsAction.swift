/// Something the user asks of the run results pane.
public enum RunResultsAction: Hashable, Sendable {
    /// Select the row above.
    case moveUp
    /// Select the row below.
    case moveDown
    /// Move the selection up one page.
    case pageUp
    /// Move the selection down one page.
    case pageDown
    /// Select the first row.
    case first
    /// Select the last row.
    case last
    /// Select the row at this index (a click).
    case select(Int)
    /// Open the selected row's exchange in the request and response panes.
    case open
    /// Run the failed requests again.
    case runFailedAgain
    /// Stop the run while it runs; close the pane once it is over.
    case stopOrClose
}

/// Work the app carries out for the results pane, which does no I/O itself.
public enum RunResultsEffect: Hashable, Sendable {
    /// Open the result at this index of the rows.
    case open(Int)
    /// Cancel the run in flight.
    case stop
    /// Start a run of the failed requests only.
    case runFailedAgain
    /// Hide the pane.
    case close
    /// Tell the user something, e.g. why an action did nothing.
    case notify(String)
}
