"""diceland_site.query reads and writes a query string as urllib.parse
does (the pages use it instead, to start sooner): checked on generated
text against urllib.parse itself."""

from __future__ import annotations

from urllib.parse import parse_qs, quote as url_quote, unquote as url_unquote

from hypothesis import given, settings, strategies as st

from diceland_site.query import query_values, quote, unquote

#: Characters that matter to a query string, some hex digits, and text
#: outside ASCII (two-byte, three-byte and four-byte UTF-8, a lone surrogate
#: left out: a page's text cannot hold one).
PIECES = st.sampled_from(["%", "+", "=", "&", ";", "a", "F", "0", "9", "c3", "%C3", "%A9", "%e2%82",
                          "%ac", "%2", "%zz", " ", "é", "€", "😀", "/", "?", "#", "~"])
QUERIES = st.lists(PIECES, max_size=30).map("".join)
TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=40)


@settings(max_examples=600)
@given(QUERIES, st.booleans())
def test_query_values_are_parse_qs_last_values(search, keep_blank):
    expected = {k: v[-1] for k, v in parse_qs(search, keep_blank_values=keep_blank).items()}
    got = query_values(search, keep_blank=keep_blank)
    assert got == expected and list(got) == list(expected)


@settings(max_examples=600)
@given(st.one_of(QUERIES, TEXT))
def test_unquote_is_urllibs(text):
    assert unquote(text) == url_unquote(text)


@settings(max_examples=600)
@given(st.one_of(QUERIES, TEXT))
def test_quote_is_urllibs_and_unquote_undoes_it(text):
    assert quote(text) == url_quote(text)
    assert unquote(quote(text)) == text


def test_examples():
    assert query_values("players=human,expert&seed=7&lang=es") == {"players": "human,expert", "seed": "7",
                                                                  "lang": "es"}
    assert query_values("a=1&b=x+y&a=2&c=&d") == {"a": "2", "b": "x y"}
    assert query_values("a=1&b=x+y&a=2&c=&d", keep_blank=True) == {"a": "2", "b": "x y", "c": "", "d": ""}
    assert query_values("s=%E2%82%AC%zz%C3") == {"s": "€%zz\ufffd"}
    assert quote("Ganz schön/clever 1+1") == "Ganz%20sch%C3%B6n/clever%201%2B1"
