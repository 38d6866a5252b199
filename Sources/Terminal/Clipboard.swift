import Foundation

/// Builds the OSC 52 escape sequence that asks the terminal to set the system clipboard.
///
/// OSC 52 travels over SSH because it is just output. Inside tmux (`$TMUX` set) the sequence
/// is sent twice: plain, which tmux takes into its buffer and forwards when its
/// `set-clipboard` option is `on`, and wrapped in a DCS passthrough (`ESC P tmux; … ESC \`,
/// inner ESCs doubled), which reaches the outer terminal when `allow-passthrough` is `on`.
public enum Clipboard {
    /// The bytes to write to the terminal to put `text` on the clipboard.
    public static func osc52(_ text: String, environment: [String: String]) -> String {
        let payload = Data(text.utf8).base64EncodedString()
        let plain = "\u{1B}]52;c;\(payload)\u{07}"
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return plain }
        let inner = plain.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
        return plain + "\u{1B}Ptmux;" + inner + "\u{1B}\\"
    }
}
