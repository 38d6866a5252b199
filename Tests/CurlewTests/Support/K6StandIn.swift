import Foundation

/// A small stand-in for k6's `k6`, `k6/http` and `k6/encoding` modules, for running exported scripts under node:
/// requests go out synchronously through curl (with a cookie jar, redirects and timeouts as asked), checks are
/// recorded, and `run.mjs` prints them as JSON after one iteration.
enum K6StandIn {
    /// Writes `node_modules/k6` and `run.mjs` into `folder`.
    static func install(in folder: String) throws {
        let module = folder + "/node_modules/k6"
        try FileManager.default.createDirectory(atPath: module, withIntermediateDirectories: true)
        let files = [
            module + "/package.json": #"{"name": "k6", "type": "module", "exports": {".": "./index.js", "./http": "./http.js", "./encoding": "./encoding.js"}}"#,
            module + "/index.js": index,
            module + "/http.js": http,
            module + "/encoding.js": "export default { b64encode: (text) => Buffer.from(String(text)).toString(\"base64\") };\n",
            folder + "/run.mjs": runner,
        ]
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    }

    /// `check` and `sleep`.
    static let index = #"""
    globalThis.__checks = globalThis.__checks || [];
    export function check(response, tests) {
      let all = true;
      for (const [name, test] of Object.entries(tests)) {
        let ok = false;
        try { ok = test(response) === true; } catch (e) { ok = false; }
        globalThis.__checks.push({ name, ok });
        all = all && ok;
      }
      return all;
    }
    export function sleep(seconds) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.round(seconds * 1000));
    }
    export default { check, sleep };
    """#

    /// `http.request`, through curl.
    static let http = #"""
    import { execFileSync } from "node:child_process";
    import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
    import { tmpdir } from "node:os";
    import { join } from "node:path";

    const folder = mkdtempSync(join(tmpdir(), "k6-standin-"));
    const jar = join(folder, "cookies.txt");
    let count = 0;

    function request(method, url, body, params = {}) {
      count += 1;
      const head = join(folder, `head-${count}`), out = join(folder, `body-${count}`);
      const args = ["-s", "-X", method, url, "-D", head, "-o", out, "-b", jar, "-c", jar,
                    "-w", "%{http_code} %{time_total} %{url_effective}"];
      const redirects = params.redirects === undefined ? 10 : params.redirects;
      if (redirects > 0) args.push("-L", "--max-redirs", String(redirects));
      if (params.timeout) args.push("--max-time", String(parseInt(params.timeout, 10)));
      for (const [name, value] of Object.entries(params.headers || {})) args.push("-H", `${name}: ${value}`);
      if (body !== null && body !== undefined) {
        const file = join(folder, `request-${count}`);
        writeFileSync(file, body);
        args.push("--data-binary", "@" + file);
      }
      const [status, seconds, effective] = execFileSync("curl", args, { encoding: "utf8" }).split(" ");
      const blocks = readFileSync(head, "utf8").split(/\r\n\r\n/).filter((b) => b.trim() !== "");
      const headers = {}, cookies = {};
      for (const line of (blocks[blocks.length - 1] || "").split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim(), value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : headers[name] + ", " + value;
        if (name.toLowerCase() === "set-cookie") {
          const pair = value.split(";")[0], equals = pair.indexOf("=");
          (cookies[pair.slice(0, equals)] = cookies[pair.slice(0, equals)] || []).push({ value: pair.slice(equals + 1) });
        }
      }
      return { status: Number(status), body: readFileSync(out, "utf8"), headers, cookies, url: effective,
               timings: { duration: Number(seconds) * 1000 } };
    }
    export default { request };
    """#

    /// Sets `__ENV` from `$K6_ENV` (JSON), imports the script, runs the default function once and prints the checks.
    static let runner = #"""
    globalThis.__ENV = JSON.parse(process.env.K6_ENV || "{}");
    const script = await import(process.argv[2]);
    try {
      script.default();
      console.log(JSON.stringify({ checks: globalThis.__checks }));
    } catch (error) {
      console.log(JSON.stringify({ checks: globalThis.__checks, error: String(error.message) }));
    }
    """#
}
