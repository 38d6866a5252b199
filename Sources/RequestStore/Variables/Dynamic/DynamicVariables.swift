import Foundation

/// Postman's dynamic variables under their Postman names (`{{$randomEmail}}`, `{{$guid}}`, …), so imported
/// collections keep working; each draws from the scope's `BuiltinRandom`, so `--seed` repeats them.
public enum DynamicVariables {
    /// Makes one value from the random source and the current time.
    typealias Maker = @Sendable (BuiltinRandom, Date) -> String

    /// Every name this table knows, sorted, for messages and completion.
    public static var names: [String] { makers.keys.sorted() }

    /// The value of `name` (with its `$`), or nil when it is not one of the table's names.
    public static func value(of name: String, random: BuiltinRandom, now: Date) -> String? {
        makers[name].map { $0(random, now) }
    }

    /// Names to makers.
    private static let makers: [String: Maker] = identity.merging(internet) { first, _ in first }
        .merging(place) { first, _ in first }
        .merging(text) { first, _ in first }
        .merging(commerce) { first, _ in first }
        .merging(time) { first, _ in first }

    /// UUIDs, numbers, people.
    private static let identity: [String: Maker] = [
        "$guid": { random, _ in random.uuid() },
        "$randomUUID": { random, _ in random.uuid() },
        "$randomInt": { random, _ in String(random.int(in: 0...1000)) },
        "$randomBoolean": { random, _ in random.int(in: 0...1) == 1 ? "true" : "false" },
        "$randomAlphaNumeric": { random, _ in characters(1, from: alphanumerics, random) },
        "$randomFirstName": { random, _ in random.pick(FakeWords.firstNames) },
        "$randomLastName": { random, _ in random.pick(FakeWords.lastNames) },
        "$randomFullName": { random, _ in random.pick(FakeWords.firstNames) + " " + random.pick(FakeWords.lastNames) },
        "$randomNamePrefix": { random, _ in random.pick(FakeWords.namePrefixes) },
        "$randomNameSuffix": { random, _ in random.pick(FakeWords.nameSuffixes) },
        "$randomUserName": { random, _ in random.pick(FakeWords.firstNames) + "." + random.pick(FakeWords.lastNames).filter(\.isLetter) + String(random.int(in: 1...99)) },
        "$randomPassword": { random, _ in characters(15, from: alphanumerics, random) },
        "$randomPhoneNumber": { random, _ in "\(random.int(in: 200...999))-\(random.int(in: 200...999))-\(digits(4, random))" },
        "$randomJobTitle": { random, _ in [random.pick(FakeWords.jobLevels), random.pick(FakeWords.jobAreas), random.pick(FakeWords.jobRoles)].joined(separator: " ") },
        "$randomJobArea": { random, _ in random.pick(FakeWords.jobAreas) },
        "$randomJobType": { random, _ in random.pick(FakeWords.jobRoles) },
        "$randomLocale": { random, _ in random.pick(FakeWords.locales) },
    ]

    /// Addresses on the network.
    private static let internet: [String: Maker] = [
        "$randomEmail": { random, _ in email(random, domain: domainWord(random) + "." + random.pick(FakeWords.domainSuffixes)) },
        "$randomExampleEmail": { random, _ in email(random, domain: "example." + random.pick(["com", "net", "org"])) },
        "$randomDomainWord": { random, _ in domainWord(random) },
        "$randomDomainSuffix": { random, _ in random.pick(FakeWords.domainSuffixes) },
        "$randomDomainName": { random, _ in domainWord(random) + "." + random.pick(FakeWords.domainSuffixes) },
        "$randomUrl": { random, _ in "https://" + domainWord(random) + "." + random.pick(FakeWords.domainSuffixes) },
        "$randomIP": { random, _ in (0..<4).map { _ in String(random.int(in: 0...255)) }.joined(separator: ".") },
        "$randomIPV6": { random, _ in (0..<8).map { _ in String(random.int(in: 0...0xFFFF), radix: 16) }.joined(separator: ":") },
        "$randomMACAddress": { random, _ in (0..<6).map { _ in String(random.int(in: 0...255), radix: 16).leftPadded(to: 2) }.joined(separator: ":") },
        "$randomProtocol": { random, _ in random.pick(["http", "https"]) },
        "$randomSemver": { random, _ in "\(random.int(in: 0...9)).\(random.int(in: 0...20)).\(random.int(in: 0...30))" },
        "$randomColor": { random, _ in random.pick(FakeWords.colors) },
        "$randomHexColor": { random, _ in "#" + String(random.int(in: 0...0xFFFFFF), radix: 16).leftPadded(to: 6) },
        "$randomFileExt": { random, _ in random.pick(FakeWords.fileTypes.map(\.ext)) },
        "$randomMimeType": { random, _ in random.pick(FakeWords.fileTypes.map(\.mime)) },
        "$randomFileName": { random, _ in random.pick(FakeWords.words) + "_" + random.pick(FakeWords.words) + "." + random.pick(FakeWords.fileTypes.map(\.ext)) },
    ]

    /// Places.
    private static let place: [String: Maker] = [
        "$randomCity": { random, _ in random.pick(FakeWords.cities) },
        "$randomCountry": { random, _ in random.pick(FakeWords.countries.map(\.name)) },
        "$randomCountryCode": { random, _ in random.pick(FakeWords.countries.map(\.code)) },
        "$randomStreetName": { random, _ in random.pick(FakeWords.streetNames) },
        "$randomStreetAddress": { random, _ in "\(random.int(in: 1...9999)) " + random.pick(FakeWords.streetNames) },
        "$randomLatitude": { random, _ in coordinate(random, limit: 90) },
        "$randomLongitude": { random, _ in coordinate(random, limit: 180) },
    ]

    /// Words, sentences and paragraphs.
    private static let text: [String: Maker] = [
        "$randomWord": { random, _ in random.pick(FakeWords.words) },
        "$randomWords": { random, _ in words(random.int(in: 2...5), from: FakeWords.words, random) },
        "$randomNoun": { random, _ in random.pick(FakeWords.words) },
        "$randomLoremWord": { random, _ in random.pick(FakeWords.lorem) },
        "$randomLoremWords": { random, _ in words(3, from: FakeWords.lorem, random) },
        "$randomLoremSentence": { random, _ in sentence(random) },
        "$randomLoremSentences": { random, _ in (0..<random.int(in: 2...6)).map { _ in sentence(random) }.joined(separator: " ") },
        "$randomLoremParagraph": { random, _ in paragraph(random) },
        "$randomLoremParagraphs": { random, _ in (0..<3).map { _ in paragraph(random) }.joined(separator: "\n") },
        "$randomLoremSlug": { random, _ in words(3, from: FakeWords.lorem, random).replacingOccurrences(of: " ", with: "-") },
    ]

    /// Companies, products and money.
    private static let commerce: [String: Maker] = [
        "$randomCompanyName": { random, _ in random.pick(FakeWords.companyWords) + " " + random.pick(FakeWords.companySuffixes) },
        "$randomCompanySuffix": { random, _ in random.pick(FakeWords.companySuffixes) },
        "$randomProduct": { random, _ in random.pick(FakeWords.products) },
        "$randomProductName": { random, _ in [random.pick(FakeWords.productAdjectives), random.pick(FakeWords.productMaterials), random.pick(FakeWords.products)].joined(separator: " ") },
        "$randomProductAdjective": { random, _ in random.pick(FakeWords.productAdjectives) },
        "$randomProductMaterial": { random, _ in random.pick(FakeWords.productMaterials) },
        "$randomPrice": { random, _ in "\(random.int(in: 1...999)).\(digits(2, random))" },
        "$randomCurrencyCode": { random, _ in random.pick(FakeWords.currencyCodes) },
        "$randomBankAccount": { random, _ in digits(8, random) },
    ]

    /// Dates around now, in ISO 8601 (UTC).
    private static let time: [String: Maker] = [
        "$randomDateFuture": { random, now in iso(now.addingTimeInterval(TimeInterval(random.int(in: 60...365 * 86_400)))) },
        "$randomDatePast": { random, now in iso(now.addingTimeInterval(-TimeInterval(random.int(in: 60...365 * 86_400)))) },
        "$randomDateRecent": { random, now in iso(now.addingTimeInterval(-TimeInterval(random.int(in: 1...86_400)))) },
        "$randomWeekday": { random, _ in random.pick(FakeWords.weekdays) },
        "$randomMonth": { random, _ in random.pick(FakeWords.months) },
    ]

    /// Letters and digits.
    private static let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789").map(String.init)

    /// `count` characters drawn from `alphabet`.
    private static func characters(_ count: Int, from alphabet: [String], _ random: BuiltinRandom) -> String {
        (0..<count).map { _ in random.pick(alphabet) }.joined()
    }

    /// `count` decimal digits.
    private static func digits(_ count: Int, _ random: BuiltinRandom) -> String {
        (0..<count).map { _ in String(random.int(in: 0...9)) }.joined()
    }

    /// `count` words drawn from `list`, separated by spaces.
    private static func words(_ count: Int, from list: [String], _ random: BuiltinRandom) -> String {
        (0..<count).map { _ in random.pick(list) }.joined(separator: " ")
    }

    /// A lorem ipsum sentence: capitalised, ending in a full stop.
    private static func sentence(_ random: BuiltinRandom) -> String {
        let text = words(random.int(in: 5...12), from: FakeWords.lorem, random)
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// A lorem ipsum paragraph of three to six sentences.
    private static func paragraph(_ random: BuiltinRandom) -> String {
        (0..<random.int(in: 3...6)).map { _ in sentence(random) }.joined(separator: " ")
    }

    /// A lower-case word fit for a host name.
    private static func domainWord(_ random: BuiltinRandom) -> String {
        random.pick(FakeWords.words) + "-" + random.pick(FakeWords.words)
    }

    /// `first.last12@domain`.
    private static func email(_ random: BuiltinRandom, domain: String) -> String {
        let user = random.pick(FakeWords.firstNames).lowercased() + "." + random.pick(FakeWords.lastNames).lowercased().filter(\.isLetter)
        return user + String(random.int(in: 1...999)) + "@" + domain
    }

    /// A coordinate in -limit…limit with four decimals.
    private static func coordinate(_ random: BuiltinRandom, limit: Int) -> String {
        let tenThousandths = random.int(in: -limit * 10_000...limit * 10_000)
        let sign = tenThousandths < 0 ? "-" : ""
        let magnitude = abs(tenThousandths)
        return sign + String(magnitude / 10_000) + "." + String(magnitude % 10_000).leftPadded(to: 4)
    }

    /// A date in ISO 8601 with milliseconds, in UTC.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
