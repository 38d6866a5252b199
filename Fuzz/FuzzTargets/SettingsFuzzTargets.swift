import CommandLineArguments
import RequestStore
import Explorer
import Foundation
import TUICore

/// The user's own files: settings, key map, themes, the unsaved draft, and Hurl variables files.
enum SettingsFuzzTargets {
    /// The settings targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("settings-reader", seeds: ["Tests/Fuzz/seeds/settings"]) { data in
            _ = try? SettingsFile.decode(data, path: "settings.json")
        },
        FuzzTarget("keymap-reader", seeds: ["Tests/Fuzz/seeds/keymap"]) { data in
            _ = try? KeyMap.decodeOverrides(data, knownActions: ["send", "quit", "save"])
        },
        FuzzTarget("theme-reader", seeds: ["themes"]) { data in
            _ = try? Theme.decode(data)
        },
        FuzzTarget("draft-reader", seeds: ["Tests/Fuzz/seeds/draft"]) { data throws(FuzzViolation) in
            // A draft that reads, once written, must read back and be written again to the same bytes.
            guard let draft = try? DraftFile.decode(data, path: "draft.json") else { return }
            guard let written = try? DraftFile.encode(draft, path: "draft.json") else { throw FuzzViolation("a draft that was read could not be written") }
            guard let again = try? DraftFile.decode(written, path: "draft.json") else { throw FuzzViolation("a written draft did not read back") }
            try FuzzViolation.require((try? DraftFile.encode(again, path: "draft.json")) == written, "a draft written twice changed")
        },
        FuzzTarget("variables-file", seeds: ["Tests/Fuzz/seeds/variables"]) { data in
            _ = try? VariablesFile.parse(data, file: "vars.env")
        },
    ]
}
