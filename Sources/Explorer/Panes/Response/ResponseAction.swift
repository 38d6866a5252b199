import BodyIndex
import TUICore

/// Something the user asks of the response viewer, from a key, the mouse or the command palette.
public enum ResponseAction: Hashable, Sendable {
    /// Scroll down by this many rows.
    case scrollDown(Int)
    /// Scroll up by this many rows.
    case scrollUp(Int)
    /// Scroll down one page.
    case pageDown
    /// Scroll up one page.
    case pageUp
    /// Go to the first line.
    case top
    /// Go to the last page.
    case bottom
    /// Scroll right by this many columns (wrapping off).
    case scrollRight(Int)
    /// Scroll left by this many columns (wrapping off).
    case scrollLeft(Int)
    /// Turn line wrapping on or off.
    case toggleWrap
    /// Show a tab.
    case selectTab(ResponseTab)
    /// Show the tab to the right (wrapping around).
    case nextTab
    /// Show the tab to the left (wrapping around).
    case previousTab
    /// Copy the body to the clipboard.
    case copyBody
    /// Copy the response's URL to the clipboard.
    case copyURL
    /// Copy the request as a curl command line to the clipboard.
    case copyAsCurl
    /// Save the body to a file.
    case saveBody
    /// In the Events tab, show the selected event's data.
    case openEvent
    /// In the Events tab, go back from one event's data to the list.
    case closeEvent
    /// Open the search line.
    case openSearch
    /// Open the filter line (a JSONPath query or `| command`).
    case openFilter
    /// A key typed into the open search or filter line.
    case editLine(KeyEvent)
    /// Text pasted into the open search or filter line.
    case pasteLine(String)
    /// In the search line, switch between plain text and a regular expression.
    case toggleRegex
    /// Enter in the open line: keep the search, or apply the filter.
    case commitLine
    /// Esc in the open line: clear the search, or remove the filter (stopping a running command).
    case cancelLine
    /// Esc in the pane: stop a running filter, else clear the search.
    case clearSearch
    /// Go to the next match, wrapping to the first.
    case nextMatch
    /// Go to the previous match, wrapping to the last.
    case previousMatch
    /// Scroll the view by this many rows (negative: up) without moving the JSON cursor unless it leaves the view.
    case scrollView(Int)
    /// Put the JSON cursor on the line drawn on this row of the content area (0 is the first row).
    case placeCursor(row: Int)
    /// Fold or unfold the JSON object or array under the cursor.
    case toggleFold
    /// Fold every JSON object and array at the cursor's depth.
    case foldAtDepth
    /// Unfold everything.
    case unfoldAll
    /// Jump between a JSON bracket and its match.
    case matchBracket
    /// Show or hide line numbers.
    case toggleLineNumbers
    /// Start a copy: the next key says what (`y` body, `p` JSONPath, `v` value); copies the body at once where there is no JSON cursor.
    case beginCopy
    /// Copy the JSONPath of the cursor's line.
    case copyPath
    /// Copy the value of the cursor's line.
    case copyValue
    /// Forget a started copy.
    case cancelCopy
    /// Compare this response with an earlier one of the same request from history, or with a file.
    case compare
}

/// Work the app carries out for the response viewer, which does no I/O itself.
public enum ResponseEffect: Hashable, Sendable {
    /// Put `text` on the clipboard (OSC 52); `what` names it for a confirmation, e.g. "body".
    case copyToClipboard(text: String, what: String)
    /// Put the request that produced the response on the clipboard as `request.curlCommand`.
    case copyRequestAsCurl
    /// Ask the user for a path (suggesting `suggestedName`) and write `body` there.
    case saveBody(body: BodyBytes, suggestedName: String)
    /// Tell the user something, e.g. why an action did nothing.
    case notify(String)
    /// Offer the earlier responses of the same request and a file to compare `current` with.
    case chooseComparison(current: ComparedResponse)
}
