/// How wide the sidebar is drawn: the width the user chose (keys, a drag on its border, `settings.json`), else a
/// quarter of the screen, always leaving the request and response panes room to work.
public enum SidebarWidth {
    /// The narrowest sidebar, in columns.
    public static let minimum = 16
    /// The widest width `settings.json` may hold; the screen clamps it further when drawing.
    public static let maximumSetting = 400
    /// The columns always left to the request and response panes beside the sidebar.
    public static let paneRoom = 40
    /// How many columns one press of the widen or narrow key moves the border.
    public static let step = 4

    /// The width used when none was chosen: a quarter of the screen, from 20 to 32 columns.
    public static func automatic(screenWidth: Int) -> Int {
        min(32, max(20, screenWidth / 4))
    }

    /// `width` kept between `minimum` and the screen's width less `paneRoom` (never below `minimum`).
    public static func clamped(_ width: Int, screenWidth: Int) -> Int {
        max(minimum, min(width, screenWidth - paneRoom))
    }

    /// The width drawn on a screen `screenWidth` columns wide for the chosen width (nil for automatic).
    public static func shown(chosen: Int?, screenWidth: Int) -> Int {
        clamped(chosen ?? automatic(screenWidth: screenWidth), screenWidth: screenWidth)
    }
}
