"""``dealer-trainer server tls``: a small centre's own CA and its server's certificate.

A workstation talks to the centre's server only over TLS that verifies it
(``sslmode=verify-full``: the server's certificate must be signed by the CA the
workstation keeps, and name the host it dials). A centre without a CA of its own makes
one here, once, and a certificate for the server signed by it (again when it expires, or
the server's name changes: the CA is kept and reused, so the workstations keep theirs):

- ``ca.crt``: the CA's certificate, copied to every workstation (``WORKSTATION_CA``);
- ``ca.key``: the CA's private key, kept offline by IT (whoever holds it can pose as the
  server);
- ``server.crt``, ``server.key``: the server's, named in ``postgresql.conf``.

Keys are ECDSA P-256 and certificates X.509 v3 made with the ``cryptography`` library
(the ``server`` extra: ``pip install 'macau-dealer-trainer[server]'``).
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import ec

CA_CERT, CA_KEY = "ca.crt", "ca.key"
SERVER_CERT, SERVER_KEY = "server.crt", "server.key"
CA_DAYS = 3650
#: 825 days: the longest validity common TLS clients accept for a server's certificate.
SERVER_DAYS = 825

#: Where each workstation keeps the centre's CA for every user of it (the machine's
#: configuration folder, ``platformdirs.site_config_path``), read when the server's URL
#: names no ``sslrootcert`` (``storage.engine.ca_places``; one user's own folder first).
WORKSTATION_CA = {
    "Windows": r"C:\ProgramData\dealer-trainer\centre-ca.crt",
    "macOS": "/Library/Application Support/dealer-trainer/centre-ca.crt",
    "Linux": "/etc/xdg/dealer-trainer/centre-ca.crt",
}


class TLSError(Exception):
    """What cannot be made, in a sentence."""


@dataclass(frozen=True)
class Made:
    folder: Path
    hosts: tuple[str, ...]
    new_ca: bool
    not_after: datetime

    @property
    def server_cert(self) -> Path:
        return self.folder / SERVER_CERT

    @property
    def server_key(self) -> Path:
        return self.folder / SERVER_KEY

    @property
    def ca_cert(self) -> Path:
        return self.folder / CA_CERT


def _crypto() -> None:
    try:
        import cryptography  # noqa: F401, PLC0415 (the server extra's)
    except ImportError as exc:
        raise TLSError(
            "this command needs the cryptography library: pip install "
            "'macau-dealer-trainer[server]' (or make the CA with openssl, docs/server.md)."
        ) from exc


def _check_host(host: str) -> str:
    host = host.strip().lower()
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if not host or len(host) > 253 or not all(
        label and len(label) <= 63 and label.replace("-", "").isalnum() and label.isascii()
        and not label.startswith("-") and not label.endswith("-")
        for label in labels
    ):  # fmt: skip
        raise TLSError(
            f"{host!r} is not a host name or an IP address: give the name the workstations "
            "use for the server (db.centre.example), or its address."
        )
    return host


def _write(path: Path, data: bytes, private: bool) -> None:
    mode = 0o600 if private else 0o644
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.chmod(path, mode)  # a file that existed keeps no looser mode


def _load_ca(folder: Path) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None:
    from cryptography import x509  # noqa: PLC0415
    from cryptography.hazmat.primitives import serialization  # noqa: PLC0415
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415

    cert_path, key_path = folder / CA_CERT, folder / CA_KEY
    if not cert_path.exists() and not key_path.exists():
        return None
    if not (cert_path.exists() and key_path.exists()):
        raise TLSError(
            f"{folder} holds only one of {CA_CERT} and {CA_KEY}: both are needed to sign a "
            "new certificate with the same CA (or move it away to make a new CA)."
        )
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or (
        key.public_key().public_numbers() != cert.public_key().public_numbers()  # type: ignore[union-attr]
    ):
        raise TLSError(f"{key_path} is not the private key of {cert_path}.")
    return cert, key


def make(
    folder: Path,
    hosts: list[str],
    *,
    centre: str = "Dealer Trainer centre",
    days: int = SERVER_DAYS,
    now: datetime | None = None,
) -> Made:
    """Make (or reuse) the CA in ``folder`` and a certificate for ``hosts`` signed by it."""
    _crypto()
    from cryptography import x509  # noqa: PLC0415
    from cryptography.hazmat.primitives import hashes, serialization  # noqa: PLC0415
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID  # noqa: PLC0415

    names = tuple(dict.fromkeys(_check_host(h) for h in hosts))
    if not names:
        raise TLSError("name the server: --host db.centre.example (as the workstations dial it).")
    if not 1 <= days <= SERVER_DAYS:
        raise TLSError(f"--days must be 1 to {SERVER_DAYS}.")
    now = now or datetime.now(UTC)
    folder.mkdir(parents=True, exist_ok=True)
    found = _load_ca(folder)
    if found is None:
        ca_key = ec.generate_private_key(ec.SECP256R1())
        ca_name = x509.Name(
            [
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, centre),
                x509.NameAttribute(NameOID.COMMON_NAME, f"{centre} CA"),
            ]
        )
        ca_cert = (
            x509.CertificateBuilder()
            .subject_name(ca_name)
            .issuer_name(ca_name)
            .public_key(ca_key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(minutes=5))
            .not_valid_after(now + timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=False,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    key_cert_sign=True,
                    crl_sign=True,
                    encipher_only=False,
                    decipher_only=False,
                ),
                critical=True,
            )
            .add_extension(
                x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False
            )
            .sign(ca_key, hashes.SHA256())
        )
        _write(
            folder / CA_KEY,
            ca_key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            ),
            private=True,
        )
        _write(folder / CA_CERT, ca_cert.public_bytes(serialization.Encoding.PEM), private=False)
    else:
        ca_cert, ca_key = found
    alternatives: list[x509.GeneralName] = []
    for name in names:
        try:
            alternatives.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alternatives.append(x509.DNSName(name))
    key = ec.generate_private_key(ec.SECP256R1())
    not_after = min(now + timedelta(days=days), ca_cert.not_valid_after_utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(not_after)
        .add_extension(x509.SubjectAlternativeName(alternatives), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write(
        folder / SERVER_KEY,
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        ),
        private=True,
    )
    _write(folder / SERVER_CERT, cert.public_bytes(serialization.Encoding.PEM), private=False)
    return Made(folder.resolve(), names, found is None, not_after)


def instructions(made: Made, port: int = 5432) -> list[str]:
    """What to do with the files, in lines (the command prints them)."""
    host = made.hosts[0]
    lines = [
        f"in {made.folder}:",
        f"  {CA_CERT:<11} the centre's CA"
        + (" (new)" if made.new_ca else " (kept: the workstations keep theirs)"),
        f"  {CA_KEY:<11} its private key: keep it offline, never on the server or a "
        "workstation (whoever holds it can pose as the server)",
        f"  {SERVER_CERT:<11} the server's certificate for {', '.join(made.hosts)}, valid until "
        f"{made.not_after:%Y-%m-%d}",
        f"  {SERVER_KEY:<11} its private key (mode 0600; PostgreSQL's user must own it)",
        "",
        "postgresql.conf on the server (copy the two server files beside it, chown them to "
        "postgres, then SELECT pg_reload_conf(); as the superuser):",
        "  ssl = on",
        f"  ssl_cert_file = '{made.server_cert}'",
        f"  ssl_key_file = '{made.server_key}'",
        "  ssl_min_protocol_version = 'TLSv1.2'",
        "pg_hba.conf: hostssl lines only for the training room (docs/server.md).",
        "",
        f"each workstation keeps {CA_CERT} as (for every user of it):",
        *(f"  {system:<8} {path}" for system, path in WORKSTATION_CA.items()),
        "and names the server (no sslrootcert needed with the CA kept there):",
        f"  DEALER_TRAINER_DB_URL=postgresql+psycopg://{host}:{port}/DATABASE?sslmode=verify-full",
        "or names the CA wherever it is kept: ...&sslrootcert=PATH-TO-CA",
    ]
    return lines
