"""lz-string, the LZW-style text compressor that f-puzzles and SudokuPad put in their links.

Written from the published description of the format (pieroxy's lz-string): the text is read
as UTF-16 code units; each step writes either a new character (code 0 and 8 bits, or code 1
and 16 bits) or the dictionary index of the longest known prefix, all as little-endian bit
fields whose width grows as the dictionary does; code 2 ends the stream. The bits are packed
into 6-bit digits of a base64 alphabet ("+/" with '=' padding, or the URL-safe "+-" without).
"""

from __future__ import annotations

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-"
# One reading table serves both alphabets: they differ only in the last digit.
_DIGIT = {ch: k for k, ch in enumerate(BASE64)} | {"-": 63}
# A link holds a puzzle, not a book: stop before a crafted stream can exhaust memory (the
# output of an LZW stream can grow with the square of its length).
MAX_OUTPUT = 4 * 1024 * 1024
MAX_INPUT = 512 * 1024  # digits; a 64x64 puzzle with every given compresses to far fewer


class LZStringError(ValueError):
    """A stream that is not lz-string data; ``position`` is the 0-based digit at fault."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


def _code_units(text: str) -> str:
    """``text`` with one character per UTF-16 code unit, as JavaScript sees it: characters
    beyond U+FFFF become their two surrogates."""
    if text.isascii() or all(ord(ch) < 0x10000 for ch in text):
        return text
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(data[k] | data[k + 1] << 8) for k in range(0, len(data), 2))


def _joined(units: str) -> str:
    """Undo _code_units: pair surrogates back into characters (a lone one is kept)."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Bits into 6-bit digits, the first bit written ending up as the digit's highest."""

    def __init__(self, alphabet: str) -> None:
        self.alphabet = alphabet
        self.out: list[str] = []
        self.value = 0
        self.filled = 0

    def write(self, value: int, width: int) -> None:
        """Write ``width`` bits of ``value``, lowest bit first."""
        for _ in range(width):
            self.value = self.value << 1 | value & 1
            value >>= 1
            self.filled += 1
            if self.filled == 6:
                self.out.append(self.alphabet[self.value])
                self.value = self.filled = 0

    def finish(self) -> str:
        """Pad with zero bits and close with a last digit, as the original always does."""
        self.out.append(self.alphabet[self.value << (6 - self.filled)])
        return "".join(self.out)


def _compress(text: str, alphabet: str) -> str:
    """The lz-string bit stream of ``text`` in 6-bit digits of ``alphabet``."""
    bits = _BitWriter(alphabet)
    dictionary: dict[str, int] = {}
    fresh: set[str] = set()  # single characters not yet written out literally
    size, width, grow = 3, 2, 2  # next code, bits per code, codes left before width grows
    word = ""

    def emit(w: str) -> None:
        nonlocal width, grow
        if w in fresh:
            code = ord(w)
            if code < 256:
                bits.write(0, width)
                bits.write(code, 8)
            else:
                bits.write(1, width)
                bits.write(code, 16)
            grow -= 1
            if grow == 0:
                grow, width = 1 << width, width + 1
            fresh.discard(w)
        else:
            bits.write(dictionary[w], width)
        grow -= 1
        if grow == 0:
            grow, width = 1 << width, width + 1

    for ch in _code_units(text):
        if ch not in dictionary:
            dictionary[ch] = size
            size += 1
            fresh.add(ch)
        joined = word + ch
        if joined in dictionary:
            word = joined
            continue
        emit(word)
        dictionary[joined] = size
        size += 1
        word = ch
    if word:
        emit(word)
    bits.write(2, width)
    return bits.finish()


def compress_to_base64(text: str) -> str:
    """lz-string's compressToBase64: digits of "A-Za-z0-9+/", '=' padded to a multiple of 4."""
    out = _compress(text, BASE64)
    return out + "=" * (-len(out) % 4)


def compress_to_uri(text: str) -> str:
    """lz-string's compressToEncodedURIComponent: digits of "A-Za-z0-9+-", no padding."""
    return _compress(text, URI_SAFE)


def decompress(data: str, max_output: int = MAX_OUTPUT) -> str:
    """Decompress lz-string digits of either alphabet (base64 or URL-safe); LZStringError
    names the digit at fault when the stream is damaged, cut short or too large."""
    body = data.rstrip("=")
    if len(body) > MAX_INPUT:
        raise LZStringError(
            f"the compressed data is too long ({len(body):,} characters; a puzzle needs at "
            f"most {MAX_INPUT:,})",
            MAX_INPUT,
        )
    digits: list[int] = []
    for k, ch in enumerate(body):
        d = _DIGIT.get(ch)
        if d is None:
            raise LZStringError(
                f"{ch!r} is not a digit of compressed data (expected A-Z, a-z, 0-9, '+', "
                f"'/' or '-')",
                k,
            )
        digits.append(d)
    if not digits:
        raise LZStringError("the compressed data is empty", 0)
    return _decompress(digits, max_output)


class _Bits:
    """The compressed digits read bit by bit, low bit of each value first."""

    def __init__(self, digits: list[int]) -> None:
        self.digits = digits
        self.pos = 0  # next digit to load
        self.current, self.mask = 0, 0  # the digit being read and its next bit (high first)

    def read(self, width: int) -> int:
        value = 0
        for k in range(width):
            if self.mask == 0:
                if self.pos >= len(self.digits):
                    raise LZStringError(
                        "the compressed data is cut short (no end-of-data code)",
                        len(self.digits))
                self.current, self.mask = self.digits[self.pos], 32
                self.pos += 1
            if self.current & self.mask:
                value |= 1 << k
            self.mask >>= 1
        return value

    @property
    def at(self) -> int:
        """The digit where an error is said to be."""
        return max(self.pos - 1, 0)


def _decompress(digits: list[int], max_output: int) -> str:
    """Run the decoder over 6-bit digits."""
    bits = _Bits(digits)
    read = bits.read
    words = ["", "", ""]  # codes 0-2 are the three commands
    width, grow = 3, 4
    first = read(2)
    if first == 2:
        return ""
    if first == 3:
        raise LZStringError("the compressed data does not start with a character", 0)
    word = chr(read(8 if first == 0 else 16))
    words.append(word)
    out = [word]
    total = 1
    while True:
        code = read(width)
        if code == 2:
            return _joined("".join(out))
        if code < 2:
            words.append(chr(read(8 if code == 0 else 16)))
            code = len(words) - 1
            grow -= 1
            if grow == 0:
                grow, width = 1 << width, width + 1
        if code < len(words):
            entry = words[code]
        elif code == len(words):
            entry = word + word[0]
        else:
            raise LZStringError(
                f"the compressed data refers to entry {code}, which does not exist yet",
                bits.at,
            )
        out.append(entry)
        total += len(entry)
        if total > max_output:
            raise LZStringError(
                f"the compressed data expands beyond {max_output:,} characters; a puzzle is "
                f"much smaller",
                bits.at,
            )
        words.append(word + entry[0])
        grow -= 1
        word = entry
        if grow == 0:
            grow, width = 1 << width, width + 1
