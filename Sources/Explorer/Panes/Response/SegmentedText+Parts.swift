import BodyIndex

extension SegmentedText {
    /// The parts of a pane: one per segment, colored alike.
    func parts(coloring: LineColoring) -> [PanePart] {
        segments.map { PanePart(lines: $0, coloring: coloring) }
    }
}
