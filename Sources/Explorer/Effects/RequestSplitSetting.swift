import TUICore

extension Effects {
    /// Remembers the request pane's share in the settings file, so the next start splits alike; says nothing unless it fails.
    func rememberRequestSplit(_ percent: Int) -> Command<AppMessage>? {
        guard let path = settingsPath else { return nil }
        return .perform(id: "settings.requestSplit") {
            do throws(SettingsError) {
                var settings = try SettingsFile.read(from: path)
                settings.requestSplit = percent
                try SettingsFile.write(settings, to: path)
                return nil
            } catch {
                return .settingsSaved("The split between request and response was not remembered: \(error.message)")
            }
        }
    }
}
