"""Ultimate Railroads drawn as SVG from its data (service/games/ultimate_railroads/data/
base.json) and a public view: the action board of the seats' board side with each
space's cost and effect and the workers on it (their owner's colour and count), the
engineer strip, locomotive stacks and supplies; then each seat's player board: the
three routes field by field with the tracks of every colour on them and their special
fields, the locomotives, the factories in the industry strip's gaps, the wrenches on
the strip, doublers, keys, coins, points. Values the data marks provisional carry a *
and the picture says what that means."""
from __future__ import annotations

import textwrap

from service.games.ultimate_railroads.america import ROUTE_RUBBLE, STRIP_RUBBLE, strip_block
from service.games.ultimate_railroads.boards import industry_tracks, route as player_route, route_ids, wrench_track
from service.games.ultimate_railroads.data import (COLOURS, ENGINEERS, IDEA_CARDS, IDEA_TILES, INDUSTRY_BOARD,
                                                   PROVISIONAL, SPACES, STACKS, loco_number, seat_rules)
from service.games.ultimate_railroads.render import idea
from service.games.ultimate_railroads.spaces import HIRE_SLOT, PUBLIC_SLOTS
from service.drawing import svg
from service.games.presentation import Words
from service.games.speech import N_, _, german, ngettext

TRACK = {"wood": "#8d5a2b", "green": "#2e7d32", "bronze": "#b87333", "silver": "#9e9e9e",
         "gold": "#d4af37"}
SPECIAL = {"new_worker": "W", "idea_tile": "I", "key": "K", "route_doubling": "×2",
           "bonus_star": "★", "medal": "M", "construction": "C", "take_loco": "L", "gold": "O",
           "income": "€", "wrench": "+W", "industry": "→",
           "stock": "S", "blast": "B", "coin_stock": "¢", "golden_spike": "GS"}
EMIL_COLOUR = "#444"
PURPLE_CAR = "#7b1fa2"
ALTERNATIVE_TWO = INDUSTRY_BOARD["alternative_two"]["id"]      # "2a"
WIDTH, SPACE_W, SPACE_H, FIELD = 1000, 192, 58, 44
LEGEND_COLUMNS = 130          # characters of the legend a line: 12 px text, ~7 px a character


def words(name: str) -> str:
    return str(name).replace("_", " ")


# the effects of the action spaces and engineers as the rulebook says them (English: the
# effect's own words)
EFFECTS = {"advance_track": N_("advance track"), "draw_start_bonus": N_("draw start bonus"),
           "end_card_or_points": N_("end card or points"), "engineer_tile": N_("engineer tile"),
           "gain_coal": N_("gain coal"), "hire_engineer": N_("hire engineer"), "keys": N_("keys"),
           "points": N_("points"), "reuse_space": N_("reuse space"),
           "score_engineer_numbers": N_("score engineer numbers"), "score_steps": N_("score steps"),
           "score_two_highest_locos": N_("score two highest locos"), "take_foundry": N_("take foundry"),
           "take_temporary_workers": N_("take temporary workers"),
           "three_different_tracks": N_("three different tracks"), "use_factory": N_("use factory"),
           "werklok": N_("werklok"), "locomotive": N_("locomotive"),
           "locomotive_or_factory": N_("locomotive or factory"),
           "locomotive_and_factory": N_("locomotive and factory")}
TRACK_COLOURS = {"wood": N_("wood"), "green": N_("green"), "bronze": N_("bronze"), "silver": N_("silver"),
                 "gold": N_("gold")}


def said_effect(name: str) -> str:
    return _(EFFECTS[name]) if name in EFFECTS else words(name)


def effect_words(effect: dict) -> str:
    kind = effect["type"]
    if kind == "combo":
        return " + ".join(effect_words(part) for part in effect["parts"])
    if kind == "track_steps":
        colours = _("any") if effect["colours"] == "any" else "/".join(
            _(TRACK_COLOURS[c]) for c in effect["colours"])
        return ngettext("{number} {colours} step", "{number} {colours} steps", effect["steps"]).format(
            number=effect["steps"], colours=colours)
    if kind == "industry_steps":
        return ngettext("{count} industry step", "{count} industry steps", effect["steps"]).format(
            count=effect["steps"])
    if kind == "take_loco":
        return said_effect(effect.get("as", "locomotive"))
    if kind == "gain_coins":
        return coins(effect["coins"])
    if kind == "take_doubler":
        return ngettext("{number} doubler", "{number} doublers", effect["count"]).format(number=effect["count"])
    if kind == "claim_turn_order":
        return _("turn order {position}").format(position=effect["position"])
    return said_effect(kind)


def points(number: int) -> str:
    return ngettext("{number} point", "{number} points", number).format(number=number)


def coins(number: int) -> str:
    return ngettext("{number} coin", "{number} coins", number).format(number=number)


def workers(number: int) -> str:
    return ngettext("{number} worker", "{number} workers", number).format(number=number)


# the phases and the action board's sides as the rulebook says them (the phases the
# players' panel says too: service/web/panel.py)
PHASES = {"start_bonus": N_("start bonus cards"), "actions": N_("actions"), "relocation": N_("relocation"),
          "over": N_("game over")}
SIDES = {"front": N_("Action board (front side), {when}"), "two_player": N_("Action board (two player side), {when}")}


def phase_words(phase: str) -> str:
    return _(PHASES[phase])


def heading(side: str, when: str) -> str:
    return _(SIDES[side]).format(when=when)


# the industry strip's printed fields that are no number: a gap for a factory, the idea
# tile's field, the strip's end, and the American strip's upper field over a gap
# (AMERIKA-INDUSTRIELEISTE: "das Industriefeld oberhalb der Lücke")
STRIP_WORDS = {"gap": N_("gap"), "idea": N_("idea"), "end": N_("end"), "over": N_("over a gap")}
FIELD_LETTERS = 6           # a field's word longer than this is drawn narrower to fit it


# a track of each colour on a route's field (the rulebook: "holzfarbene Gleise", "grüne Gleise")
ON_FIELD = {"wood": N_("wood on {field}"), "green": N_("green on {field}"), "bronze": N_("bronze on {field}"),
            "silver": N_("silver on {field}"), "gold": N_("gold on {field}")}


def provisional_mark(record: dict) -> str:
    return "*" if record.get("status") == "provisional" else ""


def space_name(ident: str, said: Words) -> str:
    """An action space by its printed name, the German one in brackets left out in English
    (it must fit its space)."""
    return said.name(ident) if german() else said.name(ident).split(" (")[0]


def action_space(public: dict, space: dict, x: int, y: int, said: Words) -> str:
    held = public["spaces"].get(space["id"])
    cost = ([workers(space["workers"])] if "workers" in space else []) \
        + ([coins(space["coins"])] if space.get("coins") else [])
    if "public_engineer" in space:
        number = public["strip"][PUBLIC_SLOTS[space["public_engineer"]]]
        engineer = ENGINEERS.get(number)
        what = (_("engineer {number}: {effect}, {workers}").format(
            number=f"{number}{provisional_mark(engineer)}", effect=effect_words(engineer["effect"]),
            workers=workers(engineer["workers"])) if engineer else _("no engineer"))
    else:
        what = effect_words(space["effect"])
    label = f"{space_name(space['id'], said)}{provisional_mark(space)}"
    parts = [f'<rect x="{x}" y="{y}" width="{SPACE_W}" height="{SPACE_H}" rx="5" '
             f'fill="{"#fff8e1" if held else "#fff"}" stroke="#777"/>',
             svg.text(x + 5, y + 15, label, 12, font_weight="bold"),
             svg.text(x + 5, y + 31, what[:31], 11),
             svg.text(x + 5, y + 46, ", ".join(cost), 11, fill="#555")]
    told = [f"{label}: {what}", _("costs {cost}").format(cost=", ".join(cost) or _("nothing"))]
    if held:
        seat = held["seat"]                  # a seat, or "emil" in the solo game
        colour = svg.seat_colour(seat) if isinstance(seat, int) else EMIL_COLOUR
        count = held["workers"] + held["temps"]
        for i in range(min(count, 4)):
            parts.append(f'<circle cx="{x + SPACE_W - 14 - i * 16}" cy="{y + SPACE_H - 14}" '
                         f'r="7" fill="{colour}" stroke="#000"/>')
        who = said.players[seat] if isinstance(seat, int) else "Emil"
        told.append(ngettext("{name}'s {number} worker on it", "{name}'s {number} workers on it", count).format(
            name=who, number=count))
    return svg.described("; ".join(told), parts)


def action_board(public: dict, said: Words, top: int) -> tuple[list[str], int]:
    names = said.players
    side = seat_rules(public["seats"])["board_side"]
    shown = [s for s in SPACES.values() if side in s["sides"]
             and (not s.get("module") or public["options"].get(s["module"]))]
    per_row = WIDTH // (SPACE_W + 6)
    when = (_("the game is over") if public["phase"] == "over"
            else _("round {round} of {rounds}, {phase}").format(
                round=public["round"], rounds=public["rounds"], phase=phase_words(public["phase"])))
    body = [svg.text(10, top, heading(side, when), 15, font_weight="bold")]
    for i, space in enumerate(shown):
        body.append(action_space(public, space, 10 + (i % per_row) * (SPACE_W + 6),
                                 top + 12 + (i // per_row) * (SPACE_H + 6), said))
    y = top + 12 + -(-len(shown) // per_row) * (SPACE_H + 6) + 14
    strip = ", ".join("-" if n is None else str(n) for n in public["strip"][:HIRE_SLOT])
    stacks = ", ".join(f"#{STACKS[s]}: {n}" for s, n in public["stacks"].items())
    lines = [_("Engineer strip (6)…(1): {strip}; to hire: {hire}").format(
                 strip=strip, hire=public["strip"][HIRE_SLOT] or "-"),
             _("Locomotive stacks: {stacks}").format(stacks=stacks),
             _("Doublers left {doublers}; idea cards: {ideas}; end-game cards left {cards}; turn order: "
               "{order}").format(doublers=public["doubler_supply"], ideas=", ".join(
                                     idea(card, IDEA_CARDS, said.saying()) for card in public["idea_cards"]) or "-",
                                 cards=public["end_deck"], order=", ".join(names[s] for s in public["order"]))]
    if public.get("stock"):
        lines += stock_lines(public, said)
    if public.get("emil"):
        emil = public["emil"]
        lines.append("Emil: " + ", ".join(f"{words(k)} {v}" for k, v in emil.items()
                                          if isinstance(v, (int, str)))[:150])
    body += [svg.text(10, y + i * 18, line, 12) for i, line in enumerate(lines)]
    return body, y + len(lines) * 18


def stock_lines(public: dict, said: Words) -> list[str]:
    """AMERICAN RAILROADS: the stock board (provisional: 8 levels) and the steelworks left."""
    stock = public["stock"]
    levels = "; ".join(f"{level}{' ' + said.name(stock['tiles'][level]) if stock['tiles'][level] else ''}: "
                       + ", ".join("Emil" if m == "emil" else said.players[m] for m in markers)
                       for level, markers in enumerate(stock["levels"]) if markers or stock["tiles"][level])
    return [_("Stock board* (level, dividend tile: markers from the left): {levels}").format(levels=levels),
            _("Dividend tiles beside it: {tiles}; steelworks* beside the stacks {steelworks}").format(
                tiles=", ".join(map(said.name, stock["offer"])) or "-",
                steelworks=", ".join("#" + s for s in public["steelworks"]) or "-")]


def route_row(player: dict, route_id: str, x: int, y: int, said: Words) -> tuple[str, str]:
    """A route as it stands for the player (GERMAN RAILROADS: branch and extensions; ASIAN
    RAILROADS: OSAKA laid over TOKYO, the construction tiles on the first loco slots, its
    fields provisional, marked *; AMERICAN RAILROADS: the rubble)."""
    route = player_route(player, route_id)
    tracks = player["tracks"][route_id]
    specials = {s["field"]: s for s in route.get("specials", [])}
    rubble = ROUTE_RUBBLE.get(route_id) if "route" in player.get("rubble", ()) else None
    german_name = said.game.german.get(route_id) if german() else None
    name = (german_name or route.get("name", words(route_id))) + provisional_mark(route)
    parts = [svg.text(x, y + 26, name, 12, font_weight="bold")]
    left = x + 80
    width = min(FIELD, (WIDTH - 250) // route["length"])
    for field in range(1, route["length"] + 1):
        fx = left + (field - 1) * width
        fill = "#8d6e63" if field == rubble else "#fff"
        parts.append(f'<rect x="{fx}" y="{y + 6}" width="{width - 2}" height="30" fill="{fill}" '
                     f'stroke="#999"/>' + svg.text(fx + 2, y + 15, str(field), 11, fill="#666"))
        if field in specials:
            parts.append(svg.text(fx + width - 4, y + 15, SPECIAL[specials[field]["type"]], 11,
                                  text_anchor="end", fill="#a40"))
        here = [c for c in COLOURS if tracks.get(c) == field]
        for i, colour in enumerate(here):
            parts.append(f'<rect x="{fx + 3 + i * 6}" y="{y + 20}" width="5" height="13" '
                         f'fill="{TRACK[colour]}" stroke="#000" stroke-width="0.5"/>')
    locos = ", ".join(f"#{loco_number(n)}" for n in player["locos"][route_id] if n) or _("none")
    blocked = player.get("construction", {}).get(route_id, 0)
    if blocked:
        locos += "; " + ngettext("{number} slot under construction", "{number} slots under construction",
                                 blocked).format(number=blocked)
    parts.append(svg.text(left + route["length"] * width + 6, y + 26, _("loco {locos}").format(locos=locos), 11))
    placed = [_(ON_FIELD[c]).format(field=tracks[c]) for c in COLOURS if tracks.get(c)]
    return "".join(parts), (_("{route}: tracks {tracks}; locomotives {locos}").format(
        route=route_id, tracks=", ".join(placed) or _("none"), locos=locos)
        + ("; " + _("rubble on field {field}").format(field=rubble) if rubble else ""))


def industry_row(player: dict, track: int, x: int, y: int) -> tuple[str, str]:
    """One industry track (the American strip has two: its upper fields lie over the gaps)."""
    name = _("industry") if track == 0 else _("upper")
    parts = [svg.text(x, y + 26, name, 12, font_weight="bold")]
    gap = 0
    factories = []
    wrenches = [w for w in range(len(player["wrenches"])) if wrench_track(player, w) == track]
    blocked = strip_block(player, wrenches[0]) if wrenches else None
    for field, printed in enumerate(industry_tracks(player)[track]):
        fx = x + 80 + field * FIELD
        if printed in ("gap", "over"):
            factory = player["factories"][gap]
            gap += 1
            shown = f"F{factory}" if factory else printed
            if factory and printed == "gap":
                factories.append(_("factory #{number}").format(number=factory))
            fill = "#cfd8dc" if factory else "#eee"
        else:
            shown, fill = str(printed), "#8d6e63" if field == blocked else "#fff"
        shown = _(STRIP_WORDS[shown]) if shown in STRIP_WORDS else shown
        fitted = {"textLength": FIELD - 6, "lengthAdjust": "spacingAndGlyphs"} if len(shown) > FIELD_LETTERS else {}
        parts.append(f'<rect x="{fx}" y="{y + 6}" width="{FIELD - 2}" height="30" fill="{fill}" '
                     f'stroke="#999"/>' + svg.text(fx + 3, y + 18, shown, 11, **fitted))
        if any(player["wrenches"][w] == field for w in wrenches):
            parts.append(f'<path d="M{fx + 22},{y + 24} l7,11 h-14 z" fill="#222"/>')
    at = ", ".join(_("field {field}").format(field=player["wrenches"][w]) for w in wrenches) or _("none")
    return "".join(parts), (_("{track}: wrenches on {fields}").format(track=name, fields=at)
                            + ("; " + (", ".join(factories) or _("no factories")) if track == 0 else "")
                            + ("; " + _("rubble on field {field}").format(field=STRIP_RUBBLE) if blocked else ""))


def factory_words(tile: str) -> str:
    """A factory of the industry board as the rulebook says it (INDUSTRIETABLEAU: a
    spot's printed factory, built over by the back of a locomotive; with the board the
    alternative 2 locomotives, `2a`)."""
    if tile.startswith("printed_"):
        return _("the printed factory")
    if tile == ALTERNATIVE_TWO:
        return _("the alternative 2 locomotive's factory")
    return _("locomotive {number}'s factory").format(number=tile)


def industry_board(public: dict, top: int) -> tuple[list[str], int]:
    """INDUSTRIETABLEAU (provisional layout, marked *): each factory spot, numbered from 1,
    with the factory on top of its stack (the printed one until built over) and the
    maintenance cars beside it, standing (active) or lying, in their seat's colour
    (purple ones purple)."""
    if "industry_board" not in public:
        return [], top
    board = public["industry_board"]
    parts = [svg.text(12, top + 14, _("Industry board* (shared; provisional layout)"), 12, font_weight="bold")]
    said = []
    for spot, (stack, cars) in enumerate(zip(board["spots"], board["cars"])):
        x = 12 + spot * 190
        on_top = stack[-1]
        shown = (_("printed factory") if on_top.startswith("printed_") else
                 _("alternative 2") if on_top == ALTERNATIVE_TWO else _("locomotive {number}").format(number=on_top))
        parts.append(f'<rect x="{x}" y="{top + 20}" width="180" height="40" fill="#eceff1" stroke="#999"/>'
                     + svg.text(x + 4, top + 34, _("Spot {number}: {factory}").format(number=spot + 1, factory=shown), 11))
        for i, car in enumerate(cars):
            colour = PURPLE_CAR if car["kind"] == "purple" else svg.seat_colour(car["seat"])
            height = 14 if car["active"] else 7
            parts.append(f'<rect x="{x + 4 + i * 14}" y="{top + 56 - height}" width="10" height="{height}" '
                         f'fill="{colour}" stroke="#000" stroke-width="0.5"/>')
        built = [factory_words(tile) for tile in stack[1:]]
        said.append(_("factory spot {number}: {factory}").format(number=spot + 1, factory=factory_words(stack[0]))
                    + (", " + _("built over by {factories}").format(factories=_(" and then ").join(built))
                       if built else "")
                    + "; " + ngettext("{number} maintenance car, {active} active",
                                      "{number} maintenance cars, {active} active", len(cars)).format(
                        number=len(cars), active=sum(c["active"] for c in cars)))
    return [svg.described(_("Industry board: {spots}").format(spots="; ".join(said)), parts)], top + 66


def player_board(public: dict, seat: int, name: str, top: int, said_by: Words) -> tuple[str, int]:
    player = public["players"][seat]
    stats = ", ".join([points(player["score"]), coins(player["coins"]), workers(player["workers"]),
                       ngettext("{number} doubler", "{number} doublers", player["doublers"]).format(
                           number=player["doublers"]),
                       ngettext("{number} key", "{number} keys", player["keys"]).format(number=player["keys"]),
                       _("engineers {engineers}").format(
                           engineers=", ".join(map(str, player["engineers"])) or _("none")),
                       _("ideas used {ideas}").format(ideas=", ".join(
                           idea(tile, IDEA_TILES, said_by.saying()) for tile in player["ideas_used"]) or _("none")),
                       ngettext("{number} end-game card", "{number} end-game cards", player["end_cards"]).format(
                           number=player["end_cards"])])
    rows = route_ids(player)
    tracks = range(len(industry_tracks(player)))
    parts = [f'<rect x="4" y="{top}" width="{WIDTH - 8}" height="{40 + 44 * (len(rows) + len(tracks))}" '
             f'fill="none" stroke="{svg.seat_colour(seat)}" stroke-width="3" rx="6"/>',
             svg.text(12, top + 18, f"{name}: {stats}", 12, font_weight="bold")]
    said = [_("{name}'s player board: {stats}").format(name=name, stats=stats)]
    y = top + 22
    for route_id in rows:
        drawn, words_of = route_row(player, route_id, 12, y, said_by)
        parts.append(drawn)
        said.append(words_of)
        y += 44
    for track in tracks:
        drawn, words_of = industry_row(player, track, 12, y)
        parts.append(drawn)
        said.append(words_of)
        y += 44
    return svg.described("; ".join(said), parts), top + 44 * (len(rows) + len(tracks)) + 46


def draw(public: dict, said: Words) -> str:
    names = said.players
    body, y = action_board(public, said, 22)
    shared, y = industry_board(public, y + 6)
    body += shared
    for seat, name in enumerate(names):
        board, y = player_board(public, seat, name, y + 6, said)
        body.append(board)
    legend = _("Fields: W new worker, I idea tile, K key, ×2 route doubling, ★ bonus star, "
               "M medal, C construction tile, L take a locomotive, O gold track, S stock step, B blast, "
               "¢ coin field, GS Golden Spike, brown: rubble; "
               "coloured bars: tracks (wood, green, bronze, silver, gold); ▲ wrench")
    for line in textwrap.wrap(legend, LEGEND_COLUMNS):      # the picture's width, never clipped
        y += 16
        body.append(svg.text(10, y, line, 12))
    if PROVISIONAL:
        body.append(svg.provisional(WIDTH - 10, y + 22, _("* and {number} values of the data are stand-ins, "
                                                          "not the printed components").format(number=len(PROVISIONAL))))
    summary = ((_("Ultimate Railroads, round {round} of {rounds}, over.") if public["phase"] == "over"
                else _("Ultimate Railroads, round {round} of {rounds}.")).format(
                    round=min(public["round"], public["rounds"]), rounds=public["rounds"])
               + " " + " ".join(f"{n}: {points(public['players'][s]['score'])}, "
                                f"{coins(public['players'][s]['coins'])}." for s, n in enumerate(names))
               + " " + ngettext("{number} action space taken.", "{number} action spaces taken.",
                                len(public["spaces"])).format(number=len(public["spaces"]))
               + (" " + _("Some data provisional.") if PROVISIONAL else ""))
    return svg.document("ur", _("Ultimate Railroads: action board and player boards"), summary,
                        WIDTH, y + 34, body)
