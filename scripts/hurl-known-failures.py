#!/usr/bin/env python3
"""Prints the README's list of Hurl suite tests curlew does not pass, grouped, from Tests/HurlSuite/known-failures.tsv."""
import collections
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
rows = [line.split("\t", 1) for line in (root / "Tests/HurlSuite/known-failures.tsv").read_text().splitlines()
        if line and not line.startswith("#")]
groups = collections.OrderedDict((title, collections.OrderedDict()) for title in (
    "Hurl command-line options that `curlew run` does not have",
    "`[Options]` that curlew does not read",
    "Hurl grammar curlew does not read yet",
    "Other differences",
))
titles = list(groups)
for test, reason in sorted(rows, key=lambda row: row[1]):
    flag = re.match(r"curlew run has no (\S+) flag(.*)", reason)
    option = re.match(r"the \[Options\] options? (.+?) (?:is|are) not supported", reason)
    grammar = re.match(r"(.+) \(Hurl grammar curlew does not read yet\)", reason)
    if flag:
        group, label = titles[0], f"`{flag.group(1)}`{flag.group(2)}"
    elif option:
        group, label = titles[1], ", ".join(f"`{name}`" for name in re.split(r" and |, ", option.group(1)))
    elif grammar:
        group, label = titles[2], grammar.group(1)
    else:
        group, label = titles[3], reason
    groups[group].setdefault(label, []).append(test)
for title, labels in groups.items():
    if not labels:
        continue
    print(f"- {title} ({sum(len(tests) for tests in labels.values())}):")
    for label, tests in sorted(labels.items(), key=lambda item: -len(item[1])):
        print(f"  - {label}: " + ", ".join(f"`{test}`" for test in tests))
    print()
