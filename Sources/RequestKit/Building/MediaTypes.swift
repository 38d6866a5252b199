/// Content types guessed from file name extensions, for file parts and file bodies.
public enum MediaTypes {
    /// The type used when the extension is unknown.
    public static let fallback = "application/octet-stream"

    /// Common extensions (lower case, without the dot) and their types.
    public static let byExtension: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "log": "text/plain", "md": "text/markdown",
        "csv": "text/csv", "tsv": "text/tab-separated-values", "html": "text/html", "htm": "text/html",
        "css": "text/css", "js": "text/javascript", "mjs": "text/javascript", "xml": "application/xml",
        "json": "application/json", "yaml": "application/yaml", "yml": "application/yaml",
        "toml": "application/toml", "ics": "text/calendar",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "ico": "image/vnd.microsoft.icon",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "avif": "image/avif", "heic": "image/heic",
        "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "flac": "audio/flac", "m4a": "audio/mp4",
        "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "avi": "video/x-msvideo",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "bz2": "application/x-bzip2", "xz": "application/x-xz",
        "7z": "application/x-7z-compressed", "zst": "application/zstd",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text", "wasm": "application/wasm",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "bin": "application/octet-stream", "pem": "application/x-pem-file",
    ]

    /// The type for a file name or path, from its extension; `fallback` when unknown.
    public static func guess(forPath path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let pathExtension = name[name.index(after: dot)...].lowercased()
        return byExtension[pathExtension] ?? fallback
    }
}
