import Foundation

/// An OAuth 2.0 / OpenID Connect provider on a free loopback port, built with Authlib on Flask and started once for
/// the whole test process: the client credentials, password, authorization code (PKCE S256) and device grants,
/// refresh tokens, device authorization and discovery at `/.well-known/openid-configuration`.
///
/// Clients: `machine` (secret `s3cret%&+`, Basic or body), `bodyonly` (secret `b0dy`, body only) and `cli` (public).
/// The user `alice` (password `wonderland`) is signed in when a request to `/authorize` carries the cookie
/// `user=alice`. `/api/me` is a resource that answers 200 with the token's client, user, scope and grant, or 401.
/// Test controls: `POST /device/approve` (`user_code`, `decision` allow or deny), `POST /device/expire` (`user_code`),
/// `POST /admin/revoke-access` (every access token refused from then on, refresh tokens kept),
/// `POST /admin/expires-in` (`seconds` for the tokens issued next), `GET /admin/issued` (the grant of every token issued, and the PKCE method of every code: `S256` or `none`).
/// A device authorization asked with the scope `slow` is told `slow_down` on its first pending poll.
public enum LoopbackOAuthProvider {
    private static let script = #"""
import json, os, threading, time
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
from flask import Flask, request, jsonify, redirect
from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import grants, ClientMixin
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from werkzeug.serving import make_server

USERS = {"alice": "wonderland"}
ALL_GRANTS = ["client_credentials", "password", "authorization_code", "refresh_token", DeviceCodeGrant.GRANT_TYPE]
state = {"lock": threading.Lock(), "tokens": {}, "codes": {}, "devices": {}, "grants": {}, "issued": [], "challenges": [], "expires_in": 3600, "polls": 0}

class Client(ClientMixin):
    def __init__(self, client_id, secret, methods, redirect_prefix="http://127.0.0.1:"):
        self.client_id, self.secret, self.methods, self.redirect_prefix = client_id, secret, methods, redirect_prefix
    def get_client_id(self): return self.client_id
    def get_default_redirect_uri(self): return None
    def get_allowed_scope(self, scope): return scope or ""
    def check_redirect_uri(self, uri): return uri.startswith(self.redirect_prefix) and uri.endswith("/callback")
    def check_client_secret(self, secret): return self.secret is not None and secret == self.secret
    def check_endpoint_auth_method(self, method, endpoint): return method in self.methods
    def check_response_type(self, response_type): return response_type == "code"
    def check_grant_type(self, grant_type): return grant_type in ALL_GRANTS

CLIENTS = {
    "machine": Client("machine", "s3cret%&+", ["client_secret_basic", "client_secret_post"]),
    "bodyonly": Client("bodyonly", "b0dy", ["client_secret_post"]),
    "cli": Client("cli", None, ["none"]),
}

class Token(dict):
    def get_scope(self): return self.get("scope", "")
    def check_client(self, client): return self["client_id"] == client.get_client_id()
    def get_user(self): return self.get("user")
    def is_revoked(self): return self.get("revoked", False)
    def is_expired(self): return False
    def get_expires_in(self): return self.get("expires_in", 0)

def save_token(token, req):
    with state["lock"]:
        grant = req.payload.grant_type if req.payload else "?"
        record = Token(token, client_id=req.client.get_client_id(), user=req.user, grant=grant, issued=time.time())
        state["tokens"][token["access_token"]] = record
        if token.get("refresh_token"): state["tokens"]["refresh:" + token["refresh_token"]] = record
        state["issued"].append(grant)

app = Flask(__name__)
app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
server = AuthorizationServer(app, query_client=CLIENTS.get, save_token=save_token)

def expires_in(*a):
    return state["expires_in"]
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.common.security import generate_token
server.register_token_generator("default", BearerTokenGenerator(
    access_token_generator=lambda *a, **kw: generate_token(42), refresh_token_generator=lambda *a, **kw: generate_token(48), expires_generator=expires_in))

class PasswordGrant(grants.ResourceOwnerPasswordCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    def authenticate_user(self, username, password):
        return username if USERS.get(username) == password else None

class CodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    def save_authorization_code(self, code, req):
        state["challenges"].append(req.payload.data.get("code_challenge_method") or "none")
        state["codes"][code] = {"client_id": req.client.get_client_id(), "redirect_uri": req.payload.redirect_uri,
                                "scope": req.payload.scope, "user": req.user,
                                "challenge": req.payload.data.get("code_challenge"), "method": req.payload.data.get("code_challenge_method")}
    def query_authorization_code(self, code, client):
        item = state["codes"].get(code)
        if item and item["client_id"] == client.get_client_id(): return Code(item)
    def delete_authorization_code(self, code): state["codes"].pop(code.code_value, None)
    def authenticate_user(self, code): return code["user"]

class Code(dict):
    code_value = None
    def get_redirect_uri(self): return self["redirect_uri"]
    def get_scope(self): return self["scope"]
    def get_nonce(self): return None
    def get_auth_time(self): return None
    def get_acr(self): return None
    def get_amr(self): return None
    @property
    def code_challenge(self): return self["challenge"]
    @property
    def code_challenge_method(self): return self["method"]

class RefreshGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    INCLUDE_NEW_REFRESH_TOKEN = True
    def authenticate_refresh_token(self, refresh_token):
        item = state["tokens"].get("refresh:" + refresh_token)
        if item and not item.get("refresh_revoked"): return item
    def authenticate_user(self, credential): return credential.get("user")
    def revoke_old_credential(self, credential): credential["refresh_revoked"] = True

class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = 1
    EXPIRES_IN = 600
    CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    def get_verification_uri(self): return request.host_url + "device"
    def save_device_credential(self, client_id, scope, data):
        state["devices"][data["device_code"]] = DeviceCredentialDict(client_id=client_id, scope=scope, expires_at=time.time() + data["expires_in"], **data)

class DeviceGrant(DeviceCodeGrant):
    def query_device_credential(self, device_code): return state["devices"].get(device_code)
    def query_user_grant(self, user_code): return state["grants"].get(user_code)
    def should_slow_down(self, credential):
        with state["lock"]:
            state["polls"] += 1
            # The first poll of a slow device is told to slow down.
            if credential.get("scope") == "slow" and not credential.get("slowed"):
                credential["slowed"] = True
                return True
        return False

server.register_grant(grants.ClientCredentialsGrant)
server.register_grant(PasswordGrant)
server.register_grant(CodeGrant, [CodeChallenge(required=False)])
server.register_grant(RefreshGrant)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceEndpoint)

@app.route("/.well-known/openid-configuration")
def discovery():
    base = request.host_url.rstrip("/")
    return jsonify(issuer=base, token_endpoint=base + "/token", authorization_endpoint=base + "/authorize",
                   device_authorization_endpoint=base + "/device_authorization",
                   grant_types_supported=ALL_GRANTS, code_challenge_methods_supported=["S256"])

@app.route("/token", methods=["POST"])
def token(): return server.create_token_response()

@app.route("/device_authorization", methods=["POST"])
def device_authorization(): return server.create_endpoint_response("device_authorization")

@app.route("/authorize")
def authorize():
    # The signed-in user is named by the "user" cookie; the test that plays the browser sets it.
    user = request.cookies.get("user")
    if user not in USERS: return "sign in first", 401
    return server.create_authorization_response(grant_user=user)

@app.route("/device/approve", methods=["POST"])
def approve():
    user_code, decision = request.form["user_code"], request.form.get("decision", "allow")
    state["grants"][user_code] = ("alice", decision == "allow")
    return "ok"

@app.route("/device/expire", methods=["POST"])
def expire():
    for credential in state["devices"].values():
        if credential["user_code"] == request.form["user_code"]: credential["expires_at"] = time.time() - 1
    return "ok"

@app.route("/api/me")
def me():
    header = request.headers.get("Authorization", "")
    item = state["tokens"].get(header[7:]) if header.startswith("Bearer ") else None
    if item is None or item.get("revoked"):
        return jsonify(error="invalid_token"), 401, {"WWW-Authenticate": 'Bearer error="invalid_token"'}
    return jsonify(client=item["client_id"], user=item.get("user"), scope=item.get("scope", ""), grant=item["grant"])

@app.route("/admin/revoke-access", methods=["POST"])
def revoke_access():
    for key, item in state["tokens"].items():
        if not key.startswith("refresh:"): item["revoked"] = True
    return "ok"

@app.route("/admin/expires-in", methods=["POST"])
def set_expires_in():
    state["expires_in"] = int(request.form["seconds"])
    return "ok"

@app.route("/admin/issued")
def issued(): return jsonify(issued=state["issued"], polls=state["polls"], challenges=state["challenges"])

http = make_server("127.0.0.1", 0, app, threaded=True)
threading.Thread(target=http.serve_forever, daemon=True).start()
print(http.server_port, flush=True)
wait_for_parent()
"""#

    /// Where the running provider listens.
    public struct Address: Sendable {
        /// The loopback port.
        public let port: Int

        /// A URL on the provider (`/token`, `/api/me`).
        public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
        /// The issuer its discovery document names.
        public var issuer: String { "http://127.0.0.1:\(port)" }
    }

    private static let started: Result<Address, ServerStartError> = Result { () throws(ServerStartError) in
        do {
            return Address(port: try ScriptServer.launch(script: script, name: "oauth-provider"))
        } catch {
            throw ServerStartError(description: "the Authlib provider did not start (is `pip install authlib flask` done?): \(error)")
        }
    }

    /// The running provider, started on a thread of its own so that async tests do not hold up the cooperative pool.
    public static func ready() async throws -> Address {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Address, Error>) in
            Thread { continuation.resume(with: Result { try started.get() }) }.start()
        }
    }
}
