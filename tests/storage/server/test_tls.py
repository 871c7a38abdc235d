"""``dealer-trainer server tls``: a centre's CA and its server's certificate (issue 36).

What is made is checked as a workstation's TLS would check it: a real handshake, on this
machine, with a server that presents the certificate and a client that trusts only the
CA and verifies the name it dialled (what libpq's ``sslmode=verify-full`` does).
"""

from __future__ import annotations

import os
import socket
import ssl
import stat
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID

from dealer_trainer.storage import engine
from dealer_trainer.storage.server import cli, tls


def _handshake(folder: Path, dialled: str) -> str:
    """Serve one TLS handshake with ``folder``'s server certificate; the client trusts the
    CA only and checks the name ``dialled``. The server's subject as the client saw it."""
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(folder / tls.SERVER_CERT, folder / tls.SERVER_KEY)
    client = ssl.create_default_context(cafile=str(folder / tls.CA_CERT))
    assert client.check_hostname and client.verify_mode is ssl.CERT_REQUIRED
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]

        def serve() -> None:
            connection, _ = listener.accept()
            try:
                with served.wrap_socket(connection, server_side=True) as wrapped:
                    wrapped.recv(1)
            except (ssl.SSLError, OSError):
                pass  # the client refused the certificate

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        try:
            with (
                socket.create_connection(("127.0.0.1", port), timeout=10) as raw,
                client.wrap_socket(raw, server_hostname=dialled) as wrapped,
            ):
                subject = dict(x[0] for x in wrapped.getpeercert()["subject"])  # type: ignore[index, misc]
                wrapped.sendall(b"x")
                return str(subject["commonName"])
        finally:
            thread.join(10)


def test_the_certificate_chains_to_the_ca_and_names_the_server(tmp_path: Path) -> None:
    made = tls.make(tmp_path, ["LocalHost", "127.0.0.1", "localhost"])
    assert made.new_ca and made.hosts == ("localhost", "127.0.0.1")
    ca = x509.load_pem_x509_certificate((tmp_path / tls.CA_CERT).read_bytes())
    cert = x509.load_pem_x509_certificate((tmp_path / tls.SERVER_CERT).read_bytes())
    cert.verify_directly_issued_by(ca)  # raises if not signed by the CA
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert not cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["localhost"]
    assert [str(a) for a in names.get_values_for_type(x509.IPAddress)] == ["127.0.0.1"]
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.SERVER_AUTH]
    assert _handshake(tmp_path, "localhost") == "localhost"
    with pytest.raises(ssl.SSLCertVerificationError, match=r"mismatch|doesn't match"):
        _handshake(tmp_path, "db.elsewhere.example")  # another name: refused
    if sys.platform != "win32":
        for private in (tls.CA_KEY, tls.SERVER_KEY):
            assert stat.S_IMODE((tmp_path / private).stat().st_mode) == 0o600


def test_a_certificate_signed_by_another_ca_is_refused(tmp_path: Path) -> None:
    tls.make(tmp_path / "ours", ["localhost"])
    tls.make(tmp_path / "theirs", ["localhost"])
    (tmp_path / "theirs" / tls.CA_CERT).write_bytes((tmp_path / "ours" / tls.CA_CERT).read_bytes())
    with pytest.raises(ssl.SSLCertVerificationError):
        _handshake(tmp_path / "theirs", "localhost")  # a server posing as ours


def test_a_new_server_certificate_keeps_the_centres_ca(tmp_path: Path) -> None:
    tls.make(tmp_path, ["db.centre.example"])
    ca_before = (tmp_path / tls.CA_CERT).read_bytes()
    again = tls.make(tmp_path, ["db2.centre.example"])
    assert not again.new_ca and (tmp_path / tls.CA_CERT).read_bytes() == ca_before
    ca = x509.load_pem_x509_certificate(ca_before)
    cert = x509.load_pem_x509_certificate((tmp_path / tls.SERVER_CERT).read_bytes())
    cert.verify_directly_issued_by(ca)
    (tmp_path / tls.CA_KEY).unlink()
    with pytest.raises(tls.TLSError, match="both are needed"):
        tls.make(tmp_path, ["db.centre.example"])


@pytest.mark.parametrize("host", ["", "db centre", "-db.example", "db..example", "ж.example"])
def test_a_host_that_is_no_name_is_refused_in_words(tmp_path: Path, host: str) -> None:
    with pytest.raises(tls.TLSError, match=r"host name or an IP address|name the server"):
        tls.make(tmp_path, [host] if host else [])


def test_the_command_prints_the_settings_and_where_workstations_keep_the_ca(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = SimpleNamespace(
        host=["db.centre.example"], out=str(tmp_path / "tls"), centre="Ilha", days=400
    )
    assert cli.tls(args) == cli.EXIT_OK
    said = capsys.readouterr().out
    folder = (tmp_path / "tls").resolve()
    assert "ssl = on" in said
    assert f"ssl_cert_file = '{folder / tls.SERVER_CERT}'" in said
    assert f"ssl_key_file = '{folder / tls.SERVER_KEY}'" in said
    for path in tls.WORKSTATION_CA.values():
        assert path in said
    assert "postgresql+psycopg://db.centre.example:5432/DATABASE?sslmode=verify-full" in said
    if sys.platform.startswith("linux"):  # where the app itself reads it on this system
        monkeypatch.delenv("XDG_CONFIG_DIRS", raising=False)
        assert str(engine.ca_places()[1]) == tls.WORKSTATION_CA["Linux"]
    bad = SimpleNamespace(host=["no such host!"], out=str(tmp_path), centre="x", days=10)
    assert cli.tls(bad) == cli.EXIT_BAD_INPUT
    assert "not a host name" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / tls.CA_KEY)  # nothing made for a bad name
