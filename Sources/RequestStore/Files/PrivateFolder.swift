/// Creates curlew's own folders readable by their owner only (0700), whatever the umask.
public enum PrivateFolder {
    /// Creates `path` and any missing parents with mode 0700; an existing folder is left as it is.
    public static func create(_ path: String) throws(StoreError) {
        try POSIXFile.makeDirectory(path, mode: 0o700)
    }
}
