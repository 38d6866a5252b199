#!/usr/bin/env bash
# The import section of the benchmarks: `curlew import openapi` on a generated 5 MB description, in YAML
# and in JSON, beside Python reading the same files (PyYAML's libyaml loader, the json module) in the
# same run. Each side runs five times, interleaved, and the minimum is reported.
# Sourced by scripts/bench.sh; run alone with: bash scripts/bench-import.sh

# Writes an OpenAPI 3.0 description as YAML (FILE.yaml) and JSON (FILE.json), each growing until its entries,
# measured one by one without their nesting indent, reach SIZE bytes (the files come out about 1.25 times
# that, as the indent adds up); prints the operation count of each. Tagged
# operations with path, query and header parameters, request bodies referring to schemas with allOf,
# enums, formats and a recursive property.
bench_import_spec() {
    local base=$1 size=$2
    python3 - "$base" "$size" <<'PY'
import json, sys
import yaml
base, target = sys.argv[1], int(sys.argv[2])

def build(measure):
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Generated", "version": "1"},
        "servers": [{"url": "https://{region}.example.com/v1", "variables": {"region": {"default": "eu"}}}],
        "security": [{"bearer": []}],
        "paths": {},
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "schemas": {
            "Base": {"type": "object", "properties": {"id": {"type": "string", "format": "uuid", "readOnly": True},
                                                       "created": {"type": "string", "format": "date-time"}}},
        }},
    }
    size, index = measure(spec), 0
    while size < target:
        name = "Thing%d" % index
        schema = {"allOf": [{"$ref": "#/components/schemas/Base"}, {
            "type": "object", "required": ["label"],
            "properties": {
                "label": {"type": "string", "example": "thing %d" % index},
                "kind": {"type": "string", "enum": ["a", "b", "c"]},
                "count": {"type": "integer", "minimum": 1},
                "owner": {"type": "string", "format": "email"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "parent": {"$ref": "#/components/schemas/" + name},
                "description": {"type": "string", "description": "A longer text describing the thing in detail. " * 4},
            }}]}
        ref = {"$ref": "#/components/schemas/" + name}
        item = {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "example": "t%d" % index}],
            "get": {"tags": ["group%d" % (index % 40)], "summary": "Get thing %d" % index, "operationId": "getThing%d" % index,
                    "description": "Returns the thing. " * 5,
                    "parameters": [{"name": "fields", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                                   {"name": "X-Request-Id", "in": "header", "required": True, "schema": {"type": "string", "format": "uuid"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ref}}}}},
            "put": {"tags": ["group%d" % (index % 40)], "summary": "Replace thing %d" % index,
                    "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
                    "responses": {"204": {"description": "done"}}},
        }
        spec["components"]["schemas"][name] = schema
        spec["paths"]["/things%d/{id}" % index] = item
        size += measure(schema) + measure(item)
        index += 1
    return spec, index * 2

dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
yaml_spec, yaml_operations = build(lambda value: len(yaml.dump(value, Dumper=dumper, sort_keys=False, width=120)))
with open(base + ".yaml", "w") as out:
    yaml.dump(yaml_spec, out, Dumper=dumper, sort_keys=False, width=120)
json_spec, json_operations = build(lambda value: len(json.dumps(value, indent=2)))
with open(base + ".json", "w") as out:
    json.dump(json_spec, out, indent=2)
print(yaml_operations, json_operations)
PY
}

bench_import() {
    echo "== import: curlew import openapi on a generated 5 MB description, YAML and JSON (release build) =="
    swift build -c release --product curlew >/dev/null || return 1
    local curlew work operations yaml_operations json_operations
    curlew="$(swift build -c release --show-bin-path)/curlew"
    work=$(mktemp -d)
    operations=$(bench_import_spec "$work/spec" 4000000) || return 1
    read -r yaml_operations json_operations <<<"$operations"
    local yaml_size json_size
    yaml_size=$(stat -c %s "$work/spec.yaml")
    json_size=$(stat -c %s "$work/spec.json")
    echo "   YAML $(python3 -c "print('%.1f' % ($yaml_size / 1e6))") MB with $yaml_operations operations; JSON $(python3 -c "print('%.1f' % ($json_size / 1e6))") MB with $json_operations operations"
    local times
    times=$(python3 - "$curlew" "$work" <<'PY'
import os, subprocess, sys, time
curlew, work = sys.argv[1], sys.argv[2]
def importing(kind):
    out = os.path.join(work, "out-%s.json" % kind)
    if os.path.exists(out): os.remove(out)
    subprocess.run([curlew, "import", "openapi", os.path.join(work, "spec." + kind), "--into", out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def peer(kind):
    code = ("import yaml; yaml.load(open(%r), Loader=yaml.CSafeLoader)" if kind == "yaml" else "import json; json.load(open(%r))") % os.path.join(work, "spec." + kind)
    subprocess.run([sys.executable, "-c", code], check=True)
best = {}
for _ in range(5):
    for label, action in [("curlew-yaml", lambda: importing("yaml")), ("peer-yaml", lambda: peer("yaml")),
                          ("curlew-json", lambda: importing("json")), ("peer-json", lambda: peer("json"))]:
        start = time.perf_counter()
        action()
        best[label] = min(best.get(label, float("inf")), time.perf_counter() - start)
print(" ".join("%.3f" % best[k] for k in ["curlew-yaml", "peer-yaml", "curlew-json", "peer-json"]))
PY
) || { rm -rf "$work"; return 1; }
    read -r curlew_yaml peer_yaml curlew_json peer_json <<<"$times"
    echo "   curlew import openapi, YAML: ${curlew_yaml} s (PyYAML's libyaml loader only parses it: ${peer_yaml} s)"
    echo "   curlew import openapi, JSON: ${curlew_json} s (Python's json.load only parses it: ${peer_json} s)"
    bench_target "import of a 5 MB YAML description (s)" "$curlew_yaml" "<=" 2
    bench_target "import of a 5 MB JSON description (s)" "$curlew_json" "<=" 2
    rm -rf "$work"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -uo pipefail
    cd "$(dirname "$0")/.."
    source scripts/bench-targets.sh
    bench_import
    bench_targets_summary
fi
