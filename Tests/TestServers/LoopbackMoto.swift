import Foundation

/// moto (an AWS stand-in) on a free loopback port with request authentication on, started once for the whole
/// test process, with an IAM user whose access key signs requests and whose policy allows STS.
///
/// The first three requests moto answers are not authenticated (`INITIAL_NO_AUTH_ACTION_COUNT`): the script spends
/// them creating the user, its policy and its access key, so every later request needs a valid SigV4 signature.
public enum LoopbackMoto {
    private static let script = #"""
    import json, os, sys, threading, urllib.parse, urllib.request
    os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "3"
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import make_server
    import xml.etree.ElementTree as ET

    server = make_server("127.0.0.1", 0, DomainDispatcherApplication(create_backend_app), threaded=True)
    port = server.server_port
    threading.Thread(target=server.serve_forever, daemon=True).start()
    scope = "AWS4-HMAC-SHA256 Credential=setup/20200101/us-east-1/iam/aws4_request, SignedHeaders=host, Signature=0"

    def iam(**query):
        query["Version"] = "2010-05-08"
        url = "http://127.0.0.1:%d/?%s" % (port, urllib.parse.urlencode(query))
        request = urllib.request.Request(url, headers={"Authorization": scope})
        return urllib.request.urlopen(request, timeout=30).read().decode()

    iam(Action="CreateUser", UserName="curlew")
    policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "sts:*", "Resource": "*"}]}
    iam(Action="PutUserPolicy", UserName="curlew", PolicyName="sts", PolicyDocument=json.dumps(policy))
    created = ET.fromstring(iam(Action="CreateAccessKey", UserName="curlew"))
    found = {element.tag.split("}")[-1]: element.text for element in created.iter()}
    with open(sys.argv[1], "w") as keys:
        json.dump({"accessKey": found["AccessKeyId"], "secretKey": found["SecretAccessKey"]}, keys)
    print(port, flush=True)
    wait_for_parent()
    server.shutdown()
    """#

    /// Where the running server listens and the access key it accepts.
    public struct Address: Sendable {
        /// The loopback port.
        public let port: Int
        /// The IAM user's access key id.
        public let accessKey: String
        /// The IAM user's secret access key.
        public let secretKey: String

        /// A URL on the server.
        public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
    }

    private static let started: Result<Address, ServerStartError> = Result { () throws(ServerStartError) in
        let keysPath = try ScriptServer.directory.get() + "/moto-keys.json"
        let port: Int
        do {
            port = try ScriptServer.launch(script: script, arguments: [keysPath], name: "sigv4-verifier")
        } catch {
            throw ServerStartError(description: "moto did not start (is `pip install 'moto[server]'` done?): \(error)")
        }
        guard let data = FileManager.default.contents(atPath: keysPath),
              let keys = try? JSONSerialization.jsonObject(with: data) as? [String: String],
              let accessKey = keys["accessKey"], let secretKey = keys["secretKey"] else {
            throw ServerStartError(description: "moto started but wrote no access key to \(keysPath)")
        }
        return Address(port: port, accessKey: accessKey, secretKey: secretKey)
    }

    /// The running server, started on a thread of its own so that async tests do not hold up the cooperative pool.
    public static func ready() async throws -> Address {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Address, Error>) in
            Thread { continuation.resume(with: Result { try started.get() }) }.start()
        }
    }
}
