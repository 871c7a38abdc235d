#!/usr/bin/env bash
# The macOS disk image of the Macau Dealer Trainer, from the .app that packaging/build.py makes.
#
#   python packaging/build.py && packaging/macos/make_dmg.sh [APP] [OUT.dmg]
#
# Default APP: dist/Macau Dealer Trainer.app; default OUT:
# dist/MacauDealerTrainer-<version>-macos-<arch>.dmg (version from the bundle's Info.plist,
# arch from its executable: arm64 or x86_64).  The image opens on the app beside a link to
# /Applications, to drag it across.
#
# Signing (optional): with CODESIGN_IDENTITY set (a "Developer ID Application" identity in the
# keychain), PyInstaller signed the app; this script signs the image too, and with
# NOTARY_PROFILE set (xcrun notarytool store-credentials) it notarizes and staples it.
# Without them the app is signed ad hoc: Gatekeeper asks users to confirm the first start.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="${1:-$ROOT/dist/Macau Dealer Trainer.app}"
NAME="Macau Dealer Trainer"

if [ "$(uname -s)" != Darwin ]; then
    echo "make_dmg.sh: hdiutil and codesign need macOS" >&2
    exit 2
fi
if [ ! -x "$APP/Contents/MacOS/dealer-trainer" ]; then
    echo "make_dmg.sh: no app at $APP: run python packaging/build.py first" >&2
    exit 2
fi

VERSION="$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$APP/Contents/Info.plist")"
ARCH="$(lipo -archs "$APP/Contents/MacOS/dealer-trainer" | tr ' ' '-')"
OUT="${2:-$ROOT/dist/MacauDealerTrainer-$VERSION-macos-$ARCH.dmg}"

# The bundle must be intact and validly signed (ad hoc at least), or macOS refuses to start it.
codesign --verify --deep --strict --verbose=1 "$APP"

STAGING="$(mktemp -d)"
trap 'rm -rf "$STAGING"' EXIT
ditto "$APP" "$STAGING/$NAME.app"          # ditto keeps links, permissions and signatures
ln -s /Applications "$STAGING/Applications"

rm -f "$OUT"
hdiutil create -volname "$NAME $VERSION" -srcfolder "$STAGING" -fs HFS+ \
    -format UDZO -imagekey zlib-level=9 -ov "$OUT"
hdiutil verify "$OUT"

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
    codesign --force --sign "$CODESIGN_IDENTITY" --timestamp "$OUT"
    if [ -n "${NOTARY_PROFILE:-}" ]; then
        xcrun notarytool submit "$OUT" --keychain-profile "$NOTARY_PROFILE" --wait
        xcrun stapler staple "$OUT"
    fi
fi

echo "$OUT  $(du -h "$OUT" | cut -f1)"
