"""A QR code read back from a screenshot, as a second phone's camera would read it: the PNG
decoded here (8-bit grey or colour, the kinds Chromium writes) and the code found in its
pixels by zxing-cpp, a decoder that does not share a line with the page's encoder."""

from __future__ import annotations

import struct
import zlib

COLOURS = {0: 1, 2: 3, 4: 2, 6: 4}
"""Bytes a pixel of an 8-bit PNG, by colour type (grey, RGB, grey and alpha, RGBA)."""


def grey_pixels(png: bytes) -> tuple[bytes, int, int]:
    """The pixels of *png* as one grey byte each, row after row; with its width and height."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data, header = 8, b"", b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    width, height, depth, colour, _, _, interlaced = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in COLOURS and not interlaced, (depth, colour, interlaced)
    size = COLOURS[colour]
    raw = zlib.decompress(data)
    stride = width * size
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = row[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))
                row[i] = (row[i] + near[2]) & 0xFF
        rows.append(row)
        previous = row
    grey = bytearray()
    for row in rows:
        for x in range(width):
            pixel = row[x * size : x * size + size]
            if size < 3:
                grey.append(pixel[0])
            else:
                grey.append((pixel[0] * 299 + pixel[1] * 587 + pixel[2] * 114) // 1000)
    return bytes(grey), width, height


def read_code(png: bytes) -> str:
    """The text of the one QR code in the screenshot *png*."""
    import zxingcpp  # here: collecting tests/web (as a plain pytest run does) needs no decoder

    grey, width, height = grey_pixels(png)
    found = zxingcpp.read_barcodes(memoryview(grey).cast("B", (height, width)),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes found in the screenshot"
    return str(found[0].text)
