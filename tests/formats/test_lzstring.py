"""lz-string: our compressor and decompressor agree, match published streams, refuse junk."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links.codecs.lzstring import (
    BASE64,
    MAX_OUTPUT,
    LZStringError,
    compress_to_base64,
    compress_to_uri,
    decompress,
)

# Streams made by f-puzzles' own (JavaScript) lz-string, as SudokuPad's tests list them.
PUBLISHED = {
    '{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}':
        "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA==",
    '{"size":9,"grid":[' + ",".join(["[" + ",".join(["{}"] * 9) + "]"] * 9) + "]}":
        "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssW0iQA=",
}


@pytest.mark.parametrize("text", sorted(PUBLISHED))
def test_published_streams_read_and_are_written_bit_for_bit(text: str) -> None:
    assert decompress(PUBLISHED[text]) == text
    assert compress_to_base64(text) == PUBLISHED[text]


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=400))
def test_round_trip_any_text(text: str) -> None:
    # Any text, astral characters and lone surrogates included (JavaScript strings hold both).
    assert decompress(compress_to_base64(text)) == text
    assert decompress(compress_to_uri(text)) == text


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet="{}[],:\"v0123456789abc", max_size=3000))
def test_round_trip_repetitive_text(text: str) -> None:
    # Long repetitive text makes the code width grow several times.
    assert decompress(compress_to_base64(text)) == text


def test_base64_is_padded_and_uri_safe_has_no_slash() -> None:
    text = "".join(chr(c) for c in range(0x20, 0x3000, 7))
    b64, uri = compress_to_base64(text), compress_to_uri(text)
    assert len(b64) % 4 == 0
    assert "/" not in uri and "=" not in uri
    assert set(b64.rstrip("=")) <= set(BASE64)


@settings(max_examples=300, deadline=None)
@given(data=st.text(alphabet=BASE64 + "-=", max_size=300))
def test_random_digits_give_text_or_a_clear_error(data: str) -> None:
    try:
        out = decompress(data, max_output=20_000)
    except LZStringError as err:
        assert err.position is not None and 0 <= err.position <= len(data)
        return
    assert isinstance(out, str)


def test_a_bad_character_is_named_with_its_position() -> None:
    with pytest.raises(LZStringError, match="'!' is not a digit") as info:
        decompress("N4Ig!zglg")
    assert info.value.position == 4


def test_a_stream_cut_short_is_refused() -> None:
    whole = compress_to_base64("a puzzle of some length " * 4).rstrip("=")
    with pytest.raises(LZStringError, match="cut short"):
        decompress(whole[: len(whole) // 2])


def test_empty_data_is_refused() -> None:
    with pytest.raises(LZStringError, match="empty"):
        decompress("")


def _bomb(codes: int) -> str:
    """A valid stream that repeats 'a' and then, each code, 'the entry being defined' (its
    output grows with the square of its length)."""
    bits: list[int] = []

    def write(value: int, width: int) -> None:
        bits.extend((value >> k) & 1 for k in range(width))

    write(0, 2)
    write(ord("a"), 8)
    size, width, grow = 4, 3, 4  # the decoder's counters after the first character
    for _ in range(codes):
        write(size, width)
        size += 1
        grow -= 1
        if grow == 0:
            grow, width = 1 << width, width + 1
    write(2, width)
    bits += [0] * (-len(bits) % 6)
    return "".join(BASE64[int("".join(map(str, bits[k:k + 6])), 2)]
                   for k in range(0, len(bits), 6))


def test_a_small_stream_that_expands_hugely_is_stopped_where_it_passes_the_limit() -> None:
    assert decompress(_bomb(5)) == "a" * (1 + 2 + 3 + 4 + 5 + 6)  # the stream is well-formed
    bomb = _bomb(20_000)  # about 200 million characters if let run
    for limit, args in ((1_000, (bomb, 1_000)), (MAX_OUTPUT, (bomb,))):  # the default last
        # Code k writes k + 1 characters: (k + 1)(k + 2) / 2 in all after k codes.
        codes = next(k for k in itertools.count(1) if (k + 1) * (k + 2) // 2 > limit)
        with pytest.raises(LZStringError, match=f"expands beyond {limit:,} ") as info:
            decompress(*args)
        # Counted, not timed: the decoder stopped at the digit of the first code that passed
        # the limit (_bomb(codes - 1) ends with a code as wide as that one), with the rest of
        # the 20,000 codes unread.
        assert info.value.position == len(_bomb(codes - 1)) - 1, (limit, codes)
