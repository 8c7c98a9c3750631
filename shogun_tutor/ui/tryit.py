"""A chapter's "try it": a prepared position where the learner decides and the engine plays.

:class:`TryIt` builds the scenario (:mod:`shogun_tutor.rulebook.scenario`), lets the bots decide for the other
seats, offers the learner's legal decisions (said with their numbers: a privilege card with its price and effect,
a samurai bonus with its amount, INFERRED amounts marked), and explains every event of the lesson, up to the
scenario's stop event, each with a "why?" link; the older ones are folded under a count, nothing is dropped.
``on_state(state, last_event, learner, tryit)`` lets the chapter's visual follow the position (the tower plays the throw).

A try-it is played on the map (issue 23): ``board`` (the chapter's board, or with ``own_map`` the try-it's own one,
drawn in the try-it's box under its question and choices, beside a chapter's table or tower) shows the position, rings the province to act on and
draws the chosen move; a click on a province chooses the move into it (:class:`~.map_pick.MapPick`). When a
province card is to be laid on an action field, the provinces whose cards may be laid are ringed, a click on one
chooses its card (a click on another province does nothing) and the chosen one carries the action's callout. The
drop-down stays the accessible alternative; it starts empty.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .. import i18n
from ..i18n import _, ngettext
from ..rulebook import content
from ..rulebook.scenario import ScenarioError, load_scenario
from ..rules.errors import RuleViolation
from ..viz.board import Highlight
from .map_pick import MapPick
from .screen_reader import name_control

#: what the learner is asked in each prepared position (the scenario files hold only data)
PROMPTS = {
    "kozuke-battle": i18n.N_("You are blue. Move armies from {shinano} into yellow's {kozuke} (3 armies) and watch the tower."),
    "full-tray-battle": i18n.N_("You are blue. Two farmers, a black and a purple cube lie in the tray. Attack {kozuke} and see who counts."),
    "mikawa-revolt": i18n.N_("You are red. Next you tax {mikawa} (2 unrest markers). First: move armies from {owari} into {mikawa_name}, or not?"),
    "settsu-tax": i18n.N_("You are red and tax {settsu} (7) this round; the event caps tax at 5. Pick your place: which special card do you want?"),
    "kai-winter": i18n.N_("You are red, with 4 provinces and 5 rice; winter takes 3. Autumn's last action first, then watch the winter."),
    "winter-shortfall": i18n.N_("You are red: 9 provinces, 6 rice. Finish autumn, then choose which revolt to fight first."),
    "tied-region": i18n.N_("You are red. Red and blue each have a castle in the red region. Move elsewhere and the tie stands: each of you scores one point less for the castles. Or attack blue's {owari} from {mino} to break the tie."),
    "handed-over": i18n.N_("You are blue. Yellow has planned to tax {kozuke} later this round. Take {kozuke_name} first."),
    "sea-route": i18n.N_("You are red and placed 1 army in {shima}. A sea route joins {shima_name} and {izu}: move armies across."),
    "claim-draft": i18n.N_("You are red. Take a province card and put one of your army groups there."),
    "plan-season": i18n.N_("You are red. Plan a whole season: one card per action field, then your bid; the bots play the others."),
    "build-castle": i18n.N_("You are red, with 5 chests. Which province card do you put on the castle field? Look at the free building slots."),
    "build-temple": i18n.N_("You are red, with 2 chests. Which province card do you put on the temple field?"),
    "build-theater": i18n.N_("You are red. This round a new Nō theater removes one unrest marker. Where do you build it?"),
    "rice-harvest": i18n.N_("You are red and hold '+1 rice'; this round's event caps rice at 3. Which province do you harvest?"),
    "rice-rich": i18n.N_("You are red; this round the rice action brings at least 4. Which province do you harvest?"),
    "tax-rich": i18n.N_("You are red; this round tax brings at least 6 chests. Which province do you tax?"),
    "armies-five": i18n.N_("You are red and hold the special card '6 armies'. Where do you place your armies?"),
    "armies-three": i18n.N_("You are red; this round few recruits come. Where do you place 3 armies?"),
    "neutral-attack": i18n.N_("You are red. This round 2 farmers defend a neutral province. Attack from {mino}, or move elsewhere?"),
    "castle-defence": i18n.N_("You are red and hold '+1 army when attacking'. Blue's {owari} has a castle, and blue holds '+1 army when defending'. Attack?"),
    "temple-immune": i18n.N_("You are red. This round provinces with a temple cannot be attacked. Which neighbour of {owari} can you enter?"),
    "tenno-court": i18n.N_("You are red, with 1 court official in the entrance hall: {kai} has 4 of your armies, {shinano} 2, {mino} 3, and 2 lie in the tray. Lay a card on each court field (3, 2, then 1 armies); the most court officials go first to the audience, where you may take a privilege card."),
    "samurai-bonus": i18n.N_("You are red, it is summer, and you hold provinces in 4 regions. Take a place in the turn order; then the samurai step: your top card goes under, and you choose a bonus of the new top card."),
}
# events that only mark the flow are not shown in a try-it's result
QUIET = {"action.reveal", "round.start", "year.events", "plan.done", "round.end", "year.end"}
# a card's try-it (the learner plans one field): the bids and places in between are not its lesson
PLAN_QUIET = QUIET | {"order.bids", "order.pick_place", "order.turn_order"}


MAX_SHOWN = 20  # events shown open (a court phase: 9 court fields, the audience); older ones are folded under a count


class TryIt:
    """A prepared position: the learner decides, the engine plays, the events are explained."""

    def __init__(self, scenario_id: str, on_state=None, board=None, own_map: bool = False):
        self.scenario = load_scenario(scenario_id)
        self.on_state = on_state
        self.board = board  # a BoardPanel the try-it is played on (None: no map, e.g. the court's chapters)
        self.own_map = own_map and board is not None  # its own map, shown in the try-it's box under its choices
        self.map_pick = MapPick(board, self._picked_on_map) if board is not None else None
        self._rendering = False
        self.prompt = w.HTML()
        self.prompt.add_class("shogun-tryit-prompt")
        self.choice = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.play = w.Button(button_style="warning", layout=w.Layout(width="auto"))
        self.answer = w.Button(layout=w.Layout(width="auto"))
        self.reset_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.odds = w.HTML()
        self.odds.add_class("shogun-tryit-odds")
        self.result = w.HTML()
        self.result.add_class("shogun-tryit-result")
        for b, cls in ((self.play, "shogun-tryit-play"), (self.answer, "shogun-tryit-answer"), (self.reset_button, "shogun-tryit-reset")):
            b.add_class(cls)
        self.play.on_click(lambda _b: self.decide(self.choice.value))
        self.answer.on_click(lambda _b: self.show_answer())
        self.reset_button.on_click(lambda _b: self.reset())
        buttons = w.HBox([self.choice, self.play, self.answer, self.reset_button], layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("shogun-tryit-controls")
        self.choice.observe(lambda _c: self._choice_changed(), names="value")
        message = [self.map_pick.message] if self.map_pick is not None else []
        # its own map right under the question and its choices, in view beside a long table (issue 23); the one
        # figure of this try-it, never drawn twice
        own = [board.widget] if self.own_map else []
        self.widget = w.VBox([self.prompt, buttons] + own + message + [self.odds, self.result])
        self.widget.add_class("shogun-tryit")
        self.reset()

    def attach(self) -> None:
        """Take the board's province clicks (a chapter's board is shared by its try-its: the one shown takes them)."""
        if self.board is not None:
            self.board.on_province_click = self._click

    def _click(self, province: str) -> bool:
        """A click on the map: the move into ``province``, or the card of ``province`` to lay; True when taken
        (False: nothing to decide on the map, the board's own lesson takes it: reach, shortest way)."""
        return self.map_pick is not None and self.map_pick.click(province)

    def _picked_on_map(self, decision) -> None:
        self.choice.value = decision  # the drop-down follows; its observer redraws the board and the odds

    def _choice_changed(self) -> None:
        if self._rendering:  # render() draws the odds and the board once, at its end
            return
        self._show_odds()
        if self.map_pick is not None and self.map_pick.active:
            self.map_pick.chosen = self.choice.value
        self._draw_board()

    def _highlight(self, last_event) -> Highlight | None:
        """While the learner decides: the chosen move (an arrow), or a ring on the province to act on; for a card
        to lay, a ring on each province whose card may be laid, the chosen one with the action's callout ("Tax");
        afterwards the last event's province."""
        from ..viz.board import highlight_from_event
        from ..viz.board_base import FIELD_HIGHLIGHT
        from .seat_decisions import decision_highlight

        d = self.choice.value
        if self.choice.options:
            if d is not None and d.kind == "move":
                return decision_highlight(self.game, d)
            cards = self.map_pick.cards if self.map_pick is not None else []
            if d is not None and d.kind == "plan" and d.card in self.game.state.provinces:
                others = tuple(c for c in cards if c != d.card)
                return Highlight(FIELD_HIGHLIGHT.get(d.field, "province"), d.card, rings=others)
            if cards:
                return Highlight("choice", "", rings=tuple(cards))
            where = self.scenario.raw.get("round", {}).get("decide", {}).get("province")
            return Highlight("province", where) if where in self.game.state.provinces else None
        return highlight_from_event(last_event) if last_event else None

    def _draw_board(self, last_event=None) -> None:
        if self.board is not None:
            self.board.set_state(self.game.state, self._highlight(last_event))

    def reset(self) -> None:
        self.game = self.scenario.build()
        self.start = len(self.game.state.log)
        self.scenario.auto(self.game, start=self.start)
        self.render()

    def decide(self, decision) -> None:
        if decision is None or self.scenario.done(self.game, self.start):
            return
        try:
            self.game.apply(decision)
        except RuleViolation:  # an illegal choice: refused in a sentence, the position unchanged
            self.render()
            self._refuse(_("That choice is not allowed here; the position is unchanged. Pick one from the list."))
            return
        self.scenario.auto(self.game, start=self.start)
        self.render()

    def show_answer(self) -> None:
        """Play the rulebook's choice from the start; a scenario file whose answer breaks a rule is said, not raised."""
        self.game = self.scenario.build()
        self.start = len(self.game.state.log)
        try:
            self.scenario.play_answer(self.game)
        except ScenarioError as exc:
            self.game = self.scenario.build()
            self.start = len(self.game.state.log)
            self.scenario.auto(self.game, start=self.start)
            self.render()
            self._refuse(str(exc))
            return
        self.render()

    def _refuse(self, sentence: str) -> None:
        self.result.value = (f"<p role='alert' class='shogun-tryit-refused' style='color:#b00020'>{escape(sentence)}</p>"
                             + self.result.value)

    def _show_odds(self) -> None:
        """For an attack: the chances on the real (physical) tower with the cubes inside it now."""
        d = self.choice.value
        s = self.game.state
        if d is None or d.kind != "move" or d.target is None or s.provinces[d.target].owner == d.player:
            self.odds.value = ""
            return
        from ..rules.odds import game_battle_odds
        from ..text.explain import odds_lines

        text, note = odds_lines(*game_battle_odds(s, d.player, d.target, d.count))
        self.odds.value = f"<b>{escape(text)}</b><br><small>{escape(note)}</small>"

    @property
    def events(self) -> list[dict]:
        return self.game.state.log[self.start:]

    def render(self) -> None:
        self._rendering = True
        try:
            self._render()
        finally:
            self._rendering = False

    def _render(self) -> None:
        from ..text.explain import explain
        from ..text.decisions import describe_in_game
        from .step_view import explanation_html, folded

        sid = self.scenario.id
        prompt = _(PROMPTS[sid]).format(**content.province_values()) if sid in PROMPTS else self.scenario.raw.get("note", "")
        # the label and the task are separate texts side by side; the label carries its own colon (zh/ja "：")
        self.prompt.value = "<p class='shogun-prompt'><b>{}</b> {}</p>".format(escape(_("Try it:")), escape(prompt))
        self.play.description = _("Play it")
        self.answer.description = _("Show the rulebook's choice")
        self.reset_button.description = _("Reset")
        name_control(self.choice, _("Your decision"))  # its name, read by screen readers
        done = self.scenario.done(self.game, self.start)
        who = self.game.to_decide()
        if not done and who:
            options: dict[str, object] = {}  # the same choice twice (three battle-tower cards alike) is offered once
            for d in self.game.legal_decisions():
                options.setdefault(describe_in_game(self.game.state, d), d)
            self.choice.options = list(options.items())
            self.choice.index = None  # empty: the learner picks (the first of up to 45 moves was an unrelated one)
            self.choice.layout.display = self.play.layout.display = None
        else:
            self.choice.options = []
            self.choice.layout.display = self.play.layout.display = "none"
        if self.map_pick is not None:
            self.map_pick.offer(self.game, list(options.values()) if not done and who else [], None)
            if self.map_pick.cards:  # the cards to lay are ringed on the map: said under the question
                self.prompt.value += "<p class='shogun-tryit-hint'>{}</p>".format(escape(_(
                    "The provinces whose cards you may lay on this field are ringed on the board: click one, or pick it from the list.")))
        self._show_odds()
        quiet = PLAN_QUIET if self.scenario.raw.get("round", {}).get("decide", {}).get("kind") == "plan" else QUIET
        quiet = quiet | set(self.scenario.raw.get("quiet", ()))  # what the scenario says is not its lesson
        shown = [e for e in self.scenario.lesson(self.events) if e["rule"] not in quiet]
        if self.on_state:  # the visual first, so it is there when the explanation appears
            self.on_state(self.game.state, shown[-1] if shown else None, self.scenario.learner, self)
        self._draw_board(shown[-1] if shown else None)
        parts = [explanation_html(explain(e), e["rule"]) for e in shown]
        if len(parts) > MAX_SHOWN:  # the older events folded under a count: nothing is dropped
            older = len(parts) - MAX_SHOWN
            summary = ngettext("{n} earlier event of this try-it", "{n} earlier events of this try-it", older).format(n=older)
            parts = [folded(summary, "".join(parts[:older]))] + parts[older:]
        if done:
            parts.append("<p class='shogun-done'>✔ {}</p>".format(escape(_("Done. Reset to try another choice."))))
        self.result.value = "".join(parts)
