import Testing

@Test func placeholderCurlewTests() { #expect(1 + 1 == 2) }
