import TUICore

extension AppState {
    /// Scrolls the URL field and every editor and table of the request pane so that its cursor or selected row
    /// is in view at `layout`, moving each offset only as far as that takes.
    ///
    /// `update` calls it after every message, so the offsets live in the state and drawing (which scrolls a copy
    /// the same way) and mouse clicks see the same rows; drawing never has to work them out from zero.
    mutating func keepEditorsInView(_ layout: AppLayout) {
        draft.url.keepCursorVisible(width: URLBarView.fieldArea(in: layout.urlBar, method: draft.method).width)
        editor.keepInView(&draft, area: layout.requestContent)
    }
}
