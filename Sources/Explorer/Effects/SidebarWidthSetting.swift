import TUICore

extension Effects {
    /// Remembers the sidebar's width in the settings file, so the next start draws it as wide; says nothing unless it fails.
    func rememberSidebarWidth(_ width: Int) -> Command<AppMessage>? {
        guard let path = settingsPath else { return nil }
        return .perform(id: "settings.sidebarWidth") {
            do throws(SettingsError) {
                var settings = try SettingsFile.read(from: path)
                settings.sidebarWidth = width
                try SettingsFile.write(settings, to: path)
                return nil
            } catch {
                return .settingsSaved("The sidebar width was not remembered: \(error.message)")
            }
        }
    }
}
