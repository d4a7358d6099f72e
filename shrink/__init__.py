"""`caveman tools shrink`: run a command under a pty, resolve what the terminal showed, compress it.

    runner.py    the pty loop: signals, stdin, limits, a bounded-memory stream of raw bytes
    screen.py    raw terminal bytes → the transcript a person saw (the streaming line path)
    emulator.py  the pyte path, for output that addresses the cursor or uses the alternate screen
    live.py      the one-line status on a terminal stderr while the command runs
    pipeline.py  run → resolve → engine → Outcome
    render.py    the footer line and the --json object
"""
