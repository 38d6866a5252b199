/// Every fuzz target, in the order `make fuzz` runs them.
public enum FuzzTargets {
    /// All targets.
    public static let all: [FuzzTarget] = JSONFuzzTargets.all + ImportFuzzTargets.all + StoreFuzzTargets.all
        + SettingsFuzzTargets.all + TextFuzzTargets.all + TransportFuzzTargets.all + WebSocketFuzzTargets.all
        + OAuth2FuzzTargets.all

    /// The target with this name, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
