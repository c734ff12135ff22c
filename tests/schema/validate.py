#!/usr/bin/env python3
"""Validate holodice's recorded API exchanges against its JSON Schema, with an independent
validator (Python's jsonschema, draft 2020-12).

    python3 tests/schema/validate.py [--schema data/api/schema.json] [--jsonl FILE...]

Without arguments it validates every case of tests/corpus/api/*.txt: a JSON answer with status
200 against its endpoint's answer schema (an estimate's against the estimate schema), a 4xx
body against the error schema, and the JSON body of each POST that was answered 200 against the
endpoint's request schema (GET cases carry a query string, not JSON, and are left out). With
--jsonl, each line of each file (an object with "endpoint", "request" and maybe "answer") is
validated too: its request against the endpoint's request schema, its answer against the
answer schema. It prints each failure as `case: JSON path: reason`, then `schema: N passed, M
failed` (N documents valid, M not), and exits 1 if any failed.
"""

import argparse
import json
import sys
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]


def validator(document, schema):
    """A validator of `schema`, a part of `document` whose references point into it."""
    return jsonschema.Draft202012Validator({"$defs": document["$defs"], **schema})


def failures(document, schema, instance, case):
    """Each way `instance` fails `schema`, as `case: path: reason`."""
    errors = validator(document, schema).iter_errors(instance)
    return [f"{case}: {e.json_path}: {e.message}" for e in map(deepest, errors)]


def deepest(error):
    """The reason under a combined schema's failure (whose own message says little)."""
    while error.context:
        error = jsonschema.exceptions.best_match(error.context)
    return error


def recorded(path):
    """(method, path under /api/v1/, request body or None, status, answer or None) of a case."""
    head, _, body = path.read_text(encoding="utf-8").partition("\n--- body\n")
    lines = head.splitlines()
    method, _, rest = lines[0].partition(" ")
    target, _, request = rest.partition(" ")
    status = int(lines[1].removeprefix("status: "))
    where = target.split("?")[0].removeprefix("/api/v1").removeprefix("/")
    json_answer = "content-type: application/json" in head
    return method, where, request or None, status, json.loads(body) if json_answer else None


class Tally:
    """The failures found, and how many documents passed and failed."""

    def __init__(self):
        self.found, self.passed, self.failed = [], 0, 0

    def check(self, document, schema, instance, case):
        found = failures(document, schema, instance, case)
        self.found += found
        if found:
            self.failed += 1
        else:
            self.passed += 1

    def fail(self, message):
        self.found.append(message)
        self.failed += 1


def check_corpus(tally, document, directory):
    endpoints = document["properties"]
    for case in sorted(directory.glob("*.txt")):
        method, where, request, status, answer = recorded(case)
        name = case.stem
        estimated = where.removeprefix("estimate/")
        entry = endpoints.get(estimated, {}).get("properties")
        if answer is not None:
            if status >= 400:
                schema = {"$ref": "#/$defs/Error"}
            elif entry is None:
                tally.fail(f"{name}: $: no schema for the path '{where}'")
                continue
            else:
                schema = entry["estimate" if where != estimated else "answer"]
            tally.check(document, schema, answer, f"{name} (answer)")
        if method == "POST" and status == 200 and entry is not None:
            try:
                body = json.loads(request)
            except (TypeError, ValueError):
                continue
            tally.check(document, entry["request"], body, f"{name} (request)")


def check_jsonl(tally, document, files):
    endpoints = document["properties"]
    for file in files:
        with open(file, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                case = f"{file}:{number}"
                try:
                    exchange = json.loads(line)
                except ValueError as e:
                    tally.fail(f"{case}: $: not JSON: {e}")
                    continue
                endpoint = exchange.get("endpoint")
                entry = endpoints.get(endpoint, {}).get("properties")
                if entry is None:
                    tally.fail(f"{case}: $.endpoint: no endpoint {endpoint!r} in the schema")
                    continue
                if "request" not in exchange:
                    tally.fail(f"{case}: $: no 'request'")
                else:
                    tally.check(document, entry["request"], exchange["request"], f"{case} (request)")
                if "answer" in exchange:
                    tally.check(document, entry["answer"], exchange["answer"], f"{case} (answer)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", type=Path, default=ROOT / "data/api/schema.json")
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests/corpus/api")
    parser.add_argument("--jsonl", nargs="+", action="extend", default=[], metavar="FILE")
    args = parser.parse_args()
    document = json.loads(args.schema.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(document)
    tally = Tally()
    check_corpus(tally, document, args.corpus)
    check_jsonl(tally, document, args.jsonl)
    for failure in tally.found:
        print(failure)
    print(f"schema: {tally.passed} passed, {tally.failed} failed")
    sys.exit(1 if tally.failed else 0)


if __name__ == "__main__":
    main()
