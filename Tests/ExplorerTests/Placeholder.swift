import Testing

@Test func placeholderExplorerTests() { #expect(1 + 1 == 2) }
