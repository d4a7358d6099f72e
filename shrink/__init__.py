"""`caveman tools shrink`: run a command under a pty, resolve what the terminal showed, compress it.

    runner.py    the pty loop: signals, stdin, limits, a bounded-memory stream of raw bytes
    screen.py    raw terminal bytes → the transcript a person saw (line path, pyte for full screens)
    live.py      the one-line status on a terminal stderr while the command runs
    pipeline.py  run → resolve → engine → Outcome
    render.py    the footer line and the --json object
"""
