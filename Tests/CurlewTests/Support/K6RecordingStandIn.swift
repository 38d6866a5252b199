import Foundation

/// A stand-in for k6's modules that sends nothing: `http.request` writes down its method, URL, body and headers and
/// answers `200`, checks are written down by name, and `record.mjs` prints both as JSON after one iteration, each
/// string as the Base64 of its UTF-8 (the way through JSON text that keeps every character).
enum K6RecordingStandIn {
    /// Writes `node_modules/k6` and `record.mjs` into `folder`.
    static func install(in folder: String) throws {
        let module = folder + "/node_modules/k6"
        try FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: true)
        let files = [
            module + "/package.json": #"{"name": "k6", "type": "module", "exports": {".": "./index.js", "./http": "./http.js", "./encoding": "./encoding.js"}}"#,
            module + "/index.js": K6StandIn.index,
            module + "/http.js": http,
            module + "/encoding.js": "export default { b64encode: (text) => Buffer.from(String(text)).toString(\"base64\") };\n",
            folder + "/record.mjs": runner,
        ]
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    }

    /// `http.request`, written down.
    static let http = #"""
    globalThis.__requests = globalThis.__requests || [];
    function request(method, url, body, params = {}) {
      const headers = [];
      for (const [name, value] of Object.entries(params.headers || {})) headers.push([name, value]);
      globalThis.__requests.push({ method, url, body, headers, types: [typeof method, typeof url, typeof body] });
      return { status: 200, body: "", headers: {}, cookies: {}, url, timings: { duration: 1 } };
    }
    export default { request };
    """#

    /// Sets `__ENV` to nothing, imports the script, runs the default function once and prints requests and checks.
    static let runner = #"""
    globalThis.__ENV = {};
    const script = await import(process.argv[2]);
    let error = null;
    try { script.default(); } catch (e) { error = String(e && e.message); }
    const b64 = (value) => typeof value === "string" ? Buffer.from(value, "utf8").toString("base64") : value;
    const requests = (globalThis.__requests || []).map((r) => ({
      method: b64(r.method), url: b64(r.url), body: b64(r.body), headers: r.headers.map(([n, v]) => [b64(n), b64(v)]), types: r.types,
    }));
    const checks = (globalThis.__checks || []).map((c) => ({ name: b64(c.name), ok: c.ok }));
    console.log(JSON.stringify({ requests, checks, error }));
    """#

    /// A string the runner printed as Base64, or nil when the value is not a string.
    static func decoded(_ value: Any?) -> String? {
        (value as? String).flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}
