"""Real outputs of HTTP and network command-line tools (trimmed excerpts under
tests/fixtures/real/netcli/): curl -i / -v against loopback Flask and Express apps, wget -r,
nginx's error log under ab, uvicorn's log with a traceback twice."""
from __future__ import annotations

import json
from pathlib import Path

from engine import http_transcript
from engine.compressors import wget_report
from engine.compressors.html import HtmlCompressor
from engine.compressors.log import LogCompressor
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "netcli"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress_json(cli, data: bytes) -> dict:
    done = cli("tools", "compress", "--json", stdin=data)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# ---------------------------------------------------------------- curl's progress meter


def test_curl_meter_redraw_inside_a_json_body_is_taken_out_and_the_document_read_as_json(cli):
    # `curl -i URL 2>&1`: the meter's last redraw (`\r100 25...`) landed mid-line in the JSON body;
    # the view showed only what followed it (the first ~170 users, the odd one among them, gone).
    data = real("curl_i_meter_json.out")
    rep = compress_json(cli, data)
    view = rep["output"]
    assert rep["content_type"] == "json"
    assert "HTTP/1.1 200 OK" in view
    assert '"id": 177' in view and "profile migration failed: duplicate key" in view  # the odd user
    assert '"__caveman_elided__"' in view
    # The meter's last record is kept once, right under its title.
    lines = view.split("\n")
    assert lines[2] == "100 25285  100 25285    0     0  2572k      0 --:--:-- --:--:-- --:--:-- 2743k"
    assert view.count("--:--:--") == 3


def test_unmeter_rejoins_the_body_and_keeps_only_the_last_record():
    data = real("curl_i_meter_json.out")
    unmetered = http_transcript.unmeter(data)
    assert unmetered is not None and b"\r  0 " not in unmetered
    head, body = http_transcript.split_head(unmetered)
    assert head.endswith(b"Connection: close\r\n\r\n")
    assert len(json.loads(body)["items"]) == 180
    assert http_transcript.unmeter(b'{"a": 1}\n') is None


# ---------------------------------------------------------------- HTTP heads above HTML bodies


def test_html_error_page_under_curl_i_keeps_status_line_and_headers():
    # Express's 500 page behind `curl -i`: the HTML reader kept the page text and dropped the
    # status line, so the view never said `500 Internal Server Error`.
    data = http_transcript.unmeter(real("curl_i_express_500.out"))
    assert detect(data) == ContentType.HTML
    out = HtmlCompressor().compress(data).decode()
    assert out.startswith("  % Total")
    assert "HTTP/1.1 500 Internal Server Error\r\n" in out
    assert "X-Powered-By: Express\r\n" in out
    assert "TypeError: Cannot read properties of undefined (reading &#39;items&#39;)" in out
    assert "<pre>" not in out and "<!DOCTYPE" not in out
    # A <br> inside <pre> breaks the line: one stack frame a line, as the server printed it.
    assert "\n &nbsp; &nbsp;at /tmp/unseen8/netcli/node/server.js:15:25\n" in out
    assert out.rstrip().endswith("at read (/tmp/unseen8/netcli/node/node_modules/body-parser/lib/read.js:59:5)")


def test_split_head_needs_a_status_line_and_a_body():
    assert http_transcript.split_head(b"HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n") is None
    assert http_transcript.split_head(b"Content-Type: text/html\n\n<html></html>\n") is None
    head, body = http_transcript.split_head(b"HTTP/1.1 404 Not Found\nServer: x\n\n<html>a</html>\n")
    assert head == b"HTTP/1.1 404 Not Found\nServer: x\n\n" and body == b"<html>a</html>\n"


def test_split_head_passes_curl_verbose_lines_and_redirect_heads():
    data = (b"* Connected to h (127.0.0.1) port 80 (#0)\n> GET /a HTTP/1.1\r\n> \r\n< HTTP/1.1 302 FOUND\r\n"
            b"< Location: /b\r\n< \r\n* Issue another request to this URL: 'http://h/b'\n"
            b"< HTTP/1.1 200 OK\r\n< Content-Type: text/html\r\n< \r\n{ [12 bytes data]\n"
            b"* Connection #0 to host h left intact\n<html><body>hi</body></html>\n")
    head, body = http_transcript.split_head(data)
    assert body == b"<html><body>hi</body></html>\n"
    assert head.endswith(b"left intact\n")


# ---------------------------------------------------------------- wget -r


def test_wget_mirror_is_a_transcript_that_keeps_every_failed_url():
    # `wget -r` was read as grep hits: its 404 records lost their `--DATE--  URL` line, so the
    # view said `ERROR 404: Not Found.` forty times and never which URL.
    data = real("wget_mirror.out")
    assert detect(data) == ContentType.TERMINAL
    text = data.decode()
    out = TerminalCompressor().compress(data).decode()
    for n in range(1, 41):
        head = next(ln for ln in text.split("\n") if ln.endswith(f"/missing{n}.html"))
        assert head in out
    assert out.count("ERROR 404: Not Found.") == text.count("ERROR 404: Not Found.") == 42  # robots.txt too
    assert "Downloaded: 40 files, 5.5K in 0s (45.8 MB/s)" in out
    # The first saved page stays whole as the example; each later one is a marker with its URL.
    assert out.count("saved [137/137]") == 1
    assert "… 10 lines elided (caveman): 1 more request, `200 OK` (http://127.0.0.1:18080/p2.html) …" in out
    assert len(out) < len(text) * 0.55


def test_wget_report_run_marker_lists_urls_and_fails_closed_on_an_unknown_line():
    rec = ("--2026-01-01 10:00:0{i}--  http://h/p{i}.html\nReusing existing connection to h:80.\n"
           "HTTP request sent, awaiting response... 200 OK\nLength: 5 [text/html]\n"
           "Saving to: ‘h/p{i}.html’\n\n")
    lines = "".join(rec.format(i=i) for i in range(4)).split("\n")
    assert wget_report.elisions(lines) == [(6, 25, "3 more requests, each `200 OK` "
                                                   "(http://h/p1.html, http://h/p2.html, http://h/p3.html)")]
    lines[14] = "Read error at byte 3 (Connection reset by peer).Retrying."
    runs = wget_report.elisions(lines)
    assert all(not (start <= 14 < end) for start, end, _ in runs)  # that record stays whole
    assert not wget_report.is_report(rec.format(i=1) * 2)


# ---------------------------------------------------------------- server logs


def test_nginx_error_log_folds_one_upstream_failure_repeated_on_many_connections():
    # 56 `connect() failed (111: Connection refused)` lines differing only in time and nginx's
    # `*N` connection number were each kept as a new error (the log passed through whole).
    data = real("nginx_error_upstream.log")
    out = LogCompressor().compress(data).decode()
    assert "… 52 lines elided (caveman): 52 repeats of shown error lines; all level=error …" in out
    assert '*4 connect() failed (111: Connection refused) while connecting to upstream' in out
    for n in range(1, 41):  # every missing file is its own error, kept
        assert f'/www/missing{n}.html" failed' in out


def test_uvicorn_log_shows_a_repeated_traceback_once_and_whole():
    # uvicorn stamps no time: the access line before `ERROR: Exception in ASGI application` ran
    # into the record, the second traceback was not seen as a repeat, and keepNonRedundant then
    # brought back a scatter of its frames (a traceback shown in part).
    data = real("uvicorn_two_tracebacks.log")
    out = LogCompressor().compress(data).decode()
    assert out.count("in run_asgi") == 1
    assert out.count("AttributeError: 'NoneType' object has no attribute 'port'") == 1
    assert out.count('"GET /crash HTTP/1.1" 500 Internal Server Error') == 2
    assert out.count("ERROR:    Exception in ASGI application") == 2
    assert ("… 218 lines elided (caveman): 79 repeats of shown error lines but for client ports; "
            "139 other lines; statuses 200×139, 404×10 …") in out
    first = out.index("Traceback (most recent call last):")
    assert out.count("Traceback (most recent call last):") == 1
    assert out.index("in run_asgi") > first


def test_wget_nv_keeps_the_url_line_of_every_failure():
    # `wget -nv -r`: a failure is `http://h/x.html:` then `DATE ERROR 404: Not Found.`; read as a
    # log, the ERROR lines folded as repeats and took their URL lines with them (39 of 41 lost).
    data = real("wget_mirror_nv.out")
    assert detect(data) == ContentType.TERMINAL
    text = data.decode()
    out = TerminalCompressor().compress(data).decode()
    subjects = [ln for ln in text.split("\n") if ln.startswith("http://") and ln.endswith(":")]
    assert len(subjects) == 42
    out_lines = out.split("\n")
    assert [ln for ln in out_lines if ln in subjects] == subjects
    assert out.count("ERROR 404: Not Found.") == 42
    assert ("… 39 lines elided (caveman): 39 more requests, each `saved` "
            "(from http://127.0.0.1:18080/p42.html to http://127.0.0.1:18080/p80.html) …") in out_lines
    assert out_lines[-2:] == ["Downloaded: 80 files, 8.2K in 0s (35.6 MB/s)", ""]


def test_access_log_markers_count_the_statuses_they_elide():
    # uvicorn's 404s after the first burst were elided as `20 lines elided … all level=INFO`
    # with nothing saying some requests failed; the marker now counts each status it hides.
    data = real("uvicorn_two_tracebacks.log")
    out = LogCompressor().compress(data).decode()
    markers = [ln for ln in out.split("\n") if "elided (caveman)" in ln]
    assert markers[0] == "… 120 lines elided (caveman): statuses 200×120; all level=INFO …"
    from engine.compressors.access_counts import status_summary
    assert status_summary(['1.2.3.4 - - [x] "GET /a HTTP/1.1" 404 153 "-" "curl"',
                           'INFO:     127.0.0.1:1 - "GET /b HTTP/1.1" 200 OK',
                           '127.0.0.1 - - [x] "GET /c HTTP/1.0" 2000 -', "plain line"]) == "statuses 200×1, 404×1"
    assert status_summary(["no access line here"]) == ""


# ---------------------------------------------------------------- openssl dumps


def test_x509_text_folds_modulus_and_signature_bytes_and_keeps_every_field():
    # `openssl x509 -text` passed through whole: 64 rows of key and signature bytes among the
    # subject, validity and extensions an agent reads a certificate for.
    from engine.compressors.text import TextCompressor
    data = real("openssl_x509_isrg.out")
    out = TextCompressor().compress(data).decode()
    lines = out.split("\n")
    assert "… 35 lines elided (caveman): 513 hex bytes …" in lines  # 4096-bit modulus, leading 00
    assert "… 29 lines elided (caveman): 512 hex bytes …" in lines
    for ln in ("        Issuer: C = US, O = Internet Security Research Group, CN = ISRG Root X1",
               "            Not After : Jun  4 11:04:38 2035 GMT",
               "                Exponent: 65537 (0x10001)",
               "            82:10:cf:b0:d2:40:e3:59:44:63:e0:bb:63:82:8b:00",  # the serial: one row, kept
               "                79:B4:59:E6:7B:B6:E5:E4:01:73:80:08:88:C8:1A:58:F6:E9:9B:6E"):
        assert ln in lines
    assert len(out) < len(data) / 3


def test_req_text_and_pem_and_hex_dump_rows_fold():
    from engine.compressors import cert_dump
    out = cert_dump.fold(real("openssl_req_text.out").decode())
    assert "        Subject: CN = api.local" in out.split("\n")
    assert out.count("elided (caveman)") == 2
    pem = "x\n-----BEGIN CERTIFICATE-----\n" + "QUJD\n" * 5 + "-----END CERTIFICATE-----\ny"
    assert cert_dump.fold(pem) == ("x\n-----BEGIN CERTIFICATE-----\n… 5 lines elided (caveman): base64 body "
                                   "of the CERTIFICATE …\n-----END CERTIFICATE-----\ny")
    assert cert_dump.fold(pem.replace("-----END CERTIFICATE-----", "-----END KEY-----")) is None  # unmatched: whole
    ticket = "    TLS session ticket:\n" + "".join(
        f"    00{k}0 - 67 70 b1 3c 84 ab 4e 41-40 ba 13 72 ff d6 0d 6d   gp.<..NA@..r...m\n" for k in range(4))
    assert cert_dump.fold(ticket) == "    TLS session ticket:\n… 4 lines elided (caveman): rows of a hex dump …\n"
    assert cert_dump.fold("Modulus:\n    00:aa:bb:\n    cc:dd\n") is None  # too few rows to fold


def test_express_morgan_log_markers_count_statuses():
    # An Express server's `morgan('dev')` log: its 404s were elided as `98 other lines`.
    data = real("express_morgan.log")
    out = TerminalCompressor().compress(data).decode()
    markers = [ln for ln in out.split("\n") if "elided (caveman)" in ln]
    assert markers == ["… 98 lines elided (caveman): 98 other lines; statuses 200×88, 404×10 …",
                       "… 97 lines elided (caveman): 97 other lines; statuses 200×87, 404×10 …"]
    assert "GET /checkout 500 3.299 ms - 1116" in out
    assert "TypeError: Cannot read properties of undefined (reading 'items')" in out
    from engine.compressors.access_counts import status_summary
    assert status_summary(["GET /a 404 0.512 ms - 21", "POST /b 201 - - 3.1 ms", "GET a 200 1 ms",
                           "GETX /a 200 1 ms"]) == "statuses 201×1, 404×1"


def test_uvicorn_404_flood_from_one_client_folds_but_for_client_ports():
    # `ab` against a missing item: 200 `404 Not Found` lines differing only in the client's
    # ephemeral port were each kept as a new error (a 225 KB log viewed at 45%).
    data = real("uvicorn_load_404s.log")
    out = LogCompressor().compress(data).decode()
    assert out.count('"GET /items/999 HTTP/1.0" 404 Not Found') == 1
    assert ("… 226 lines elided (caveman): 199 repeats of shown error lines but for client ports; "
            "27 other lines; statuses 200×27, 404×199; all level=INFO …") in out.split("\n")
    assert out.count("AttributeError: 'NoneType' object has no attribute 'port'") == 1
    assert len(out) * 4 < len(data)


def test_curl_verbose_tls_json_is_read_as_json_under_its_head(cli):
    # `curl -vk https://…/users.json 2>&1`: ~50 lines of handshake before the body, a
    # `{ [16142 bytes data]` line that opens like JSON, and the meter's redraw plus
    # `* Connection #0 … left intact` written into the middle of the body: passed through whole.
    data = real("curl_vk_tls_json.out")
    rep = compress_json(cli, data)
    view = rep["output"]
    assert rep["content_type"] == "json" and rep["tokens_after"] * 5 < rep["tokens_before"]
    lines = view.split("\n")
    assert "*  SSL certificate verify result: self-signed certificate (18), continuing anyway." in lines
    assert "< HTTP/1.1 200 OK\r" in lines
    assert lines[-2:] == ["* Connection #0 to host 127.0.0.1 left intact", ""]
    assert lines[-3].startswith('{"count": 150,"items": [') and lines[-3].endswith("]}")
    assert '"id": 150' in view


def test_frame_cuts_curl_lines_after_the_body():
    head, body, tail = http_transcript.frame(b"HTTP/1.1 200 OK\nA: b\n\n[1, 2]\n* Closing connection 0\n"
                                             b"curl: (18) transfer closed\n")
    assert (head, body, tail) == (b"HTTP/1.1 200 OK\nA: b\n\n", b"[1, 2]\n",
                                  b"* Closing connection 0\ncurl: (18) transfer closed\n")
    assert http_transcript.frame(b"HTTP/1.1 200 OK\nA: b\n\n* Closing connection 0\n") is None
