import Testing

@Test func placeholderRequestStoreTests() { #expect(1 + 1 == 2) }
