"""The rare event: a log record whose template occurs once.

A service log repeats a few templates with other times, ids, hosts and counts; the record an
agent triaging it needs is often the one whose wording occurs once (`Terminating instance`,
`Took 19.05 seconds to spawn the instance`). keepNonRedundant compares vocabularies, and a
record led by request ids, user ids and a logger name carries so many of its neighbours' words
that its own message word is under a tenth of them: read as represented, it is elided. A line's
template is its tokens that hold no digit (times, pids, ids, addresses and counts all do); a
template seen once marks a record kept whole.
"""
from __future__ import annotations

from collections import Counter

from engine.patterns import BLANK_RUN, TOKEN_WITH_DIGIT

#: Templates tell nothing in a very short log.
MIN_LINES = 20
#: Rare records kept at most: more than this (and more than one line in LINES_PER_RARE) means
#: wordings vary freely (a desktop syslog, prose) and being one of a kind is not rare.
MAX_RARE = 24
LINES_PER_RARE = 4
_NO_DIGITS = str.maketrans("", "", "0123456789")


def rare_template_lines(lines: list[str], joined: str) -> list[int]:
    """Indexes of the non-blank lines whose template no other line has; none when the log is
    short or such lines are common in it. `joined`: the lines joined by newlines."""
    n = len(lines)
    if n < MIN_LINES:
        return []
    # Lines equal but for their digits share a template: one of each such group is templated
    # (a C-speed translate groups them), so the token regex reads each wording once, not each line.
    plain = joined.translate(_NO_DIGITS).split("\n")
    if len(plain) != n:  # a line holding a newline: keys would not line up
        return []
    group_size = Counter(plain)
    one_each = list(dict(zip(plain, range(n))).values())  # each key's last line, in first-seen order
    templates = BLANK_RUN.sub(" ", TOKEN_WITH_DIGIT.sub("", "\n".join([lines[i] for i in one_each]))).split("\n")
    if len(templates) != len(one_each):
        return []
    seen: Counter[str] = Counter()
    for i, template in zip(one_each, templates):
        seen[template] += group_size[plain[i]]
    rare = sorted(i for i, t in zip(one_each, templates) if seen[t] == 1 and t.strip())
    return rare if len(rare) <= MAX_RARE or len(rare) * LINES_PER_RARE <= n else []
