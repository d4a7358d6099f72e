"""Certificate and key dumps: `openssl x509 -text`, `openssl s_client -showcerts`, PEM files.

What an agent reads a certificate for is its subject, issuer, validity, names and usages; the
modulus and signature rows (`00:eb:ca:5a:…`, 15-20 lines each) and the PEM armour's base64 body
are opaque bytes no reader answers from. Each run of them becomes one marker that says what it
was and how many bytes or lines it held; every other line stays verbatim.

Pure: `fold(text)` → the folded text, or None when there is nothing to fold.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import HEX_BYTES_ROW, HEX_DUMP_ROW, PEM_ARMOUR

#: Fewer rows than this stay (a serial number is one row, a key id one).
MIN_ROWS = 4
GATES = ("-----BEGIN ", "Modulus:", "modulus:", "Signature Value:", "pub:\n", "priv:\n", "TLS session ticket:")


def fold(text: str) -> str | None:
    if not any(gate in text for gate in GATES):
        return None
    lines = text.split("\n")
    out: list[str] = []
    folded = False
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        armour = PEM_ARMOUR.match(line) if line.startswith("-----") else None
        if armour is not None and armour.group(1) == "BEGIN":
            end = _pem_end(lines, i, armour.group(2))
            if end is not None and end - i - 1 >= MIN_ROWS:
                out.append(line)
                out.append(marker_text(end - i - 1, "lines", f"base64 body of the {armour.group(2)}"))
                out.append(lines[end])
                folded = True
                i = end + 1
                continue
        row = HEX_BYTES_ROW if HEX_BYTES_ROW.match(line) else HEX_DUMP_ROW if HEX_DUMP_ROW.match(line) else None
        if row is not None:
            j = i + 1
            while j < n and row.match(lines[j]):
                j += 1
            if j - i >= MIN_ROWS:
                if row is HEX_BYTES_ROW:
                    said = f"{sum(lines[k].strip().rstrip(':').count(':') + 1 for k in range(i, j))} hex bytes"
                else:
                    said = "rows of a hex dump"
                out.append(marker_text(j - i, "lines", said))
                folded = True
            else:
                out.extend(lines[i:j])
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out) if folded else None


def _pem_end(lines: list[str], start: int, label: str) -> int | None:
    closing = f"-----END {label}-----"
    for k in range(start + 1, len(lines)):
        if lines[k] == closing:
            return k
        if lines[k].startswith("-----"):
            return None
    return None
