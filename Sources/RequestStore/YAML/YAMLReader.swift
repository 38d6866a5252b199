import CYAML
import Foundation
import RequestKit

/// Reads a YAML document (through libyaml) into an ordered JSON tree: mappings keep their key order,
/// plain scalars become null, booleans and numbers by YAML 1.2's core schema, everything else strings.
///
/// Nesting is built with an explicit stack and bounded by `maximumDepth`; aliases are expanded by value
/// and the values they add are counted against `maximumAliasValues`, so a file of nested aliases (a
/// "billion laughs") stops with an error instead of eating memory. Only the first document of a stream
/// is read. Errors name the file, line and column.
public enum YAMLReader {
    /// How deep sequences and mappings may nest.
    public static let maximumDepth = 256
    /// How many values aliases may add to the tree, all aliases together.
    public static let maximumAliasValues = 1_000_000

    /// The first document of a YAML text; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws(FileFormatError) -> OrderedJSON {
        if let failure = cyaml_load_error() {
            throw FileFormatError(file: file, line: 1, column: 1, reason: String(cString: failure))
        }
        let bytes = [UInt8](data)
        let result: Result<OrderedJSON, FileFormatError> = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                var openError: UnsafePointer<CChar>?
                guard let parser = cyaml_open(characters.baseAddress, characters.count, &openError) else {
                    return .failure(FileFormatError(file: file, line: 1, column: 1, reason: openError.map { String(cString: $0) } ?? "libyaml could not start"))
                }
                defer { cyaml_free(parser) }
                var builder = YAMLTreeBuilder(file: file)
                do throws(FileFormatError) {
                    return .success(try builder.build(parser))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}
