#!/usr/bin/env python3
"""Independent check of maDMP documents against the official RDA schemas, with python-jsonschema.

Usage: validate_rda.py SCHEMA_DIR DOCUMENT.json...
Prints one JSON object per document: {"file": ..., "1.1": [errors], "1.2": [errors]}.
1.1 is checked with Draft7Validator, 1.2 with Draft202012Validator. Formats are asserted like
ajv-formats does: date, date-time (zone required), email, plus uri and url checks written here
(python-jsonschema leaves them to optional packages).
"""
import ipaddress
import json
import re
import sys
from urllib.parse import urlsplit

from jsonschema import Draft7Validator, Draft202012Validator, FormatChecker

checker = FormatChecker()

URI_CHARS = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s<>\"{}|\\^`]*$")


@checker.checks("uri")
def is_uri(value):
    # Absolute URI, ASCII, no spaces (what ajv-formats' RFC 3986 pattern accepts).
    return not isinstance(value, str) or (value.isascii() and URI_CHARS.match(value) is not None)


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


@checker.checks("date-time", raises=ValueError)
def is_date_time(value):
    # RFC 3339 with a zone, as ajv-formats requires.
    if not isinstance(value, str):
        return True
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})", value):
        raise ValueError("not an RFC 3339 date-time with zone")
    return True


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
