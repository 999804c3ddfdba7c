"""Writes the PWA icons (192, 512, maskable 512) as PNG with no image library: a teal tile, a white coin, a rupee mark.

With a colour, a lender's own icons in its brand colour (the installed app says whose it is), without the Apple icon:
    python3 scripts/make-icons.py public/tenants/udaan '#1d4ed8'
"""
import struct, zlib, sys

BRAND = tuple(int(sys.argv[2].lstrip('#')[i:i + 2], 16) for i in (0, 2, 4)) if len(sys.argv) > 2 else (15, 118, 110)
WHITE = (255, 255, 255)

def pixel(x, y, n, maskable):
    u, v = x / n, y / n
    inset = 0.0 if maskable else 0.06
    r = 0.0 if maskable else 0.18
    # rounded tile
    if not maskable:
        cx = min(max(u, inset + r), 1 - inset - r)
        cy = min(max(v, inset + r), 1 - inset - r)
        if (u - cx) ** 2 + (v - cy) ** 2 > r * r or u < inset or v < inset or u > 1 - inset or v > 1 - inset:
            return None
    scale = 0.30 if maskable else 0.34
    d2 = (u - 0.5) ** 2 + (v - 0.5) ** 2
    if d2 <= scale ** 2:
        # rupee mark drawn in brand colour inside the coin
        s = scale / 0.34
        x0, y0 = (u - 0.5) / s + 0.5, (v - 0.5) / s + 0.5
        bars = [(0.36, 0.64, 0.30, 0.35), (0.36, 0.64, 0.40, 0.45)]
        for a, b, c, d in bars:
            if a <= x0 <= b and c <= y0 <= d:
                return BRAND
        # bowl of the mark
        if 0.36 <= x0 <= 0.50 and 0.45 <= y0 <= 0.52:
            return BRAND
        # diagonal leg
        if 0.40 <= y0 <= 0.72 and abs((x0 - 0.40) - (y0 - 0.50) * 0.85) < 0.035 and x0 >= 0.40:
            return BRAND
        return WHITE
    return BRAND

def png(n, maskable, path):
    rows = []
    for y in range(n):
        row = bytearray([0])
        for x in range(n):
            p = pixel(x + 0.5, y + 0.5, n, maskable)
            row += bytes((*p, 255)) if p else bytes((0, 0, 0, 0))
        rows.append(bytes(row))
    raw = zlib.compress(b''.join(rows), 9)
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', n, n, 8, 6, 0, 0, 0)) + chunk(b'IDAT', raw) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)

out = sys.argv[1] if len(sys.argv) > 1 else 'public/icons'
png(192, False, f'{out}/icon-192.png')
png(512, False, f'{out}/icon-512.png')
png(512, True, f'{out}/icon-maskable-512.png')
if len(sys.argv) <= 2:
    png(180, True, f'{out}/apple-touch-icon.png')
