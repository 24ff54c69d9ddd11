"""The protocol's parsing and flood control, without a server."""

from __future__ import annotations

import json

import pytest

from motherlode.client import parse_link
from motherlode.server.protocol import (
    ERRORS,
    MAX_MESSAGE,
    Hello,
    Move,
    Ping,
    ProtocolError,
    RateLimit,
    TableLimit,
    parse_request,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"type": "hello", "protocol": 2, "token": "abc"}', Hello("abc")),
        ('{"type": "hello", "token": null}', Hello(None)),
        ('{"type": "move", "action": "pass", "version": 3, "move_id": "m1"}',
         Move("pass", 3, "m1")),
        ('{"type": "move", "action": "pass", "version": 0}', Move("pass", 0, None)),
        ('{"type": "ping"}', Ping()),
    ],
)
def test_requests_are_read(text: str, expected: object) -> None:
    assert parse_request(text) == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "request/malformed"),
        ("[1, 2]", "request/malformed"),
        ('{"type": "shout"}', "request/unknown-type"),
        ("{}", "request/unknown-type"),
        ('{"type": "hello", "protocol": 1}', "protocol/unsupported"),
        ('{"type": "hello", "protocol": 3}', "protocol/unsupported"),
        ('{"type": "hello", "protocol": true}', "protocol/unsupported"),
        ('{"type": "hello", "token": 5}', "request/malformed"),
        ('{"type": "move", "action": "", "version": 0}', "request/malformed"),
        ('{"type": "move", "action": "pass", "version": "3"}', "request/malformed"),
        ('{"type": "move", "action": "pass", "version": true}', "request/malformed"),
        ('{"type": "move", "action": "pass", "version": -1}', "request/malformed"),
        ('{"type": "move", "action": "pass", "version": 0, "move_id": ""}',
         "request/malformed"),
        (json.dumps({"type": "move", "action": "x" * MAX_MESSAGE, "version": 0}),
         "request/too-large"),
    ],
)
def test_bad_requests_get_their_code(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_request(text)
    assert refused.value.code == code
    assert refused.value.message.startswith(ERRORS[code])


def test_an_error_never_repeats_the_request() -> None:
    secret = "s3cr3t-token-value"
    with pytest.raises(ProtocolError) as refused:
        parse_request(json.dumps({"type": "hello", "protocol": 2, "token": 7, "x": secret}))
    assert secret not in refused.value.message


def test_every_code_is_namespaced() -> None:
    assert all(code.count("/") == 1 and code == code.lower() for code in ERRORS)


def test_the_rate_limit_allows_a_burst_then_its_rate() -> None:
    limit = RateLimit(0.0, burst=3, rate=2.0)
    assert [limit.allow(0.0) for _ in range(4)] == [True, True, True, False]
    assert limit.allow(0.5)  # one more after half a second at 2 a second
    assert not limit.allow(0.5)
    assert [limit.allow(10.0) for _ in range(4)] == [True, True, True, False]


def test_links_are_read() -> None:
    assert parse_link("http://h:8/tables/AbC#seat=2&token=t-1_x") == ("http://h:8/", "AbC", "t-1_x")
    assert parse_link("https://h/game/tables/AbC") == ("https://h/game/", "AbC", None)
    with pytest.raises(ValueError, match="not a table link"):
        parse_link("http://h/other/AbC")


def test_tables_are_counted_per_address_and_refilled_by_the_minute() -> None:
    limit = TableLimit(per_minute=3)
    assert [limit.allow("10.0.0.1", 0.0) for _ in range(4)] == [True, True, True, False]
    assert limit.allow("10.0.0.2", 0.0)  # another address has its own count
    assert not limit.allow("10.0.0.1", 19.0)
    assert limit.allow("10.0.0.1", 40.0)  # one more every 20 s
    assert all(TableLimit(per_minute=0).allow("10.0.0.1", 0.0) for _ in range(1000))
