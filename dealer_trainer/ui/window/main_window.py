"""The main window: pick a game, its ruleset and the trainee, and stand at the felt.

Left: the side panel (game with live thumbnails, ruleset and the regulation it
follows, trainee, chip rack).  Centre: the felt of the chosen game, which
rescales with the window.  Click (or Enter) on a spot places the chosen chip,
right click (or Delete) takes one off.  The status bar names the spot under
the pointer or the keyboard focus, its payout and the article that sets it.
Right: *What if…* (F8), the felt sandbox (``ui.sandbox``): choose the outcome and see the
rules core settle the felt's bets, step by step, on the felt.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QPixmap
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QWidget

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.chips import DEFAULT_CHIPS, ChipSet, TableChips, house_chips
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.felt.view import FeltView
from dealer_trainer.ui.instructor.menu import install_instructor
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.geometry import (
    ColumnScroll,
    largest_size,
    remember_size,
    restore_size,
    share_of_screen,
)
from dealer_trainer.ui.kit.language import (
    LanguageManager,
    amount_text,
    citation_text,
    language_names,
    problem_text,
)
from dealer_trainer.ui.kit.unverified import UnverifiedWarning
from dealer_trainer.ui.trainee.menu import install_drills
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.sidebar import PANEL_WIDTH, SMALL_THUMB, THUMB, SidePanel

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMessageBox

    from dealer_trainer.storage.records import Person
    from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog
    from dealer_trainer.ui.sandbox.panel import SandboxPanel
    from dealer_trainer.ui.window.glossary import GlossaryWindow
    from dealer_trainer.ui.window.sign_in import SignInDialog

#: The game on show when the window last closed (QSettings): the window opens on it.
GAME_KEY = "main/game"
#: A screen less high than this (a window's room, in pixels) is a laptop's: small thumbnails.
LOW_SCREEN = 800


class MainWindow(QMainWindow):
    """The trainer's window.  ``scene_for(game)`` gives each game's felt scene.

    Its start-up work waits for the first paint of the felt (``firstPainted``), and then
    keeps the GUI thread free: the records open, and the daily backup runs, on worker
    threads (see ``AppStore``), and the thumbnails are drawn one per pass of the event
    loop.  The window is usable meanwhile; the status bar says the records are opening.
    ``startupFinished`` says all of it is done.
    """

    #: Where the window's size is remembered (see ``ui.kit.geometry``).
    SIZE_KEY = "main"
    #: The felt has been painted for the first time (the start-up work begins).
    firstPainted = Signal()
    #: The start-up work after the first paint is done: the records opened (or could not
    #: be), their daily backup made or checked, every thumbnail drawn.
    startupFinished = Signal()

    def __init__(
        self,
        chips: ChipSet | None = None,
        languages: LanguageManager | None = None,
        parent: QWidget | None = None,
        app_store: AppStore | None = None,
    ) -> None:
        super().__init__(parent)
        #: The chips every felt offers; ``None``: each ruleset's own set (its drills' chips).
        self.chip_set = chips
        # The window's own records open on a worker thread only, never on the GUI thread.
        self.app_store = app_store or AppStore(parent=self, in_background=True)
        self.languages = languages  # None: no language menu (the app passes its manager)
        self._scenes: dict[str, FeltScene] = {}
        self._chips: dict[str, TableChips] = {}
        self._stale_thumbnails: set[str] = set()
        self._thumbnail_timer = QTimer(self)
        self._thumbnail_timer.setSingleShot(True)
        self._thumbnail_timer.setInterval(120)
        self._thumbnail_timer.timeout.connect(self._refresh_thumbnails)
        #: What start-up still waits for (``startupFinished`` once empty).
        self._starting: set[str] = {"thumbnails", "records"}
        self._felts_ready = False  # the other games' felts are laid out (after first paint)
        self._felts_waiting: list[str] = []  # the games whose felts are still to lay out
        self._told_problems: list[str] = []  # told the instructor once each
        self._warning: QMessageBox | None = None  # the box telling them, while it is open
        self._warning_lines: list[str] = []

        low = largest_size(self).height() < LOW_SCREEN
        remembered = QSettings().value(GAME_KEY)
        first = remembered if remembered in GAME_NAMES else next(iter(GAME_NAMES))
        try:
            offered = self.chips_for(default_ruleset(str(first)))
        except RulesError:
            offered = self.chips_for(None)
        self.panel = SidePanel(
            offered, thumb=SMALL_THUMB if low else THUMB, registry=self.app_store.rulesets
        )
        self.view = FeltView()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        # On a 768-pixel screen the panel scrolls rather than squeezing its controls together.
        self.panel_scroll = ColumnScroll(self.panel)
        splitter.addWidget(self.panel_scroll)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([PANEL_WIDTH, 4 * PANEL_WIDTH])
        splitter.setChildrenCollapsible(False)
        self.setCentralWidget(splitter)
        self.splitter = splitter
        #: The felt sandbox ("What if…", F8): made when first opened, beside the felt.
        self.sandbox: SandboxPanel | None = None
        self.sandbox_scroll: ColumnScroll | None = None
        self.spot_info = QLabel()
        self.statusBar().addWidget(self.spot_info, 1)
        #: The lab's switch is on: the server is reached unverified (said all the time).
        self.unverified_warning = UnverifiedWarning(self, self.app_store.unverified_server)
        self._build_menus()
        self.retranslate()

        self.panel.gameChosen.connect(self.show_game)
        self.panel.signInRequested.connect(self.sign_in)
        self.panel.signOutRequested.connect(self.sign_out)
        self.sign_in_dialog: SignInDialog | None = None
        #: Shown after a sign-in with a one-time password (``sign_in.ChoosePasswordDialog``).
        self.choose_password_dialog: ChoosePasswordDialog | None = None
        self.panel.rulesetChosen.connect(self._ruleset_chosen)
        self.app_store.rulesetsChanged.connect(self.panel.refresh_rulesets)  # house rulesets
        self.panel.clearRequested.connect(self.clear_felt)
        self.app_store.progress.connect(self._records_waiting)
        self.app_store.opened.connect(self._records_opened)
        self.app_store.failed.connect(self._records_failed)
        self.app_store.backupsChecked.connect(self._backups_checked)
        self.app_store.signedIn.connect(self._server_signed_in)
        self.app_store.signInFailed.connect(self._server_sign_in_failed)
        self.app_store.opened.connect(self._show_unverified)
        self._show_unverified()
        self.view.focusedSpotChanged.connect(self._describe_spot)
        self.panel.select_game(str(first))
        restore_size(self, self.SIZE_KEY, self.sensible_size())
        # The other felts and every thumbnail are drawn once the window has shown.
        self.view.viewport().installEventFilter(self)

    # ----------------------------------------------------------------- size --
    def sensible_size(self) -> QSize:
        """Most of the screen, within limits: all of a 1366×768 laptop, not lost on 4K."""
        if largest_size(self).height() < LOW_SCREEN:
            return largest_size(self)  # every pixel of a laptop's height is needed
        return share_of_screen(self, 0.88, QSize(960, 600), QSize(1680, 1050))

    # --------------------------------------------------------------- scenes --
    def scene_for(self, game: str, ruleset: Ruleset | None = None) -> FeltScene:
        """The felt scene of ``game`` (built once; rebuilt when its ruleset changes the print)."""
        ruleset = ruleset or self._ruleset_of(game)
        scene = self._scenes.get(game)
        if scene is not None and scene.felt.ruleset_id == (ruleset.id if ruleset else None):
            return scene
        felt = felt_for(game, ruleset)
        chips = TableChips(felt.spot_ids, self.chips_for(ruleset))
        values = {d.value for d in chips.chip_set.denominations}
        old = self._chips.get(game)
        if old is not None:  # keep the bets that still have a spot (and a chip in the set)
            for spot_id in old.occupied():
                if spot_id in felt:
                    for value in old.chips(spot_id):
                        if value in values:
                            chips.place(spot_id, value)
        scene = FeltScene(felt, chips, self)
        scene.spotClicked.connect(self._place_chip)
        scene.spotRemoveRequested.connect(self._remove_chip)
        scene.spotHovered.connect(self._describe_spot)
        chips.subscribe(partial(self._chips_changed, game))
        if old is not None:
            self._scenes[game].deleteLater()
        self._scenes[game], self._chips[game] = scene, chips
        return scene

    def chips_for(self, ruleset: Ruleset | None) -> ChipSet:
        """The chips a felt of ``ruleset`` offers: the ruleset's own set, the one its drills
        draw bets from and pay with (the window's, if it was given one)."""
        if self.chip_set is not None:
            return self.chip_set
        if ruleset is not None and ruleset.chips is not None:
            return house_chips(ruleset)
        return DEFAULT_CHIPS

    def _ruleset_of(self, game: str) -> Ruleset | None:
        if game == self.panel.current_game():
            current = self.panel.current_ruleset()
            if current is not None:
                return current
        try:
            return default_ruleset(game)
        except RulesError:
            return None

    def scene(self) -> FeltScene:
        return self.view.felt_scene()

    def show_game(self, game: str) -> None:
        self.view.set_felt_scene(self.scene_for(game))
        self.panel.set_chips(self.scene().chips.chip_set)
        self._describe_spot("")
        self._bind_sandbox()

    def _ruleset_chosen(self, ruleset_id: str) -> None:
        game = self.panel.current_game()
        self.view.set_felt_scene(self.scene_for(game, self.app_store.rulesets.get(ruleset_id)))
        self.panel.set_chips(self.scene().chips.chip_set)
        self._thumbnail_changed(game)
        self._bind_sandbox()

    # -------------------------------------------------------------- sandbox --
    def open_sandbox(self, shown: bool = True) -> SandboxPanel | None:
        """Show (or hide) the felt sandbox beside the felt: "what if" this outcome came?"""
        if not shown:
            if self.sandbox is not None and self.sandbox_scroll is not None:
                self.sandbox.unbind()
                self.sandbox_scroll.hide()
            self._sandbox_action.setChecked(False)
            return self.sandbox
        if self.sandbox is None:
            from dealer_trainer.ui.sandbox.panel import (  # noqa: PLC0415 (on first use)
                SANDBOX_WIDTH,
                SandboxPanel,
            )

            self.sandbox = SandboxPanel()
            self.sandbox.cleared.connect(lambda: self._describe_spot(""))
            self.sandbox_scroll = ColumnScroll(self.sandbox)
            self.splitter.addWidget(self.sandbox_scroll)
            self.splitter.setStretchFactor(2, 0)
            sizes = self.splitter.sizes()
            wanted = max(SANDBOX_WIDTH, self.sandbox_scroll.minimumSizeHint().width())
            self.splitter.setSizes([sizes[0], max(sizes[1] - wanted, 320), wanted])
        assert self.sandbox_scroll is not None
        self.sandbox_scroll.show()
        self._sandbox_action.setChecked(True)
        self._bind_sandbox()
        self.sandbox.focus_outcome()
        return self.sandbox

    def _bind_sandbox(self) -> None:
        scroll = self.sandbox_scroll
        if self.sandbox is not None and scroll is not None and scroll.isVisibleTo(self):
            self.sandbox.bind(self.scene(), self._ruleset_of(self.panel.current_game()))

    # ---------------------------------------------------------------- chips --
    def clear_felt(self) -> None:
        """Take every chip off the felt on show (and any answer of the sandbox with them)."""
        if self.sandbox is not None:
            self.sandbox.back_to_placing()
        self.scene().chips.clear()
        self._describe_spot("")

    def _place_chip(self, spot_id: str) -> None:
        if self.sandbox is not None and self.sandbox.take_click(spot_id):
            return  # settling roulette: a number clicked is the winning number
        self.scene().place_chip(spot_id, self.panel.current_chip())
        self._describe_spot(spot_id)

    def _remove_chip(self, spot_id: str) -> None:
        self.scene().remove_chip(spot_id)
        self._describe_spot(spot_id)

    def _describe_spot(self, spot_id: str) -> None:
        if not spot_id:
            total = self.scene().chips.total()
            self.spot_info.setText(fill(self.tr("On the felt: %1"), amount_text(total)))
            return
        from dealer_trainer.ui.kit.bet_names import (  # noqa: PLC0415 (a spot is named on hover)
            bet_name,
            payouts_for,
            ratio_text,
        )

        scene = self.scene()
        spot = scene.felt.spot(spot_id)
        parts = [bet_name(spot, scene.felt)]
        ruleset = self.panel.current_ruleset()
        if ruleset is not None and ruleset.id == scene.felt.ruleset_id:
            parts += [
                fill(
                    self.tr("pays %1 (%2)"),
                    ratio_text(payout),
                    citation_text(payout.citation, self.app_store.rulesets),
                )
                for payout in payouts_for(spot, ruleset)
            ]
        amount = scene.chips.amount(spot_id)
        if amount:
            parts.append(fill(self.tr("bet %1"), amount_text(amount)))
        self.spot_info.setText(" · ".join(parts))

    # ----------------------------------------------------------- thumbnails --
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            self._stale_thumbnails.update(GAME_NAMES)
            QTimer.singleShot(0, self, self._prepare_felts)  # then the thumbnails, then the records
            if self.app_store.signs_in_first:
                self._say_records_open_at_sign_in()
            elif not self.app_store.is_open:
                self.statusBar().showMessage(self.tr("Opening the records…"))
            self.firstPainted.emit()
        return super().eventFilter(watched, event)

    def _prepare_felts(self) -> None:
        """Lay out the felts of the other games, one game per pass of the event loop (each
        takes 15-45 ms: the game's rules load with it, the Caribbean Stud hand tables are the
        longest), then draw their thumbnails. On the GUI thread, a game at a time: input is
        answered in between, and no import runs on a second thread beside Qt's painting
        (a worker thread doing it crashed PySide now and then)."""
        self._felts_waiting = list(GAME_NAMES)
        self._next_felt()

    def _next_felt(self) -> None:
        if self._felts_waiting:
            game = self._felts_waiting.pop(0)
            with contextlib.suppress(RulesError):
                felt_for(game, default_ruleset(game))
            QTimer.singleShot(0, self, self._next_felt)
        else:
            self._felts_prepared()

    def _felts_prepared(self) -> None:
        self._felts_ready = True
        self._refresh_thumbnails()

    @property
    def is_starting(self) -> bool:
        """True until the start-up work after the first paint is done."""
        return bool(self._starting)

    def _started(self, work: str) -> None:
        """One piece of the start-up work is done (``startupFinished`` after the last)."""
        if work in self._starting:
            self._starting.discard(work)
            if not self._starting:
                self.startupFinished.emit()

    def _thumbnail(self, game: str) -> QPixmap:
        from dealer_trainer.ui.felt.render import render_image  # noqa: PLC0415 (after first paint)

        ratio = self.devicePixelRatioF()
        scene = self.scene_for(game)
        scene.show_captions(False)
        overlay = self.sandbox.overlay if self.sandbox is not None else None
        if overlay is not None and overlay.scene is not scene:
            overlay = None
        if overlay is not None:  # the thumbnail shows the bets, not the sandbox's answer
            overlay.set_visible(False)
        thumb = self.panel.thumb
        image = render_image(scene, round(thumb.width() * ratio), round(thumb.height() * ratio))
        if overlay is not None:
            overlay.set_visible(True)
        scene.show_captions(True)
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        return pixmap

    def _chips_changed(self, game: str, _spot_id: str) -> None:
        self._thumbnail_changed(game)
        if game == self.panel.current_game() and self.view.scene() is not None:
            self._describe_spot("")  # the felt's total, whoever changed the chips

    def _thumbnail_changed(self, game: str) -> None:
        self._stale_thumbnails.add(game)
        self._thumbnail_timer.start()

    def _refresh_thumbnails(self) -> None:
        """Build one felt's scene or draw one stale thumbnail, and come back for the rest at
        the loop's next pass (each is ~10-40 ms: input is answered in between).  Not before
        the felts are laid out: the GUI thread would wait for that worker's imports."""
        if not self._felts_ready:
            return
        if self._stale_thumbnails:
            game = min(self._stale_thumbnails)
            if game not in self._scenes:
                self.scene_for(game)  # drawn at the next pass
            else:
                self._stale_thumbnails.discard(game)
                self.panel.set_thumbnail(game, self._thumbnail(game))
        if self._stale_thumbnails:
            QTimer.singleShot(0, self, self._refresh_thumbnails)
        elif not self._thumbnail_timer.isActive() and "thumbnails" in self._starting:
            self._started("thumbnails")
            # Now the records: opening imports SQLAlchemy and Alembic (~0.5 s of Python) on its
            # worker thread, which the drawing above would have shared the interpreter with.
            QTimer.singleShot(0, self, self.open_records)

    # ---------------------------------------------------------------- menus --
    def _build_menus(self) -> None:
        bar = self.menuBar()
        self._file_menu = bar.addMenu("")
        self._export_action = QAction(self)
        self._export_action.setShortcut(QKeySequence("Ctrl+E"))
        self._export_action.triggered.connect(self.export_layout)
        self._file_menu.addAction(self._export_action)
        self._file_menu.addSeparator()
        self._quit_action = QAction(self)
        self._quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self._quit_action.triggered.connect(self.close)
        self._file_menu.addAction(self._quit_action)
        self._view_menu = bar.addMenu("")
        self._felt_action = QAction(self)
        self._felt_action.setShortcut(QKeySequence("F6"))
        self._felt_action.triggered.connect(
            lambda: self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        )
        self._view_menu.addAction(self._felt_action)
        self._games_action = QAction(self)
        self._games_action.setShortcut(QKeySequence("Ctrl+G"))
        self._games_action.triggered.connect(
            lambda: self.panel.games.setFocus(Qt.FocusReason.ShortcutFocusReason)
        )
        self._view_menu.addAction(self._games_action)
        self._sandbox_action = QAction(self, checkable=True)
        self._sandbox_action.setShortcut(QKeySequence("F8"))
        self._sandbox_action.toggled.connect(self._sandbox_toggled)
        self._view_menu.addAction(self._sandbox_action)
        self._glossary_action = QAction(self)
        self._glossary_action.setShortcut(QKeySequence("F2"))
        self._glossary_action.triggered.connect(self.open_glossary)
        self._view_menu.addAction(self._glossary_action)
        self.glossary: GlossaryWindow | None = None
        self._language_menu = self._view_menu.addMenu("")
        self._language_menu.menuAction().setVisible(self.languages is not None)
        if self.languages is not None:
            group = QActionGroup(self)
            for code, name in language_names():
                action = QAction(name, self, checkable=True)
                action.setChecked(code == self.languages.code)
                action.triggered.connect(partial(self.languages.set_language, code))
                group.addAction(action)
                self._language_menu.addAction(action)
        # One store for the drills, the instructor views and the trainee picker, opened on
        # first use (after the first paint), never at start-up.
        rulesets = self.app_store.rulesets
        self.drills = install_drills(self, store=self.app_store.store, rulesets=rulesets)
        self.instructor = install_instructor(self, store=self.app_store.store, rulesets=rulesets)

    # ------------------------------------------------------------- language --
    def retranslate(self) -> None:
        """Set every text again in the language now installed, felts included."""
        self.setWindowTitle(self.tr("Macau Dealer Trainer"))
        self.view.setAccessibleName(self.tr("Felt"))
        self._file_menu.setTitle(self.tr("&File"))
        self._export_action.setText(self.tr("&Export the layout…"))
        self._quit_action.setText(self.tr("&Quit"))
        self._view_menu.setTitle(self.tr("&View"))
        self._felt_action.setText(self.tr("Go to the &felt"))
        self._games_action.setText(self.tr("Choose the &game"))
        self._sandbox_action.setText(self.tr("&What if… (settle the felt)"))
        self._glossary_action.setText(self.tr("Gl&ossary…"))
        self._language_menu.setTitle(self.tr("&Language"))
        for scene in self._scenes.values():
            scene.retranslate()
        self._stale_thumbnails.update(self._scenes)
        self._thumbnail_timer.start()
        if self.view.scene() is not None:
            self._describe_spot(self.view.focused_spot or "")

    def open_glossary(self) -> GlossaryWindow:
        """The Glossary window (F2): built on first use, then shown again as it was left."""
        if self.glossary is None:
            from dealer_trainer.ui.window.glossary import GlossaryWindow  # noqa: PLC0415 (on first use)

            self.glossary = GlossaryWindow(self)
        self.glossary.show()
        self.glossary.raise_()
        self.glossary.activateWindow()
        self.glossary.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.glossary.search.selectAll()
        return self.glossary

    def _sandbox_toggled(self, shown: bool) -> None:
        visible = self.sandbox_scroll is not None and self.sandbox_scroll.isVisibleTo(self)
        if shown != visible:
            self.open_sandbox(shown)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif (
            event.type() == QEvent.Type.ActivationChange
            and self.isActiveWindow()
            and self.app_store.is_open
        ):
            # Back from the instructor views, where trainees may have been added or archived
            # and house rulesets added (here or on another workstation).
            self.refresh_trainees()
            self.app_store.reload_house_rulesets()
        super().changeEvent(event)

    def open_records(self) -> None:
        """Open storage on a worker thread (the window stays alive while it waits for a lock)."""
        if self.app_store.is_open:
            self.refresh_trainees()
            self._records_ready()
        elif self.app_store.signs_in_first:  # each person opens them with their own login
            self._say_records_open_at_sign_in()
            self._started("records")
        else:
            self.statusBar().showMessage(self.tr("Opening the records…"))
            self.app_store.open_in_background()

    def _say_records_open_at_sign_in(self) -> None:
        self.statusBar().showMessage(
            self.tr(
                "Practice is not recorded: the records open when someone signs in with "
                "their own login."
            )
        )

    def _show_unverified(self) -> None:
        self.unverified_warning.setVisible(self.app_store.unverified_server)

    def _records_waiting(self, message: str) -> None:
        self.statusBar().showMessage(message)

    def _records_failed(self, message: str) -> None:
        self.statusBar().showMessage(fill(self.tr("Records are not available: %1"), message), 30000)
        self._started("records")

    def _records_opened(self) -> None:
        self.statusBar().clearMessage()
        self.refresh_trainees()
        self._records_ready()

    def _records_ready(self) -> None:
        """The records are open: tell what the instructor must know; the start-up is done
        with them once their daily backup (on its worker thread) is done too."""
        # Told at the loop's next pass: over the welcome, which opens with the records.
        QTimer.singleShot(0, self, self._tell_instructor)
        if not self.app_store.is_checking_backups:
            self._started("records")

    def _backups_checked(self) -> None:
        self._tell_instructor()  # a failed backup, answers fewer than a backup copy holds
        self._started("records")

    def _tell_instructor(self) -> None:
        """Show the records' problems (a damaged log, lost answers, a failed backup) in a box
        for the instructor, each once (a box still open adds the new ones to the old)."""
        from PySide6.QtWidgets import QDialog, QMessageBox  # noqa: PLC0415 (rarely needed)

        if not self.app_store.is_open:
            return
        new = [p for p in self.app_store.store().problems if p not in self._told_problems]
        if not new:
            return
        self._told_problems += new
        if self._warning is not None:  # still open: the new problems join the old
            self._warning_lines += new
            self._warning.setInformativeText("\n\n".join(self._warning_lines))
            return
        # Over a dialog already open (the welcome opens with the records), not hidden behind.
        shown = [
            dialog
            for dialog in self.findChildren(
                QDialog, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if dialog.isVisible()
        ]
        over = shown[-1] if shown else self
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Tell the instructor"),
            self.tr("The records need the instructor's attention:"),
            QMessageBox.StandardButton.Ok,
            over,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        self._warning_lines = new
        box.setInformativeText("\n\n".join(new))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(self._warning_closed)
        self.records_warning = self._warning = box
        box.open()

    def _warning_closed(self) -> None:
        self._warning = None

    def refresh_trainees(self) -> None:
        """Check the records can be read (trainees sign in: there is no list to pick from)."""
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

        try:
            self.app_store.store()
        except StorageError as exc:
            self.statusBar().showMessage(
                fill(self.tr("Records are not available: %1"), problem_text(exc)), 15000
            )

    def sign_in(self) -> SignInDialog | None:
        """Ask for a login and password (window-modal); who signs in is shown on the left."""
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)
        from dealer_trainer.ui.window.sign_in import SignInDialog  # noqa: PLC0415

        if self.app_store.signs_in_first:
            # The login and password open the server's records, on a worker thread.
            dialog = SignInDialog(None, self, begin=self.app_store.sign_in_in_background)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.accepted.connect(lambda: self._signed_in(dialog.person))
            dialog.finished.connect(lambda _result: self._sign_in_closed(dialog))
            self.sign_in_dialog = dialog
            dialog.open()
            return dialog
        try:
            store = self.app_store.store()
        except StorageError as exc:
            self.statusBar().showMessage(
                fill(self.tr("Records are not available: %1"), problem_text(exc)), 15000
            )
            return None
        dialog = SignInDialog(store.sign_in, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._signed_in(dialog.person))
        self.sign_in_dialog = dialog
        dialog.open()
        return dialog

    def _server_signed_in(self, person: Person) -> None:
        dialog = self.sign_in_dialog
        if dialog is not None and dialog.is_signing_in:
            dialog.finish(person)  # accepted: _signed_in
        else:  # the dialog was cancelled meanwhile: nobody wants this connection any more
            self.app_store.sign_out(person)

    def _sign_in_closed(self, dialog: SignInDialog) -> None:
        if self.sign_in_dialog is dialog:  # deleted on close: a later answer finds none
            self.sign_in_dialog = None

    def _server_sign_in_failed(self, error: Exception) -> None:
        dialog = self.sign_in_dialog
        if dialog is not None and dialog.is_signing_in:
            dialog.refuse(error)

    def _signed_in(self, person: Person | None) -> None:
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)
        from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog  # noqa: PLC0415

        if person is None:
            return
        if person.must_choose_password:  # one-time: their own before anything else
            try:
                store = self.app_store.store()
            except StorageError:
                return
            dialog = ChoosePasswordDialog(
                person.login,
                lambda old, new: store.change_own_password(person, old, new),
                self,
            )
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.accepted.connect(lambda: self._enter(person))
            dialog.rejected.connect(lambda: self._chose_not(person))
            self.choose_password_dialog = dialog
            dialog.open()
            return
        self._enter(person)

    def _chose_not(self, person: Person) -> None:
        """The one-time password was not replaced: nobody stays signed in with it."""
        if self.app_store.is_open:
            self.app_store.sign_out(person)
        if self.app_store.signs_in_first:
            self._say_records_open_at_sign_in()

    def _enter(self, person: Person) -> None:
        from dealer_trainer.storage.records import Role  # noqa: PLC0415

        self.panel.set_person(person)
        if person.role is Role.INSTRUCTOR and person.session is not None:
            self.instructor.open_unlocked(person.session)

    def sign_out(self) -> None:
        """End the signed-in person's access here (their open drill windows stay theirs)."""
        person = self.panel.signed_in()
        if person is not None and self.app_store.is_open:
            if self.app_store.signs_in_first:  # their connection closes: the views go too
                views = self.instructor.instructor_window
                if views is not None and views.isVisible():
                    views.close()
            self.app_store.sign_out(person)  # on a server, their connection closes
        self.panel.set_person(None)
        if self.app_store.signs_in_first:
            self._say_records_open_at_sign_in()

    def export_layout(self) -> None:
        """Ask where, then write the felt on show as a PNG picture or a printable PDF page."""
        from pathlib import Path  # noqa: PLC0415 (PySide's import hook reads what it imports)

        from PySide6.QtWidgets import QFileDialog, QMessageBox  # noqa: PLC0415 (rarely used)

        from dealer_trainer.ui.felt.render import export_pdf, export_png  # noqa: PLC0415

        game = self.panel.current_game()
        # The game by its name in the window's language ("Roleta.png"), never by its id.
        name = QCoreApplication.translate("games", GAME_NAMES[Game.of(game)][0])
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the layout"),
            f"{name}.png",
            self.tr("Picture (*.png);;Printable page (*.pdf)"),
        )
        if not path:
            return
        target = Path(path)
        try:
            if target.suffix.lower() == ".pdf":
                export_pdf(self.scene(), target, self.windowTitle())
            else:
                export_png(self.scene(), target.with_suffix(".png"), 2400)
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export the layout"), problem_text(exc))

    def closeEvent(self, event: QCloseEvent) -> None:
        self._thumbnail_timer.stop()
        remember_size(self, self.SIZE_KEY)
        QSettings().setValue(GAME_KEY, self.panel.current_game())
        super().closeEvent(event)
