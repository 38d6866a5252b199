import RequestKit
import Testing

/// Byte counts in binary units, the same wherever curlew shows one.
@Suite struct ByteCountTextTests {
    @Test(arguments: [
        (Int64(0), "0 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (1536, "1.5 KiB"), (10_066_329, "9.6 MiB"),
        (52_428_800, "50.0 MiB"), (125_829_120, "120 MiB"), (Int64(3) << 30, "3.0 GiB"), (Int64.max, "8388608 TiB"),
    ])
    func format(bytes: Int64, text: String) {
        #expect(ByteCountText.format(bytes) == text)
    }
}
