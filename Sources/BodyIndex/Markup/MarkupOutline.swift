import CXML
import Foundation

/// One attribute of an element, or a namespace declaration (`xmlns:p="…"`), as written.
public struct MarkupAttribute: Equatable, Sendable {
    /// The qualified name, e.g. `href` or `xlink:href`.
    public var name: String
    /// The value, or nil for an HTML attribute written without one (`<input disabled>`).
    public var value: String?

    /// Creates an attribute.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// One step of walking a parsed XML or HTML document in order: elements open and close around their content.
public enum MarkupItem: Equatable, Sendable {
    /// An element starts; `depth` is 0 at the top; `hasContent` is false for an element with no children.
    case open(name: String, attributes: [MarkupAttribute], depth: Int, hasContent: Bool)
    /// An element with content ends.
    case close(name: String, depth: Int)
    /// Character data (entities already decoded).
    case text(String, depth: Int)
    /// A CDATA section's content.
    case cdata(String, depth: Int)
    /// A comment's content.
    case comment(String, depth: Int)
    /// A processing instruction: its target and content.
    case processingInstruction(target: String, content: String, depth: Int)
    /// A document type declaration, by name.
    case doctype(name: String, depth: Int)
}

/// Why a body could not be outlined as markup.
public struct MarkupOutlineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and what the viewer does instead.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}

/// Reads an XML or HTML body with libxml2 (no network, no entity expansion, HTML recovering) into the flat,
/// ordered list of its nodes, walking the tree without recursion and refusing trees nested too deeply.
public enum MarkupOutline {
    /// The deepest element nesting read; deeper documents are refused.
    public static let maximumDepth = 256

    /// The nodes of `body` in document order; throws when it does not parse or nests deeper than `maximumDepth`.
    public static func read(_ body: [UInt8], html: Bool, maximumDepth: Int = MarkupOutline.maximumDepth) throws(MarkupOutlineError) -> [MarkupItem] {
        var message: UnsafePointer<CChar>?
        let document = body.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                let empty: [CChar] = [0]
                return empty.withUnsafeBufferPointer { fallback in
                    cxml_parse(chars.baseAddress ?? fallback.baseAddress, chars.count, html ? 1 : 0, &message)
                }
            }
        }
        guard let document else {
            throw MarkupOutlineError(message.map { String(cString: $0) } ?? "the body could not be parsed")
        }
        defer { cxml_free_document(document) }
        return try walk(from: cxml_first_node(document), html: html, maximumDepth: maximumDepth)
    }

    /// Walks siblings and descendants in document order with an explicit depth counter.
    private static func walk(from first: UnsafeRawPointer?, html: Bool, maximumDepth: Int) throws(MarkupOutlineError) -> [MarkupItem] {
        var items: [MarkupItem] = []
        var node = first
        var depth = 0
        while let current = node {
            let kind = Int(cxml_node_kind(current))
            switch kind {
            case Int(CXML_NODE_ELEMENT):
                let name = qualified(cxml_node_prefix(current), cxml_node_name(current))
                let child = cxml_node_first_child(current)
                items.append(.open(name: name, attributes: attributes(of: current, html: html), depth: depth, hasContent: child != nil))
                if let child {
                    guard depth + 1 < maximumDepth else {
                        throw MarkupOutlineError("the markup is nested deeper than \(maximumDepth) levels")
                    }
                    depth += 1
                    node = child
                    continue
                }
            case Int(CXML_NODE_TEXT):
                items.append(.text(string(cxml_node_content(current)), depth: depth))
            case Int(CXML_NODE_CDATA):
                items.append(.cdata(string(cxml_node_content(current)), depth: depth))
            case Int(CXML_NODE_COMMENT):
                items.append(.comment(string(cxml_node_content(current)), depth: depth))
            case Int(CXML_NODE_PROCESSING_INSTRUCTION):
                items.append(.processingInstruction(target: string(cxml_node_name(current)), content: string(cxml_node_content(current)), depth: depth))
            case Int(CXML_NODE_DOCTYPE):
                items.append(.doctype(name: string(cxml_node_name(current)), depth: depth))
            default:
                break
            }
            var climbing: UnsafeRawPointer? = current
            node = nil
            while let here = climbing {
                if let next = cxml_node_next(here) {
                    node = next
                    break
                }
                guard depth > 0, let parent = cxml_node_parent(here) else { break }
                depth -= 1
                items.append(.close(name: qualified(cxml_node_prefix(parent), cxml_node_name(parent)), depth: depth))
                climbing = parent
            }
        }
        return items
    }

    /// The namespace declarations and attributes of an element, in document order.
    private static func attributes(of element: UnsafeRawPointer, html: Bool) -> [MarkupAttribute] {
        var result: [MarkupAttribute] = []
        var declaration = cxml_node_first_namespace(element)
        while let current = declaration {
            let prefix = cxml_namespace_prefix(current).map { String(cString: $0) }
            result.append(MarkupAttribute(name: prefix.map { "xmlns:" + $0 } ?? "xmlns", value: string(cxml_namespace_uri(current))))
            declaration = cxml_namespace_next(current)
        }
        var attribute = cxml_node_first_attribute(element)
        while let current = attribute {
            let name = qualified(cxml_attribute_prefix(current), cxml_attribute_name(current))
            let value = cxml_attribute_value(current).map { String(cString: $0) }
            result.append(MarkupAttribute(name: name, value: value ?? (html ? nil : "")))
            attribute = cxml_attribute_next(current)
        }
        return result
    }

    /// `prefix:name`, or `name` without a prefix.
    private static func qualified(_ prefix: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?) -> String {
        let local = string(name)
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// A C string as a Swift string (invalid UTF-8 repaired), "" for NULL.
    private static func string(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }
}
