/// The share of the room the request pane takes beside or above the response, in percent.
public enum RequestSplit {
    /// The share stacked above the response when none is chosen.
    public static let stackedDefault = 45
    /// The share beside the response when none is chosen.
    public static let sideBySideDefault = 50
    /// The smallest share either pane keeps.
    public static let minimum = 20
    /// The largest share the request may take.
    public static let maximum = 80
    /// How far one key press moves the border.
    public static let step = 5

    /// The share used: the chosen one within bounds, else the default for the arrangement.
    public static func share(_ chosen: Int?, sideBySide: Bool) -> Int {
        guard let chosen else { return sideBySide ? sideBySideDefault : stackedDefault }
        return clamped(chosen)
    }

    /// `percent` kept between `minimum` and `maximum`.
    public static func clamped(_ percent: Int) -> Int { min(maximum, max(minimum, percent)) }
}
