import Foundation
import RequestKit
import RequestStore

/// Where the app writes response bodies larger than the `largeBodyThreshold` setting, and how files left by
/// an app that ended are removed.
///
/// A body past the threshold (or announced larger by its Content-Length) is written to a file in the data
/// folder's `bodies/` (the system's temporary folder without a data folder) instead of memory, and the viewer
/// reads it from there mapped. The file is removed when no tab shows its response any more; files of an app
/// that ended without removing them (a crash, a kill) are removed at the next start.
public enum LargeBodyFiles {
    /// The threshold when settings.json sets none: 100 MiB.
    public static let defaultThreshold: Int64 = 100 << 20
    /// The thresholds settings.json may set: 1 MiB to 64 GiB.
    public static let thresholdRange: ClosedRange<Int64> = (1 << 20)...(64 << 30)
    /// The largest body accepted past the threshold when settings.json sets no `maxFileSize`: 1 GiB, or the
    /// threshold when that is larger.
    public static let defaultLimit: Int64 = 1 << 30
    /// The folder's name inside the data folder.
    public static let folderName = "bodies"

    /// The folder bodies past the threshold go to: `bodies/` in the data folder, or nil (the system's temporary
    /// folder) without one.
    public static func folder(in paths: StorePaths?) -> String? {
        paths.map { FolderPath.joined($0.dataDirectory, folderName) }
    }

    /// The transport's rule for bodies past `threshold`: to a file in `folder`, up to the default limit.
    public static func spill(folder: String?, threshold: Int64) -> BodySpill {
        BodySpill(directory: folder, threshold: threshold, limit: max(defaultLimit, threshold))
    }

    /// Reads the setting's value: a size such as `"200M"` or a number of bytes, within `thresholdRange`.
    public static func threshold(from text: String) -> Result<Int64, NumberReading.Refusal> {
        switch NumberReading.byteCount(text) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let bytes) where thresholdRange.contains(bytes): return .success(bytes)
        case .success:
            return .failure(NumberReading.Refusal(reason: "'\(text)' is out of range: the threshold goes from 1M to \(thresholdRange.upperBound >> 30)G"))
        }
    }

    /// Removes the body files in `folder` whose process has ended, and returns how many were removed; files of
    /// running apps (this one included) and files of other names are left alone.
    @discardableResult
    public static func removeLeftovers(in folder: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names {
            guard let owner = BodySpill.ownerProcess(ofFileNamed: name), owner > 0, !isRunning(owner) else { continue }
            if unlink(FolderPath.joined(folder, name)) == 0 { removed += 1 }
        }
        return removed
    }

    /// Whether a process with this id exists (one of another user counts as running).
    private static func isRunning(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}

extension Effects {
    /// The transport's rule for large bodies of this app: past the `largeBodyThreshold` setting, to `bodies/`.
    var largeBodySpill: BodySpill {
        LargeBodyFiles.spill(folder: LargeBodyFiles.folder(in: storePaths), threshold: largeBodyThreshold)
    }
}
