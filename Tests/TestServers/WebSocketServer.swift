import Foundation

/// WebSocket servers on free loopback ports, for the ws:// and wss:// tests: Python's `websockets` (PyPI), in the
/// clear and over TLS with a self-signed certificate made with `openssl` at test time, and a hostile one.
///
/// Paths of the `websockets` server (permessage-deflate on when the client offers it):
/// - `/echo`: sends back each message as it came (text as text, binary as binary);
/// - `/fragments`: sends the text message "Hello, fragmented world" in three fragments, then echoes;
/// - `/ping`: pings with the payload "are you there", waits for the pong, then sends "pong received";
/// - `/close`: sends "bye", then closes with 4001 "done here";
/// - `/subprotocol`: offers chat.v2 and chat.v1 (in that order) and sends the one agreed ("none" without one);
/// - `/headers`: sends a JSON object of the handshake's Authorization, Cookie and X-Test fields (null when absent);
/// - `/extensions`: sends the Sec-WebSocket-Extensions field of its answer ("none" without one), then echoes;
/// - `/refuse`: answers 403 Forbidden instead of upgrading;
/// - `/silent`: accepts and sends nothing, answering pings and closes.
public enum WebSocketServer {
    private static let script = #"""
    import asyncio, http, json, ssl, sys
    from websockets.asyncio.server import serve

    tls, certificate, key = sys.argv[1:4]

    async def handler(ws):
        path = ws.request.path
        if path == "/fragments":
            await ws.send(["Hello, ", "fragmented ", "world"])
        elif path == "/ping":
            waiter = await ws.ping(b"are you there")
            await asyncio.wait_for(waiter, 10)
            await ws.send("pong received")
        elif path == "/close":
            await ws.send("bye")
            await ws.close(4001, "done here")
            return
        elif path == "/subprotocol":
            await ws.send(ws.subprotocol or "none")
        elif path == "/headers":
            headers = ws.request.headers
            await ws.send(json.dumps({name: headers.get(name) for name in ["Authorization", "Cookie", "X-Test"]}))
        elif path == "/extensions":
            await ws.send(ws.response.headers.get("Sec-WebSocket-Extensions") or "none")
        elif path == "/silent":
            await ws.wait_closed()
            return
        async for message in ws:
            await ws.send(message)

    def refuse(connection, request):
        if request.path == "/refuse":
            return connection.respond(http.HTTPStatus.FORBIDDEN, "not here\n")
        return None

    def choose(connection, offered):
        if connection.request.path != "/subprotocol":
            return None
        for name in ["chat.v2", "chat.v1"]:
            if name in offered:
                return name
        return None

    async def main():
        context = None
        if tls == "tls":
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(certificate, key)
        async with serve(handler, "127.0.0.1", 0, ssl=context, process_request=refuse, select_subprotocol=choose,
                         max_size=None, ping_interval=None) as server:
            print(server.sockets[0].getsockname()[1], flush=True)
            await asyncio.get_running_loop().run_in_executor(None, wait_for_parent)

    asyncio.run(main())
    """#

    /// The server's self-signed certificate (PEM) for 127.0.0.1; trust it with `--cacert`.
    public static func certificate() throws -> String { try files.get().certificate }

    private static let files: Result<(certificate: String, key: String), ServerStartError> = Result { () throws(ServerStartError) in
        let directory = try ScriptServer.directory.get() + "/websocket"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ServerStartError(description: "cannot create \(directory): \(error)")
        }
        let certificate = directory + "/server.pem"
        let key = directory + "/server.key"
        try ScriptServer.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        return (certificate, key)
    }

    private static func launch(tls: Bool) -> Result<Int, ServerStartError> {
        Result { () throws(ServerStartError) in
            let made = try files.get()
            do {
                return try ScriptServer.launch(script: script, arguments: [tls ? "tls" : "plain", made.certificate, made.key],
                                               name: tls ? "websockets-tls" : "websockets-plain")
            } catch {
                throw ServerStartError(description: "the websockets server did not start (pip install websockets: make test-deps): \(error)")
            }
        }
    }

    private static let plainPort = launch(tls: false)
    private static let tlsPort = launch(tls: true)

    /// A ws:// URL on the cleartext server.
    public static func url(_ path: String) throws -> String { "ws://127.0.0.1:\(try plainPort.get())\(path)" }

    /// A wss:// URL on the TLS server.
    public static func tlsURL(_ path: String) throws -> String { "wss://127.0.0.1:\(try tlsPort.get())\(path)" }
}
