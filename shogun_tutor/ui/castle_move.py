"""The scoring chapter's what-if: move a castle on a copy of a position and see the points change.

The learner picks a castle and the province it should stand in; the region's scoring
is recomputed by the engine (:class:`~shogun_tutor.rulebook.whatif.CastleMove`) and
shown with its numbers: each player's castles in the region, who holds the majority
(ties score one less) and each player's winter total, before and after.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..i18n import _, format_list, join_sentences, ngettext
from ..rulebook.scenario import load_scenario
from ..rulebook.whatif import CastleMove
from ..text import terms
from ..text.explain import player_name
from .widgets.bridge import why_link

POSITION = "castle-majority"  # the teaching position (data/scenarios)


def majority_sentence(region: str, table: dict) -> str:
    """Who holds the castle majority of ``region`` (one region's row of the engine's scoring) and its points.

    The region's name heads the sentence as a label ("Yellow region: ..."): languages that decline it
    (de "in der gelben Region", pl "w regionie żółtym") never get the nominative spliced into a phrase."""
    winners, points, counts = table["winners"], table["points"], table["counts"]
    name = terms.region_name(region)
    if not winners:
        return _("{region}: nobody has a castle here, so nobody scores for castles.").format(region=name)
    count = counts[winners[0]]
    if table["tie"]:
        return join_sentences(
            ngettext("{region}: {players} tie with {count} castle each.",
                     "{region}: {players} tie with {count} castles each.", count).format(
                players=format_list([player_name(s) for s in winners]), count=count, region=name),
            ngettext("Each scores {points} point, one less for the tie.",
                     "Each scores {points} points, one less for the tie.", points).format(points=points))
    return join_sentences(
        ngettext("{region}: {player} has the most castles ({count}).", "{region}: {player} has the most castles ({count}).",
                 count).format(player=player_name(winners[0]), count=count, region=name),
        ngettext("The majority scores {points} point.", "The majority scores {points} points.", points).format(points=points))


class CastleMoveWidget:
    """``CastleMoveWidget().widget``: two pickers, a button and the recomputed scoring."""

    def __init__(self):
        self.game = load_scenario(POSITION).build()
        self.whatif = CastleMove(self.game.state)
        self.prompt = w.HTML()
        self.source = w.Dropdown(layout=w.Layout(width="auto"))
        self.target = w.Dropdown(layout=w.Layout(width="auto"))
        self.source.add_class("shogun-castle-source")
        self.target.add_class("shogun-castle-target")
        self.go = w.Button(button_style="warning", icon="fort-awesome", layout=w.Layout(width="auto"))
        self.go.add_class("shogun-castle-go")
        self.result = w.HTML()
        self.result.add_class("shogun-castle-result")
        self.source.observe(lambda _c: self._targets(), names="value")
        self.go.on_click(lambda _b: self.move())
        self.widget = w.VBox([self.prompt, w.HBox([self.source, self.target, self.go], layout=w.Layout(flex_flow="row wrap")),
                              self.result])
        self.widget.add_class("shogun-castle-move")
        self.moved: tuple[str, str] | None = None
        self.render()

    def _targets(self) -> None:
        src = self.source.value
        self.target.options = [(terms.province_name(t), t) for t in (self.whatif.targets(src) if src else [])]

    def render(self) -> None:
        self.prompt.value = "<p class='shogun-prompt'><b>{}</b> {}</p>".format(
            escape(_("Try it:")),
            escape(_("What if a castle stood elsewhere? Move one on a copy of this position and see the region's scoring recomputed.")))
        self.source.description = _("Castle in")
        self.target.description = _("Move to")
        self.go.description = _("Move the castle")
        src, tgt = self.source.value, self.target.value
        self.source.options = [(terms.province_name(p), p) for p in self.whatif.castles()]
        if src in self.whatif.castles():
            self.source.value = src
        self._targets()
        if tgt in self.whatif.targets(self.source.value or ""):
            self.target.value = tgt
        self.result.value = self._result_html()

    def reset(self) -> None:
        """Back to the position as it is."""
        self.moved = None
        self.render()

    def move(self, source: str | None = None, target: str | None = None) -> None:
        source, target = source or self.source.value, target or self.target.value
        if source and target:
            self.moved = (source, target)
            self.result.value = self._result_html()

    def _result_html(self) -> str:
        if self.moved is None:  # the position as it is: the majorities of the regions with a castle
            now = self.whatif.scoring()
            regions = dict.fromkeys(self.whatif.regions[p] for p in self.whatif.castles())
            return "".join("<p>{}</p>".format(escape(majority_sentence(g, now[g]["castle"]))) for g in regions)
        r = self.whatif.move(*self.moved)
        head = "".join(f"<th>{escape(h)}</th>" for h in (_("Player"), _("Castles before"), _("Castles after"),
                                                                _("Winter total before"), _("Winter total after")))
        parts = ["<p class='shogun-castle-moved'>{}</p>".format(escape(_("The castle of {source} now stands in {target}.").format(
            source=terms.province_name(r.source), target=terms.province_name(r.target))))]
        for region in r.regions:
            b, a = r.before[region]["castle"], r.after[region]["castle"]
            rows = "".join(
                f"<tr><td>{escape(player_name(s))}</td><td class='num'>{b['counts'][s]}</td><td class='num'>{a['counts'][s]}</td>"
                f"<td class='num'>{r.totals_before[s]}</td><td class='num'>{r.totals_after[s]}</td></tr>"
                for s in range(len(b["counts"])) if b["counts"][s] or a["counts"][s] or r.totals_before[s] != r.totals_after[s])
            parts.append("<h4>{}</h4>".format(escape(terms.region_name(region))))
            parts.append(f"<table class='shogun-castle-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
            parts.append("<p>{} → {}</p>".format(escape(majority_sentence(region, b)), escape(majority_sentence(region, a))))
        parts.append("<p class='shogun-castle-note'>{}{}</p>".format(
            escape(_("Only a copy was changed: the position itself stays as it was.")), why_link("rule:scoring", _("why?"))))
        return "".join(parts)
