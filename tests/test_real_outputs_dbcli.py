"""Real outputs of database command-line tools (trimmed excerpts under tests/fixtures/real/dbcli/):
psql, the mysql/mariadb client, sqlite3, redis-cli, pg_dump/mysqldump, run against servers on
loopback with generated shop data holding one odd row (a NULL email, a negative credit limit,
an outlier amount) among thousands of ordinary ones."""
from __future__ import annotations

import re
from pathlib import Path

from engine import detect as detect_mod
from engine.compressors.tabular import TabularCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "dbcli"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _elided(lines: list[str], noun: str) -> int:
    return sum(int(m.group(1)) for ln in lines
               if (m := re.match(rf"… (\d+) {noun} elided \(caveman\)", ln)))


# ---------------------------------------------------------------- records a field a line


def test_mysql_vertical_records_are_a_table_with_the_outlier_kept_whole():
    # `mariadb -e 'select …\G'` was read as text: fields of different records were elided as
    # "sections", the view showing `status: delivered` lines torn from their records.
    data = real("mysql-vertical-orders.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[:8] == original[:8]  # the first record, header and every field
    odd = original.index("*************************** 301. row ***************************")
    start = lines.index(original[odd])
    assert lines[start:start + 8] == original[odd:odd + 8]  # the outlier's record whole
    assert "     amount: 987654.32" in lines
    shown = sum(1 for ln in lines if ln.startswith("*" * 27))
    assert shown + _elided(lines, "records") == 61
    assert all("discount=0.00" in ln for ln in lines if "records elided" in ln)


def test_psql_expanded_banner_stays_above_the_records_and_the_null_row_is_kept():
    # `psql -c '\x on' -c 'select …'` prints `Expanded display is on.` first; the records
    # were then not read as records at all (text, 11% saved on the full output).
    data = real("psql-expanded-customers.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[0] == "Expanded display is on."
    odd = original.index("-[ RECORD 48 ]--------------------------------")
    start = lines.index("-[ RECORD 48 ]--------------------------------")
    assert lines[start:start + 7] == original[odd:odd + 7]  # empty email and city, -250.00
    assert "credit_limit | -250.00" in lines
    shown = sum(1 for ln in lines if ln.startswith("-[ RECORD "))
    assert shown + _elided(lines, "records") == 101


def test_expanded_records_longer_than_detects_sample_are_still_records(monkeypatch):
    # Detect reads a head and a tail of a long payload; the record cut at the seam made the
    # whole list irregular, so every long `\x` result was thinned as text.
    data = real("psql-expanded-customers.txt")
    monkeypatch.setattr(detect_mod, "SAMPLE_HEAD", 4096)
    monkeypatch.setattr(detect_mod, "SAMPLE_TAIL", 1024)
    assert len(data) > 4096 + 1024
    assert detect(data) == ContentType.TABULAR


# ---------------------------------------------------------------- SQL dumps


def _dump_view(name: str) -> tuple[list[str], list[str]]:
    from engine.compressors.text import TextCompressor

    data = real(name)
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data)
    assert view is not None
    return view.decode().splitlines(), data.decode().splitlines()


def test_pg_dump_copy_rows_are_thinned_as_a_table_and_the_odd_rows_stay():
    # pg_dump's COPY rows read as grep hits (search-result): 79% saved, thousands of rows
    # shown; a dump's rows are a table, its schema every line different.
    lines, original = _dump_view("pg-dump-copy.sql")
    schema = original[:original.index(next(ln for ln in original if ln.startswith("COPY ")))]
    assert lines[:len(schema)] == schema  # the schema part whole
    assert "1737\tNiaj Hall\t\\N\t\\N\t2023-10-02\t-250.00" in lines  # NULLs and a negative
    assert any(ln.startswith("8421\t") and "987654.32" in ln for ln in lines)  # the outlier
    assert lines.count("\\.") == 2  # each COPY block's end
    # Per block, the rows shown and the rows the markers count add up to the block.
    for start in [k for k, ln in enumerate(original) if ln.startswith("COPY ")]:
        end = original.index("\\.", start)
        vs = lines.index(original[start])
        ve = lines.index("\\.", vs)
        block = lines[vs + 1:ve]
        shown = [ln for ln in block if not ln.startswith("… ")]
        assert all(ln in original[start + 1:end] for ln in shown)
        assert len(shown) + _elided(block, "rows") == end - start - 1
    assert any(re.match(r"… \d+ rows elided \(caveman\): .*status: shipped×", ln) for ln in lines)


def test_mariadb_dump_tuples_are_thinned_with_column_names_from_the_create_table():
    lines, original = _dump_view("mariadb-dump-customers.sql")
    assert "(1737,'Niaj Hall',NULL,NULL,'2023-10-02',-250.00)," in lines
    assert lines[-1] == original[-1]
    assert "(3005,'Zed',NULL,NULL,NULL,NULL);" in lines  # the statement's last tuple
    start = original.index("INSERT INTO `customers` VALUES")
    end = original.index("(3005,'Zed',NULL,NULL,NULL,NULL);")
    vs, ve = lines.index(original[start]), lines.index(original[end])
    shown = [ln for ln in lines[vs + 1:ve + 1] if not ln.startswith("… ")]
    assert len(shown) + _elided(lines, "rows") == end - start
    markers = [ln for ln in lines if "rows elided (caveman)" in ln]
    assert markers and any("email:" in m for m in markers)  # named from `email` varchar(120)
    assert not any("col3" in m for m in markers)


# ---------------------------------------------------------------- psql -f: a migration's output


def test_psql_migration_keeps_every_notice_and_names_the_repeated_command_tag():
    # The NOTICE about an index that already existed was elided among the command tags
    # ("3 sections elided"), and the markers over 119 `INSERT 0 1` lines did not say so.
    from engine.compressors.text import TextCompressor

    data = real("psql-f-migration.txt")
    original = data.decode().splitlines()
    lines = TextCompressor().compress(data).decode().splitlines()
    notices = [ln for ln in original if ": NOTICE:  " in ln]
    assert len(notices) == 5 and all(n in lines for n in notices)
    err = original.index('psql:migration.sql:141: ERROR:  column "totl" does not exist')
    at = lines.index(original[err])
    assert lines[at:at + 3] == original[err:err + 3]  # the error, its LINE and the caret
    markers = [ln for ln in lines if "elided (caveman)" in ln]
    assert markers and all(m.endswith(": each `INSERT 0 1` …") for m in markers)
    inserts = sum(1 for ln in lines if ln == "INSERT 0 1")
    assert inserts + _elided(lines, "sections") == original.count("INSERT 0 1")


# ---------------------------------------------------------------- redis-cli


def test_redis_cli_numbered_keys_reply_is_a_list_kept_whole():
    # `redis-cli KEYS 'user:*'` on a terminal numbers the elements (`  1) "user:406"`); read as
    # text, 796 of the 800 keys the agent asked for went into "796 sections elided".
    from engine.compressors.text import TextCompressor, is_path_listing

    data = real("redis-cli-tty-keys.txt")
    assert detect(data) == ContentType.TEXT
    assert is_path_listing(data.decode())
    assert TextCompressor().compress(data) is None  # passed through: every key in view


def test_redis_numbering_alone_does_not_make_prose_a_list():
    from engine.compressors.text import is_path_listing

    numbered_prose = "\n".join(f"{k}) step {k} of the plan, then check the result" for k in range(1, 30))
    assert not is_path_listing(numbered_prose)


def test_redis_keys_over_the_list_limit_fold_by_key_family_and_keep_every_odd_key():
    # 1803 keys: thinned as text, the markers said only "… N sections elided" and the view
    # showed a few keys at random.
    from engine.compressors.text import TextCompressor

    data = real("redis-cli-keys-all.txt")
    original = data.decode().splitlines()
    assert len(original) == 1803
    lines = TextCompressor().compress(data).decode().splitlines()
    for odd in ("lock:migration", "rate_limit:api", "order:latest"):
        assert odd in lines
    markers = [ln for ln in lines if "elided (caveman)" in ln]
    assert markers == [
        "… 298 lines elided (caveman): each `cart:user:#` (# a number), cart:user:1..cart:user:299 …",
        "… 1498 lines elided (caveman): each `order:#` (# a number), order:0..order:1499 …",
    ]  # each right after its family's first two keys, in the order the reply gave them
    shown = [ln for ln in lines if ln not in markers]
    assert all(ln in original for ln in shown)
    assert len(shown) + _elided(lines, "lines") == len(original)


def test_long_path_lists_are_not_folded_by_number():
    from engine.compressors import key_listing

    paths = "\n".join(f"/var/lib/app/cache/item{k}.bin" for k in range(1500)) + "\n"
    assert key_listing.fold(paths) is None
    prose = "\n".join(f"worker {k} started" for k in range(1500))
    assert key_listing.fold(prose) is None


# ---------------------------------------------------------------- server logs


def test_mariadb_slow_log_keeps_each_entrys_query_time_and_statement():
    # The `# Query_time:` line of the two slowest entries went into "… 6 lines elided": the
    # view showed queries without saying how slow they were.
    from engine.compressors.log import LogCompressor

    data = real("mariadb-slow-query.log")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    lines = LogCompressor().compress(data).decode().splitlines()
    timings = [ln for ln in original if ln.startswith("# Query_time: ")]
    assert len(timings) == 4 and all(t in lines for t in timings)
    statements = [original[k + 1] for k, ln in enumerate(original) if ln.startswith("SET timestamp=")]
    assert all(s in lines for s in statements)
    assert "select c.city, sum(o.amount) from customers c join orders o on o.customer_id=c.id " \
           "group by c.city having sum(o.amount) > sleep(0.25);" in lines


def test_psql_script_with_timing_is_read_table_by_table():
    # `\timing on` puts `Time: 3.0 ms` before each next table: the blocks no longer read as
    # result tables and the whole report (one table of 2951 rows) passed through.
    data = real("psql-f-report-timing.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[0] == "Timing is on."
    assert [ln for ln in lines if ln.startswith("Time: ")] == [ln for ln in original if ln.startswith("Time: ")]
    small = original[:original.index("(5 rows)") + 1]  # the small tables stay whole
    assert lines[:len(small)] == small
    assert "        2646 |  4 | 988327.61" in lines  # the outlier's customer
    last = original.index(" customer_id | n  |   total   ")
    rows = original[last + 2:original.index("(294 rows)")]
    tail = lines[lines.index(original[last]) + 2:]
    shown = [ln for ln in tail if ln in rows]
    assert len(shown) + _elided(tail, "rows") == len(rows) == 294


def test_pg_restore_keeps_every_error_and_folds_the_statement_bodies():
    # Restoring into a database that has the schema fails each statement; the report passed
    # through whole, each CREATE TABLE printed again under its error.
    from engine.compressors.text import TextCompressor

    data = real("pg-restore-already-exists.txt")
    original = data.decode().splitlines()
    lines = TextCompressor().compress(data).decode().splitlines()
    errors = [ln for ln in original if ln.startswith("pg_restore: ")]
    assert [ln for ln in lines if ln.startswith("pg_restore: ")] == errors  # every one, in order
    commands = [ln for ln in original if ln.startswith("Command was: ")]
    assert [ln for ln in lines if ln.startswith("Command was: ")] == commands
    at = lines.index("Command was: CREATE TABLE public.customers (")
    assert lines[at + 1] == "… 8 lines elided (caveman): the rest of this command …"
    assert lines[-1] == "pg_restore: warning: errors ignored on restore: 87"
    assert _bodies(lines) + _elided(lines, "lines") == _bodies(original)


def _bodies(lines: list[str]) -> int:
    """Lines of statements under `Command was:` lines (up to a blank or pg_restore line)."""
    count, inside = 0, False
    for ln in lines:
        if ln.startswith("Command was: "):
            inside = True
        elif not ln or ln.startswith("pg_restore: "):
            inside = False
        elif inside and not ln.startswith("… "):
            count += 1
    return count
