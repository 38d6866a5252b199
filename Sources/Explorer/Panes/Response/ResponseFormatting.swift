import RequestKit

/// Short human forms of sizes and durations for the status line and the Timing tab.
public enum ResponseFormatting {
    /// A byte count such as `512 B`, `1.2 KiB`, `50.0 MiB`.
    public static func size(_ bytes: Int64) -> String {
        ByteCountText.format(bytes)
    }

    /// A duration in seconds as `0.4 ms`, `123 ms` or `1.23 s`.
    public static func duration(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if ms < 10 { return "\(oneDecimal(ms)) ms" }
        if ms < 1000 { return "\(Int(ms.rounded())) ms" }
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// A value with one decimal, e.g. `1.2`.
    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
