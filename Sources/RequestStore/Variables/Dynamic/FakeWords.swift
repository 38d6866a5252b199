/// The word lists the dynamic built-ins draw from, made up for curlew (no real person's data).
enum FakeWords {
    /// Given names.
    static let firstNames = ["Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "Edsger", "Radia", "Tim",
                             "Katherine", "John", "Hedy", "Claude", "Annie", "Niklaus", "Shafi", "Leslie"]
    /// Family names.
    static let lastNames = ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen", "Dijkstra",
                            "Perlman", "Berners-Lee", "Johnson", "McCarthy", "Lamarr", "Shannon", "Easley", "Wirth", "Goldwasser", "Lamport"]
    /// Name prefixes.
    static let namePrefixes = ["Mr.", "Ms.", "Mrs.", "Dr.", "Prof."]
    /// Name suffixes.
    static let nameSuffixes = ["Jr.", "Sr.", "II", "III", "PhD", "MD"]
    /// Cities.
    static let cities = ["Lisbon", "Osaka", "Nairobi", "Toronto", "Valparaíso", "Tromsø", "Auckland", "Kraków", "Montevideo", "Hanoi",
                         "Marrakesh", "Reykjavík", "Porto Alegre", "Ljubljana", "Cork", "Tartu"]
    /// Street names.
    static let streetNames = ["Harbor Lane", "Willow Street", "Meadow Road", "Summit Avenue", "River Walk", "Lantern Way", "Stone Row",
                              "Violet Close", "Ember Court", "Pepper Drive"]
    /// Countries with their ISO 3166-1 alpha-2 codes.
    static let countries: [(name: String, code: String)] = [
        ("Portugal", "PT"), ("Japan", "JP"), ("Kenya", "KE"), ("Canada", "CA"), ("Chile", "CL"), ("Norway", "NO"), ("New Zealand", "NZ"),
        ("Poland", "PL"), ("Uruguay", "UY"), ("Vietnam", "VN"), ("Morocco", "MA"), ("Iceland", "IS"), ("Brazil", "BR"), ("Slovenia", "SI"),
        ("Ireland", "IE"), ("Estonia", "EE"),
    ]
    /// Colour names.
    static let colors = ["red", "green", "blue", "orange", "purple", "teal", "magenta", "yellow", "indigo", "olive", "maroon", "cyan"]
    /// Top-level domains.
    static let domainSuffixes = ["com", "net", "org", "io", "dev", "info", "biz"]
    /// Plain English words.
    static let words = ["apple", "river", "stone", "cloud", "lantern", "meadow", "harbor", "pepper", "violet", "summit", "ember", "willow",
                        "copper", "falcon", "garden", "island", "jungle", "kettle", "marble", "needle", "orbit", "pillow"]
    /// The Latin-looking words of lorem ipsum.
    static let lorem = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod", "tempor",
                        "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam", "quis",
                        "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "ea", "commodo", "consequat"]
    /// Job title parts: level, area and role.
    static let jobLevels = ["Senior", "Lead", "Principal", "Junior", "Chief", "Associate", "Staff"]
    /// Job areas.
    static let jobAreas = ["Infrastructure", "Security", "Data", "Platform", "Research", "Quality", "Operations", "Mobile", "Web"]
    /// Job roles.
    static let jobRoles = ["Engineer", "Designer", "Analyst", "Architect", "Manager", "Consultant", "Specialist", "Developer"]
    /// Company name parts.
    static let companyWords = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Soylent"]
    /// Company suffixes.
    static let companySuffixes = ["Inc", "LLC", "Group", "and Sons", "Ltd", "GmbH"]
    /// Product adjectives.
    static let productAdjectives = ["Ergonomic", "Rustic", "Sleek", "Handcrafted", "Practical", "Refined", "Gorgeous", "Small"]
    /// Product materials.
    static let productMaterials = ["Steel", "Wooden", "Cotton", "Granite", "Rubber", "Plastic", "Bronze", "Frozen"]
    /// Products.
    static let products = ["Chair", "Table", "Keyboard", "Shoes", "Gloves", "Towels", "Lamp", "Bike", "Kettle", "Clock", "Soap"]
    /// ISO 4217 currency codes.
    static let currencyCodes = ["EUR", "USD", "JPY", "GBP", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "BRL", "KES"]
    /// Weekdays.
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// Months.
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    /// File extensions with their media types.
    static let fileTypes: [(ext: String, mime: String)] = [
        ("json", "application/json"), ("txt", "text/plain"), ("png", "image/png"), ("pdf", "application/pdf"), ("csv", "text/csv"),
        ("html", "text/html"), ("jpg", "image/jpeg"), ("xml", "application/xml"),
    ]
    /// Locales.
    static let locales = ["en", "pt", "ja", "sw", "fr", "nb", "pl", "es", "vi", "is", "de", "et"]
}
