"""The endpoints of Hurl's integration suite, written from the descriptions in its manifest.

Run by hand:   python3 Tests/HurlSuite/server.py --suite DIR
The tests start it through ScriptServer, which defines wait_for_parent(); it then stops with them.

It binds 127.0.0.1:8000 (the address the suite's .hurl files call, as localhost and 127.0.0.1), waiting up to
--wait seconds for the port to be free, and prints the port once it listens (or a line saying why it cannot).
DIR is the suite's folder; three bodies are read from its expected outputs, and cat.jpg from its compressed folder.
"""

import argparse
import json
import re
import threading
import time
import zlib

import brotlicffi
from flask import Flask, Response, request
from werkzeug.serving import WSGIRequestHandler, make_server

app = Flask(__name__)
SUITE = "."
HELLO = "Hello World!"
STATE = {"delay_time": 0.0, "delay_count": 0, "skip": 0, "jobs": {}, "next_job": 1}
STATE_LOCK = threading.Lock()
LEGACY_HTTP10 = {"/capture-and-assert", "/filter-count", "/head"}


def text(body, status=200, content_type="text/html; charset=utf-8", headers=()):
    """A response with the body as given (str as UTF-8), the content type and extra headers, in order."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    response = Response(data, status=status, content_type=content_type)
    for name, value in headers:
        response.headers.add(name, value)
    return response


def fail(reason):
    """The answer to a request that misses what the endpoint requires."""
    return text("endpoint requirement not met: " + reason, status=500, content_type="text/plain")


def json_body(value):
    """Compact JSON, keys in the order given."""
    return text(json.dumps(value, separators=(",", ":")), content_type="application/json")


def suite_file(path):
    """Bytes of a file of the suite."""
    with open(SUITE + "/" + path, "rb") as handle:
        return handle.read()


def compact_json(source):
    """JSON text with the blank space outside strings removed, numbers and keys kept exactly as written."""
    out, in_string, escaped = [], False, False
    for char in source:
        if in_string:
            out.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            out.append(char)
        elif char not in " \t\r\n":
            out.append(char)
    return "".join(out)


def has_basic_bob():
    return request.headers.get("Authorization") == "Basic Ym9iQGVtYWlsLmNvbTpzZWNyZXQ="


def header_values(name):
    """Every value of a request header, split at commas (headers repeated by the client are joined)."""
    return [part.strip() for value in request.headers.getlist(name) for part in value.split(",")]


@app.after_request
def flask_server_header(response):
    response.headers.add("Server", "Flask Server")
    return response


@app.before_request
def raw_paths():
    """Paths that routing would change: sent with a dot segment, or made of reserved characters."""
    raw = request.environ.get("RAW_URI", "")
    if raw.startswith("/path-as-is/"):
        return text("") if raw == "/path-as-is/../resource" else fail("path normalised to " + raw)
    if raw in ("/~user", "/%7Euser", "/%7euser"):
        return text("user")
    if raw == "/!$&()*+,;=:@[]":
        return text("weird")
    return None


# Headers, authentication, cookies.

EXTRA_HEADERS = {"header-b": "baz", "header-c": "qux", "header-d": "quux", "header-e": "corge", "header-f": "grault"}


def extra_headers_missing(skip=()):
    for name, value in EXTRA_HEADERS.items():
        if name not in skip and request.headers.get(name) != value:
            return "%s: %s (got %r)" % (name, value, request.headers.get(name))
    return None


@app.route("/add-header")
def add_header():
    missing = extra_headers_missing()
    return fail(missing) if missing else text("")


@app.route("/add-header-with-aggregation")
def add_header_with_aggregation():
    missing = extra_headers_missing() or (None if request.headers.get("header-a") == "foo" else "header-a: foo")
    return fail(missing) if missing else text("")


@app.route("/add-header-with-duplicate")
def add_header_with_duplicate():
    missing = extra_headers_missing(skip=("header-b",))
    if missing:
        return fail(missing)
    if sorted(header_values("header-b")) != ["bar", "baz"]:
        return fail("header-b: bar and baz (got %r)" % request.headers.getlist("header-b"))
    try:
        message = json.loads(request.get_data()).get("message")
    except (ValueError, AttributeError):
        message = None
    return text("") if message == "hi!" else fail('a JSON body with message "hi!"')


@app.route("/basic-authentication")
@app.route("/basic-authentication-per-request")
def basic_authentication():
    if not has_basic_bob():
        return text("You are not authenticated", status=401, headers=[("WWW-Authenticate", 'Basic realm="hurl"')])
    return text("You are authenticated")


@app.route("/digest")
def digest():
    authorization = request.headers.get("Authorization", "")
    if authorization.startswith("Digest ") and all(
        re.search(r'\b%s=' % field, authorization) for field in ("realm", "nonce", "uri", "response")
    ) and 'username="username"' in authorization:
        return text("authed")
    challenge = ('Digest realm="test-realm", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", '
                 'opaque="5ccc069c403ebaf9f0171e9517f40e41", qop="auth"')
    return text("auth with 'username':'password'", status=401, headers=[("WWW-Authenticate", challenge)])


@app.route("/aws-sigv4", methods=["POST"])
def aws_sigv4():
    pattern = (r"AWS4-HMAC-SHA256 Credential=someAccessKeyId/\d{8}/eu-central-1/hurltest/aws4_request, "
               r"SignedHeaders=\S+, Signature=[0-9a-f]+$")
    return text("") if re.match(pattern, request.headers.get("Authorization", "")) else fail("an AWS SigV4 Authorization")


@app.route("/cookie_file")
def cookie_file():
    return text("") if request.cookies.get("cookie1") == "valueA" else fail("cookie cookie1=valueA")


@app.route("/cookie-jar")
def cookie_jar():
    return text("", headers=[
        ("Set-Cookie", "LSID=DQAAAKEaem_vYg; Expires=Thu, 13 Jan 2078 22:23:01 GMT; HttpOnly; Path=/accounts"),
        ("Set-Cookie", "HSID=AYQEVnDKrdst; Domain=localhost; Expires=Thu, 13 Jan 2078 22:23:01 GMT; HttpOnly; Path=/"),
        ("Set-Cookie", "SSID=Ap4PGTEq; Domain=localhost; Expires=Thu, 13 Jan 2078 22:23:01 GMT; HttpOnly; Path=/"),
        ("Set-Cookie", 'foo="a b c"; Domain=localhost; Expires=Thu, 13 Jan 2068 10:10:01 GMT; Path=/'),
    ])


@app.route("/cookie-jar/hello")
def cookie_jar_hello():
    names = sorted(part.split("=", 1)[0].strip() for part in request.headers.get("Cookie", "").split(";") if part.strip())
    return text(HELLO) if names == ["HSID", "SSID", "foo"] else fail("cookies HSID, SSID and foo (got %r)" % names)


@app.route("/cookies/set-session-cookie2-valueA")
def set_session_cookie2():
    return text("", headers=[("Set-Cookie", "cookie2=valueA")])


@app.route("/no_cookie_store/set")
def no_cookie_store_set():
    return text("", headers=[("Set-Cookie", "foo=1234; Expires=Mon, 12 Jan 2026 22:23:01 GMT; Path=/no_cookie/check")])


@app.route("/no_cookie_store/check")
def no_cookie_store_check():
    return fail("no cookie foo") if "foo" in request.cookies else text("")


@app.route("/no_cookie_store/request_with_cookie")
def no_cookie_store_request_with_cookie():
    return text("") if request.cookies.get("color") == "blue" else fail("cookie color=blue")


@app.route("/no-header")
def no_header():
    if "User-Agent" in request.headers or "Accept" in request.headers:
        return fail("no User-Agent and no Accept")
    return text(HELLO)


def exact_header_names(expected):
    names = sorted(name.lower() for name, _ in request.headers.items())
    return None if names == sorted(expected) else "exactly the headers %r (got %r)" % (sorted(expected), names)


@app.route("/no-header/foo-bar")
def no_header_foo_bar():
    missing = exact_header_names(["host", "accept", "user-agent", "foo", "bar"])
    return fail(missing) if missing else text("Foo Bar")


@app.route("/no-header/foo-bar-baz")
def no_header_foo_bar_baz():
    missing = exact_header_names(["host", "accept", "user-agent", "foo", "bar", "baz"])
    return fail(missing) if missing else text("Foo Bar Baz")


@app.route("/user-agent/a")
def user_agent_a():
    agent = request.headers.get("User-Agent")
    return text("") if agent == "Mozilla/5.0 A" else fail("User-Agent Mozilla/5.0 A (got %r)" % agent)


@app.route("/user-agent/b")
def user_agent_b():
    agent = request.headers.get("User-Agent")
    return text("") if agent == "Mozilla/5.0 B" else fail("User-Agent Mozilla/5.0 B (got %r)" % agent)


@app.route("/http_version/10")
def http_version_10():
    version = request.environ.get("SERVER_PROTOCOL")
    return text("") if version == "HTTP/1.0" else fail("HTTP/1.0 (got %s)" % version)


@app.route("/http_version/11")
def http_version_11():
    version = request.environ.get("SERVER_PROTOCOL")
    return text("") if version == "HTTP/1.1" else fail("HTTP/1.1 (got %s)" % version)


# Plain bodies.

for _path, _body in {
    "/hello": HELLO, "/utf8_bom": HELLO, "/connect-to": HELLO, "/resolve": HELLO, "/discard-body": HELLO,
    "/verbose": HELLO, "/capture-and-assert": HELLO, "/config-file": "Hello", "/include": None,
    "/stdout/text": "Hello", "/color": "Blue, Orange, Green!", "/head": "Hello HEAD", "/ignore_asserts": HELLO,
    "/variable/country": "Italy", "/variable/planet": "The Earth", "/error-assert-file": "Hello",
    "/error-assert-header-not-found": HELLO, "/error-assert-header-value": HELLO, "/error-assert/http-version": "",
    "/error-assert-invalid-predicate-type": "", "/error-assert-template-variable-not-found": "",
    "/error-assert-variable": "", "/continue-on-error": "", "/error-query-invalid-json": HELLO,
    "/query-match-none": HELLO,
}.items():
    if _body is not None:
        app.add_url_rule(_path, _path, (lambda body: lambda: text(body))(_body), methods=["GET"])


@app.route("/include")
def include():
    return text("Hello", headers=[("x-foo", "bar"), ("X-BAR", "baz")])


@app.route("/mirror", methods=["POST"])
def mirror():
    return text(request.get_data(), content_type=request.headers.get("Content-Type", "application/octet-stream"))


@app.route("/assert-base64")
def assert_base64():
    return text("line1\nline2\r\nline3\n")


@app.route("/deprecated")
def deprecated():
    return text("café\n", headers=[("X-Custom-Header", "value1"), ("X-Custom-Header", "value2"), ("X-Custom-Header", "value3")])


@app.route("/to-entry/<int:number>")
def to_entry(number):
    return text("Reached entry %d\n" % number)


@app.route("/env-var")
def env_var():
    return text("") if request.args.get("name") == "Bob" else fail("query name=Bob")


@app.route("/fileroot", methods=["GET", "POST"])
def fileroot():
    return text("Hello file root!")


@app.route("/fileroot-ko", methods=["GET", "POST"])
def fileroot_ko():
    return text("Error!")


@app.route("/filter-count")
def filter_count():
    return text('{\n  "users": ["Bob", "Bill", "Bruce"]\n}\n', content_type="application/json")


@app.route("/float")
def float_values():
    return text("[ -2.2, 0.0, 0.0000000000000001, 0.000000000000001, 0.333, 0.3333333333333333, 0.333333333333333333, "
                "1.0, 1.001, 1.07, 1.070, 1.1, 1.5 ]")


@app.route("/non-utf8")
def non_utf8():
    return text("café à la crème".encode("latin-1"), content_type="text/plain; charset=ISO-8859-1")


@app.route("/delete", methods=["DELETE"])
def delete():
    return text("")


@app.route("/reason-french")
def reason_french():
    return text("Bonjour", status="200 Tout va bien")


@app.route("/request-content-length-1", methods=["POST"])
def request_content_length_1():
    body = request.environ["wsgi.input"].read(1)
    if request.headers.get("Content-Length") != "1" or body != b"H":
        return fail("Content-Length: 1 and the body H (got %r, %r)" % (request.headers.get("Content-Length"), body))
    return text("")


@app.route("/post_large", methods=["POST"])
def post_large():
    return text(str(len(request.get_data())), content_type="text/plain")


@app.route("/get_large")
def get_large():
    size, chunk = 536870912, b"\0" * (1 << 20)

    def chunks():
        for _ in range(size // len(chunk)):
            yield chunk

    return Response(chunks(), content_type="application/octet-stream", headers={"Content-Length": str(size)})


@app.route("/dummy_bytes")
def dummy_bytes():
    size, chunk = 30_000_000, b"a" * 1_000_000

    def chunks():
        for _ in range(size // len(chunk)):
            yield chunk

    return Response(chunks(), content_type="application/octet-stream", headers={"Content-Length": str(size)})


@app.route("/sse")
def sse():
    def events():
        for index, message in enumerate(["Hello world", "This is another message", '{"key": "value"}']):
            if index:
                time.sleep(1)
            yield ("data: %s\n\n" % message).encode()

    return Response(events(), content_type="text/event-stream")


@app.route("/verbosity", methods=["GET", "POST"])
def verbosity():
    return text("Lorem ipsum dolor sit amet...")


@app.route("/function")
def function():
    uuid = request.args.get("uuid", "")
    now = request.args.get("now", "")
    if not re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", uuid):
        return fail("a v4 UUID (got %r)" % uuid)
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)", now):
        return fail("an RFC 3339 date (got %r)" % now)
    return text("")


@app.route("/random-function")
def random_function():
    args = request.args
    checks = [
        ("bool", args.get("bool") in ("true", "false")),
        ("email", re.fullmatch(r"[^@\s]+@[^@\s]+", args.get("email", "")) is not None),
        ("int", args.get("int", "").isdigit() and 10 <= int(args["int"]) <= 99),
        ("string", re.fullmatch(r"[A-Za-z0-9]{32}", args.get("string", "")) is not None),
    ] + [(name, bool(args.get(name, "").strip())) for name in ("first-name", "last-name", "full-name", "word")]
    wrong = [name for name, good in checks if not good]
    return fail("well-formed " + ", ".join(wrong)) if wrong else text("")


# Captures, JSON, pretty printing.

@app.route("/captures")
def captures():
    return text("Hello world!", headers=[("Header1", "value1"), ("Header2", "Hello Bob!")])


@app.route("/captures-xml")
def captures_xml():
    return text('<!DOCTYPE html><html><head><meta charset="utf-8"><title>title</title></head><body>'
                "<p>Lorem ipsum dolor sit amet</p><p>Sed ut perspiciatis unde omnis</p></body></html>")


@app.route("/captures-cookie")
def captures_cookie():
    return text("", headers=[("Set-Cookie", "foo=value1; Domain=localhost; Expires=Thu, 13 Jan 2078 22:23:01 GMT; "
                                            "Max-Age=2592000; HttpOnly; Path=/bar")])


@app.route("/captures-json")
def captures_json():
    return text(suite_file("tests_ok/captures/captures_verbose.out"), content_type="application/json")


@app.route("/redirect-to-captures-json")
def redirect_to_captures_json():
    return redirect("http://localhost:8000/captures-json")


@app.route("/assert-json")
def assert_json():
    return json_body({"count": 2, "errors": [{"id": "error1"}, {"id": "error2"}], "tags": ["test", "staging"]})


@app.route("/pretty/demo")
def pretty_demo():
    source = suite_file("tests_ok/pretty/pretty_config_file.out").decode("utf-8")
    return text(compact_json(source), content_type="application/json")


@app.route("/pretty/demo-truncate")
def pretty_demo_truncate():
    return text('{"strings":{"english":"Hello, world!","chinese":"你好，世界","japanese":"こんにちは世界","korean":"안녕하세요',
                content_type="application/json")


@app.route("/json-simple")
def json_simple():
    return text(json.dumps({"name": "John", "age": 30}), content_type="application/json")


@app.route("/json-complex")
def json_complex():
    users = [{"id": 1, "name": "Alice", "details": {"email": "alice@example.com", "active": True}},
             {"id": 2, "name": "Bob", "details": {"email": "bob@example.com", "active": False}}]
    return text(json.dumps({"users": users, "total": 2}), content_type="application/json")


@app.route("/json-array")
def json_array():
    return text(json.dumps(["item1", "item2", "item3"]), content_type="application/json")


@app.route("/invalid-json")
def invalid_json():
    return text("{\"invalid\":json,content}", content_type="application/json")


@app.route("/graphql", methods=["POST"])
def graphql():
    if request.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
        return fail("Content-Type application/json")
    films_query = "{\n  allFilms {\n    films {\n      title\n      director\n      releaseDate\n    }\n  }\n}"
    person_query = "query Person($id: ID!) {\n  person(id: $id) {\n    name\n  }\n}"
    body = request.get_data(as_text=True)
    films = [("A New Hope", "George Lucas", "1977-05-25"), ("The Empire Strikes Back", "Irvin Kershner", "1980-05-17"),
             ("Return of the Jedi", "Richard Marquand", "1983-05-25"), ("The Phantom Menace", "George Lucas", "1999-05-19"),
             ("Attack of the Clones", "George Lucas", "2002-05-16"), ("Revenge of the Sith", "George Lucas", "2005-05-19")]
    if body in (json.dumps({"query": films_query}, separators=(",", ":")),
                json.dumps({"query": "query Query " + films_query}, separators=(",", ":"))):
        listed = [{"title": t, "director": d, "releaseDate": r} for t, d, r in films]
        return json_body({"data": {"allFilms": {"films": listed}}})
    if body == json.dumps({"query": person_query, "variables": {"id": "cGVvcGxlOjQ="}}, separators=(",", ":")):
        return json_body({"data": {"person": {"name": "Darth Vader"}}})
    return fail("one of the known GraphQL bodies (got %r)" % body)


@app.route("/fail_with_body")
def fail_with_body():
    return text(suite_file("tests_failed/fail_with_body/fail_with_body_option.out").rstrip(b"\n"), content_type="application/json")


PERSON = {
    "first_name": "John", "last_name": "Smith", "is_alive": True, "age": 22,
    "address": {"street_address": "21 2nd Street", "city": "New York", "state": "NY", "postal_code": "10021-3100"},
    "phone_numbers": [{"type": "home", "number": "212 555-1234"}, {"type": "office", "number": "646 555-4567"}],
    "children": ["Catherine", "Thomas", "Trevor"], "spouse": None,
}


@app.route("/assert-body-json/<variant>")
def assert_body_json(variant):
    person = json.loads(json.dumps(PERSON))
    if variant == "value_mismatch_age":
        person["age"] = 20
    elif variant == "type_mismatch_age":
        person["age"] = "22"
    elif variant == "missing_key_is_alive":
        del person["is_alive"]
    elif variant == "unexpected_key_country":
        person["country"] = "spain"
    elif variant == "array_value_mismatch_children":
        person["children"] = ["Thomas", "Trevor"]
    elif variant == "missing_array_element_children":
        person["children"] = ["Catherine", "Thomas"]
    elif variant == "unexpected_array_element_children":
        person["children"] = ["Catherine", "Thomas", "Trevor", "Bob"]
    elif variant == "array_value_mismatch_phone_number":
        person["phone_numbers"][0]["number"] = "210 555-1234"
    else:
        return text("no such variant", status=404)
    return text(json.dumps(person), content_type="application/json")


DIFF_PERSON = ('{\n  "first_name": "John",\n  "last_name": "Smith",\n  "is_alive": true,\n  "age": 27,\n  "address": {\n'
               '    "street_address": "21 2nd Street",\n    "city": "New York",\n    "state": "NY",\n'
               '    "postal_code": "10021-3100"\n  },\n  "phone_numbers": [\n    {\n      "type": "home",\n'
               '      "number": "212 555-1234"\n    },\n    {\n      "type": "office",\n      "number": "646 555-4567"\n'
               '    }\n  ],\n  "children": [\n    "Catherine",\n    "Thomas",\n    "Trevor"\n  ],\n  "spouse": null\n}\n')


@app.route("/diff/<kind>/<where>")
def diff(kind, where):
    changes = {
        ("change", "line1"): ("{\n", "[\n", 1),
        ("change", "line2"): ('"first_name": "John"', '"first_name": "Bob"', 1),
        ("change", "line3"): ('"last_name": "Smith"', '"last_name": "Smiths"', 1),
        ("change", "line4"): ('"is_alive": true', '"is_alive": false', 1),
        ("change", "line5"): ('"age": 27', '"age": 28', 1),
        ("delete", "line3"): ('  "last_name": "Smith",\n', "", 1),
        ("add", "line3"): ('  "first_name": "John",\n', '  "first_name": "John",\n  "middle_name": "Bob",\n', 1),
    }
    if (kind, where) == ("change", "unicode"):
        return text('{\n  "f_clef": "\U0001D122"\n}\n')
    if (kind, where) == ("change", "variable"):
        return text('{\n  "name": "Bob"\n}\n')
    if (kind, where) not in changes:
        return text("no such diff", status=404)
    old, new, count = changes[(kind, where)]
    return text(DIFF_PERSON.replace(old, new, count))


# Redirections.

def redirect(location, status=302, body=""):
    return text(body, status=status, headers=[("Location", location)])


def accepts_text_plain():
    return request.headers.get("Accept") == "text/plain"


@app.route("/follow-redirect")
def follow_redirect():
    return redirect("http://localhost:8000/following-redirect") if accepts_text_plain() else fail("Accept: text/plain")


@app.route("/following-redirect")
def following_redirect():
    body = ('<!doctype html>\n<html lang=en>\n<title>Redirecting...</title>\n<h1>Redirecting...</h1>\n'
            '<p>You should be redirected automatically to the target URL: '
            '<a href="http://localhost:8000/followed-redirect">http://localhost:8000/followed-redirect</a>. '
            "If not, click the link.\n")
    return text(body, status=302, headers=[("location", "http://localhost:8000/followed-redirect")])


@app.route("/followed-redirect")
def followed_redirect():
    return text("Followed redirect!") if accepts_text_plain() else fail("Accept: text/plain")


@app.route("/follow-redirect-from-post", methods=["POST"])
def follow_redirect_from_post():
    if not accepts_text_plain() or request.get_data() != b"Hello world!":
        return fail("Accept: text/plain and the body Hello world!")
    return redirect("http://localhost:8000/followed-redirect-from-post", status=301)


@app.route("/followed-redirect-from-post")
def followed_redirect_from_post():
    if not accepts_text_plain() or request.get_data():
        return fail("Accept: text/plain and no body")
    return text("Followed redirect!")


@app.route("/follow-redirect/relative/foo")
def follow_redirect_relative():
    return redirect("../bar")


@app.route("/follow-redirect/bar")
def follow_redirect_bar():
    return text("Followed relative redirect!") if accepts_text_plain() else fail("Accept: text/plain")


@app.route("/follow-redirect-basic-auth")
def follow_redirect_basic_auth():
    if "Authorization" not in request.headers or request.cookies.get("fruit") != "lemon":
        return fail("an Authorization header and the cookie fruit=lemon")
    host = "127.0.0.1" if request.args.get("change_host") == "true" else "localhost"
    return redirect("http://%s:8000/followed-redirect-basic-auth" % host)


@app.route("/followed-redirect-basic-auth")
def followed_redirect_basic_auth():
    if request.cookies.get("fruit") != "lemon":
        return fail("the cookie fruit=lemon")
    if request.host == "localhost:8000":
        if "Authorization" not in request.headers:
            return fail("an Authorization header")
        return text("Followed redirect with Authorization header!")
    if "Authorization" in request.headers:
        return fail("no Authorization header on another host")
    return text("Followed redirect without Authorization header!")


@app.route("/follow-redirect-basic-auth-trusted")
def follow_redirect_basic_auth_trusted():
    return redirect("http://127.0.0.1:8000/followed-redirect-basic-auth-trusted")


@app.route("/followed-redirect-basic-auth-trusted")
def followed_redirect_basic_auth_trusted():
    return text("Followed redirect Basic Auth!") if has_basic_bob() else fail("the forwarded Authorization header")


@app.route("/follow-redirect-308", methods=["POST"])
def follow_redirect_308():
    if request.form.to_dict() != {"user": "bob", "pass": "123"}:
        return fail("the form user=bob&pass=123")
    return redirect("http://localhost:8000/followed-redirect-308", status=308)


@app.route("/followed-redirect-308", methods=["POST"])
def followed_redirect_308():
    if request.form.to_dict() != {"user": "bob", "pass": "123"}:
        return fail("the form user=bob&pass=123")
    return text("Followed redirect 308!")


@app.route("/follow-redirect-leak/host-a-step-1")
def follow_redirect_leak_1():
    if "Authorization" not in request.headers or "fruit" not in request.cookies:
        return fail("an Authorization header and a fruit cookie")
    return redirect("http://127.0.0.1:8000/follow-redirect-leak/host-b-step-2")


@app.route("/follow-redirect-leak/host-b-step-2")
def follow_redirect_leak_2():
    if "Authorization" in request.headers or "fruit" in request.cookies:
        return fail("neither Authorization nor the fruit cookie on another host")
    return redirect("http://localhost:8000/follow-redirect-leak/host-a-step-3")


@app.route("/follow-redirect-leak/host-a-step-3")
def follow_redirect_leak_3():
    if "Authorization" not in request.headers or "fruit" not in request.cookies:
        return fail("an Authorization header and a fruit cookie back on the first host")
    return text("Followed redirect!")


@app.route("/redirect-infinite/<int:number>")
@app.route("/redirect/<int:number>")
def redirect_countdown(number):
    if number == 0:
        return text("Done!" if request.path.startswith("/redirect-infinite/") else "")
    prefix = request.path.rsplit("/", 1)[0]
    return redirect("http://localhost:8000%s/%d" % (prefix, number - 1))


# State kept between requests.

@app.route("/delay-init")
def delay_init():
    with STATE_LOCK:
        STATE["delay_time"] = time.monotonic()
        STATE["delay_count"] = 0
    return text("")


@app.route("/delay")
def delay():
    with STATE_LOCK:
        elapsed = time.monotonic() - STATE["delay_time"]
        STATE["delay_time"] = time.monotonic()
    return text("") if 1 < elapsed < 2 else fail("1 to 2 s since the previous request (got %.3f s)" % elapsed)


@app.route("/delay-and-retry")
def delay_and_retry():
    with STATE_LOCK:
        STATE["delay_count"] += 1
        count = STATE["delay_count"]
        elapsed = time.monotonic() - STATE["delay_time"]
    if count >= 6 and not 1 <= elapsed <= 3:
        return fail("1 to 3 s since /delay (got %.3f s)" % elapsed)
    return text(str(count))


@app.route("/skip/init")
def skip_init():
    with STATE_LOCK:
        STATE["skip"] = 0
    return text("0")


@app.route("/skip/increment")
def skip_increment():
    with STATE_LOCK:
        STATE["skip"] += 1
        return text(str(STATE["skip"]))


@app.route("/skip/get")
def skip_get():
    with STATE_LOCK:
        return text(str(STATE["skip"]))


@app.route("/jobs", methods=["POST"])
def create_job():
    with STATE_LOCK:
        job = STATE["next_job"]
        STATE["next_job"] += 1
        STATE["jobs"][job] = 0
    return Response(json.dumps({"id": job, "state": "RUNNING"}), status=201, content_type="application/json")


@app.route("/jobs/<int:job>", methods=["GET", "DELETE"])
def job(job):
    with STATE_LOCK:
        if job not in STATE["jobs"]:
            return text("no such job", status=404, content_type="text/plain")
        if request.method == "DELETE":
            del STATE["jobs"][job]
            return text("")
        STATE["jobs"][job] += 1
        state = "COMPLETED" if STATE["jobs"][job] > 3 else "RUNNING"
    return json_body({"id": job, "state": state})


# Outputs and secrets.

@app.route("/output/endpoint1", methods=["POST"])
def output_endpoint1():
    if request.headers.get("Content-Type") != "application/json" or request.get_data() != b'{ "user": "bob" }':
        return fail('Content-Type application/json and the body { "user": "bob" } (got %r)' % request.get_data())
    return text("Response endpoint1\n")


@app.route("/output/endpoint2")
def output_endpoint2():
    return text("Response endpoint2\n")


@app.route("/output/endpoint3")
def output_endpoint3():
    return text("Response endpoint3\n")


@app.route("/secret")
def secret():
    try:
        query = json.loads(request.get_data())
    except ValueError:
        query = None
    if query != {"query": "secret1"}:
        return fail('the JSON body {"query": "secret1"}')
    return text('{"value": "12345678"}', content_type="application/json", headers=[("Set-Cookie", "value=secret2")])


@app.route("/get-token")
def get_token():
    return text("", headers=[("x-token", "secret3")])


@app.route("/another-secret")
def another_secret():
    return text("Hi\n") if request.headers.get("x-token") == "secret3" else fail("x-token: secret3")


# Bytes, encodings, compression.

GZIP_HELLO = bytes.fromhex("1f8b0800ed0c845f0003f348cdc9c95708cf2fca49510400a31c291c0c000000")
BROTLI_HELLO = bytes.fromhex("212c000448656c6c6f20576f726c642103")


@app.route("/compressed/none")
def compressed_none():
    return text(HELLO)


@app.route("/compressed/gzip")
def compressed_gzip():
    return text(GZIP_HELLO, headers=[("Content-Encoding", "gzip")])


@app.route("/compressed/zlib")
def compressed_zlib():
    return text(zlib.compress(HELLO.encode()), headers=[("Content-Encoding", "deflate")])


@app.route("/compressed/brotli")
def compressed_brotli():
    return text(BROTLI_HELLO, headers=[("Content-Encoding", "br")])


@app.route("/compressed/brotli_identity")
def compressed_brotli_identity():
    return text(BROTLI_HELLO, headers=[("Content-Encoding", "br, identity")])


@app.route("/compressed/brotli_large")
def compressed_brotli_large():
    data = brotlicffi.compress(suite_file("tests_ok/compressed/cat.jpg"))
    return text(data, content_type="image/jpeg", headers=[("Content-Encoding", "br")])


@app.route("/rawbytes")
def rawbytes():
    return text(b"\x01\x02\x03", content_type="application/octet-stream")


@app.route("/rawbytes/gzip")
def rawbytes_gzip():
    return text(GZIP_HELLO, headers=[("Content-Encoding", "gzip")])


@app.route("/rawbytes/empty")
def rawbytes_empty():
    return text(b"", content_type="application/octet-stream")


@app.route("/error/content-encoding")
def error_content_encoding():
    return text("Hello", headers=[("Content-Encoding", "unknown")])


@app.route("/error-assert-decompress")
def error_assert_decompress():
    return text("Hello", headers=[("Content-Encoding", "gzip")])


@app.route("/error-assert-query-cookie")
def error_assert_query_cookie():
    return text("", headers=[("Set-Cookie", "cookie1=value1; Path=/"), ("Set-Cookie", "cookie2=value2; Secure; Path=/")])


@app.route("/utf8")
def utf8():
    return text("<html><head><meta charset=\"UTF-8\"></head><body>café</body></html>")


@app.route("/body-binary")
def body_binary():
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ff"
                        "ffff3f0005fe02fea7d6a4f00000000049454e44ae426082")
    return text(png, content_type="image/png")


@app.route("/filter-charset-decode")
@app.route("/filter-decode")
def filter_charset_decode():
    return text("café")


@app.route("/error-filter-in-capture")
def error_filter_in_capture():
    return json_body({"id": "123x", "status": True, "list": [1, 2, 3]})


@app.route("/hello_gb2312_failed")
def hello_gb2312_failed():
    body = "<html><head><title>你好世界</title></head><body>你好世界</body></html>".encode("gb2312")
    return text(body, content_type="text/html")


@app.route("/error-invalid-jsonpath")
def error_invalid_jsonpath():
    return json_body({"tags": ["test", "prod"], "items": [{"name": "apple"}, {"name": "banana"}]})


@app.route("/error-file-read-access", methods=["POST"])
def error_file_read_access():
    return text("")


@app.route("/very-verbose/redirect", methods=["GET", "POST"])
def very_verbose_redirect():
    body = ("<!doctype html>\n<html lang=en>\n<title>Redirecting...</title>\n<h1>301 Moved</h1>\n"
            '<p>The document has moved <a href="/very-verbose/redirected">here</a>.</p>\n')
    return redirect("/very-verbose/redirected", status=301, body=body)


@app.route("/very-verbose/redirected")
def very_verbose_redirected():
    return text("Redirected.")


@app.route("/very-verbose/encoding/latin1")
def very_verbose_latin1():
    return text(b"caf\xe9", content_type="text/html; charset=ISO-8859-1")


@app.route("/very-verbose/compressed/brotli", methods=["GET", "POST"])
def very_verbose_brotli():
    if "br" not in request.headers.get("Accept-Encoding", ""):
        return fail("br in Accept-Encoding")
    return text(BROTLI_HELLO, headers=[("Content-Encoding", "br")])


@app.route("/very-verbose/cat")
def very_verbose_cat():
    return text(brotlicffi.compress(suite_file("tests_ok/very_verbose/cat.jpg")), content_type="image/jpeg")


@app.route("/very-verbose/update-cat", methods=["POST"])
def very_verbose_update_cat():
    part = request.files.get("cat")
    if part is None or part.filename != "cat.jpg" or part.mimetype != "image/jpeg":
        return fail("a file part cat named cat.jpg of type image/jpeg")
    return text("")


@app.route("/very-verbose/done")
def very_verbose_done():
    return text("Done")


class Handler(WSGIRequestHandler):
    """Werkzeug's handler, answering HTTP/1.0 on the paths whose legacy tests assert it, and logging nothing."""

    def send_response_only(self, code, message=None):
        if self.path.split("?")[0] in LEGACY_HTTP10:
            saved, self.protocol_version = self.protocol_version, "HTTP/1.0"
            try:
                super().send_response_only(code, message)
            finally:
                self.protocol_version = saved
        else:
            super().send_response_only(code, message)

    def log_request(self, *args, **kwargs):
        pass


def bind(port, wait):
    """The server on 127.0.0.1:port, trying again for up to wait seconds while the port is taken; None if it stays taken."""
    deadline = time.monotonic() + wait
    while True:
        try:
            return make_server("127.0.0.1", port, app, threaded=True, request_handler=Handler)
        except (OSError, SystemExit):
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.5)


def main():
    global SUITE
    parser = argparse.ArgumentParser(description="The endpoints of Hurl's integration suite on 127.0.0.1:8000.")
    parser.add_argument("--suite", required=True, help="the suite's folder")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--wait", type=float, default=60, help="seconds to wait for a taken port")
    options = parser.parse_args()
    SUITE = options.suite
    server = bind(options.port, options.wait)
    if server is None:
        print("port %d on 127.0.0.1 stayed taken for %g s: stop what listens there (ss -ltnp 'sport = :%d')"
              % (options.port, options.wait, options.port), flush=True)
        return
    print(options.port, flush=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    if "wait_for_parent" in globals():
        wait_for_parent()  # noqa: F821 - defined by the tests' ScriptServer prelude
    else:
        thread.join()


if __name__ == "__main__":
    main()
