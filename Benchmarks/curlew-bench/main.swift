let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "render" {
    print(RenderBench.report())
} else {
    print("curlew-bench")
}
