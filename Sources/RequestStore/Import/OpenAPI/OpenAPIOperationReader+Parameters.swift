import RequestKit

/// An operation's parameters on its request: path variables, query and header rows, cookies, Swagger's body and form.
extension OpenAPIOperationReader {
    /// Puts the parameters on the request and returns the variable each `{name}` of the path uses. Every
    /// path, query and header parameter gets a value (`OpenAPIParameter.value`); a required one is a
    /// `{{variable}}` whose collection variable holds it, an optional one a row that is off and holds it
    /// as it is. A required parameter without a value is a variable with no value (off), so a request
    /// that names it stops until one is given.
    mutating func place(_ parameters: [OpenAPIParameter], path: String, operation: OrderedJSON, into request: inout SavedRequest,
                        collection: inout RequestCollection, location: String) -> [String: String] {
        let templateNames = Self.templateNames(in: path)
        var pathVariables: [String: String] = [:]
        var cookies: [(String, Bool)] = []
        var formData: [OpenAPIParameter] = []
        for parameter in parameters {
            switch parameter.location {
            case "path":
                guard templateNames.contains(parameter.name) else {
                    warnings.append(ConversionWarning(.note, at: location, "the path parameter '\(parameter.name)' is not in the path; left out"))
                    continue
                }
                let value = valueText(of: parameter, location: location)
                pathVariables[parameter.name] = variable(for: parameter.name, value: value, collection: &collection)
            case "query":
                request.query += queryRows(parameter, location: location, collection: &collection)
            case "header":
                if ["accept", "content-type", "authorization"].contains(parameter.name.lowercased()), !swagger {
                    warnings.append(ConversionWarning(.note, at: location, "the header parameter '\(parameter.name)' is set by the body or auth instead (OpenAPI ignores it)"))
                    continue
                }
                let value = valueText(of: parameter, location: location)
                if parameter.required {
                    let name = variable(for: parameter.name, value: value, collection: &collection)
                    request.headers.append(KeyValueRow(name: parameter.name, value: "{{\(name)}}"))
                } else {
                    request.headers.append(KeyValueRow(name: parameter.name, value: value ?? "", enabled: false))
                }
            case "cookie":
                let value = parameter.value(examples: &body.examples, location: location)
                cookies.append(("\(parameter.name)=\(parameter.text(value))", parameter.required))
            case "body":
                request.body = body.swaggerBody(parameter, consumes: consumes(operation), location: location)
            case "formData":
                formData.append(parameter)
            default:
                warnings.append(ConversionWarning(.unsupported, at: location, "the parameter '\(parameter.name)' is in '\(parameter.location)', which is not a place for parameters; left out"))
            }
        }
        if !cookies.isEmpty {
            request.headers.append(KeyValueRow(name: "Cookie", value: cookies.map(\.0).joined(separator: "; "), enabled: cookies.contains { $0.1 }))
        }
        if !formData.isEmpty, request.body == .none {
            request.body = body.swaggerForm(formData, consumes: consumes(operation), location: location)
        }
        for name in templateNames where pathVariables[name] == nil {
            if let existing = variableNames.existing(for: name) {
                warnings.append(ConversionWarning(.note, at: location, "the path parameter '\(name)' is not declared; it uses the variable '\(existing)' of another operation"))
                pathVariables[name] = existing
            } else {
                warnings.append(ConversionWarning(.note, at: location, "the path parameter '\(name)' is not declared; it is read as text, and its variable holds \"string\""))
                pathVariables[name] = variable(for: name, value: "string", collection: &collection)
            }
        }
        return pathVariables
    }

    /// A parameter's value as one text, nil (reported when the parameter is required) when it has none.
    private mutating func valueText(of parameter: OpenAPIParameter, location: String) -> String? {
        guard let value = parameter.value(examples: &body.examples, location: location) else {
            if parameter.required { reportNoValue(parameter, location: location) }
            return nil
        }
        return parameter.text(value)
    }

    /// Says that a required parameter has no value and what stops for it.
    private mutating func reportNoValue(_ parameter: OpenAPIParameter, location: String) {
        warnings.append(ConversionWarning(.note, at: location, "curlew cannot make a value for the \(parameter.location) parameter '\(parameter.name)'; its variable has none, so the request stops until you give one (--var, an environment or the collection)"))
    }

    /// The rows of a query parameter: a required one that makes one row is `{{variable}}`; one that makes
    /// several (exploded arrays, objects) keeps its values in the rows; an optional one is off.
    private mutating func queryRows(_ parameter: OpenAPIParameter, location: String, collection: inout RequestCollection) -> [KeyValueRow] {
        let value = parameter.value(examples: &body.examples, location: location)
        guard parameter.required else { return parameter.queryRows(value, enabled: false) }
        guard value != nil else {
            reportNoValue(parameter, location: location)
            return [KeyValueRow(name: parameter.name, value: "{{\(variable(for: parameter.name, value: nil, collection: &collection))}}")]
        }
        let rows = parameter.queryRows(value, enabled: true)
        guard rows.count == 1, let row = rows.first, row.name == parameter.name else { return rows }
        return [KeyValueRow(name: row.name, value: "{{\(variable(for: parameter.name, value: row.value, collection: &collection))}}")]
    }

    /// The collection variable for a parameter's value, added when it is new; nil makes a variable with no value.
    private mutating func variable(for parameter: String, value: String?, collection: inout RequestCollection) -> String {
        let chosen = variableNames.name(for: parameter, value: value)
        if chosen.isNew {
            collection.variables.append(Variable(name: chosen.name, value: value ?? "", enabled: value != nil))
        }
        return chosen.name
    }
}
