/// The variables one request or folder holds, searched after `--var` and before the environment.
public struct VariableLayer: Hashable, Sendable {
    /// Where a layer's variables are set.
    public enum Place: Hashable, Sendable {
        /// The request's own `variables`.
        case request
        /// The `variables` of the folder at this path (`Users/Admin`).
        case folder(path: String)
    }

    /// Where the variables are set.
    public var place: Place
    /// The variables, in file order.
    public var variables: [Variable]

    /// Creates a layer.
    public init(place: Place, variables: [Variable]) {
        self.place = place
        self.variables = variables
    }

    /// The place in words: `request`, `folder Users/Admin`.
    public var label: String {
        switch place {
        case .request: "request"
        case .folder(let path): "folder " + path
        }
    }

    /// The source `VariableResolver` reports for a value of this layer.
    public var source: VariableSource {
        switch place {
        case .request: .request
        case .folder: .folder
        }
    }

    /// The layers a located request resolves with, most specific first: its own variables, then each folder's
    /// from the nearest out; places without variables are left out.
    public static func chain(for located: LocatedRequest) -> [VariableLayer] {
        var layers: [VariableLayer] = []
        if !located.request.variables.isEmpty { layers.append(VariableLayer(place: .request, variables: located.request.variables)) }
        var paths: [String] = []
        for folder in located.folders { paths.append(((paths.last.map { [$0] } ?? []) + [folder.name]).joined(separator: "/")) }
        for (folder, path) in zip(located.folders, paths).reversed() where !folder.variables.isEmpty {
            layers.append(VariableLayer(place: .folder(path: path), variables: folder.variables))
        }
        return layers
    }
}
