import TUICore

extension Effects {
    /// Remembers the sidebar's width in the settings file, so the next start draws it as wide; says nothing unless it fails.
    func rememberSidebarWidth(_ width: Int) -> Command<AppMessage>? {
        rememberSetting("sidebarWidth", failure: "The sidebar width was not remembered") { $0.sidebarWidth = width }
    }

    /// Remembers the request pane's share in the settings file, so the next start splits alike; says nothing unless it fails.
    func rememberRequestSplit(_ percent: Int) -> Command<AppMessage>? {
        rememberSetting("requestSplit", failure: "The split between request and response was not remembered") { $0.requestSplit = percent }
    }

    /// Reads the settings file, applies `change` and writes it back, a newer write of `key` replacing one under way;
    /// says `failure` and why when it cannot.
    private func rememberSetting(_ key: String, failure: String, _ change: @escaping @Sendable (inout AppSettings) -> Void) -> Command<AppMessage>? {
        guard let path = settingsPath else { return nil }
        return .perform(id: "settings." + key) {
            do throws(SettingsError) {
                var settings = try SettingsFile.read(from: path)
                change(&settings)
                try SettingsFile.write(settings, to: path)
                return nil
            } catch {
                return .settingsSaved("\(failure): \(error.message)")
            }
        }
    }
}
