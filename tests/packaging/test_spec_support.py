"""``packaging/spec_support.py``: what the frozen build collects and what it leaves out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.packaging.helpers import ROOT, load_packaging_module

spec_support = load_packaging_module("spec_support")


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6\\Qt\\plugins\\platforms\\qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
        "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/styles/libqmacstyle.dylib",
        "PySide6/Qt/plugins/platforms/darwin/libqcocoa-support.dylib",  # a kept folder's sub-folder
    ],
)
def test_desktop_platforms_and_input_methods_are_kept(dest: str) -> None:
    assert spec_support.qt_file_kept(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platforms/libqlinuxfb.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",  # would pull GTK 3, cairo and pango
        "PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so",
        "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so",
        "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
        "PySide6/Qt/plugins/qmltooling/libqmldbg_debugger.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so",
        "PySide6\\opengl32sw.dll",  # software OpenGL: the app paints with the raster engine
    ],
)
def test_embedded_and_unused_qt_plugins_are_dropped(dest: str) -> None:
    assert not spec_support.qt_file_kept(dest)


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/translations/qtbase_zh_TW.qm", True),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", False),  # the app has no Simplified Chinese
        ("PySide6/Qt/translations/qt_pt_BR.qm", True),
        ("PySide6/Qt/translations/qtbase_en.qm", True),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/translations/qt_ja.qm", False),
        ("PySide6/Qt/translations/qtbase_zh_TW.ts", True),  # not a .qm: not a translation we trim
    ],
)
def test_only_the_qt_translations_of_the_apps_languages_are_kept(dest: str, kept: bool) -> None:
    assert spec_support.qt_file_kept(dest) is kept


def test_every_qt_catalogue_the_language_manager_loads_is_kept() -> None:
    from dealer_trainer.ui.kit.language import QT_CATALOGUES

    for names in QT_CATALOGUES.values():
        for name in names:
            assert spec_support.qt_file_kept(f"PySide6/Qt/translations/qtbase_{name}.qm"), name


def test_files_outside_pyside6_are_never_trimmed() -> None:
    assert spec_support.qt_file_kept("dealer_trainer/i18n/dealer_trainer_de.qm")
    assert spec_support.qt_file_kept("libQt6Network.so.6")
    assert spec_support.qt_file_kept("numpy/plugins/anything.so")


def test_a_library_only_a_dropped_plugin_needed_is_pruned() -> None:
    needs = {
        "/q/libqgtk3.so": ["libgtk-3.so.0", "libcairo.so.2", "libglib-2.0.so.0", "libQt6Gui.so.6"],
        "/q/libqxcb.so": ["libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libglib-2.0.so.0"],
        "/q/libQt6XcbQpa.so.6": ["libQt6Gui.so.6", "libglib-2.0.so.0"],
        "/q/libQt6Gui.so.6": ["libglib-2.0.so.0"],
        "/q/libgtk-3.so.0": ["libcairo.so.2", "libglib-2.0.so.0"],
        "/q/libcairo.so.2": [],
        "/q/libglib-2.0.so.0": [],
        "/q/libGLX_mesa.so.0": [],
    }
    kept = [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/q/libqxcb.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/q/libQt6XcbQpa.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/q/libQt6Gui.so.6", "BINARY"),
        ("libgtk-3.so.0", "/q/libgtk-3.so.0", "BINARY"),
        ("libcairo.so.2", "/q/libcairo.so.2", "BINARY"),
        ("libglib-2.0.so.0", "/q/libglib-2.0.so.0", "BINARY"),
        ("libGLX_mesa.so.0", "/q/libGLX_mesa.so.0", "BINARY"),  # dlopen'ed: nothing needs it
    ]
    dropped = [("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/q/libqgtk3.so", "BINARY")]

    orphans = spec_support.orphaned_libraries(kept, dropped, lambda source: needs[source])

    assert orphans == {"libgtk-3.so.0", "libcairo.so.2"}


def test_a_link_to_a_pruned_library_goes_with_it() -> None:
    files = [("PySide6/Qt/lib/libQt6Core.so.6", "/q/libQt6Core.so.6", "BINARY")]
    links = [
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so", "libQt6Core.so.6", "SYMLINK"),  # relative to its folder
        ("PySide6/Qt/lib/libQt6Net.so", "libQt6Network.so.6", "SYMLINK"),
        ("libcore.so", "PySide6/Qt/lib/libQt6Core.so", "SYMLINK"),  # a link to a link
        ("dealer_trainer/rules/rulesets/roulette-2003.toml", "/src/roulette-2003.toml", "DATA"),
    ]

    kept = spec_support.without_dangling_links(links, [*files, *links])

    assert [dest for dest, _, _ in kept] == [
        "libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6Core.so",
        "libcore.so",
        "dealer_trainer/rules/rulesets/roulette-2003.toml",
    ]


def test_data_files_list_every_ruleset_text_and_migration_of_the_checkout() -> None:
    pairs = spec_support.data_files(ROOT)
    collected = {Path(dest, Path(source).name).as_posix() for source, dest in pairs}
    package = ROOT / "dealer_trainer"
    expected = {
        path.relative_to(ROOT).as_posix()
        for pattern in (
            "rules/rulesets/*.toml",
            "rules/texts/*.txt",
            "rules/texts/*.toml",
            "glossary/*.toml",
            "storage/migrations/env.py",
            "storage/migrations/script.py.mako",
            "storage/migrations/versions/*.py",
            "i18n/*.qm",
        )
        for path in package.glob(pattern)
    }
    assert "dealer_trainer/rules/rulesets/roulette-2003.toml" in expected
    assert "dealer_trainer/storage/migrations/env.py" in expected
    assert "dealer_trainer/glossary/terms.toml" in expected
    assert expected <= collected
    assert all(Path(source).is_file() for source, _ in pairs)
    # The sources stay where the package reads them: the destination mirrors the checkout.
    assert all(Path(source).parent.relative_to(ROOT).as_posix() == dest for source, dest in pairs)


def test_a_checkout_without_rulesets_cannot_be_frozen(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no rulesets"):
        spec_support.data_files(tmp_path)


@pytest.mark.parametrize(
    ("qt", "macos"),
    [
        ("6.12.0", "14.4"),
        ("6.13.1", "14.4"),
        ("6.10.2", "13.0"),
        ("6.11.0", "13.0"),
        ("6.8.3", "12.0"),
        ("6.7.0", "12.0"),
    ],
)
def test_macos_bundle_asks_for_the_oldest_macos_its_qt_supports(qt: str, macos: str) -> None:
    assert spec_support.macos_minimum(qt) == macos


def test_a_qt_older_than_pyproject_allows_is_refused() -> None:
    with pytest.raises(SystemExit, match=r"Qt 6\.6\.3"):
        spec_support.macos_minimum("6.6.3")
