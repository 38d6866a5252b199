/// The names of every `{{$…}}` built-in, for suggestions and completion.
public enum BuiltinNames {
    /// curlew's own built-ins and Postman's dynamic variables, sorted.
    public static var all: [String] {
        (["$uuid", "$timestamp", "$isoTimestamp", "$date"] + DynamicVariables.names).sorted()
    }
}
