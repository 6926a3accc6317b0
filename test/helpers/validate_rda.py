#!/usr/bin/env python3
"""Independent check of maDMP documents against the official RDA schemas, with python-jsonschema.

Usage: validate_rda.py SCHEMA_DIR DOCUMENT.json...
Prints one JSON object per document: {"file": ..., "1.1": [errors], "1.2": [errors]}.
1.1 is checked with Draft7Validator, 1.2 with Draft202012Validator. Formats are asserted with
python-jsonschema's own checkers wherever it has one (date and email always; date-time with the
optional rfc3339-validator package, uri with rfc3987), so they are independent of ajv-formats.
Written here: "url", which is not a JSON Schema format (ajv-formats defines it; this mirrors its
rule: a public http(s)/ftp host), and date-time or uri where the optional package is missing.
"""
import ipaddress
import json
import re
import sys
from urllib.parse import urlsplit

from jsonschema import Draft7Validator, Draft202012Validator, FormatChecker

checker = FormatChecker()

# RFC 3339 date-time; a zone is required.
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
# RFC 3986 absolute URI: a scheme, then no whitespace, controls or characters the RFC excludes.
URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s\x00-\x1f\x7f<>\"{}|\\^`]*$")

if "date-time" not in checker.checkers:
    @checker.checks("date-time")
    def is_date_time(value):
        return not isinstance(value, str) or DATE_TIME.match(value) is not None

if "uri" not in checker.checkers:
    @checker.checks("uri")
    def is_uri(value):
        return not isinstance(value, str) or (value.isascii() and URI.match(value) is not None)


@checker.checks("url")
def is_url(value):
    # ajv-formats "url": http(s)/ftp with a public host that has a TLD; no private or loopback IPs.
    if not isinstance(value, str):
        return True
    if re.search(r"\s", value):
        return False
    parts = urlsplit(value)
    if parts.scheme.lower() not in ("http", "https", "ftp") or not parts.hostname:
        return False
    host = parts.hostname
    try:
        address = ipaddress.ip_address(host)
        return not (address.is_private or address.is_loopback or address.is_link_local)
    except ValueError:
        pass
    labels = host.split(".")
    return len(labels) >= 2 and re.fullmatch(r"[^\W\d_]{2,}", labels[-1]) is not None


def errors(validator_class, schema, document):
    validator = validator_class(schema, format_checker=checker)
    return sorted(f"{'/'.join(map(str, e.absolute_path)) or '/'}: {e.message}" for e in validator.iter_errors(document))


def main():
    schema_dir, *documents = sys.argv[1:]
    with open(f"{schema_dir}/maDMP-schema-1.1.json", encoding="utf-8") as f:
        schema11 = json.load(f)
    with open(f"{schema_dir}/maDMP-schema-1.2.json", encoding="utf-8") as f:
        schema12 = json.load(f)
    Draft7Validator.check_schema(schema11)
    Draft202012Validator.check_schema(schema12)
    for path in documents:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        print(json.dumps({
            "file": path,
            "1.1": errors(Draft7Validator, schema11, document),
            "1.2": errors(Draft202012Validator, schema12, document),
        }))


if __name__ == "__main__":
    main()
