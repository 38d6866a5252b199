/// The style sheet of the HTML report, inlined in its page: no external asset, no script.
enum HTMLStyle {
    /// The CSS. The summary comes last in the page (it is known only at the end) and is shown first.
    static let css = """
    :root { color-scheme: light dark; --passed: #1a7f37; --failed: #cf222e; --muted: #6e7781; --line: #d0d7de; }
    body { font: 14px/1.45 system-ui, sans-serif; margin: 0; padding: 1rem 2rem; }
    main { display: flex; flex-direction: column; gap: 1rem; max-width: 80rem; }
    header.run { order: -2; }
    section.summary { order: -1; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 1rem; }
    h1 { font-size: 1.5rem; margin: 0; }
    h2 { font-size: 1.2rem; margin: 0.25rem 0; }
    h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
    table { border-collapse: collapse; margin: 0.25rem 0; }
    th, td { border: 1px solid var(--line); padding: 0.15rem 0.5rem; text-align: left; vertical-align: top; }
    td.number { text-align: right; }
    code, pre { font: 12px/1.4 ui-monospace, monospace; }
    pre { border: 1px solid var(--line); border-radius: 4px; padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
    details.result { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; padding: 0.25rem 0.75rem; margin: 0.25rem 0; }
    details.result.passed { border-left-color: var(--passed); }
    details.result.failed { border-left-color: var(--failed); }
    summary { cursor: pointer; }
    .passed .mark, tr.passed td.mark, td.passed { color: var(--passed); }
    .failed .mark, tr.failed td.mark, td.failed, p.error { color: var(--failed); }
    .muted, p.note, p.origin { color: var(--muted); }
    summary > * { margin-right: 0.5rem; }
    """
}
