import Foundation

/// JavaScript text pieces for the k6 writer: string literals and `{{template}}` text as expressions.
enum K6Source {
    /// `text` as a double-quoted JavaScript string literal.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A text with `{{name}}` placeholders as an expression: literals joined with `value("name")` calls.
    static func template(_ text: String) -> String {
        let references = VariableResolver.references(in: text, scope: VariableScope())
        guard !references.isEmpty else { return literal(text) }
        var pieces: [String] = []
        var cursor = text.startIndex
        for reference in references {
            if cursor < reference.range.lowerBound { pieces.append(literal(String(text[cursor..<reference.range.lowerBound]))) }
            pieces.append("value(\(literal(reference.name)))")
            cursor = reference.range.upperBound
        }
        if cursor < text.endIndex { pieces.append(literal(String(text[cursor...]))) }
        return pieces.count == 1 && pieces[0].hasPrefix("value(") ? "String(\(pieces[0]))" : pieces.joined(separator: " + ")
    }

    /// A check string (literal text and `{{variables}}`) as an expression.
    static func checkString(_ string: CheckString) -> String {
        guard !string.parts.isEmpty else { return "\"\"" }
        let pieces = string.parts.map { part -> String in
            switch part {
            case .text(let text): return literal(text)
            case .variable(let name): return "String(value(\(literal(name))))"
            }
        }
        return pieces.joined(separator: " + ")
    }

    /// The helpers every script carries: variable lookup with built-ins, JSON and JSONPath, headers, cookies, comparisons.
    static let helpers = #"""
    function value(name) {
      if (name === "$uuid" || name === "$guid") {
        return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => {
          const r = Math.floor(Math.random() * 16);
          return (c === "x" ? r : (r & 3) | 8).toString(16);
        });
      }
      if (name === "$timestamp") return String(Math.floor(Date.now() / 1000));
      if (name === "$isoTimestamp") return new Date().toISOString();
      if (name === "$randomInt") return String(Math.floor(Math.random() * 1000));
      if (name.startsWith("$env.")) return __ENV[name.slice(5)] === undefined ? "" : __ENV[name.slice(5)];
      if (vars[name] === undefined) throw new Error("the variable " + name + " has no value; pass it with k6 run -e " + name + "=...");
      return vars[name];
    }

    function typed(text) {
      return /^-?[0-9]+(\.[0-9]+)?$/.test(String(text)) ? Number(text) : text;
    }

    function jsonBody(r) {
      try { return JSON.parse(r.body); } catch (e) { return undefined; }
    }

    function jsonPath(root, steps, many) {
      let nodes = root === undefined ? [] : [root];
      for (const step of steps) {
        const next = [];
        for (const node of nodes) {
          if (node === null || typeof node !== "object") continue;
          if (step === "*") {
            next.push(...(Array.isArray(node) ? node : Object.values(node)));
          } else if (typeof step === "number") {
            const index = step < 0 ? node.length + step : step;
            if (Array.isArray(node) && index >= 0 && index < node.length) next.push(node[index]);
          } else if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, step)) {
            next.push(node[step]);
          }
        }
        nodes = next;
      }
      return many ? nodes : nodes[0];
    }

    function header(r, name) {
      const wanted = name.toLowerCase();
      for (const key of Object.keys(r.headers || {})) {
        if (key.toLowerCase() === wanted) return r.headers[key];
      }
      return undefined;
    }

    function cookie(r, name) {
      const found = (r.cookies || {})[name];
      return found && found.length ? found[0].value : undefined;
    }

    function same(a, b) {
      if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
      return a === b;
    }

    function length(v) {
      if (Array.isArray(v) || typeof v === "string") return v.length;
      if (v !== null && typeof v === "object") return Object.keys(v).length;
      return undefined;
    }

    function withQuery(url, pairs) {
      if (pairs.length === 0) return url;
      const query = pairs.map(([n, v]) => encodeURIComponent(n) + "=" + encodeURIComponent(v)).join("&");
      return url + (url.includes("?") ? "&" : "?") + query;
    }

    function holds(test) {
      try { return test() === true; } catch (e) { return false; }
    }
    """#
}
