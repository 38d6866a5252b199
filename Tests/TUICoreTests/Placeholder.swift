import Testing

@Test func placeholderTUICoreTests() { #expect(1 + 1 == 2) }
