"""`apt-cache policy pkg…`: one stanza per package, an enumeration the agent asked for.

Each stanza is the package's name at the margin, `  Installed: X`, `  Candidate: Y` and its
version table. Read as prose, the `Installed:`/`Candidate:` lines of one package look like
another's, and the text compressor elided them as "… 3 sections elided (caveman) …": the view
no longer said which packages have an upgrade waiting. The stanzas are the answer: the text
compressor declines such a payload and it passes through whole.
"""
from __future__ import annotations

#: Stanzas a payload needs before it is read as a policy listing.
MIN_STANZAS = 2


def is_policy(text: str) -> bool:
    if "\n  Candidate: " not in text:  # C-speed gate
        return False
    stanzas = text.count(":\n  Installed: ")
    return stanzas >= MIN_STANZAS and text.count("\n  Candidate: ") >= MIN_STANZAS \
        and text.count("\n  Version table:") >= MIN_STANZAS
