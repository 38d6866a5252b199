import Testing

@Test func placeholderRequestKitTests() { #expect(1 + 1 == 2) }
