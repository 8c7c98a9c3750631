"""The planning board: the learner covers the action fields and the bid with cards, in any order.

:class:`PlanningBoard` is a pure model (no widgets): put a card on a field, change your
mind, see what each field will do with its card right now, and confirm — which gives the
engine its ``plan`` decisions in the order the engine asks for them. An illegal placement is
refused with the reason (:class:`PlacementRefused`), never silently fixed.
:class:`PlanningBoardWidget` draws it: click a card, then a field.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from ..data import COMPONENTS
from ..i18n import _, join_sentences, ngettext
from ..rules import modifiers
from ..rules.errors import RuleViolation
from ..rules.game import Game
from ..rules.phases.planning import CHEST_CARDS, PlanPhase
from ..rules.state import Decision, chest_value
from ..text import terms
from ..text.explain import plan_field_name
from ..text.refusals import refusal_text

OPEN_ACTIONS = 5  # the rules lay out the first five action cards face up, the other five face down
#: a field's name wraps inside its button instead of being cut ("Build a Nō theater (hidden c…")
PLAN_CSS = """<style>
.shogun-planning-board .shogun-plan-field { white-space: normal !important; height: auto !important;
  min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.25; padding-top: 3px; padding-bottom: 3px;
  text-overflow: clip !important; overflow: visible !important; }
.shogun-plan-table-cards .widget-html-content, .shogun-planning-board .widget-html-content { line-height: 1.35; }
.shogun-plan-table-cards p { margin: 0.3em 0 0.1em; }
.shogun-plan-table-cards .shogun-card-name { font-size: 1.05em; }
.shogun-plan-table-cards .shogun-card { min-width: 0; width: 14em; max-width: 100%; vertical-align: top; margin: 0.2em 0.4em 0.4em 0;
  font-size: 0.92em; box-sizing: border-box; }
.shogun-plan-table-cards .shogun-card-gone { border-style: dashed; box-shadow: none; background: #f4f1ec; }
.shogun-plan-table-cards .shogun-card-status { font-weight: bold; margin-top: 0.3em; }
.shogun-plan-table-cards .shogun-card-gone .shogun-card-status { font-weight: normal; color: #444; }
</style>"""


class PlacementRefused(ValueError):
    """A card cannot go on that field; ``str(error)`` is the reason, in the learner's language."""



def _province(card: str) -> str:
    return card.split("/")[0]


class PlanningBoard:
    """The plan of one seat while it is being made; nothing reaches the engine before :meth:`confirm`."""

    def __init__(self, game: Game, seat: int):
        self.game, self.seat = game, seat
        s = game.state
        self.fields: tuple[str, ...] = tuple(s.rules.plan_fields(s, seat))  # the engine's order
        player = s.players[seat]
        self.cards: list[str] = sorted(player.hand) + list(CHEST_CARDS)
        self.plan: dict[str, str | None] = dict(player.plan)  # fields the engine already has stay as they are
        self._fixed = set(player.plan)

    # --- layout ------------------------------------------------------------------------
    def layout(self) -> list[tuple[str, int | None]]:
        """(field, position) in the season's action-card order: the open cards with their
        position 1–5, then the hidden ones (position None), then the bid and any other fields."""
        order = list(self.game.state.round.action_cards)
        open_cards = order[:OPEN_ACTIONS]
        rows: list[tuple[str, int | None]] = [(f, i + 1) for i, f in enumerate(open_cards) if f in self.fields]
        rows += [(f, None) for f in self.fields if f not in open_cards and f != "bid"]
        rows += [(f, None) for f in self.fields if f == "bid"]
        return rows

    # --- changing the plan -----------------------------------------------------------------
    def field_of(self, card: str) -> str | None:
        return next((f for f, c in self.plan.items() if c == card), None)

    def unused_cards(self) -> list[str]:
        used = set(self.plan.values())
        return [c for c in self.cards if c not in used]

    def why_not(self, field: str, card: str) -> str | None:
        """Why ``card`` may not go on ``field`` (the engine's refusal, translated), or None."""
        refusal = PlanPhase.placement_refusal(self.game.state, self.seat, field, card, self.cards)
        return None if refusal is None else refusal_text(refusal)

    def place(self, field: str, card: str) -> str | None:
        """Put ``card`` on ``field``; a card already on another field moves from there (returned:
        that field). Raises :class:`PlacementRefused` with the reason."""
        problem = self.why_not(field, card)
        if problem is not None:
            raise PlacementRefused(problem)
        before = self.field_of(card)
        if before is not None and before != field:
            del self.plan[before]
        self.plan[field] = card
        return before if before != field else None

    def clear(self, field: str) -> None:
        if field not in self._fixed:
            self.plan.pop(field, None)

    # --- confirming ---------------------------------------------------------------------------
    def empty_allowed(self) -> int:
        """How many fields may stay empty: only as many as there are fields more than cards."""
        return max(0, len(self.fields) - len(self.cards))

    def open_fields(self) -> list[str]:
        return [f for f in self.fields if f not in self.plan]

    def problem(self) -> str | None:
        """Why the plan cannot be confirmed yet (the engine's refusal, translated), or None."""
        refusal = PlanPhase.cover_refusal(self.game.state, self.seat, self.plan, self.cards)
        return None if refusal is None else refusal_text(refusal)

    def decisions(self) -> list[Decision]:
        """The plan as the engine's decisions, in the order it asks for them."""
        return [Decision("plan", self.seat, field=f, card=self.plan.get(f)) for f in self.fields if f not in self._fixed]

    def confirm(self, apply: Callable[[list[Decision]], None] | None = None) -> list[Decision]:
        """Check the whole plan with the engine and send it. With ``apply``, it is given the decisions
        (the game panel applies them as one step); else they are applied here. On a refusal the game
        is left as it was and :class:`PlacementRefused` says why."""
        problem = self.problem()
        if problem is not None:
            raise PlacementRefused(problem)
        decisions = self.decisions()
        done = 0
        try:  # the engine is the authority: try the whole plan, then take it back
            for d in decisions:
                self.game.apply(d)
                done += 1
        except RuleViolation as e:
            raise PlacementRefused(refusal_text(e)) from e
        finally:
            for _i in range(done):
                self.game.undo()
        if apply is not None:
            apply(decisions)
        else:
            for d in decisions:
                self.game.apply(d)
        return decisions

    # --- what each field will do ------------------------------------------------------------------
    def preview(self, field: str) -> str:
        """What the field will do with its card now (translated)."""
        card = self.plan.get(field)
        s = self.game.state
        pl = s.players[self.seat]
        if card is None:
            return _("Empty")
        value = chest_value(card)
        if field == "bid":
            if value is None:
                return _("A province card on the bid: you bid no chests, but rank before a bid of 0.")
            if value == 0:
                return _("A bid of 0 chests.")
            return ngettext("You pay {n} chest for an earlier pick of the turn order.",
                            "You pay {n} chests for an earlier pick of the turn order.", value).format(n=value)
        if value is not None:
            return _("A war-chest card: this action is skipped (it hides your plan from the others).")
        prov = _province(card)
        name = terms.province_name(prov)
        if s.provinces[prov].owner != self.seat:
            return _("You no longer hold {province}: this action will lapse.").format(province=name)
        if field in ("tax", "rice"):
            base = self.game.graph.nodes[prov]["tax" if field == "tax" else "rice"]
            amount, _steps = modifiers.income(s, self.seat, field, base)
            if field == "tax":
                return ngettext("{province} pays {n} chest now (one unrest more).",
                                "{province} pays {n} chests now (one unrest more).", amount).format(province=name, n=amount)
            return ngettext("{province} gives {n} rice now (one unrest more).",
                            "{province} gives {n} rice now (one unrest more).", amount).format(province=name, n=amount)
        if field in ("castle", "temple", "theater"):
            cost = modifiers.build_cost(s, self.seat, field)
            pv = s.provinces[prov]
            if field in pv.buildings:
                return _("{province} already has this building: the action will lapse.").format(province=name)
            if len(pv.buildings) >= self.game.graph.nodes[prov]["building_slots"]:
                return _("{province} has no free building site: the action will lapse.").format(province=name)
            if pl.chests < cost:
                return join_sentences(_costs(cost), ngettext(
                    "You have {n} chest now: the action would lapse.",
                    "You have {n} chests now: the action would lapse.", pl.chests).format(n=pl.chests))
            return ngettext("Build in {province} for {n} chest.", "Build in {province} for {n} chests.",
                            cost).format(province=name, n=cost)
        if field in COMPONENTS.action_amounts:
            needed, _steps = modifiers.armies_needed(s, self.seat, field)
            cost = COMPONENTS.action(field).cost
            if pl.supply < needed:
                return ngettext("Needs {n} army from your supply, which holds {supply}: the action would lapse.",
                                "Needs {n} armies from your supply, which holds {supply}: the action would lapse.",
                                needed).format(n=needed, supply=pl.supply)
            return join_sentences(ngettext("Place {n} army in {province}.", "Place {n} armies in {province}.", needed).format(
                n=needed, province=name), _costs(cost))
        armies = s.provinces[prov].armies
        return ngettext("Move or attack from {province}, where {n} army stands now.",
                        "Move or attack from {province}, where {n} armies stand now.", armies).format(
            province=name, n=armies)


def year_events(state) -> list[tuple[int, bool]]:
    """The year's face-up event cards as (number, still possible this season): the cards drawn in the
    year's earlier seasons first (the engine puts each season's card on the used pile when the season
    ends), then those still face up, one of which is drawn once the plans are made."""
    drawn = max(0, COMPONENTS.events_face_up_per_year - len(state.events_face_up) - (state.round.event is not None))
    earlier = state.events_used[len(state.events_used) - drawn:] if drawn else []
    now = [state.round.event] if state.round.event is not None else []
    return [(n, False) for n in earlier + now] + [(n, True) for n in state.events_face_up]


def table_cards_html(state) -> str:
    """What lies face up on the table while the players plan: the year's event cards (which of them are
    still possible this season) and the special card on each place of the turn order."""
    events = []
    for number, possible in year_events(state):
        name, text = escape(terms.event_name(number)), escape(terms.event_text(number))
        loss = escape(_("Event card {number}: {name}. Rice lost in winter: {loss}.").format(
            number=number, name=terms.event_name(number), loss=COMPONENTS.event(number).winter_rice_loss))
        status = escape(_("Still possible this season.") if possible else _("Already drawn this year."))
        gone = "" if possible else " shogun-card-gone"
        events.append("<div class='shogun-card shogun-card-event{}' data-event='{}'><div class='shogun-card-name'>{}</div>"
                      "<div>{}</div><div>{}</div><div class='shogun-card-status'>{}</div></div>".format(
                          gone, number, name, text, loss, status))
    specials = []
    for place, special in enumerate(state.round.specials):
        name = escape(_("Place {place}: {special}").format(place=place + 1, special=terms.special_name(special)))
        specials.append("<div class='shogun-card shogun-card-special' data-special='{}'><div class='shogun-card-name'>{}</div>"
                        "<div>{}</div></div>".format(escape(special), name, escape(terms.special_text(special))))
    html = ""
    if events:
        html += ("<p><b>{}</b></p><div class='shogun-plan-events'>{}</div>".format(
            escape(_("The event cards of this year, face up: one of those still face up is drawn once the plans are made.")),
            "".join(events)))
    if specials:
        html += "<p><b>{}</b></p><div class='shogun-plan-specials'>{}</div>".format(
            escape(_("The five places of the turn order, each with its special card for this round:")), "".join(specials))
    return html


def card_label(card: str) -> str:
    value = chest_value(card)
    if value is not None:
        return _("War-chest card {chests}").format(chests=value)
    return terms.province_name(_province(card))


def field_label(field: str, position: int | None) -> str:
    if field == "bid":
        return _("Bid for the turn order")
    if position is None:
        return _("{action} (hidden card)").format(action=plan_field_name(field))
    return _("{position}. {action}").format(position=position, action=plan_field_name(field))


class PlanningBoardWidget:
    """Click a card, then a field (clicking a field without a card takes its card back). By keyboard: Enter on a
    card picks it and puts the focus on the first empty field, the arrow keys move along the fields (and along
    the cards: ``ui/widgets/bridge.py``), Enter lays it, and the focus goes on to the next card."""

    def __init__(self, model: PlanningBoard, on_confirm: Callable[[list[Decision]], None],
                 on_select: Callable[[str | None], None] | None = None):
        self.model, self.on_confirm, self.on_select = model, on_confirm, on_select
        self.selected: str | None = None
        self.cards_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.fields_box = w.VBox()
        self.message = w.HTML()
        self.message.add_class("shogun-plan-message")
        self.confirm_button = w.Button(button_style="warning", icon="check", layout=w.Layout(width="auto"))
        self.confirm_button.add_class("shogun-plan-confirm")
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.title = w.HTML()
        self.table_cards = w.HTML()  # the year's event cards and the places' special cards, face up while planning
        self.table_cards.add_class("shogun-plan-table-cards")
        self.widget = w.VBox([w.HTML(PLAN_CSS), self.title, self.table_cards, self.cards_box, self.fields_box, self.message, self.confirm_button])
        self.widget.add_class("shogun-planning-board")
        self._card_buttons: dict[str, w.Button] = {}
        self._layout: tuple = ()
        self._field_rows: list[tuple[w.Button, w.HTML]] = []
        self.render()

    def select(self, card: str) -> None:
        """Pick ``card`` (again: put it down); the keyboard focus then goes to the first empty field."""
        self.selected = None if self.selected == card else card
        self.message.value = ""
        self.render()
        if self.selected is not None:
            self._focus_field()

    def _focus_field(self) -> None:
        """The keyboard focus on the first empty field (arrows move along the fields, Enter lays the card)."""
        empty = [b for (field, _position), (b, _what) in zip(self._layout, self._field_rows)
                 if field not in self.model.plan]  # (the fields the engine already has are in the plan)
        if empty:
            empty[0].focus()

    def _focus_after(self, card: str) -> None:
        """After ``card`` is laid: the focus on the next card not laid yet (after it, else the first), or on
        *Confirm the plan* once every card that must be laid is."""
        cards = list(self._card_buttons)
        start = cards.index(card) + 1 if card in cards else 0
        for c in cards[start:] + cards[:start]:
            if self.model.field_of(c) is None and self.model.open_fields():
                self._card_buttons[c].focus()
                return
        self.confirm_button.focus()

    def click_field(self, field: str) -> None:
        """Lay the picked card on ``field`` (the focus then goes to the next card), or, with no card picked, take
        back the card on it."""
        laid = None
        if self.selected is None:
            self.model.clear(field)
        else:
            try:
                moved = self.model.place(field, self.selected)
            except PlacementRefused as e:
                self.message.value = f"<span role='alert' style='color:#b00020'>{escape(str(e))}</span>"
                self.render(keep_message=True)
                return
            self.message.value = "" if moved is None else escape(_("Moved from {field}.").format(
                field=field_label(moved, None) if moved == "bid" else plan_field_name(moved)))
            laid, self.selected = self.selected, None
        if self.on_select is not None:
            card = self.model.plan.get(field)
            self.on_select(None if card is None or chest_value(card) is not None else _province(card))
        self.render(keep_message=True)
        if laid is not None:
            self._focus_after(laid)

    def confirm(self) -> None:
        if self.confirm_button.disabled:
            return
        try:
            self.model.confirm(apply=self.on_confirm)
        except PlacementRefused as e:
            self.message.value = f"<span role='alert' style='color:#b00020'>{escape(str(e))}</span>"
            return
        self.confirm_button.disabled = True  # one plan per click: the board is replaced after this

    def focus(self) -> None:
        """The keyboard focus on the first card not yet laid (the plan begins there)."""
        for card, b in self._card_buttons.items():
            if not self.model.field_of(card):
                b.focus()
                return

    def render(self, keep_message: bool = False) -> None:
        m = self.model
        self.title.value = "<b>" + escape(_("Your plan: click a card, then a field. Change it as you like until you confirm.")) + "</b>"
        self.table_cards.value = table_cards_html(m.game.state)
        # the buttons are made once and updated in place: a click landing while the page redraws still counts,
        # and nothing is left behind in the kernel
        if tuple(self._card_buttons) != tuple(m.cards):
            self._card_buttons = {}
            for card in m.cards:
                b = w.Button(layout=w.Layout(width="auto"))
                b.add_class("shogun-plan-card")
                b.on_click(lambda _b, c=card: self.select(c))
                self._card_buttons[card] = b
            self.cards_box.children = list(self._card_buttons.values())
        for card, b in self._card_buttons.items():
            on = m.field_of(card)
            b.description = ("✓ " if on else "") + card_label(card)
            b.button_style = "info" if card == self.selected else ""
            b.tooltip = _("On {field}").format(field=plan_field_name(on) if on != "bid" else field_label(on, None)) if on else ""
            (b.add_class if on else b.remove_class)("shogun-plan-card-used")
        layout = tuple(m.layout())
        if layout != self._layout:
            self._layout, self._field_rows = layout, []
            for field, _position in layout:
                b = w.Button(layout=w.Layout(width="15em", flex="0 0 15em"))
                b.add_class("shogun-plan-field")
                b.on_click(lambda _b, f=field: self.click_field(f))
                self._field_rows.append((b, w.HTML()))
            self.fields_box.children = [w.HBox([b, what], layout=w.Layout(align_items="center")) for b, what in self._field_rows]
        for (field, position), (b, what) in zip(layout, self._field_rows):
            card = m.plan.get(field)
            b.description = b.tooltip = field_label(field, position)
            b.button_style = "success" if card else ""
            what.value = (f"<b>{escape(card_label(card))}</b> — {escape(m.preview(field))}" if card
                          else escape(_("Empty")))
        problem = m.problem()
        self.confirm_button.description = _("Confirm the plan")
        self.confirm_button.disabled = problem is not None
        if not keep_message:
            self.message.value = escape(problem) if problem else ""


def _costs(cost: int) -> str:
    """What an action field costs, as its own sentence (a count of its own, so never "costs 1 chests")."""
    return ngettext("This action costs {n} chest.", "This action costs {n} chests.", cost).format(n=cost)
