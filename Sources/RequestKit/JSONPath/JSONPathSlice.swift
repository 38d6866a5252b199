/// The array indexes a slice selector `start:end:step` selects (RFC 9535 §2.3.4.2), in selection order.
enum JSONPathSlice {
    /// The indexes, from bounds already range-checked to ±(2^53 − 1) by the parser; none when the step is 0.
    static func indexes(start: Int64?, end: Int64?, step: Int64?, count: Int) -> [Int] {
        let step = step ?? 1
        let length = Int64(count)
        guard step != 0, length > 0 else { return [] }
        func normalized(_ index: Int64) -> Int64 { index >= 0 ? index : length + index }
        var indexes: [Int] = []
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), length)
            let upper = min(max(normalized(end ?? length), 0), length)
            var index = lower
            while index < upper {
                indexes.append(Int(index))
                index += step
            }
        } else {
            let upper = min(max(normalized(start ?? length - 1), -1), length - 1)
            let lower = min(max(normalized(end ?? -length - 1), -1), length - 1)
            var index = upper
            while lower < index {
                indexes.append(Int(index))
                index += step
            }
        }
        return indexes
    }
}
