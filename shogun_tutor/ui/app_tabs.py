"""The app's tabs and their wiring: which panel each tab holds, built the first time it is shown.

:func:`default_tabs` wires the panels together (the welcome's doors, "why?" links into the lookup, a battle of the
guided game watched in the tower tab); :class:`.app.App` shows them under its header.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from ..i18n import N_

# (title msgid, builder) for each tab; builders import lazily so the app starts fast
TabBuilder = Callable[[], w.Widget]


class Tabs(list):
    """(title msgid, builder) pairs; ``holder`` keeps the app (``'app'``) and the panels built so far."""

    def __init__(self, items, holder=None):
        super().__init__(items)
        self.holder = holder if holder is not None else {}


def default_tabs() -> Tabs:
    """The app's tabs, wired together: the welcome's doors, "why?" links into the lookup, a battle
    of the guided game watched in the tower tab.

    Tabs are built the first time they are shown, so the page loads only what it shows: the
    welcome has no plotly figure, and a tab's modules (plotly among them) are imported then.
    """
    holder: dict = {}

    def once(key: str, make: Callable[[], object]):
        if key not in holder:
            holder[key] = make()
        return holder[key]

    def tower():
        from .tower_panel import TowerPanel
        return once("tower", TowerPanel)

    def game():
        from .game_panel import GamePanel
        from .local_game import keep

        def make():
            panel = GamePanel(on_battle=watch)
            def on_address(**params) -> None:
                if "app" in holder:
                    holder["app"].address.update(**params)
                    keep(holder["app"].address, panel)  # the static build keeps the game in the page (ui/local_game.py)

            panel.on_address = on_address
            panel.on_address(**panel.address_params())
            return panel
        return once("game", make)

    def together():
        """The "Play together" bar above the guided game (ui/together.py), wired to the app."""
        from .quiz_host import QuizStartForm
        from .together import TogetherPanel

        def make():
            app = holder.get("app")
            panel = TogetherPanel({"address": app.address if app is not None else None, "game": game,
                                  "present": lambda where: app.present(where) if app is not None else None,
                                  "moved": lambda: app.follow() if app is not None else None,
                                  "teacher": lambda: app is not None and bool(app.teacher.value),
                                  "position": lambda: app.position() if app is not None else {},
                                  "quiz": open_quiz})
            form = QuizStartForm(start_quiz)  # the bar's third door: a class quiz (ui/quiz_host.py)
            panel.start_form.widget.children += (form.widget,)
            from .local_game import in_static_build

            if in_static_build():  # no server shares a game: said, with a link to a hosted one if the build names it
                from .together_static import TogetherElsewhere, together_url

                note = TogetherElsewhere(together_url())
                note.widget.layout.width = "100%"
                panel.start_form.widget.children = (note.widget,) + panel.start_form.widget.children
            holder["quiz_form"] = form
            return panel
        return once("together", make)

    def quiz():
        """The class quiz above the guided game (ui/quiz.py): the teacher's projector or a student's phone."""
        from .quiz import QuizPanel

        def shown(on: bool) -> None:
            if on:
                together().open_button.value = False  # the bar folds: the quiz is what this page shows
            game().widget.layout.display = "none" if on else None

        def make():
            app = holder.get("app")
            panel = QuizPanel({"store": lambda: together().store(), "address": app.address if app is not None else None,
                               "teacher": lambda: app is not None and bool(app.teacher.value), "shown": shown,
                               "moved": lambda: app.follow() if app is not None else None})
            quiz_slot().children = [panel.widget]
            return panel
        return once("quiz", make)

    def quiz_slot():
        """Where the quiz goes above the guided game: empty (no quiz widget in a page) until a quiz is opened."""
        import ipywidgets as w

        return once("quiz_slot", w.VBox)

    def open_quiz(code: str) -> bool:
        """The bar's *Join* with a quiz's code opens the quiz (True); any other code is the bar's (False)."""
        from .quiz import is_quiz_code

        return is_quiz_code(together().store, code) and quiz().open(code)

    def start_quiz(spec: dict) -> None:
        quiz().create(spec)

    def game_tab():
        import ipywidgets as w

        panel = game()
        panel.steps.label.observe(lambda _c: holder["app"].follow() if "app" in holder else None, names="value")
        box = w.VBox([together().widget, quiz_slot(), together().curtain.widget, panel.widget])
        box.add_class("shogun-game-tab")
        return box

    def rulebook():
        from .rulebook_panel import RulebookPanel

        def make():
            panel = RulebookPanel(holder.pop("chapter", "goal"))  # a shared link opens its chapter first
            panel.on_teacher = lambda on: holder["app"].set_teacher(on) if "app" in holder else None
            panel.teacher.layout.display = "none"  # one "Teacher mode" button on the page: the app's (issue 23)
            panel.on_move = lambda: holder["app"].follow() if "app" in holder else None
            return panel
        return once("rulebook", make)

    def lookup():
        from .lookup import LookupPanel

        def make():
            panel = LookupPanel()
            panel.on_open_chapter = lambda chapter, screen: holder["app"].open_chapter(chapter, screen) if "app" in holder else None
            return panel
        return once("lookup", make)

    def welcome():
        from .welcome import Welcome
        def make():
            panel = Welcome({"learn": lambda: go("rulebook"), "play": lambda: go("game"),
                             "lookup": lambda: go("lookup"), "together": play_together,
                             "chapter": lambda key: holder["app"].open_chapter(key) if "app" in holder else None,
                             "demo": lambda sid: holder["app"].open_demo(sid) if "app" in holder else None})
            if "app" in holder and getattr(getattr(holder["app"], "teacher", None), "value", False):  # teacher mode on
                panel.set_teacher(True)
            return panel
        return once("welcome", make)

    def play_together() -> None:
        go("game")
        together().unfold()

    def board():
        from .board_panel import BoardPanel

        return BoardPanel().widget

    def cards():
        from .cards_panel import CardsPanel

        return CardsPanel().widget

    def go(key: str) -> None:
        if "app" in holder:
            holder["app"].show(key)

    def watch(event: dict, inside=None) -> None:
        tower().show_event(event, inside=inside)  # a replay apart from the demo, with the game's tower
        go("tower")

    return Tabs(
        [
            (N_("Welcome"), lambda: welcome().widget),
            (N_("Rulebook"), lambda: rulebook().widget),
            (N_("Look up"), lambda: lookup().widget),
            (N_("Guided game"), game_tab),
            (N_("Board"), board),
            (N_("Battle tower"), lambda: tower().widget),
            (N_("Cards and tables"), cards),
        ],
        holder,
    )


#: tab keys in the order of :func:`default_tabs` (for the doors, the URL and "why?")
TAB_KEYS = ("welcome", "rulebook", "lookup", "game", "board", "tower", "cards")
