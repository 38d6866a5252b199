/// Byte counts as people read them, in binary units everywhere curlew shows one: `512 B`, `1.2 KiB`, `50.0 MiB`, `120 MiB`.
public enum ByteCountText {
    /// The count in the largest binary unit that keeps it at 1 or more, with one decimal below 100.
    public static func format(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if value >= 100 { return "\(Int(value.rounded())) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
