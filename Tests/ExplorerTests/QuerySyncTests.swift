import Explorer
import RequestStore
import Testing

@Suite("Query and URL in step")
struct QuerySyncTests {
    @Test("rows rebuild the query and keep the fragment and variables")
    func rebuild() {
        let rows = [KeyValueRow(name: "a", value: "{{v}}"), KeyValueRow(name: "b", value: "1+1=2"), KeyValueRow(name: "off", value: "x", enabled: false)]
        #expect(QuerySync.url("http://h.test/p?old=1#frag", withRows: rows) == "http://h.test/p?a={{v}}&b=1%2B1%3D2#frag")
    }

    @Test("reading and writing a query round-trips", arguments: ["http://h.test/?a=1&b=2", "http://h.test/x?q=a%26b", "http://h.test/"])
    func roundTrip(url: String) {
        #expect(QuerySync.url(url, withRows: QuerySync.rows(fromURL: url)) == url)
    }
}
